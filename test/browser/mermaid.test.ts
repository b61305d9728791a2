/**
 * Converted Mermaid opened in the real draw.io (the offline app in headless Chromium): every
 * snippet of the corpora of the types added in #34, and five of each of the first four types
 * (flowchart, state, class, sequence, whose corpora are larger), each loads and draws every
 * cell's text. Skips without Chromium.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertMermaid } from "../../worker/drawio/mermaid/index.ts";
import { getCellAttribute, getCellLabel } from "../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import { findChromium, hasLabel, type LaunchedDrawio, launchDrawio } from "./drawio.ts";

const CORPUS = new URL("../fixtures/mermaid/", import.meta.url);

/** The first four types, whose corpora are sampled. */
const SAMPLED = ["flowchart", "state", "class", "sequence"];

/** Every type folder of the corpus (not the malformed snippets). */
function typeFolders(): string[] {
  return readdirSync(CORPUS)
    .filter((f) => !f.endsWith("-bad") && statSync(new URL(f, CORPUS)).isDirectory())
    .sort();
}

/**
 * The snippets to open: five of each sampled type, spread over its corpus (every nth file in
 * name order), and every snippet of the others.
 */
function sample(): { name: string; text: string }[] {
  return typeFolders().flatMap((type) => {
    const dir = new URL(`${type}/`, CORPUS);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".mmd"))
      .sort();
    const step = SAMPLED.includes(type) ? Math.max(1, Math.floor(files.length / 5)) : 1;
    return files
      .filter((_, i) => i % step === 0)
      .slice(0, SAMPLED.includes(type) ? 5 : files.length)
      .map((f) => ({ name: `${type}/${f}`, text: readFileSync(new URL(f, dir), "utf8") }));
  });
}

/**
 * A cell's value as the text draw.io draws: tags dropped, entities decoded, one line each (a
 * `<br>` and a block's edge, such as `<div>`, start a new line).
 */
function textLines(value: string): string[] {
  return value
    .replace(/<br\s*\/?>|<\/?(div|p)\b[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

describe.skipIf(findChromium() === undefined)("converted Mermaid in the real draw.io", () => {
  let drawio: LaunchedDrawio | undefined;
  beforeAll(async () => {
    drawio = await launchDrawio();
  }, 120_000);
  afterAll(async () => {
    await drawio?.close();
  });

  const snippets = sample();
  it("samples five snippets of each of the first four types and at least ten of every other", () => {
    for (const type of typeFolders()) {
      const count = snippets.filter((s) => s.name.startsWith(`${type}/`)).length;
      expect(count, type).toBeGreaterThanOrEqual(SAMPLED.includes(type) ? 5 : 10);
    }
  });

  it.each(snippets)("opens $name and draws every cell's text", async ({ text }) => {
    if (drawio === undefined) throw new Error("draw.io did not start");
    const xml = serializeDiagram((await convertMermaid(text)).document);
    const svg = await drawio.renderSvg(xml);
    expect(svg.startsWith("<svg")).toBe(true);
    const page = parseDiagram(xml).pages[0];
    if (page === undefined) throw new Error("no page");
    let checked = 0;
    for (const cell of page.cells) {
      // A value kept as data but not shown (a chart's bar values without showDataLabel).
      if (/(^|;)noLabel=1(;|$)/.test(getCellAttribute(cell, "style") ?? "")) continue;
      for (const line of textLines(getCellLabel(cell))) {
        expect(hasLabel(svg, line), `${cell.attrs.id}: ${line}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
