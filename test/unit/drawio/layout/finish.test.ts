import { describe, expect, it } from "vitest";
import { dotLayout } from "../../../../bench/quality/dot-layout.ts";
import { judge } from "../../../../bench/quality/judge.ts";
import { ambiguousLabels, edgeLabelBoxes } from "../../../../worker/drawio/geometry/edge-labels.ts";
import { sharedSegments, sharesALine } from "../../../../worker/drawio/geometry/edge-quality.ts";
import { edgeRoutes } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { DrawnPage } from "../../../../worker/drawio/layout/edges/drawn-page.ts";
import { clearEdgeLabels } from "../../../../worker/drawio/layout/edges/label-placement.ts";
import { setRoute } from "../../../../worker/drawio/layout/edges/route.ts";
import { separateSharedSegments } from "../../../../worker/drawio/layout/edges/separation.ts";
import { layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import { relayoutPage } from "../../../../worker/drawio/layout/relayout/index.ts";
import { edgeCrossingTest, lintPage } from "../../../../worker/drawio/lint/index.ts";
import { getCellAttribute } from "../../../../worker/drawio/model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { cloneElement } from "../../../../worker/drawio/xml/nodes.ts";
import { specByName } from "../../../fixtures/graph-specs.ts";

function page(cells: string): DiagramDocument {
  return parseDiagram(
    `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel></diagram></mxfile>`,
  );
}

const box = (id: string, x: number, y: number) =>
  `<mxCell id="${id}" value="${id}" style="rounded=0;html=1;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="80" height="40" as="geometry"/></mxCell>`;

function routesOf(document: DiagramDocument) {
  const first = document.pages[0];
  if (!first) throw new Error("no page");
  const layout = new PageLayout(first);
  return { layout, routes: edgeRoutes(layout) };
}

describe("clearEdgeLabels", () => {
  // "no" runs from a down to c; its label is offset onto the line of b → d, 100 px to the right.
  const drawing = page(
    box("a", 0, 0) +
      box("b", 100, 0) +
      box("c", 0, 200) +
      box("d", 100, 200) +
      `<mxCell id="no" value="no" style="html=1;endArrow=block;exitX=0.5;exitY=1;exitDx=0;exitDy=0;exitPerimeter=0;entryX=0.5;entryY=0;entryDx=0;entryDy=0;entryPerimeter=0;" edge="1" parent="1" source="a" target="c"><mxGeometry relative="1" as="geometry"><mxPoint x="100" y="0" as="offset"/></mxGeometry></mxCell>` +
      `<mxCell id="other" value="" style="html=1;endArrow=block;exitX=0.5;exitY=1;exitDx=0;exitDy=0;exitPerimeter=0;entryX=0.5;entryY=0;entryDx=0;entryDy=0;entryPerimeter=0;" edge="1" parent="1" source="b" target="d"><mxGeometry relative="1" as="geometry"/></mxCell>`,
  );

  it("moves a label that sits on another edge beside its own, and leaves the input alone", () => {
    const before = routesOf(drawing);
    expect(ambiguousLabels(before.layout, before.routes).map((a) => a.label.edge.id)).toEqual([
      "no",
    ]);
    const { document, moved } = clearEdgeLabels(drawing);
    expect(moved).toEqual(["no"]);
    const after = routesOf(document);
    expect(ambiguousLabels(after.layout, after.routes)).toEqual([]);
    const label = edgeLabelBoxes(after.routes).find((l) => l.edge.id === "no");
    // Beside the vertical line x = 40, between the two boxes, 4 px away.
    expect(label?.box.y).toBeGreaterThan(40);
    expect((label?.box.y ?? 0) + (label?.box.height ?? 0)).toBeLessThan(200);
    const gap = Math.min(
      Math.abs((label?.box.x ?? 0) - 40),
      Math.abs((label?.box.x ?? 0) + (label?.box.width ?? 0) - 40),
    );
    expect(gap).toBeCloseTo(4, 0);
    // The input document still has the label where it was.
    expect(ambiguousLabels(before.layout, before.routes)).toHaveLength(1);
  });

  it("leaves clear labels where they are", () => {
    const { moved } = clearEdgeLabels(clearEdgeLabels(drawing).document);
    expect(moved).toEqual([]);
  });
});

describe("separateSharedSegments", () => {
  // Edge p leaves a at y = 120 and turns down at x = 160 to c; edge q comes from b, bends at
  // x = 100 and runs to d along y = 121: the two lines share x = 100 … 160 a pixel apart.
  const drawing = page(
    box("a", 0, 100) +
      box("c", 200, 300) +
      box("b", -200, 300) +
      box("d", 240, 101) +
      `<mxCell id="p" style="html=1;endArrow=block;exitX=1;exitY=0.5;exitDx=0;exitDy=0;exitPerimeter=0;entryX=0;entryY=0.5;entryDx=0;entryDy=0;entryPerimeter=0;" edge="1" parent="1" source="a" target="c"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="160" y="120"/><mxPoint x="160" y="320"/></Array></mxGeometry></mxCell>` +
      `<mxCell id="q" style="html=1;endArrow=block;exitX=1;exitY=0.5;exitDx=0;exitDy=0;exitPerimeter=0;entryX=0;entryY=0.5;entryDx=0;entryDy=0;entryPerimeter=0;" edge="1" parent="1" source="b" target="d"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="100" y="320"/><mxPoint x="100" y="121"/></Array></mxGeometry></mxCell>`,
  );

  it("moves one end along its side so the two lines part, keeping the route's shape", () => {
    const before = routesOf(drawing);
    expect(sharedSegments(before.routes)).toHaveLength(1);
    const { document, moved } = separateSharedSegments(drawing);
    expect(moved).toHaveLength(1);
    const after = routesOf(document);
    expect(sharedSegments(after.routes)).toEqual([]);
    const changed = after.routes.find((r) => r.edge.id === moved[0]);
    const original = before.routes.find((r) => r.edge.id === moved[0]);
    expect(changed?.points).toHaveLength(original?.points.length ?? 0);
    // Still orthogonal, still ending on its node.
    const points = changed?.points ?? [];
    for (let k = 1; k < points.length; k++) {
      const [a, b] = [points[k - 1], points[k]];
      expect(
        Math.min(Math.abs((a?.x ?? 0) - (b?.x ?? 0)), Math.abs((a?.y ?? 0) - (b?.y ?? 0))),
      ).toBeLessThan(0.5);
    }
    expect(judge(document, "right").throughVertex + judge(document, "right").dangling).toBe(0);
  });
});

describe("finished layouts", () => {
  it("bipartite-30: the two edges ELK routed a pixel and a half apart no longer share a line", async () => {
    const { document } = await layoutGraph(specByName("bipartite-30"));
    expect(judge(document, "right").shared).toBe(0);
  });

  it("ci-pipeline-lanes: the decision's 'no' sits beside its own edge, also after a re-layout", async () => {
    const { document } = await layoutGraph(specByName("ci-pipeline-lanes"));
    const found = routesOf(document);
    expect(ambiguousLabels(found.layout, found.routes)).toEqual([]);
    const again = await relayoutPage(document, { direction: "right" });
    const tidied = routesOf(again.document);
    expect(ambiguousLabels(tidied.layout, tidied.routes)).toEqual([]);
    const no = tidied.routes.find((r) => getCellAttribute(r.edge.element, "value") === "no");
    expect(no).toBeDefined();
  });
});

describe("the finishing passes' one-edge tests", () => {
  // Graphviz's drawings of our specs: many edges drawn on top of each other, some through shapes.
  const drawings = ["mix-33", "tangled-30", "dense-dag-30"].map(async (name) => {
    const { xml } = await dotLayout(specByName(name));
    return parseDiagram(xml);
  });

  it("sharesALine finds what sharedSegments over the whole page finds, edge by edge", async () => {
    let sharing = 0;
    for (const drawing of await Promise.all(drawings)) {
      const { routes } = routesOf(drawing);
      const pairs = sharedSegments(routes);
      routes.forEach((route, at) => {
        const whole = pairs.some((p) => p.a === route.edge || p.b === route.edge);
        expect(sharesALine(routes, at), route.edge.id).toBe(whole);
        if (whole) sharing++;
      });
    }
    expect(sharing).toBeGreaterThan(10);
  });

  it("edgeCrossingTest answers as the lint's edge_crosses_vertex rule, also for a redrawn edge", async () => {
    let crossing = 0;
    for (const drawing of await Promise.all(drawings)) {
      const first = drawing.pages[0] as DiagramPage;
      const { layout, routes } = routesOf(drawing);
      const crosses = edgeCrossingTest(layout);
      for (const { edge } of routes) {
        const rule = lintPage(first, { rules: ["edge_crosses_vertex"], cells: new Set([edge.id]) });
        expect(crosses(edge), edge.id).toBe(rule.length > 0);
        if (rule.length > 0) crossing++;
      }
      // The same edge drawn straight between its ends' centres, tested without a new page.
      for (const { edge } of routes.slice(0, 40)) {
        const redrawn = cloneElement(edge.element);
        setRoute(redrawn, [], undefined, true);
        const cells = first.cells.map((c) => (c === edge.element ? redrawn : c));
        const rule = lintPage(
          { ...first, cells },
          { rules: ["edge_crosses_vertex"], cells: new Set([edge.id]) },
        );
        expect(crosses(layout.withElement(edge, redrawn)), edge.id).toBe(rule.length > 0);
        if (rule.length > 0) crossing++;
      }
    }
    expect(crossing).toBeGreaterThan(0);
  });

  it("a DrawnPage reads after each commit as the page written with the redrawn edges", async () => {
    const { document } = await layoutGraph(specByName("dense-dag-30"));
    const first = document.pages[0] as DiagramPage;
    const drawn = new DrawnPage(first);
    // Every other edge redrawn straight between its ends.
    const redrawn = new Map(
      drawn.routes
        .filter((_, i) => i % 2 === 0)
        .map(({ edge }) => {
          const copy = cloneElement(edge.element);
          setRoute(copy, [], undefined, true);
          return [edge.id, copy] as const;
        }),
    );
    drawn.commit(redrawn);
    const fresh = routesOf(drawn.document(document, 0));
    expect(drawn.routes.map((r) => [r.edge.id, r.points])).toEqual(
      fresh.routes.map((r) => [r.edge.id, r.points]),
    );
    expect(document.pages[0]).toBe(first);
  });
});
