import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

/** Bracket pairs around a node's label, longest first. */
const SHAPE = /^[^([{)]*?(?:\(\((.*)\)\)|\)\)(.*)\(\(|\{\{(.*)\}\}|\((.*)\)|\)(.*)\(|\[(.*)\])$/;

/**
 * What a mind map must show, read without the converter: every node line's label (the text
 * between its brackets, or the line), quotes, backticks and markdown marks taken out.
 */
function mindmapTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    if (line.startsWith("::") || /^(config|layout):|^---$/.test(line)) continue;
    const m = SHAPE.exec(line);
    const label = m ? (m.slice(1).find((g) => g !== undefined) ?? "") : line;
    const unclosed = label.replace(/^\w*\["/, "");
    out.push(unclosed.replace(/^["`\s]+|["`\]\s]+$/g, "").replace(/\*/g, ""));
  }
  return fragments(out);
}

describeCorpus("mindmap", (text) => convertMermaid(text), mindmapTexts, undefined, {
  good: 10,
  bad: 3,
});

async function drawn(text: string, options: MermaidOptions = {}) {
  const result = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(result.document)).pages[0]?.cells ?? [];
  const vertices = cells.filter((c) => c.attrs.vertex === "1");
  const edges = cells.filter((c) => c.attrs.edge === "1");
  const byLabel = (label: string) =>
    vertices.find((c) => (c.attrs.value ?? "").replace(/<[^>]*>/g, "") === label) as XmlElement;
  const rect = (cell: XmlElement) => {
    const g = cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
    const [x, y, w, h] = ["x", "y", "width", "height"].map((k) => Number(g.attrs[k] ?? 0));
    return { x: x as number, y: y as number, w: w as number, h: h as number };
  };
  return { result, vertices, edges, byLabel, rect };
}

describe("mind map drawing", () => {
  it("puts the root's children on both sides, balanced, parents centred on their children", async () => {
    const { byLabel, rect } = await drawn(
      "mindmap\n  Root\n    A\n      a1\n      a2\n    B\n      b1\n      b2\n    C\n      c1\n      c2\n    D\n      d1\n      d2",
    );
    const root = rect(byLabel("Root"));
    const centre = (label: string) => {
      const r = rect(byLabel(label));
      return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
    };
    expect(centre("A").x).toBeGreaterThan(root.x + root.w);
    expect(centre("B").x).toBeGreaterThan(root.x + root.w);
    expect(centre("C").x).toBeLessThan(root.x);
    expect(centre("D").x).toBeLessThan(root.x);
    expect(centre("A").y).toBeCloseTo((centre("a1").y + centre("a2").y) / 2, 5);
    expect(centre("a1").x).toBeGreaterThan(centre("A").x);
    expect(centre("c1").x).toBeLessThan(centre("C").x);
    expect(centre("A").y).toBeLessThan(centre("B").y);
  });

  it("joins every node to its parent with a curved connector, coloured per top-level branch", async () => {
    const { edges, byLabel } = await drawn("mindmap\n  Root\n    A\n      a1\n    B\n      b1");
    const a = byLabel("A").attrs.id;
    const a1 = byLabel("a1").attrs.id;
    const edge = edges.find((e) => e.attrs.source === a && e.attrs.target === a1) as XmlElement;
    expect(edge).toBeDefined();
    expect(getStyleValue(edge.attrs.style, "curved")).toBe("1");
    const fill = (label: string) => getStyleValue(byLabel(label).attrs.style, "fillColor");
    expect(fill("a1")).toBe(fill("A"));
    expect(fill("b1")).toBe(fill("B"));
    expect(fill("A")).not.toBe(fill("B"));
  });

  it("draws each Mermaid shape as its draw.io shape", async () => {
    const { byLabel } = await drawn(
      "mindmap\n  r((circle))\n    a[square]\n    b(rounded)\n    c))bang((\n    d)cloud(\n    e{{hexagon}}\n    plain",
    );
    const style = (label: string) => byLabel(label).attrs.style ?? "";
    expect(style("circle")).toMatch(/^ellipse;/);
    expect(getStyleValue(style("square"), "rounded")).toBe("0");
    expect(getStyleValue(style("rounded"), "rounded")).toBe("1");
    expect(getStyleValue(style("bang"), "shape")).toBe("mxgraph.basic.8_point_star");
    expect(getStyleValue(style("cloud"), "shape")).toBe("cloud");
    expect(getStyleValue(style("hexagon"), "shape")).toBe("hexagon");
  });

  it("keeps markdown bold and italic, icons as a label prefix, colour classes as colours", async () => {
    const { vertices, result } = await drawn(
      'mindmap\n  Root\n    a["`**bold** and *it*`"]\n    b\n    ::icon(fa fa-book)\n    c\n    :::red urgent',
    );
    const values = vertices.map((v) => v.attrs.value ?? "");
    expect(values).toContain("<b>bold</b> and <i>it</i>");
    expect(values.some((v) => v.includes("[fa-book]") && v.endsWith("b"))).toBe(true);
    const c = vertices.find((v) => v.attrs.value === "c") as XmlElement;
    expect(getStyleValue(c.attrs.style, "fillColor")).toBe("red");
    expect(result.notes.join(" ")).toMatch(/:::urgent/);
    expect(result.notes.join(" ")).toMatch(/fa-book/);
  });

  it("takes a node's parent from the closest earlier node indented less", async () => {
    const { result, edges, byLabel } = await drawn("mindmap\nRoot\n    A\n        B\n      C");
    const a = byLabel("A").attrs.id;
    const c = byLabel("C").attrs.id;
    expect(edges.some((e) => e.attrs.source === a && e.attrs.target === c)).toBe(true);
    expect(result.counts).toEqual({ depth: 2 });
  });

  it("makes a node indented between the root and its children a child of the root, as Mermaid does", async () => {
    const { edges, byLabel } = await drawn("mindmap\n  Root\n      A\n    B");
    const root = byLabel("Root").attrs.id;
    expect(edges.filter((e) => e.attrs.source === root).map((e) => e.attrs.target)).toEqual([
      byLabel("A").attrs.id,
      byLabel("B").attrs.id,
    ]);
  });

  it("refuses more nodes than a diagram may have", async () => {
    const text = `mindmap\n  Root\n${"    n\n".repeat(2_001)}`;
    await expect(convertMermaid(text)).rejects.toMatchObject({ code: "mermaid_too_large" });
  });
});
