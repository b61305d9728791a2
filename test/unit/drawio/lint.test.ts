import { describe, expect, it } from "vitest";
import {
  PageLayout,
  segmentCrossesRect,
  segmentInterval,
} from "../../../worker/drawio/geometry/page-layout.ts";
import { SpatialGrid } from "../../../worker/drawio/geometry/spatial-grid.ts";
import { lintDocument, lintPage } from "../../../worker/drawio/lint/index.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

const LINT_CODES = ["overlap", "edge_crosses_vertex", "outside_container", "label_overflow"];

function model(cells: string): string {
  return `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
}

function page(cells: string): DiagramPage {
  const doc = parseDiagram(model(cells));
  return doc.pages[0] as DiagramPage;
}

interface VertexOptions {
  parent?: string;
  label?: string;
  style?: string;
  attrs?: string;
}

function v(id: string, x: number, y: number, w: number, h: number, o: VertexOptions = {}): string {
  const label = o.label ?? id.toUpperCase();
  return `<mxCell id="${id}" value="${label}" style="${o.style ?? "rounded=1;whiteSpace=wrap;html=1;"}" vertex="1" parent="${o.parent ?? "1"}"${o.attrs ?? ""}><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
}

function e(
  id: string,
  source: string,
  target: string,
  points: number[][] = [],
  style = "",
): string {
  const array =
    points.length === 0
      ? ""
      : `<Array as="points">${points.map(([x, y]) => `<mxPoint x="${x}" y="${y}"/>`).join("")}</Array>`;
  return `<mxCell id="${id}" style="${style}" edge="1" parent="1" source="${source}" target="${target}"><mxGeometry relative="1" as="geometry">${array}</mxGeometry></mxCell>`;
}

function codes(cells: string, rule?: string): string[] {
  return lintPage(page(cells))
    .filter((f) => rule === undefined || f.code === rule)
    .map((f) => `${f.code}:${f.cellId}`);
}

describe("overlap", () => {
  it("flags labelled siblings that intersect, naming both and a place to move to", () => {
    const findings = lintPage(page(v("a", 0, 0, 120, 60) + v("b", 100, 20, 120, 60)));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: "overlap", severity: "warning", cellId: "b" });
    expect(findings[0]?.message).toContain('"a" ("A")');
    expect(findings[0]?.message).toContain('move "b" to x=140');
  });

  it("tolerates overlaps of a few pixels and shapes that only touch", () => {
    expect(codes(v("a", 0, 0, 120, 60) + v("b", 117, 0, 120, 60))).toEqual([]);
    expect(codes(v("a", 0, 0, 120, 60) + v("b", 120, 0, 120, 60))).toEqual([]);
  });

  it("compares only siblings, not a container with its children or cousins", () => {
    const cells =
      v("g1", 0, 0, 300, 200, { style: "swimlane;" }) +
      v("g2", 400, 0, 300, 200, { style: "swimlane;" }) +
      v("a", 20, 40, 120, 60, { parent: "g1" }) +
      v("b", 20, 40, 120, 60, { parent: "g2" });
    expect(codes(cells)).toEqual([]);
  });

  it("skips edge labels, hidden cells, unlabelled shapes and small shapes on a backdrop", () => {
    const cells =
      v("a", 0, 0, 120, 60) +
      v("hidden", 10, 10, 120, 60, { attrs: ' visible="0"' }) +
      v("plain", 10, 10, 120, 60, { label: "" }) +
      v("zone", 300, 0, 400, 300, { label: "Zone" }) +
      v("inZone", 320, 40, 120, 60) +
      v("t", 500, 0, 80, 40) +
      e("e1", "a", "t") +
      `<mxCell id="lbl" value="calls" style="edgeLabel;html=1;" vertex="1" connectable="0" parent="e1"><mxGeometry x="-0.2" relative="1" as="geometry"><mxPoint as="offset"/></mxGeometry></mxCell>`;
    expect(codes(cells, "overlap")).toEqual([]);
  });

  it("reports in document order whatever the positions", () => {
    const cells =
      v("c", 400, 0, 100, 50) +
      v("d", 420, 10, 100, 50) +
      v("a", 0, 0, 100, 50) +
      v("b", 20, 10, 100, 50);
    expect(codes(cells)).toEqual(["overlap:d", "overlap:b"]);
  });
});

