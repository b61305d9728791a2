/**
 * Labels in every script beside the real draw.io (issue #35), for Chinese, Japanese, Korean,
 * Arabic, Hebrew, Hindi, Thai, Vietnamese, Russian, Greek and emoji:
 * - a wrapped label breaks into the same lines in our SVG as in draw.io's own export laid out
 *   by Chromium;
 * - our PNG (the label fonts loaded as the Worker loads them, other scripts drawn as outlines)
 *   and our SVG in Chromium, each compared pixel by pixel with draw.io's export; the side-by-side
 *   pictures go to /tmp/drawforge-scripts-test/ for a person to look at.
 * Skips without Chromium.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LabelOutliner } from "../../worker/drawio/index.ts";
import { layoutGraph } from "../../worker/drawio/layout/index.ts";
import { convertMermaid } from "../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import type { PngEngine } from "../../worker/drawio/raster/png.ts";
import { renderSvg } from "../../worker/drawio/render/index.ts";
import { nodeFontLookup } from "../fixtures/label-fonts.ts";
import { nodePngEngine } from "../fixtures/png-engine.ts";
import { checkoutIn, everyScript, SCRIPT_SAMPLES } from "../fixtures/script-labels.ts";
import { decodeEntities, findChromium, type LaunchedDrawio, launchDrawio } from "./drawio.ts";
import { compare, comparePng, sideBySide } from "./render-compare.ts";

const OUT = "/tmp/drawforge-scripts-test";

/**
 * The most width a rectangle wider than the smallest may have beyond its text: the layout's
 * padding is 16 px a side; Mermaid's boxes have their own.
 */
const SPARE = 60;

/** Mermaid diagrams labelled in other scripts, converted by us and drawn by draw.io. */
const MERMAID = {
  "flowchart in Chinese and Japanese": `flowchart TD
  A[用户登录] --> B{验证通过？}
  B -->|是| C[进入控制台并加载用户的全部项目]
  B -->|否| D[注文を確認してください]
  C --> E[(订单数据库)]`,
  "sequence in Arabic and Korean": `sequenceDiagram
  participant U as المستخدم
  participant S as 결제 서비스
  U->>S: طلب الدفع
  S-->>U: 승인되었습니다`,
  "mind map in Thai and Hindi": `mindmap
  root((ระบบชำระเงิน))
    ผู้ใช้เข้าสู่ระบบ
    भुगतान सेवा
      डेटाबेस सर्वर`,
};

