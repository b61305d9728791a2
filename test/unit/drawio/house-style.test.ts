/**
 * The house style's observations of hand edits: real draw.io files recoloured as draw.io writes
 * styles, shapes and edges added by hand, a diagram turned from down to right, and the kinds read
 * back from the layout's own styles. Learning and applying: `house-style-learn.test.ts`.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  HOUSE_KINDS,
  houseKindOf,
  observeHandEdit,
} from "../../../worker/drawio/layout/house/index.ts";
import { layoutGraph, relayoutPage } from "../../../worker/drawio/layout/index.ts";
import { nodeStyle } from "../../../worker/drawio/layout/themes.ts";
import {
  getCellAttribute,
  isEdge,
  isVertex,
  setCellAttribute,
} from "../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../worker/drawio/model/serialize.ts";
import { mergeStyle } from "../../../worker/drawio/model/style.ts";
import { CORPUS_DIR, corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

/** A copy of a document with `change` applied to the style of each cell `pick` chooses. */
function restyled(
  xml: string,
  pick: (style: string | undefined, cell: Parameters<typeof isEdge>[0]) => boolean,
  change: Record<string, string>,
): DiagramDocument {
  const doc = parseDiagram(xml);
  for (const page of doc.pages) {
    for (const cell of page.cells) {
      const style = getCellAttribute(cell, "style");
      if (pick(style, cell)) setCellAttribute(cell, "style", mergeStyle(style, change));
    }
  }
  return doc;
}

const vertexOf =
  (kind: string) => (style: string | undefined, cell: Parameters<typeof isEdge>[0]) =>
    isVertex(cell) && houseKindOf(style) === kind;

const haveCorpus = existsSync(CORPUS_DIR);
const corpus = haveCorpus ? corpusFiles() : [];
const file = (name: string) => corpus.find((f) => f.name === name)?.xml ?? "";

describe.skipIf(!haveCorpus)("observeHandEdit on real draw.io files", () => {
  const names = [
    "templates_flowcharts_flowchart_1.xml",
    "examples_WorkflowFlowchart.xml",
    "templates_charts_org_chart_1.xml",
    "templates_uml_activity_diagram_1.xml",
    "blog_salesforce-diagram-example.drawio",
  ];

  it.each(names)("sees nothing in %s saved again unchanged", (name) => {
    expect(observeHandEdit(parseDiagram(file(name)), parseDiagram(file(name)))).toEqual([]);
  });

  it("sees the processes refilled and the decisions' outlines changed, in draw.io's spelling", () => {
    const xml = file("templates_uml_activity_diagram_1.xml");
    let after = restyled(xml, vertexOf("process"), { fillColor: "#B2DFDB" });
    // A short colour, as a person may type it in draw.io's style editor.
    after = restyled(serializeDiagram(after), vertexOf("decision"), { strokeColor: "#F0F" });
    expect(observeHandEdit(parseDiagram(xml), after)).toEqual(
      expect.arrayContaining([
        { target: "process", key: "fillColor", value: "#b2dfdb" },
        { target: "decision", key: "strokeColor", value: "#ff00ff" },
      ]),
    );
    expect(observeHandEdit(parseDiagram(xml), after)).toHaveLength(2);
  });

  it("sees edges restyled, and skips values the house style refuses", () => {
    const xml = file("examples_WorkflowFlowchart.xml");
    const after = restyled(xml, (_s, cell) => isEdge(cell), {
      strokeColor: "#1565C0",
      strokeWidth: "2.50",
      edgeStyle: "none",
      fontColor: "red",
    });
    expect(observeHandEdit(parseDiagram(xml), after)).toEqual([
      { target: "edge", key: "strokeColor", value: "#1565c0" },
      { target: "edge", key: "strokeWidth", value: "2.5" },
    ]);
  });

  it("leaves text, icons and containers alone, and draw.io's `default`", () => {
    const xml = file("templates_gcp_general_firebase_and_managed_vms.xml");
    const skipped = (style: string | undefined, cell: Parameters<typeof isEdge>[0]) =>
      isVertex(cell) && houseKindOf(style) === undefined;
    const after = restyled(xml, skipped, { fillColor: "#123456" });
    expect(observeHandEdit(parseDiagram(xml), after)).toEqual([]);
    const defaults = restyled(xml, () => true, { fillColor: "default", strokeColor: "" });
    expect(observeHandEdit(parseDiagram(xml), defaults)).toEqual([]);
  });

  it("reports the value most cells got, one observation per kind and key", () => {
    const xml = file("templates_flowcharts_flowchart_1.xml");
    const doc = restyled(xml, vertexOf("process"), { fillColor: "#b2dfdb" });
    const first = doc.pages[0]?.cells.find((c) =>
      vertexOf("process")(getCellAttribute(c, "style"), c),
    );
    if (!first) throw new Error("the flowchart has no process box");
    setCellAttribute(
      first,
      "style",
      mergeStyle(getCellAttribute(first, "style"), { fillColor: "#ff0000" }),
    );
    expect(observeHandEdit(parseDiagram(xml), doc)).toEqual([
      { target: "process", key: "fillColor", value: "#b2dfdb" },
    ]);
  });

  it("counts a shape added by hand, but not a first version", () => {
    const xml = file("templates_charts_org_chart_1.xml");
    const added = parseDiagram(xml);
    added.pages[0]?.cells.push(
      parseDiagram(
        '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="hand-1" value="New" style="rhombus;whiteSpace=wrap;html=1;fillColor=#FFE0B2;" vertex="1" parent="1"><mxGeometry x="900" y="900" width="80" height="80" as="geometry"/></mxCell></root></mxGraphModel>',
      ).pages[0]?.cells[2] as (typeof added.pages)[0]["cells"][0],
    );
    expect(observeHandEdit(parseDiagram(xml), added)).toEqual([
      { target: "decision", key: "fillColor", value: "#ffe0b2" },
    ]);
    expect(observeHandEdit(undefined, added)).toEqual([]);
  });

  it("takes only the colours and font of cells added by hand, not draw.io's defaults for new cells", () => {
    const xml = file("templates_charts_org_chart_1.xml");
    const added = parseDiagram(xml);
    const drawn = parseDiagram(
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="hand-1" value="New" style="rounded=0;whiteSpace=wrap;html=1;shadow=1;" vertex="1" parent="1"><mxGeometry x="900" y="900" width="80" height="40" as="geometry"/></mxCell><mxCell id="hand-2" style="edgeStyle=orthogonalEdgeStyle;rounded=0;html=1;strokeColor=#37474F;" edge="1" parent="1" source="hand-1" target="hand-1"><mxGeometry relative="1" as="geometry"/></mxCell></root></mxGraphModel>',
    ).pages[0]?.cells.slice(2) as (typeof added.pages)[0]["cells"];
    added.pages[0]?.cells.push(...drawn);
    expect(observeHandEdit(parseDiagram(xml), added)).toEqual([
      { target: "edge", key: "strokeColor", value: "#37474f" },
    ]);
  });
});