describe("edge_crosses_vertex", () => {
  const row = v("s", 0, 0, 80, 40) + v("o", 200, 0, 80, 40) + v("t", 400, 0, 80, 40);

  it("flags an edge drawn through a vertex it does not connect", () => {
    const findings = lintPage(page(row + e("e1", "s", "t")));
    expect(findings.map((f) => `${f.code}:${f.cellId}`)).toEqual(["edge_crosses_vertex:e1"]);
    expect(findings[0]?.message).toContain('runs through vertex "o" ("O")');
    expect(findings[0]?.message).toContain("<mxPoint");
  });

  it("accepts waypoints that route around the vertex", () => {
    expect(
      codes(
        row +
          e("e1", "s", "t", [
            [40, 100],
            [440, 100],
          ]),
      ),
    ).toEqual([]);
  });

  it("needs both elbows of an orthogonal leg to cross", () => {
    const cells = v("s", 0, 0, 80, 40) + v("t", 400, 300, 80, 40) + v("corner", 400, 0, 80, 40);
    const orthogonal = "edgeStyle=orthogonalEdgeStyle;";
    expect(codes(cells + e("e1", "s", "t", [], orthogonal))).toEqual([]);
    expect(codes(cells + e("e1", "s", "t"))).toEqual([]);
    expect(codes(row + e("e1", "s", "t", [], orthogonal))).toEqual(["edge_crosses_vertex:e1"]);
  });

  it("works in absolute coordinates through nested containers", () => {
    const cells =
      v("outer", 500, 500, 800, 400, { style: "swimlane;" }) +
      v("inner", 50, 50, 600, 300, { parent: "outer", style: "swimlane;" }) +
      v("s", 10, 10, 80, 40, { parent: "inner" }) +
      v("t", 400, 10, 80, 40, { parent: "inner" }) +
      v("hit", 750, 550, 80, 60) +
      v("decoy", 200, 10, 80, 40) +
      `<mxCell id="e1" edge="1" parent="inner" source="s" target="t"><mxGeometry relative="1" as="geometry"/></mxCell>`;
    expect(lintPage(page(cells)).map((f) => f.message.match(/vertex "(\w+)"/)?.[1])).toEqual([
      "hit",
    ]);
  });

  it("reads waypoints relative to the edge's parent", () => {
    const cells =
      v("box", 1000, 1000, 600, 400, { style: "swimlane;" }) +
      v("s", 10, 10, 80, 40, { parent: "box" }) +
      v("t", 400, 10, 80, 40, { parent: "box" }) +
      v("below", 200, 150, 80, 60, { parent: "box" }) +
      `<mxCell id="e1" edge="1" parent="box" source="s" target="t"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="240" y="180"/></Array></mxGeometry></mxCell>`;
    expect(codes(cells)).toEqual(["edge_crosses_vertex:e1"]);
  });

  it("ignores the edge's labels, the ends' containers and children, and enclosing shapes", () => {
    const cells =
      v("c", 0, 0, 300, 200, { style: "swimlane;" }) +
      v("s", 20, 60, 80, 40, { parent: "c" }) +
      v("badge", 50, 10, 20, 20, { parent: "s", label: "" }) +
      v("zone", 380, 0, 300, 200, { style: "rounded=0;" }) +
      v("t", 500, 70, 80, 40) +
      e("e1", "s", "t") +
      `<mxCell id="lbl" value="calls" style="edgeLabel;html=1;" vertex="1" connectable="0" parent="e1"><mxGeometry relative="1" as="geometry"><mxPoint as="offset"/></mxGeometry></mxCell>`;
    expect(codes(cells)).toEqual([]);
  });

  it("treats containers and backdrops as regions, and skips hidden or empty vertices", () => {
    const cells =
      row.replace('id="o"', 'id="o" visible="0"') +
      v("lane", 150, -50, 180, 140, { style: "swimlane;" }) +
      v("flat", 300, 0, 0, 40) +
      v("backdrop", 320, -20, 60, 80) +
      v("onTop", 330, 0, 20, 20) +
      e("e1", "s", "t");
    expect(codes(cells, "edge_crosses_vertex")).toEqual([]);
  });

  it("ignores edges whose ends cannot be placed and lines with no connected end", () => {
    const free = `<mxCell id="line" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="0" y="20" as="sourcePoint"/><mxPoint x="480" y="20" as="targetPoint"/></mxGeometry></mxCell>`;
    expect(codes(row + e("e1", "s", "missing") + free)).toEqual([]);
    const half = `<mxCell id="half" edge="1" parent="1" source="s"><mxGeometry relative="1" as="geometry"><mxPoint x="480" y="20" as="targetPoint"/></mxGeometry></mxCell>`;
    expect(codes(row + half)).toEqual(["edge_crosses_vertex:half"]);
  });
});

