import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

/**
 * What a timeline must show, read without the converter: the title, section names, periods
 * (before the first colon) and events (after each colon and blank).
 */
function timelineTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    const keyword = /^(title|section)\s+(.*)$/.exec(line);
    if (keyword) {
      out.push(keyword[2] as string);
      continue;
    }
    const [period, ...events] = line.split(/(?:^|\s):\s/);
    out.push(period as string, ...events);
  }
  return fragments(out);
}

describeCorpus("timeline", (text) => convertMermaid(text), timelineTexts, undefined, {
  good: 10,
  bad: 3,
});

async function drawn(text: string, options: MermaidOptions = {}) {
  const result = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(result.document)).pages[0]?.cells ?? [];
  const vertices = cells.filter((c) => c.attrs.vertex === "1");
  const edges = cells.filter((c) => c.attrs.edge === "1");
  const byLabel = (label: string) => vertices.find((c) => c.attrs.value === label) as XmlElement;
  const rect = (label: string) => {
    const cell = byLabel(label);
    const g = cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
    const [x, y, w, h] = ["x", "y", "width", "height"].map((k) => Number(g.attrs[k] ?? 0));
    return { x: x as number, y: y as number, w: w as number, h: h as number };
  };
  const fill = (label: string) => getStyleValue(byLabel(label).attrs.style, "fillColor");
  return { result, vertices, edges, byLabel, rect, fill };
}

describe("timeline drawing", () => {
  it("runs the periods left to right and stacks each period's events below it, in order", async () => {
    const { rect } = await drawn(
      "timeline\n  2002 : LinkedIn\n  2004 : Facebook : Google\n  2005 : YouTube",
    );
    expect(rect("2002").x).toBeLessThan(rect("2004").x);
    expect(rect("2004").x).toBeLessThan(rect("2005").x);
    expect(rect("Facebook").x).toBe(rect("2004").x);
    expect(rect("Facebook").y).toBeGreaterThan(rect("2004").y + rect("2004").h);
    expect(rect("Google").y).toBeGreaterThan(rect("Facebook").y + rect("Facebook").h);
  });

  it("joins each period to its events with connectors, and draws the axis as a free line", async () => {
    const { edges, byLabel } = await drawn("timeline\n  2004 : Facebook\n       : Google");
    const id = (l: string) => byLabel(l).attrs.id;
    const joined = (a: string, b: string) =>
      edges.some((e) => e.attrs.source === id(a) && e.attrs.target === id(b));
    expect(joined("2004", "Facebook")).toBe(true);
    expect(joined("Facebook", "Google")).toBe(true);
    expect(edges.filter((e) => e.attrs.source === undefined)).toHaveLength(1);
  });

  it("colours each section's periods and events alike, with a header spanning its periods", async () => {
    const { fill, rect } = await drawn(
      "timeline\n  title Ages\n  section Stone\n    7600 BC : House\n    6000 BC : Island\n  section Bronze\n    2300 BC : Farming",
    );
    expect(fill("7600 BC")).toBe(fill("6000 BC"));
    expect(fill("House")).toBe(fill("7600 BC"));
    expect(fill("2300 BC")).not.toBe(fill("7600 BC"));
    expect(rect("Stone").x).toBe(rect("7600 BC").x);
    expect(rect("Stone").x + rect("Stone").w).toBe(rect("6000 BC").x + rect("6000 BC").w);
    expect(rect("Ages").y).toBeLessThan(rect("Stone").y);
  });

  it("gives each period its own colour without sections, one colour with disableMulticolor", async () => {
    const text = "timeline\n  2002 : a\n  2004 : b";
    expect((await drawn(text)).fill("2002")).not.toBe((await drawn(text)).fill("2004"));
    const single = await drawn(
      `---\nconfig:\n  timeline:\n    disableMulticolor: true\n---\n${text}`,
    );
    expect(single.fill("2002")).toBe(single.fill("2004"));
  });

  it("runs top to bottom for timeline TD, events stacked right of their period", async () => {
    const { rect } = await drawn("timeline TD\n  section S\n  2002 : a : b\n  2004 : c");
    expect(rect("2002").y).toBeLessThan(rect("2004").y);
    expect(rect("S").y + rect("S").h).toBeLessThanOrEqual(rect("2002").y);
    expect(rect("a").x).toBeGreaterThan(rect("2002").x + rect("2002").w);
    expect(rect("b").x).toBe(rect("a").x);
    expect(rect("b").y).toBeGreaterThan(rect("a").y + rect("a").h);
    expect(rect("a").y).toBe(rect("2002").y);
    expect(rect("2004").y).toBeGreaterThan(rect("b").y + rect("b").h);
  });

  it("takes the theme's cScale colours", async () => {
    const config =
      "---\nconfig:\n  themeVariables:\n    cScale0: '#ff0000'\n    cScaleLabel0: '#ffffff'\n---\n";
    const { fill, byLabel } = await drawn(`${config}timeline\n  2002 : a\n  2004 : b`);
    expect(fill("2002")).toBe("#ff0000");
    expect(getStyleValue(byLabel("a").attrs.style, "fontColor")).toBe("#ffffff");
    expect(fill("2004")).not.toBe("#ff0000");
  });

  it("notes what Mermaid leaves out: periods before the first section, text after #", async () => {
    const { result, byLabel } = await drawn(
      "timeline\n  1990 : early\n  section Modern\n  2000 : a # not shown",
    );
    expect(byLabel("1990")).toBeDefined();
    expect(byLabel("a")).toBeDefined();
    expect(result.notes.join(" ")).toMatch(/before the first section/);
    expect(result.notes.join(" ")).toMatch(/after # is a comment/);
  });

  it("keeps a colon inside a word as text", async () => {
    const { result, byLabel } = await drawn("timeline\n  Monday : Standup at 09:30 : Retro");
    expect(byLabel("Standup at 09:30")).toBeDefined();
    expect(result.counts).toEqual({ periods: 1, events: 2, sections: 0 });
  });
});
