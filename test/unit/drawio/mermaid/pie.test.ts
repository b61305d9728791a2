import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** The texts a pie shows: its title, every label, and with showData every value. */
function pieTexts(text: string): string[] {
  const lines = statements(text);
  const showData = /^pie\b.*\bshowData\b/m.test(text);
  const out: string[] = [];
  const seen = new Set<string>();
  const header = /^pie\b(?:\s+showData)?\s+title\s+(.+)$/m.exec(text);
  if (header) out.push((header[1] as string).trim());
  for (const line of lines) {
    const title = /^title\s+(.+)$/.exec(line);
    if (title) out.push((title[1] as string).trim());
    const slice = /^["'](.*)["']\s*:\s*([\d.]+)$/.exec(line);
    if (!slice || seen.has(slice[1] as string)) continue;
    seen.add(slice[1] as string);
    out.push(showData ? `${slice[1]} [${Number(slice[2])}]` : (slice[1] as string));
  }
  return out;
}

describeCorpus("pie", (text) => convertMermaid(text), pieTexts, undefined, { good: 10, bad: 3 });

async function cells(text: string) {
  const out = await convertMermaid(text);
  const page = parseDiagram(serializeDiagram(out.document)).pages[0];
  return { out, cells: page?.cells ?? [] };
}

describe("pie slices", () => {
  it("are draw.io pie shapes running clockwise from twelve o'clock in source order", async () => {
    const { cells: all } = await cells('pie\n "A" : 1\n "B" : 3');
    const slices = all.filter((c) => (c.attrs.style ?? "").includes("mxgraph.basic.pie"));
    expect(
      slices.map((c) => [
        getStyleValue(c.attrs.style ?? "", "startAngle"),
        getStyleValue(c.attrs.style ?? "", "endAngle"),
      ]),
    ).toEqual([
      ["0", "0.25"],
      ["0.25", "1"],
    ]);
    expect(getStyleValue(slices[0]?.attrs.style ?? "", "fillColor")).toBe("#ececff");
    expect(getStyleValue(slices[1]?.attrs.style ?? "", "fillColor")).toBe("#ffffde");
  });

  it("show their rounded percentage, and the legend their value with showData", async () => {
    const { cells: all } = await cells('pie showData\n "A" : 1\n "B" : 2');
    const values = all.map((c) => c.attrs.value);
    expect(values).toEqual(expect.arrayContaining(["33%", "67%", "A [1]", "B [2]"]));
  });

  it("put each percentage on the middle of its own slice", async () => {
    const { cells: all } = await cells('pie\n "A" : 45\n "B" : 30\n "C" : 25');
    const centre = (id: string) => {
      const g = all
        .find((c) => c.attrs.id === id)
        ?.children.find((n) => "name" in n && n.name === "mxGeometry");
      const a = g && "attrs" in g ? g.attrs : {};
      return { x: Number(a.x) + Number(a.width) / 2, y: Number(a.y) + Number(a.height) / 2 };
    };
    const pie = centre("pie");
    // Clockwise from twelve o'clock, in turns, as the slices' angles are written.
    const turn = (id: string) => {
      const p = centre(id);
      return (Math.atan2(p.x - pie.x, -(p.y - pie.y)) / (2 * Math.PI) + 1) % 1;
    };
    expect(turn("share-1")).toBeCloseTo(0.225, 1);
    expect(turn("share-2")).toBeCloseTo(0.6, 1);
    expect(turn("share-3")).toBeCloseTo(0.875, 1);
  });

  it("refuse a negative value at its column", async () => {
    await expect(convertMermaid('pie\n  "A" : -1')).rejects.toMatchObject({
      code: "mermaid_syntax",
      line: 2,
      column: 9,
    });
  });

  it("draw a lone slice as a whole disc (a pie shape of a full turn draws nothing)", async () => {
    const { cells: all } = await cells('pie\n "All" : 5');
    expect(all.some((c) => (c.attrs.style ?? "").startsWith("ellipse;fillColor="))).toBe(true);
  });
});
