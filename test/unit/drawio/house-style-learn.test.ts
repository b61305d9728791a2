/**
 * The house style learned across diagrams (thresholds and pooling to every box) and put into a
 * graph before layout: explicit choices win, and the laid-out cells carry the house values.
 * Observations: `house-style.test.ts`.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PageLayout } from "../../../worker/drawio/geometry/page-layout.ts";
import {
  applyHouseTheme,
  type DiagramObservation,
  type HouseTheme,
  HouseThemeSchema,
  learnHouseTheme,
} from "../../../worker/drawio/layout/house/index.ts";
import { layoutGraph } from "../../../worker/drawio/layout/index.ts";
import type { GraphSpecInput } from "../../../worker/drawio/layout/spec.ts";
import { getCellAttribute } from "../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../worker/drawio/model/document.ts";
import { getStyleValue } from "../../../worker/drawio/model/style.ts";
import type { ModelGraphSchema } from "../../../worker/schemas/model-inputs.ts";

const TEAL = "#b2dfdb";
const rows = (target: string, key: string, values: Record<string, string>): DiagramObservation[] =>
  Object.entries(values).map(([diagram, value]) => ({
    diagram,
    target: target as DiagramObservation["target"],
    key,
    value,
  }));

describe("learnHouseTheme", () => {
  it("learns nothing from one diagram", () => {
    expect(learnHouseTheme(rows("decision", "fillColor", { a: TEAL }))).toEqual({});
  });

  it("learns a value two diagrams agree on", () => {
    expect(learnHouseTheme(rows("decision", "fillColor", { a: TEAL, b: TEAL }))).toEqual({
      kinds: { decision: { fillColor: TEAL } },
    });
  });

  it("learns 2 against 1 (two thirds) but not 2 against 2", () => {
    const twoOfThree = rows("edge", "strokeColor", { a: "#1565c0", b: "#1565c0", c: "#000000" });
    expect(learnHouseTheme(twoOfThree)).toEqual({ edge: { strokeColor: "#1565c0" } });
    const split = rows("edge", "strokeColor", {
      a: "#1565c0",
      b: "#1565c0",
      c: "#000000",
      d: "#000000",
    });
    expect(learnHouseTheme(split)).toEqual({});
  });

  it("counts a diagram once per target and key: its latest value", () => {
    const repeated = [
      ...rows("process", "fontSize", { a: "14" }),
      ...rows("process", "fontSize", { a: "16" }),
      ...rows("process", "fontSize", { b: "16" }),
    ];
    expect(learnHouseTheme(repeated)).toEqual({ kinds: { process: { fontSize: "16" } } });
    expect(learnHouseTheme(repeated, { minDiagrams: 3 })).toEqual({});
  });

  it("learns a direction two diagrams were turned to", () => {
    expect(learnHouseTheme(rows("diagram", "direction", { a: "right", b: "right" }))).toEqual({
      direction: "right",
    });
  });

  it("gives every box a value the edited kinds share, unedited kinds included", () => {
    const teal = ["process", "decision", "database"].flatMap((kind) =>
      rows(kind, "fillColor", { a: TEAL, b: TEAL }),
    );
    const theme = learnHouseTheme(teal);
    expect(theme).toEqual({ node: { fillColor: TEAL } });
    const start: GraphSpecInput = { nodes: [{ id: "s", kind: "start" }] };
    const { graph } = applyHouseTheme(start, theme);
    expect(graph.nodes[0]?.style).toEqual({ fillColor: TEAL });
  });

  it("keeps a value to its kind when only that kind was edited", () => {
    const theme = learnHouseTheme(rows("decision", "fillColor", { a: TEAL, b: TEAL }));
    const two: GraphSpecInput = { nodes: [{ id: "p" }, { id: "d", kind: "decision" }] };
    const { graph } = applyHouseTheme(two, theme);
    expect(graph.nodes.map((n) => n.style)).toEqual([undefined, { fillColor: TEAL }]);
  });

  it("pools what most kinds share, and the kind that differs keeps its own", () => {
    const observed = [
      ...["process", "service", "database"].flatMap((kind) =>
        rows(kind, "fillColor", { a: TEAL, b: TEAL }),
      ),
      ...rows("decision", "fillColor", { a: "#fff59d", b: "#fff59d" }),
    ];
    expect(learnHouseTheme(observed)).toEqual({
      node: { fillColor: TEAL },
      kinds: { decision: { fillColor: "#fff59d" } },
    });
    const half = [
      ...["process", "service"].flatMap((kind) => rows(kind, "fillColor", { a: TEAL, b: TEAL })),
      ...["decision", "end"].flatMap((kind) =>
        rows(kind, "fillColor", { a: "#fff59d", b: "#fff59d" }),
      ),
    ];
    expect(learnHouseTheme(half).node).toBeUndefined();
  });

  it("drops what the schema refuses and unknown targets", () => {
    const odd = [
      ...rows("process", "fillColor", { a: "red", b: "red" }),
      ...rows("text", "fillColor", { a: TEAL, b: TEAL }),
      ...rows("process", "opacity", { a: "50", b: "50" }),
    ];
    expect(learnHouseTheme(odd)).toEqual({});
  });

  it("counts a value however draw.io spelled it", () => {
    const spelled = rows("note", "fillColor", { a: "#FFF", b: "#ffffff", c: "#FFFFFF" });
    expect(learnHouseTheme(spelled)).toEqual({ kinds: { note: { fillColor: "#ffffff" } } });
  });
});

const chain: GraphSpecInput = {
  nodes: [
    { id: "a", label: "Order" },
    { id: "b", label: "Paid?", kind: "decision" },
    { id: "c", label: "Ship", style: { fillColor: "#ffffff" } },
    { id: "t", label: "a note in free text", kind: "text" },
  ],
  edges: [
    { from: "a", to: "b" },
    { from: "b", to: "c", style: { strokeColor: "#ff0000" } },
  ],
};
const house: HouseTheme = HouseThemeSchema.parse({
  direction: "right",
  node: { fillColor: "#B2DFDB", strokeColor: "#00695c" },
  kinds: { decision: { fillColor: "#ffe0b2" } },
  edge: { strokeColor: "#00695c", strokeWidth: "2" },
});

describe("applyHouseTheme", () => {
  it("fills in what the graph leaves open; its own choices win", () => {
    const { graph, applied } = applyHouseTheme(chain, house);
    expect(graph.direction).toBe("right");
    expect(graph.nodes.map((n) => n.style)).toEqual([
      { fillColor: TEAL, strokeColor: "#00695c" },
      { fillColor: "#ffe0b2", strokeColor: "#00695c" },
      { fillColor: "#ffffff", strokeColor: "#00695c" },
      undefined,
    ]);
    expect(graph.edges?.map((e) => e.style)).toEqual([
      { strokeColor: "#00695c", strokeWidth: "2" },
      { strokeColor: "#ff0000", strokeWidth: "2" },
    ]);
    expect(applied).toEqual(["direction right", "node colours", "edge style"]);
    expect(chain.nodes[0]?.style).toBeUndefined();
  });

  it("keeps a named direction and a dark or minimal theme", () => {
    const down = applyHouseTheme({ ...chain, direction: "down" }, house);
    expect(down.graph.direction).toBe("down");
    expect(down.applied).not.toContain("direction right");
    const dark = applyHouseTheme({ ...chain, theme: "dark" }, house);
    expect(dark.graph.nodes).toBe(chain.nodes);
    expect(dark.graph.edges).toBe(chain.edges);
    expect(dark.applied).toEqual(["direction right"]);
    expect(applyHouseTheme({ ...chain, theme: "default" }, house).applied).toContain(
      "node colours",
    );
  });

  it("leaves icons and library shapes their own colours", () => {
    const icons: GraphSpecInput = {
      nodes: [
        { id: "i", kind: "icon", shape: "mxgraph.aws4.lambda_function" },
        { id: "l", kind: "service", shape: "mxgraph.aws4.lambda_function" },
      ],
    };
    const { graph, applied } = applyHouseTheme(icons, { node: { fillColor: TEAL } });
    expect(graph.nodes.map((n) => n.style)).toEqual([undefined, undefined]);
    expect(applied).toEqual([]);
  });

  it("takes the model's looser graph, whose edges have no style of their own", () => {
    const model: z.infer<typeof ModelGraphSchema> = {
      nodes: [{ id: "a" }, { id: "b" }],
      edges: [{ from: "a", to: "b" }],
    };
    const { graph } = applyHouseTheme(model, house);
    expect(graph.edges?.[0]).toEqual({
      from: "a",
      to: "b",
      style: { strokeColor: "#00695c", strokeWidth: "2" },
    });
  });

  it("is drawn by the layout: house colours on the cells, the chain left to right", async () => {
    const centre = (doc: DiagramDocument, id: string) => {
      const layout = new PageLayout(doc.pages[0] as DiagramDocument["pages"][0]);
      const cell = layout.get(id);
      const r = cell && layout.absoluteRect(cell);
      if (!r) throw new Error(`no ${id}`);
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    };
    const styleOf = (doc: DiagramDocument, id: string) =>
      getCellAttribute(
        doc.pages[0]?.cells.find((c) => c.attrs.id === id) ?? { name: "", attrs: {}, children: [] },
        "style",
      );
    const plain = await layoutGraph(chain);
    const housed = await layoutGraph(applyHouseTheme(chain, house).graph);
    // Without the house style the chain runs down; with it, right.
    expect(centre(plain.document, "b").y).toBeGreaterThan(centre(plain.document, "a").y);
    expect(centre(housed.document, "b").x).toBeGreaterThan(centre(housed.document, "a").x);
    expect(centre(housed.document, "c").x).toBeGreaterThan(centre(housed.document, "b").x);
    const a = styleOf(housed.document, "a");
    expect([getStyleValue(a, "fillColor"), getStyleValue(a, "strokeColor")]).toEqual([
      TEAL,
      "#00695c",
    ]);
    expect(getStyleValue(styleOf(housed.document, "b"), "fillColor")).toBe("#ffe0b2");
    expect(getStyleValue(styleOf(housed.document, "c"), "fillColor")).toBe("#ffffff");
    expect(getStyleValue(styleOf(housed.document, "t"), "fillColor")).toBe("none");
    const edges =
      housed.document.pages[0]?.cells.filter((c) => getCellAttribute(c, "edge") === "1") ?? [];
    expect(edges.map((e) => getStyleValue(getCellAttribute(e, "style"), "strokeColor"))).toEqual([
      "#00695c",
      "#ff0000",
    ]);
    expect(edges.map((e) => getStyleValue(getCellAttribute(e, "style"), "strokeWidth"))).toEqual([
      "2",
      "2",
    ]);
  });
});
