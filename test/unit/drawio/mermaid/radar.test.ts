import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import { childElements, type XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** The texts a radar chart shows: its title, every axis label and every curve label. */
function radarTexts(text: string): string[] {
  const out: string[] = [];
  const legend = !/showLegend\s+false/.test(text);
  for (const line of statements(text)) {
    const title = /^title\s+(.+)$/.exec(line);
    if (title) out.push((title[1] as string).trim());
    if (line.startsWith("axis ")) {
      for (const m of line.slice(5).matchAll(/([\w-]+)\s*(?:\["([^"]*)"\])?/g))
        out.push(m[2] ?? (m[1] as string));
    }
    if (legend && line.startsWith("curve ")) {
      for (const m of line.slice(6).matchAll(/([\w-]+)\s*(?:\["([^"]*)"\])?\s*\{/g))
        out.push(m[2] ?? (m[1] as string));
    }
  }
  return out;
}

describeCorpus("radar", (text) => convertMermaid(text), radarTexts, undefined, {
  good: 10,
  bad: 3,
});

async function page(text: string) {
  const out = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(out.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const geometry = (id: string) =>
    childElements(byId(id)).find((c) => c.name === "mxGeometry") as XmlElement;
  const points = (id: string) => {
    const g = geometry(id);
    const source = childElements(g).find((p) => p.attrs.as === "sourcePoint");
    const rest = childElements(childElements(g).find((p) => p.name === "Array") as XmlElement);
    return [source, ...rest].map((p) => ({ x: Number(p?.attrs.x), y: Number(p?.attrs.y) }));
  };
  return { out, byId, geometry, points };
}

describe("radar chart", () => {
  it("draws a curve as a closed line with one point per axis, at value/max of the radius", async () => {
    const p = await page("radar-beta\n axis a, b, c, d\n curve x{4, 2, 4, 0}\n max 4");
    const [top, right, bottom, left] = p.points("curve-1");
    const ring = childElements(p.geometry("ring-5"))[0]?.attrs ?? {};
    const radius = Number(p.geometry("ring-5").attrs.width) / 2;
    const cx = Number(p.geometry("ring-5").attrs.x) + radius;
    const cy = Number(p.geometry("ring-5").attrs.y) + radius;
    expect(ring).toBeDefined();
    expect(top).toEqual({ x: cx, y: cy - radius });
    expect(right).toEqual({ x: cx + radius / 2, y: cy });
    expect(bottom).toEqual({ x: cx, y: cy + radius });
    expect(left).toEqual({ x: cx, y: cy });
    const style = p.byId("curve-1").attrs.style ?? "";
    expect(getStyleValue(style, "curved")).toBe("1");
    const target = childElements(p.geometry("curve-1")).find((q) => q.attrs.as === "targetPoint");
    expect({ x: Number(target?.attrs.x), y: Number(target?.attrs.y) }).toEqual(top);
  });

  it("orders named entries by axis", async () => {
    const named = await page("radar-beta\n axis a, b, c\n curve x{ c: 3, a: 1, b: 2 }");
    const plain = await page("radar-beta\n axis a, b, c\n curve x{1, 2, 3}");
    expect(named.points("curve-1")).toEqual(plain.points("curve-1"));
  });

  it("draws straight polygons for graticule polygon", async () => {
    const p = await page("radar-beta\n axis a, b, c\n curve x{1, 2, 3}\n graticule polygon");
    expect(getStyleValue(p.byId("curve-1").attrs.style ?? "", "curved")).toBeUndefined();
    expect(p.byId("ring-1").attrs.edge).toBe("1");
  });

  it("notes a curve without one value per axis instead of dropping it silently", async () => {
    const p = await page("radar-beta\n axis a, b, c\n curve x{1, 2}");
    expect(p.out.notes.join(" ")).toContain('curve "x"');
  });
});
