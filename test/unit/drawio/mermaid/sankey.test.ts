import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** Node names and link values of the CSV lines, read with a small CSV reader of its own. */
function sankeyTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    const fields = [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) =>
      m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] as string).trim(),
    );
    if (fields.length !== 3 || /^(sankey|title|config|---)/.test(line)) continue;
    out.push(fields[0] as string, fields[1] as string, String(Number(fields[2])));
  }
  return out;
}

describeCorpus("sankey", (text) => convertMermaid(text), sankeyTexts, undefined, {
  good: 10,
  bad: 3,
});

async function cellsOf(text: string) {
  const { document, notes } = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(document)).pages[0]?.cells ?? [];
  const rect = (c: XmlElement) => {
    const g = c.children.find((n) => "name" in n && n.name === "mxGeometry") as XmlElement;
    return { x: Number(g.attrs.x ?? 0), y: Number(g.attrs.y ?? 0), h: Number(g.attrs.height) };
  };
  const node = (name: string) =>
    cells.find(
      (c) => c.attrs.vertex === "1" && (c.attrs.value ?? "").startsWith(name),
    ) as XmlElement;
  const links = cells.filter((c) => c.attrs.edge === "1");
  return { cells, notes, rect, node, links };
}

describe("sankey placement", () => {
  it("puts nodes in columns by depth, sinks at the right", async () => {
    const { rect, node } = await cellsOf("sankey-beta\nA,B,5\nB,C,5\nA,D,2");
    expect(rect(node("A")).x).toBeLessThan(rect(node("B")).x);
    expect(rect(node("B")).x).toBeLessThan(rect(node("C")).x);
    expect(rect(node("D")).x).toBe(rect(node("C")).x);
  });

  it("sizes nodes by throughput and links by value, joined to their nodes", async () => {
    const { rect, node, links } = await cellsOf("sankey-beta\nA,B,30\nA,C,10");
    expect(rect(node("B")).h / rect(node("C")).h).toBeCloseTo(3, 1);
    const width = (c: XmlElement) => Number(/strokeWidth=([\d.]+)/.exec(c.attrs.style ?? "")?.[1]);
    const [ab, ac] = links as [XmlElement, XmlElement];
    expect(width(ab) / width(ac)).toBeCloseTo(3, 1);
    expect(ab.attrs.source).toBe(node("A").attrs.id);
    expect(ab.attrs.target).toBe(node("B").attrs.id);
    expect(ab.attrs.style).toContain("curved=1");
  });

  it("orders a column to avoid crossings", async () => {
    const { rect, node } = await cellsOf("sankey-beta\nA,Y,5\nB,X,5\nA,Z,1\nB,W,1");
    const ay = rect(node("A")).y < rect(node("B")).y;
    expect(rect(node("Y")).y < rect(node("X")).y).toBe(ay);
  });

  it("refuses a cycle at the link that closes it", async () => {
    const error = await convertMermaid("sankey-beta\nA,B,1\nB,A,1").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "mermaid_syntax", line: 3 });
  });

  it("hides values when showValues is false", async () => {
    const { node } = await cellsOf(
      "---\nconfig:\n  sankey:\n    showValues: false\n---\nsankey-beta\nA,B,5",
    );
    expect(node("A").attrs.value).toBe("A");
  });
});
