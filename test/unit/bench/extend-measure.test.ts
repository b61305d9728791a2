import { describe, expect, it } from "vitest";
import { applyEdit } from "../../../bench/extend/apply-edit.ts";
import { baselineOperations } from "../../../bench/extend/baseline.ts";
import type { Edit } from "../../../bench/extend/edits.ts";
import { measureExtend } from "../../../bench/extend/measure.ts";
import { danglingEnds } from "../../../worker/drawio/geometry/edge-quality.ts";
import { edgeRoutes } from "../../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../../worker/drawio/geometry/page-layout.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { constraintPoint } from "../../../worker/drawio/outline/index.ts";
import { pageRects } from "../../fixtures/page-rects.ts";

const vertex = (id: string, x: number, y: number, w = 100, h = 50, parent = "1", style = "") =>
  `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="${parent}"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
const edge = (id: string, source: string, target: string) =>
  `<mxCell id="${id}" edge="1" parent="1" source="${source}" target="${target}"><mxGeometry relative="1" as="geometry"/></mxCell>`;

function page(...cells: string[]): DiagramPage {
  const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
  return parseDiagram(xml).pages[0] as DiagramPage;
}

// a and b linked 300 px apart; c between them, linked to neither.
const base = [vertex("a", 0, 0), vertex("b", 300, 0), vertex("c", 150, 200), edge("e1", "a", "b")];

describe("measureExtend", () => {
  it("counts a new shape drawn over an existing one, once, and not one inside its container", () => {
    const before = page(...base, vertex("lane", 0, 400, 400, 200, "1", "swimlane;"));
    const after = page(
      ...base,
      vertex("lane", 0, 400, 400, 200, "1", "swimlane;"),
      vertex("n", 60, 20),
      vertex("m", 20, 40, 100, 50, "lane"),
      edge("e2", "a", "n"),
    );
    const figures = measureExtend(before, after, new Map([["m", "lane"]]));
    expect(figures.overlaps).toBe(1);
    expect(figures.outside).toBe(0);
    expect(figures.nodes).toBe(2);
  });

  it("counts a new edge that runs through a shape it does not connect", () => {
    const before = page(...base);
    // d sits right of b on a's row: a→d runs through b; c→d runs diagonally clear of it.
    const after = page(...base, vertex("d", 600, 0), edge("e2", "a", "d"), edge("e3", "c", "d"));
    expect(measureExtend(before, after)).toMatchObject({ through: 1, edges: 2, overlaps: 0 });
    // Below c, d is reached straight down from c (its own end) and diagonally from a.
    const clear = page(...base, vertex("d", 150, 400), edge("e2", "c", "d"), edge("e3", "a", "d"));
    expect(measureExtend(before, clear).through).toBe(0);
  });

  it("counts a moved shape, and a container that only grew around its new member apart", () => {
    const lane = (w: number) => vertex("lane", 0, 400, w, 200, "1", "swimlane;");
    const before = page(...base, lane(400), vertex("k", 20, 40, 100, 50, "lane"));
    const moved = page(...base.map((c) => c.replace('x="300"', 'x="320"')), lane(400));
    expect(measureExtend(before, moved).moved).toBe(2); // b moved, k gone
    const grown = page(
      ...base,
      lane(600),
      vertex("k", 20, 40, 100, 50, "lane"),
      vertex("n", 450, 40, 100, 50, "lane"),
    );
    const figures = measureExtend(before, grown, new Map([["n", "lane"]]));
    expect(figures).toMatchObject({ moved: 0, grown: 1, outside: 0, overlaps: 0 });
  });

  it("counts a new node outside the container it was given", () => {
    const lane = vertex("lane", 0, 400, 200, 100, "1", "swimlane;");
    const before = page(...base, lane);
    const after = page(...base, lane, vertex("n", 150, 40, 100, 50, "lane"));
    expect(measureExtend(before, after, new Map([["n", "lane"]])).outside).toBe(1);
  });

  it("compares new nodes' distance to their neighbours with the page's links", () => {
    const before = page(...base);
    const after = page(...base, vertex("n", 0, 600), edge("e2", "a", "n"));
    expect(measureExtend(before, after).distanceRatio).toBe(2);
  });
});

describe("pinned ends on turned shapes", () => {
  // A 100 × 20 box turned a quarter anticlockwise, drawn 20 × 100 around (400, 210).
  const rect = { x: 350, y: 200, width: 100, height: 20 };

  it("puts a constraint where draw.io draws it on a turned shape", () => {
    const at = constraintPoint("rotation=-90;", rect, { x: 1, y: 0.5 });
    expect(at?.x).toBeCloseTo(400);
    expect(at?.y).toBeCloseTo(160);
    expect(constraintPoint("", rect, { x: 1, y: 0.5 })).toEqual({ x: 450, y: 210 });
  });

  it("counts no dangling end for a pinned end on a turned shape's drawn outline", () => {
    const before = page(vertex("r", 350, 200, 100, 20, "1", "rotation=-90;"));
    const after = page(
      vertex("r", 350, 200, 100, 20, "1", "rotation=-90;"),
      vertex("t", 500, 56, 120, 70),
      `<mxCell id="e" edge="1" parent="1" source="r" target="t" style="exitX=1;exitY=0.5;exitPerimeter=0;entryX=0;entryY=0.5;entryPerimeter=0;"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="400" y="91"/></Array></mxGeometry></mxCell>`,
    );
    // Read in the unturned box, the exit would lie 40 px beside the drawn resistor.
    expect(danglingEnds(edgeRoutes(new PageLayout(after)))).toHaveLength(0);
    expect(measureExtend(before, after).dangling).toBe(0);
  });
});

describe("baselineOperations", () => {
  it("puts an appended node 40 px right of its shape and an inserted one halfway", () => {
    const doc = parseDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${base.join("")}</root></mxGraphModel>`,
    );
    const edit: Edit = {
      kind: "insert",
      graph: {
        nodes: [
          { id: "x", label: "Cache", kind: "database" },
          { id: "y", label: "Audit", kind: "process" },
        ],
        edges: [
          { from: "a", to: "x" },
          { from: "x", to: "b" },
          { from: "c", to: "y", label: "logs" },
        ],
        groups: [],
      },
    };
    const applied = applyEdit("baseline", doc, 0, edit);
    if (!applied.ok) throw new Error(applied.message);
    const { rect, layout } = pageRects(applied.page);
    expect(rect("x")).toEqual({ x: 140, y: -5, width: 120, height: 60 });
    expect(rect("y")).toEqual({ x: 290, y: 200, width: 120, height: 60 });
    // Edges as written: no waypoints, whatever the engine would do with them.
    expect(baselineOperations(doc.pages[0] as DiagramPage, edit)).toHaveLength(5);
    expect(
      layout.cells.filter((c) => c.edge && c.id !== "e1").map((c) => c.geometry?.children.length),
    ).toEqual([0, 0, 0]);
  });
});
