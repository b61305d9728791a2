/**
 * Labels in every script beside the real draw.io (issue #35): a wrapped label breaks into the
 * same lines in our SVG as in draw.io's own export laid out by Chromium, for Chinese, Japanese,
 * Korean, Arabic, Hebrew, Hindi, Thai, Vietnamese, Russian, Greek and emoji. Skips without
 * Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../worker/drawio/render/index.ts";
import { SCRIPT_SAMPLES } from "../fixtures/script-labels.ts";
import { decodeEntities, findChromium, type LaunchedDrawio, launchDrawio } from "./drawio.ts";

/** One label in a box of `width` px, wrapped, as an HTML or a plain label. */
function oneLabel(label: string, width: number, html: boolean): string {
  const value = label.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const style = `rounded=0;whiteSpace=wrap;${html ? "html=1;" : ""}`;
  return `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="0" y="0" width="${width}" height="90" as="geometry"/></mxCell></root></mxGraphModel>`;
}

/** The lines our SVG writes: one `<text>` per line, tspans joined. */
function ourLines(xml: string): string[] {
  const { svg } = renderSvg(parseDiagram(xml));
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    decodeEntities((m[1] ?? "").replace(/<[^>]*>/g, "")).trim(),
  );
}

describe.skipIf(findChromium() === undefined)("labels in every script beside draw.io's", () => {
  let drawio: LaunchedDrawio;
  beforeAll(async () => {
    drawio = await launchDrawio();
  }, 60_000);
  afterAll(async () => {
    await drawio?.close();
  });

  /** The lines Chromium lays draw.io's exported label out in (grapheme by grapheme, by top). */
  async function drawioLines(xml: string): Promise<string[]> {
    const svg = await drawio.renderSvg(xml);
    const page = await drawio.browser.newPage();
    try {
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      return await page.evaluate(() => {
        const lines: string[] = [];
        let current = "";
        let top: number | undefined;
        const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
        const walker = document.createTreeWalker(
          document.querySelector("foreignObject") ?? document.body,
          NodeFilter.SHOW_TEXT,
        );
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (const { segment, index } of graphemes.segment(text)) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + segment.length);
            const rect = range.getClientRects()[0];
            if (rect && top !== undefined && rect.top > top + 4) {
              lines.push(current.trim());
              current = "";
            }
            if (rect) top = rect.top;
            current += segment;
          }
        }
        lines.push(current.trim());
        return lines.filter((l) => l !== "");
      });
    } finally {
      await page.close();
    }
  }

  for (const sample of SCRIPT_SAMPLES) {
    for (const width of [80, 120]) {
      it(`${sample.name}: wraps at the same places as draw.io in a ${width} px box`, async () => {
        const xml = oneLabel(sample.long, width, true);
        const theirs = await drawioLines(xml);
        expect(theirs.length, "draw.io wraps the label").toBeGreaterThan(1);
        expect(ourLines(xml)).toEqual(theirs);
      }, 60_000);
    }
  }
});
