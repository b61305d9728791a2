import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** The names and values a treemap must show, read with a regex of its own. */
function treemapTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    const m = /^"([^"]*)"\s*(?::::[\w-]+)?\s*(?::\s*([\d.]+))?/.exec(line);
    if (m) out.push(m[1] as string);
    if (m?.[2] && !/valueFormat/.test(text)) out.push(String(Number(m[2])));
    const title = /^title\s+(.*)$/.exec(line);
    if (title) out.push(title[1] as string);
  }
  return out;
}

/** Thousands separators out, so 700,000 compares with 700000. */
const clean = (shown: string) => shown.replace(/(\d),(?=\d{3})/g, "$1");

describeCorpus("treemap", (text) => convertMermaid(text), treemapTexts, clean, {
  good: 10,
  bad: 3,
});

async function cellsOf(text: string) {
  const { document, notes } = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(document)).pages[0]?.cells ?? [];
  const geometry = (c: XmlElement) =>
    c.children.find((g) => "name" in g && g.name === "mxGeometry") as XmlElement;
  const area = (c: XmlElement) =>
    Number(geometry(c).attrs.width) * Number(geometry(c).attrs.height);
  const named = (label: string) =>
    cells.find((c) => (c.attrs.value ?? "").startsWith(label)) as XmlElement;
  return { cells, notes, area, named };
}

describe("treemap placement", () => {
  it("gives leaves areas proportional to their values", async () => {
    const { area, named } = await cellsOf(
      'treemap-beta\n"S"\n  "Big": 30\n  "Mid": 20\n  "Small": 10',
    );
    expect(area(named("Big")) / area(named("Small"))).toBeGreaterThan(2.4);
    expect(area(named("Big")) / area(named("Small"))).toBeLessThan(3.6);
    expect(area(named("Mid")) / area(named("Small"))).toBeGreaterThan(1.6);
  });

  it("nests leaves in their section's container", async () => {
    const { named } = await cellsOf('treemap-beta\n"Sec"\n  "Inner"\n    "Leaf": 3');
    const section = named("<b>Sec");
    const inner = named("<b>Inner");
    expect(section.attrs.style).toContain("container=1");
    expect(inner.attrs.parent).toBe(section.attrs.id);
    expect(named("Leaf").attrs.parent).toBe(inner.attrs.id);
  });

  it("colours each top-level section apart and applies classDef", async () => {
    const { named } = await cellsOf(
      'treemap-beta\n"A"\n  "a": 1\n"B"\n  "b": 1:::hot\nclassDef hot fill:#ff0000',
    );
    const fill = (c: XmlElement) => /fillColor=([^;]+)/.exec(c.attrs.style ?? "")?.[1];
    expect(fill(named("<b>A"))).not.toBe(fill(named("<b>B")));
    expect(fill(named("b"))).toBe("#ff0000");
  });

  it("notes values that have no area", async () => {
    const { notes } = await cellsOf('treemap-beta\n"S"\n  "Zero": 0\n  "One": 1');
    expect(notes.join(" ")).toMatch(/Zero/);
  });
});