/** The vertices of a diagram with a label: its text (as drawn), its size, and whether it is a box. */
function labelledBoxes(
  xml: string,
): { text: string; width: number; height: number; rectangle: boolean }[] {
  const out: { text: string; width: number; height: number; rectangle: boolean }[] = [];
  for (const m of xml.matchAll(/<mxCell\b([^>]*)>\s*<mxGeometry\b([^>]*)>/g)) {
    const head = m[1] ?? "";
    const value = /\bvalue="([^"]+)"/.exec(head)?.[1];
    if (!value || !/\bvertex="1"/.test(head)) continue;
    const style = /\bstyle="([^"]*)"/.exec(head)?.[1] ?? "";
    const width = Number(/\bwidth="([\d.]+)"/.exec(m[2] ?? "")?.[1] ?? 0);
    const height = Number(/\bheight="([\d.]+)"/.exec(m[2] ?? "")?.[1] ?? 0);
    const text = decodeEntities(decodeEntities(value).replace(/<[^>]*>/g, "")).trim();
    const rectangle = !/rhombus|ellipse|shape=/.test(style);
    if (text !== "" && width > 0) out.push({ text, width, height, rectangle });
  }
  return out;
}

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
  let png: PngEngine;
  beforeAll(async () => {
    drawio = await launchDrawio();
    png = await nodePngEngine();
    mkdirSync(OUT, { recursive: true });
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

  for (const sample of SCRIPT_SAMPLES) {
    it(`${sample.name}: our PNG and our SVG look like draw.io's drawing`, async () => {
      const xml = oneLabel(sample.long, 120, true).replace(
        'style="rounded=0;',
        'style="rounded=1;fillColor=#dae8fc;strokeColor=#6c8ebf;',
      );
      const theirs = await drawio.renderSvg(xml);
      const doc = parseDiagram(xml);
      const outliner = new LabelOutliner(nodeFontLookup);
      const ours = png.rasterize(renderSvg(doc, { outliner }).svg, { background: "#ffffff" });
      expect(outliner.missing, "characters no font drew").toBe(0);
      const page = await drawio.browser.newPage();
      try {
        const byPng = await comparePng(page, `${sample.id} PNG`, ours.png, theirs);
        await sideBySide(page, byPng, `${OUT}/${sample.id}-png.png`);
        const bySvg = await compare(page, `${sample.id} SVG`, renderSvg(doc).svg, theirs);
        await sideBySide(page, bySvg, `${OUT}/${sample.id}-svg.png`);
        // Glyphs are drawn by another rasteriser (resvg's outlines, Chromium's hinted text) and
        // Han by Noto Sans SC where Chromium's fallback picks the CJK JP face: close, not equal.
        expect(byPng.inkMismatch, "PNG, drawn pixels").toBeLessThan(0.1);
        expect(bySvg.inkMismatch, "SVG, drawn pixels").toBeLessThan(0.1);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  /** Each label's text as Chromium lays out draw.io's export: its width and height, by text. */
  async function drawnLabelSizes(
    xml: string,
  ): Promise<Map<string, { width: number; height: number }>> {
    const svg = await drawio.renderSvg(xml);
    const page = await drawio.browser.newPage();
    try {
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      const sizes = await page.evaluate(() =>
        [...document.querySelectorAll("foreignObject div")]
          .filter((div) => div.querySelector("div") === null)
          .map((div) => {
            const range = document.createRange();
            range.selectNodeContents(div);
            const r = range.getBoundingClientRect();
            return [
              (div.textContent ?? "").replace(/\s+/g, " ").trim(),
              r.width,
              r.height,
            ] as const;
          }),
      );
      return new Map(sizes.map(([text, width, height]) => [text, { width, height }]));
    } finally {
      await page.close();
    }
  }

  const pages: [string, () => Promise<string>][] = [
    ["checkout in Chinese", async () => (await layoutGraph(checkoutIn("zh-Hans"))).xml],
    ["checkout in Arabic", async () => (await layoutGraph(checkoutIn("ar"))).xml],
    ["a long label in every script", async () => (await layoutGraph(everyScript())).xml],
    ...Object.entries(MERMAID).map(
      ([name, text]) =>
        [name, async () => serializeDiagram((await convertMermaid(text)).document)] as [
          string,
          () => Promise<string>,
        ],
    ),
  ];
  for (const [name, make] of pages) {
    it(`${name}: every label fits its box as draw.io draws it, without much room to spare`, async () => {
      const xml = await make();
      const drawn = await drawnLabelSizes(xml);
      const boxes = labelledBoxes(xml);
      let compared = 0;
      for (const box of boxes) {
        const size = drawn.get(box.text.replace(/\s+/g, " "));
        if (!size) continue; // a table row or a label draw.io writes in pieces
        compared++;
        expect(size.width, `${box.text}: text width in a ${box.width} px box`).toBeLessThanOrEqual(
          box.width - 2,
        );
        expect(
          size.height,
          `${box.text}: text height in a ${box.height} px box`,
        ).toBeLessThanOrEqual(box.height);
        // Sized to the text: past the smallest box (120 px), a box keeps little room over.
        if (box.rectangle && box.width > 130)
          expect(box.width - size.width, `${box.text}: room to spare`).toBeLessThanOrEqual(SPARE);
      }
      expect(compared, "labels compared").toBeGreaterThanOrEqual(2);
    }, 60_000);
  }
});