describe("observeHandEdit on laid-out diagrams", () => {
  const spec = {
    nodes: [
      { id: "a", label: "接收订单" },
      { id: "b", label: "التحقق من الدفع", kind: "decision" as const },
      { id: "c", label: "Ship 📦" },
      { id: "d", label: "完成", kind: "end" as const },
    ],
    edges: [
      { from: "a", to: "b" },
      { from: "b", to: "c" },
      { from: "c", to: "d" },
    ],
  };

  it("sees a diagram turned from down to right, labels in Chinese and Arabic and all", async () => {
    const { document: down } = await layoutGraph(spec);
    const { document: right } = await relayoutPage(down, { direction: "right" });
    expect(observeHandEdit(down, right)).toEqual([
      { target: "diagram", key: "direction", value: "right" },
    ]);
    const { document: again } = await relayoutPage(down, { direction: "down" });
    expect(observeHandEdit(down, again)).toEqual([]);
  });

  it("sees a recoloured decision among the Chinese and Arabic labels", async () => {
    const { xml } = await layoutGraph(spec);
    const after = restyled(xml, vertexOf("decision"), {
      fillColor: "#E1BEE7",
      fontFamily: "Georgia",
    });
    expect(observeHandEdit(parseDiagram(xml), after)).toEqual([
      { target: "decision", key: "fillColor", value: "#e1bee7" },
      { target: "decision", key: "fontFamily", value: "Georgia" },
    ]);
  });

  it("observes a document of thousands of cells quickly, every box restyled", () => {
    const xml = syntheticDiagram({ cells: 5_000 });
    const before = parseDiagram(xml);
    const after = restyled(xml, (s, c) => isVertex(c) && houseKindOf(s) !== undefined, {
      fillColor: "#b2dfdb",
    });
    observeHandEdit(before, after);
    const started = performance.now();
    const seen = observeHandEdit(before, after);
    const ms = performance.now() - started;
    expect(seen).toEqual([{ target: "process", key: "fillColor", value: "#b2dfdb" }]);
    // About 10 ms on a quiet 2-core machine; the bound leaves room for a busy one.
    expect(ms).toBeLessThan(250);
  });
});

describe("houseKindOf", () => {
  it.each(HOUSE_KINDS)("reads %s back from the layout's own style", (kind) => {
    const expected = kind === "io" ? "data" : kind === "actor" ? "person" : kind;
    expect(houseKindOf(nodeStyle(kind, "default", undefined, undefined, 120))).toBe(expected);
  });

  it.each([
    ["text;html=1;strokeColor=none;", undefined],
    ["shape=mxgraph.aws4.lambda_function;fillColor=#ED7100;", undefined],
    ["shape=image;image=data:image/png,;", undefined],
    ["swimlane;startSize=30;", undefined],
    ["rounded=1;container=1;", undefined],
    ["triangle;whiteSpace=wrap;", undefined],
    ["whiteSpace=wrap;html=1;", "process"],
    ["rounded=1;arcSize=50;", "terminator"],
    ["rounded=1;fontStyle=3;", "service"],
    ["ellipse;shape=cloud;", "cloud"],
  ])("%s → %s", (style, kind) => {
    expect(houseKindOf(style)).toBe(kind);
  });
});
