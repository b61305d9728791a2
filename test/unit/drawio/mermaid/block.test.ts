import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { generateMermaid } from "../../../fixtures/mermaid-generated/block.ts";
import { corpus, describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

const KEYWORDS = /^(columns|block|end|style|classDef|class|click)\b/;

/**
 * What a snippet must show, read independently of the converter: every quoted label (blocks
 * and links), and the ids of blocks that are never given a label (composite blocks show none).
 */
function blockTexts(text: string): string[] {
  const out: string[] = [];
  const labelled = new Set<string>();
  const bare: string[] = [];
  for (const t of statements(text)) {
    const composite = /^block:([^:\s[]+)/.exec(t);
    if (composite) labelled.add(composite[1] as string);
    if (KEYWORDS.test(t)) continue;
    for (const m of t.matchAll(/"([^"]*)"/g)) out.push((m[1] as string).replace(/&nbsp;/g, " "));
    for (const m of t.matchAll(/([\p{L}\p{N}_]+)\s*[[({<>]/gu)) labelled.add(m[1] as string);
    const rest = t
      .replace(/"[^"]*"/g, " ")
      .replace(/\([a-z, ]+\)/g, " ")
      .replace(/:\d+/g, " ");
    for (const m of rest.matchAll(/[\p{L}\p{N}_]+/gu)) if (m[0] !== "space") bare.push(m[0]);
  }
  return fragments([...out, ...bare.filter((id) => !labelled.has(id))]);
}

describeCorpus("block", (text) => convertMermaid(text), blockTexts, undefined, {
  good: 10,
  bad: 3,
});

const good = corpus("block");
const snippet = (name: string) => good.find((s) => s.name === name)?.text ?? "";

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const converted = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(converted.document)).pages[0]?.cells ?? [];
  const byValue = (value: string) => cells.find((c) => c.attrs.value === value) as XmlElement;
  const rect = (cell: XmlElement) => {
    const g = (cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement)
      .attrs;
    return { x: Number(g.x ?? 0), y: Number(g.y ?? 0), w: Number(g.width), h: Number(g.height) };
  };
  return { cells, byValue, rect, converted };
}

describe("block diagrams", () => {
  it("fills the columns in reading order and wraps to the next row", async () => {
    const { byValue, rect } = await cellsOf("block-beta\n  columns 3\n  a b c d");
    const [a, b, c, d] = ["a", "b", "c", "d"].map((v) => rect(byValue(v)));
    expect(a?.y).toBe(b?.y);
    expect(b?.y).toBe(c?.y);
    expect((a?.x ?? 0) < (b?.x ?? 0) && (b?.x ?? 0) < (c?.x ?? 0)).toBe(true);
    expect(d?.x).toBe(a?.x);
    expect(d?.y).toBeGreaterThan((a?.y ?? 0) + (a?.h ?? 0));
  });

  it("spans columns: a:2 is as wide as two cells and the gap between them", async () => {
    const { byValue, rect } = await cellsOf("block-beta\n  columns 3\n  a:2 b\n  c d e");
    const a = rect(byValue("a"));
    const c = rect(byValue("c"));
    const d = rect(byValue("d"));
    expect(a.x).toBe(c.x);
    expect(a.x + a.w).toBe(d.x + d.w);
  });

  it("leaves spaces empty", async () => {
    const { byValue, rect } = await cellsOf("block-beta\n  a space b");
    const a = rect(byValue("a"));
    const b = rect(byValue("b"));
    expect(b.x - (a.x + a.w)).toBeGreaterThan(a.w);
  });

  it("draws composite blocks as containers holding their children", async () => {
    const { cells } = await cellsOf(snippet("intro.mmd"));
    const id = cells.find((c) => c.attrs.id === "ID") as XmlElement;
    expect(getStyleValue(id.attrs.style, "container")).toBe("1");
    const children = cells.filter((c) => c.attrs.parent === "ID").map((c) => c.attrs.value);
    expect(children).toEqual(["A", "A wide one in the middle", "C"]);
  });

  it("draws each bracket form as its draw.io outline", async () => {
    const { byValue } = await cellsOf(snippet("shapes.mmd"));
    const style = (v: string) => byValue(v).attrs.style ?? "";
    expect(style("Database")).toContain("shape=cylinder3");
    expect(style("Circle")).toMatch(/^ellipse;/);
    expect(style("Double circle")).toContain("shape=doubleEllipse");
    expect(style("Rhombus")).toMatch(/^rhombus;/);
    expect(style("Hexagon")).toContain("shape=hexagon");
    expect(style("Subroutine")).toContain("shape=process");
    expect(style("Stadium")).toContain("arcSize=50");
    expect(style("Parallelogram")).toContain("shape=parallelogram");
    expect(style("Christmas")).toContain("shape=trapezoid");
  });

  it("draws block arrows pointing their way", async () => {
    const { cells } = await cellsOf(snippet("block-arrows.mmd"));
    const style = (id: string) => cells.find((c) => c.attrs.id === id)?.attrs.style ?? "";
    expect(style("blockArrowId")).toContain("shape=singleArrow");
    expect(getStyleValue(style("blockArrowId2"), "direction")).toBe("west");
    expect(getStyleValue(style("blockArrowId3"), "direction")).toBe("north");
    expect(getStyleValue(style("blockArrowId4"), "direction")).toBe("south");
    expect(style("blockArrowId5")).toContain("shape=doubleArrow");
  });

  it("joins links to their blocks, with labels and arrowheads", async () => {
    const { cells } = await cellsOf(snippet("links.mmd"));
    const edges = cells.filter((c) => c.attrs.edge === "1");
    expect(edges.map((e) => [e.attrs.source, e.attrs.target, e.attrs.value])).toEqual([
      ["A", "B", "X"],
      ["C", "D", ""],
      ["D", "E", ""],
    ]);
    expect(getStyleValue(edges[1]?.attrs.style, "endArrow")).toBe("none");
    expect(getStyleValue(edges[0]?.attrs.style, "endArrow")).toBe("block");
  });

  it("applies style and classDef colours", async () => {
    const { cells } = await cellsOf(snippet("styles.mmd"));
    const style = (id: string) => cells.find((c) => c.attrs.id === id)?.attrs.style;
    expect(getStyleValue(style("id1"), "fillColor")).toBe("#636");
    expect(getStyleValue(style("A"), "fillColor")).toBe("#6e6ce6");
    expect(getStyleValue(style("B"), "dashed")).toBe("1");
  });

  it("does not draw dark text on the dark theme's background", async () => {
    const { converted, byValue } = await cellsOf("block-beta\n  a b", { theme: "dark" });
    expect(getStyleValue(byValue("a").attrs.style, "fontColor")).toBe("#F0F0F0");
    expect(converted.document.pages[0]?.modelAttributes?.background).toBe("#1E1E1E");
  });

  it("converts a generated diagram of 200 elements", async () => {
    const text = generateMermaid(200, 1);
    const { converted } = await cellsOf(text);
    expect(converted.nodes).toBeGreaterThan(150);
  });
});
