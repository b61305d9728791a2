import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** Titles, categories and every value of a chart, read with regexes of their own. */
function chartTexts(text: string): string[] {
  const out: string[] = [];
  const unquote = (s: string) => s.trim().replace(/^"(.*)"$/, "$1");
  for (const line of statements(text)) {
    const title = /^title\s+(.*)$/.exec(line);
    if (title) out.push(unquote(title[1] as string));
    const axis = /^[xy]-axis\s+("[^"]*"|[^\s[]+)?/.exec(line);
    if (axis?.[1] && !/^[+-]?[\d.]/.test(axis[1])) out.push(unquote(axis[1]));
    const series = /^(?:bar|line)\s+"([^"]*)"/.exec(line);
    if (series) out.push(series[1] as string);
    const list = /\[(.*)\]/.exec(line)?.[1];
    if (list !== undefined) {
      for (const item of list.split(",")) {
        const t = unquote(item);
        out.push(/^[+-]?[\d.]+$/.test(t) ? String(Number(t)) : t);
      }
    }
  }
  return out;
}

describeCorpus("xychart", (text) => convertMermaid(text), chartTexts, undefined, {
  good: 10,
  bad: 3,
});

async function cellsOf(text: string) {
  const { document, notes } = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(document)).pages[0]?.cells ?? [];
  const rect = (c: XmlElement) => {
    const g = c.children.find((n) => "name" in n && n.name === "mxGeometry") as XmlElement;
    return {
      x: Number(g.attrs.x ?? 0),
      y: Number(g.attrs.y ?? 0),
      w: Number(g.attrs.width),
      h: Number(g.attrs.height),
    };
  };
  const bars = cells.filter((c) => c.attrs.id?.startsWith("bar"));
  return { cells, notes, rect, bars };
}

describe("xychart placement", () => {
  it("draws bars as children of the plot area, taller for larger values", async () => {
    const { cells, bars, rect } = await cellsOf(
      "xychart-beta\n  x-axis [a, b, c]\n  bar [10, 20, 40]",
    );
    const plot = cells.find((c) => c.attrs.id?.startsWith("plot")) as XmlElement;
    expect(plot.attrs.style).toContain("container=1");
    expect(bars.every((b) => b.attrs.parent === plot.attrs.id)).toBe(true);
    const [a, b, c] = bars.map(rect);
    expect(b?.h).toBeCloseTo((a?.h ?? 0) * 2, 0);
    expect(c?.h).toBeCloseTo((a?.h ?? 0) * 4, 0);
    expect((a?.x ?? 0) < (b?.x ?? 0)).toBe(true);
  });

  it("puts several bar series side by side within a category", async () => {
    const { bars, rect } = await cellsOf(
      "xychart-beta\n  x-axis [a, b]\n  bar [1, 2]\n  bar [3, 4]",
    );
    const [a1, , a2] = bars.map(rect);
    expect((a1?.x ?? 0) + (a1?.w ?? 0)).toBeLessThanOrEqual((a2?.x ?? 0) + 0.01);
  });

  it("draws a line as one polyline through every value and takes the palette", async () => {
    const { cells } = await cellsOf(
      "---\nconfig:\n  themeVariables:\n    xyChart:\n      plotColorPalette: '#ff0000, #00ff00'\n---\nxychart-beta\n  line [1, 5, 2, 4]",
    );
    const line = cells.find((c) => c.attrs.id?.startsWith("line")) as XmlElement;
    expect(line.attrs.style).toContain("strokeColor=#ff0000");
    const xml = JSON.stringify(line);
    expect(xml.match(/mxPoint/g)?.length).toBe(4);
  });

  it("lays bars along the y axis when horizontal", async () => {
    const { bars, rect } = await cellsOf("xychart-beta horizontal\n  x-axis [a, b]\n  bar [1, 2]");
    const [a, b] = bars.map(rect);
    expect(b?.w).toBeCloseTo((a?.w ?? 0) * 2, 0);
    expect((a?.y ?? 0) < (b?.y ?? 0)).toBe(true);
  });

  it("notes values outside the y range", async () => {
    const { notes } = await cellsOf("xychart-beta\n  y-axis 0 --> 10\n  bar [5, 20]");
    expect(notes.join(" ")).toMatch(/20/);
  });
});

describe("xychart limits", () => {
  it("refuses numbers too large to draw, and a range too wide", async () => {
    await expect(convertMermaid("xychart\n  bar [1e400]")).rejects.toMatchObject({
      code: "mermaid_syntax",
      line: 2,
      column: 8,
    });
    await expect(convertMermaid("xychart\n  y-axis 0 --> 1e400\n  bar [1]")).rejects.toMatchObject({
      code: "mermaid_syntax",
      line: 2,
    });
  });

  it("draws a range at the edge of float precision without looping", async () => {
    const { nodes } = await convertMermaid(
      "xychart\n  y-axis 100000000000000000 --> 100000000000000016\n  bar [1, 2]",
    );
    expect(nodes).toBe(2);
  });
});

describe("xychart legend", () => {
  it("names the series that have names in a legend under the title", async () => {
    const { cells } = await cellsOf(
      'xychart-beta\n  title "T"\n  bar "Free" [1, 2]\n  line [3, 4]',
    );
    const keys = cells.filter((c) => c.attrs.id?.startsWith("key"));
    expect(keys).toHaveLength(1);
    expect(keys[0]?.attrs.style).toContain("fillColor=#ECECFF");
    expect(cells.some((c) => c.attrs.value === "Free")).toBe(true);
  });
});
