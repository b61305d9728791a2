/**
 * Labels in every script as a reader sees them (issue #35's measure): each sample label of
 * `test/fixtures/script-labels.ts` drawn to PNG and read back by Tesseract OCR in its language,
 * three ways in one run:
 * - `before`: our PNG without the label fonts (what `format=png` answered before #35: only the
 *   bundled Arimo files, other scripts as empty boxes);
 * - `ours`: our PNG as the Worker draws it now (the fonts a page needs, other scripts as
 *   outlines);
 * - `drawio`: draw.io's own export of the same diagram, drawn by Chromium (the peer).
 * A label counts as readable when the OCR's character error rate is at most 0.2 (graphemes,
 * spaces ignored; emoji are not read by OCR, so only the emoji label's words are compared).
 * Prints the error rate per script and each side's readable count, and fails when ours reads
 * worse than draw.io's drawing on more than one script.
 *
 *   npm run bench -- scripts-ocr      (needs Chromium and tesseract-ocr with its language packs)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchDrawio } from "../test/browser/drawio.ts";
import { nodeFontLookup } from "../test/fixtures/label-fonts.ts";
import { nodePngEngine } from "../test/fixtures/png-engine.ts";
import { SCRIPT_SAMPLES } from "../test/fixtures/script-labels.ts";
import { LabelOutliner, parseDiagram, renderSvg } from "../worker/drawio/index.ts";

const OUT = process.env.DRAWFORGE_OCR_OUT ?? "/tmp/drawforge-ocr";
/** Tesseract's language per sample. */
const LANGS: Record<string, string> = {
  "zh-Hans": "chi_sim",
  "zh-Hant": "chi_tra",
  ja: "jpn",
  ko: "kor",
  ar: "ara",
  he: "heb",
  hi: "hin",
  th: "tha",
  vi: "vie",
  ru: "rus",
  el: "ell",
  emoji: "eng",
};
const READABLE = 0.2;

try {
  execFileSync("tesseract", ["--version"], { stdio: "ignore" });
} catch {
  console.error(
    "tesseract is not installed: apt-get install tesseract-ocr tesseract-ocr-chi-sim …",
  );
  process.exit(2);
}
mkdirSync(OUT, { recursive: true });

/** One label, large enough to read, alone in a wide box (no wrapping to confuse the OCR). */
function diagram(label: string): string {
  const value = label.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="${value}" style="text;html=1;fontSize=24;align=center;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="900" height="60" as="geometry"/></mxCell></root></mxGraphModel>`;
}

/** What Tesseract reads in a PNG, in a language. */
function ocr(png: Uint8Array, lang: string, file: string): string {
  writeFileSync(file, png);
  return execFileSync("tesseract", [file, "stdout", "-l", lang, "--psm", "7"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
}

/** Character error rate over graphemes, spaces and emoji left out. */
function errorRate(expected: string, read: string): number {
  const chars = (text: string) =>
    [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text.normalize("NFC"))]
      .map((s) => s.segment)
      .filter((g) => !/\s|\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(g));
  const a = chars(expected);
  const b = chars(read);
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return a.length === 0 ? 0 : Math.min(1, (row[b.length] ?? 0) / a.length);
}

const png = await nodePngEngine();
const drawio = await launchDrawio();
const page = await drawio.browser.newPage({ deviceScaleFactor: 1 });
const rows: { id: string; before: number; ours: number; drawio: number }[] = [];
try {
  for (const sample of SCRIPT_SAMPLES) {
    const lang = LANGS[sample.id] ?? "eng";
    const xml = diagram(sample.short);
    const doc = parseDiagram(xml);
    const before = png.rasterize(renderSvg(doc).svg, { background: "#ffffff", scale: 2 }).png;
    const outliner = new LabelOutliner(nodeFontLookup);
    const ours = png.rasterize(renderSvg(doc, { outliner }).svg, {
      background: "#ffffff",
      scale: 2,
    }).png;
    const theirsSvg = await drawio.renderSvg(xml);
    await page.setViewportSize({ width: 1000, height: 100 });
    await page.setContent(
      `<html><body style="margin:0;background:#fff;zoom:2">${theirsSvg}</body></html>`,
    );
    const theirs = await page.locator("svg").first().screenshot({ type: "png" });
    const row = {
      id: sample.id,
      before: errorRate(sample.short, ocr(before, lang, join(OUT, `${sample.id}-before.png`))),
      ours: errorRate(sample.short, ocr(ours, lang, join(OUT, `${sample.id}-ours.png`))),
      drawio: errorRate(sample.short, ocr(theirs, lang, join(OUT, `${sample.id}-drawio.png`))),
    };
    rows.push(row);
    console.log(
      `${sample.id.padEnd(8)} error rate: before ${row.before.toFixed(2)}, ours ${row.ours.toFixed(2)}, draw.io ${row.drawio.toFixed(2)}`,
    );
  }
} finally {
  await page.close();
  await drawio.close();
}
const readable = (key: "before" | "ours" | "drawio") =>
  rows.filter((r) => r[key] <= READABLE).length;
console.log(`pictures: ${OUT}`);
console.log(
  JSON.stringify({
    suite: "scripts-ocr",
    samples: rows.length,
    readable_before: readable("before"),
    readable_ours: readable("ours"),
    readable_drawio: readable("drawio"),
  }),
);
const worse = rows.filter((r) => r.ours > READABLE && r.drawio <= READABLE);
if (worse.length > 1) {
  console.error(`ours reads worse than draw.io on ${worse.map((r) => r.id).join(", ")}`);
  process.exitCode = 1;
}