describe("outside_container", () => {
  const group = v("g", 100, 100, 200, 100, { style: "swimlane;" });

  it("flags a child that sticks out of its container and says how to fix it", () => {
    const findings = lintPage(page(group + v("c", 150, 20, 100, 40, { parent: "g" })));
    expect(findings.map((f) => `${f.code}:${f.cellId}`)).toEqual(["outside_container:c"]);
    expect(findings[0]?.message).toContain("right side");
    expect(findings[0]?.message).toContain("x from 0 to 100");
  });

  it("flags negative positions", () => {
    expect(codes(group + v("c", -10, 20, 50, 40, { parent: "g" }))).toEqual([
      "outside_container:c",
    ]);
  });

  it("accepts children inside or on the border, ports and merged table cells", () => {
    const cells =
      group +
      v("edge", 100.5, 60, 100, 40, { parent: "g" }) +
      `<mxCell id="port" value="" style="ellipse;" vertex="1" parent="g"><mxGeometry x="1" y="0.5" width="10" height="10" relative="1" as="geometry"><mxPoint x="-5" y="-5" as="offset"/></mxGeometry></mxCell>` +
      v("merged", 0, 0, 50, 300, { parent: "g", style: "shape=partialRectangle;rowspan=3;" });
    expect(codes(cells, "outside_container")).toEqual([]);
  });
});

describe("label_overflow", () => {
  const long = "a label that is far too long for this small shape";

  it("flags a long unwrapped label and suggests a size", () => {
    const findings = lintPage(page(v("a", 0, 0, 80, 40, { label: long, style: "html=1;" })));
    expect(findings.map((f) => `${f.code}:${f.cellId}`)).toEqual(["label_overflow:a"]);
    expect(findings[0]?.message).toContain("whiteSpace=wrap");
  });

  it("wraps to the shape width with whiteSpace=wrap", () => {
    const wrap = "whiteSpace=wrap;html=1;";
    expect(codes(v("a", 0, 0, 160, 60, { label: long, style: wrap }))).toEqual([]);
    expect(codes(v("a", 0, 0, 80, 20, { label: long, style: wrap }))).toEqual(["label_overflow:a"]);
  });

  it("counts lines from HTML breaks and blocks, not tags and entities", () => {
    const html =
      "&lt;div&gt;&lt;b&gt;Orders&lt;/b&gt;&lt;br&gt;&lt;/div&gt;&lt;div&gt;API&amp;amp;DB&lt;/div&gt;";
    expect(codes(v("a", 0, 0, 80, 40, { label: html, style: "html=1;" }))).toEqual([]);
    const tall = Array.from({ length: 8 }, (_, i) => `line ${i}`).join("&lt;br&gt;");
    expect(codes(v("a", 0, 0, 80, 40, { label: tall, style: "html=1;" }))).toEqual([
      "label_overflow:a",
    ]);
    expect(codes(v("a", 0, 0, 80, 40, { label: "one&#xa;two", style: "" }))).toEqual([]);
  });

  it("uses fontSize and skips text shapes, outside labels and shapes without width", () => {
    expect(codes(v("a", 0, 0, 120, 40, { label: "Deployment" }))).toEqual([]);
    expect(codes(v("a", 0, 0, 120, 40, { label: "Deployment", style: "fontSize=40;" }))).toEqual([
      "label_overflow:a",
    ]);
    const cells =
      v("t", 0, 0, 40, 20, { label: long, style: "text;html=1;" }) +
      v("i", 0, 100, 40, 40, { label: long, style: "verticalLabelPosition=bottom;" }) +
      v("z", 0, 200, 0, 40, { label: long });
    expect(codes(cells)).toEqual([]);
  });
});

describe("lintDocument", () => {
  it("adds the page index only when there are several pages", () => {
    const overlap = v("a", 0, 0, 120, 60) + v("b", 50, 0, 120, 60);
    const pageXml = (id: string, cells: string) =>
      `<diagram id="${id}" name="${id}">${model(cells)}</diagram>`;
    const two = parseDiagram(`<mxfile>${pageXml("p1", "")}${pageXml("p2", overlap)}</mxfile>`);
    expect(lintDocument(two)).toMatchObject([{ code: "overlap", cellId: "b", page: 1 }]);
    const one = parseDiagram(model(overlap));
    expect(lintDocument(one)[0]).not.toHaveProperty("page");
  });

  it("runs only the rules asked for", () => {
    const cells =
      v("a", 0, 0, 120, 60) + v("b", 50, 0, 120, 60, { label: "x".repeat(80), style: "html=1;" });
    expect(lintPage(page(cells), { rules: ["label_overflow"] }).map((f) => f.code)).toEqual([
      "label_overflow",
    ]);
  });
});

describe("geometry helpers", () => {
  it("clips segments against rectangles", () => {
    const r = { x: 5, y: 0, width: 10, height: 10 };
    expect(segmentInterval({ x: 0, y: 5 }, { x: 20, y: 5 }, r)).toEqual([0.25, 0.75]);
    expect(segmentInterval({ x: 0, y: 20 }, { x: 20, y: 20 }, r)).toBeUndefined();
    const except = [{ x: 0, y: 0, width: 12, height: 10 }];
    expect(segmentCrossesRect({ x: 0, y: 5 }, { x: 20, y: 5 }, r, except)).toBe(true);
    expect(segmentCrossesRect({ x: 0, y: 5 }, { x: 12.5, y: 5 }, r, except)).toBe(false);
  });

  it("places relative vertices and survives parent cycles", () => {
    const layout = new PageLayout(
      page(
        v("p", 100, 100, 200, 100) +
          `<mxCell id="port" vertex="1" parent="p"><mxGeometry x="1" y="0.5" width="10" height="10" relative="1" as="geometry"><mxPoint x="-5" y="-5" as="offset"/></mxGeometry></mxCell>` +
          v("x", 0, 0, 10, 10, { parent: "y" }) +
          v("y", 0, 0, 10, 10, { parent: "x" }),
      ),
    );
    expect(layout.absoluteRect(layout.get("port")!)).toEqual({
      x: 295,
      y: 145,
      width: 10,
      height: 10,
    });
    expect(layout.absoluteRect(layout.get("x")!)).toBeUndefined();
    expect(layout.ancestors(layout.get("x")!).map((c) => c.id)).toEqual(["y"]);
  });

  it("finds every rectangle a segment crosses through the grid", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const rects = Array.from({ length: 400 }, () => ({
      x: random() * 2000 - 500,
      y: random() * 2000 - 500,
      width: 5 + random() * 150,
      height: 5 + random() * 150,
    }));
    const grid = new SpatialGrid(64, rects.length);
    for (const [i, r] of rects.entries()) grid.insert(i, r);
    const found: number[] = [];
    for (let k = 0; k < 200; k++) {
      const a = { x: random() * 2400 - 700, y: random() * 2400 - 700 };
      const b =
        k % 3 === 0
          ? { x: a.x, y: random() * 2400 - 700 }
          : { x: random() * 2400 - 700, y: a.y + (k % 3 === 1 ? 0 : random() * 900) };
      grid.collect(a, b, found);
      const expected = rects.flatMap((r, i) => (segmentCrossesRect(a, b, r, [], 0.01) ? [i] : []));
      expect(new Set(found).size).toBe(found.length);
      expect(expected.filter((i) => !found.includes(i))).toEqual([]);
    }
  });
});

describe("real diagrams", () => {
  it("names an existing cell of the right page in every finding on the corpus", () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThan(90);
    for (const file of files) {
      const doc = parseDiagram(file.xml);
      const findings = lintDocument(doc);
      expect(lintDocument(doc)).toEqual(findings);
      for (const finding of findings) {
        const cells = doc.pages[finding.page ?? 0]?.cells ?? [];
        expect(LINT_CODES, file.name).toContain(finding.code);
        expect(finding.severity).toBe("warning");
        expect(finding.message.length).toBeGreaterThan(20);
        expect(
          cells.some((c) => c.attrs.id === finding.cellId),
          file.name,
        ).toBe(true);
      }
    }
  });

  it("lints large synthetic diagrams, finding only edges through unrelated vertices", () => {
    for (const cells of [1000, 5000]) {
      const doc = parseDiagram(syntheticDiagram({ cells }));
      const ids = new Set(doc.pages[0]?.cells.map((c) => c.attrs.id));
      const all = lintDocument(doc);
      // A list keeps 200 findings; the last then says the lint stopped.
      const findings = all.filter((f) => f.code !== "too_many_findings");
      expect(all.length - findings.length).toBe(all.length > 200 ? 1 : 0);
      expect(findings.length).toBeGreaterThan(0);
      expect(new Set(findings.map((f) => f.code))).toEqual(new Set(["edge_crosses_vertex"]));
      expect(findings.every((f) => ids.has(f.cellId))).toBe(true);
    }
  });
});
