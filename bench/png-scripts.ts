/**
 * PNGs of labels in other scripts (issue #35), in Node with the fonts read from node_modules as
 * the Worker reads them from its static assets:
 * - `png_cjk_cold_ms`: a 200-node Chinese diagram (with its edges) drawn to SVG with the label
 *   outliner and rasterised at scale 1, the fonts parsed first (a fresh process: no font loaded);
 * - `png_cjk_ms`: the same with the fonts loaded, median of 5 (issue goal ≤ 400);
 * - `png_cjk_fonts` and `png_cjk_font_mb`: the files that page needed, their WOFF size, and the
 *   heap and external memory those parsed fonts hold after drawing (`--expose-gc` for a clean
 *   figure);
 * - `png_1000_ms` and `png_1000_outliner_ms`: the Latin 1,000-cell diagram of `bench/render.ts`
 *   without and with the outliner in the render (it must add nothing: no line is outlined).
 *
 *   node --expose-gc bench/png-scripts.ts
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { nodeFontLookup } from "../test/fixtures/label-fonts.ts";
import { nodePngEngine } from "../test/fixtures/png-engine.ts";
import { chineseDiagram } from "../test/fixtures/script-labels.ts";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";
import { type FontFile, LabelOutliner, parseDiagram, renderSvg } from "../worker/drawio/index.ts";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const gc = () => {
  for (let i = 0; i < 4; i++) collect();
};
const engine = await nodePngEngine();
const doc = parseDiagram(chineseDiagram(200));
// The engine and the Arimo files warmed on a Latin page first, out of the figures.
engine.rasterize(renderSvg(parseDiagram(syntheticDiagram({ cells: 50 }))).svg);

// Cold: which files, parsed from disk (the Worker fetches them from ASSETS instead), drawn.
gc();
const before = process.memoryUsage();
let started = performance.now();
// The bundled Arimo files are at hand; the others are what the page asks for.
const bundled = /^fonts\/arimo\/arimo-(latin|latin-ext|greek|cyrillic)-/;
const probe = new LabelOutliner((file) =>
  bundled.test(file.path) ? nodeFontLookup(file) : undefined,
);
renderSvg(doc, { outliner: probe });
const files: FontFile[] = [...probe.wanted.values()];
for (const file of files) nodeFontLookup(file);
const cold = new LabelOutliner(nodeFontLookup);
engine.rasterize(renderSvg(doc, { outliner: cold }).svg, { background: "#ffffff" });
const coldMs = performance.now() - started;
gc();
const after = process.memoryUsage();

const warm: number[] = [];
for (let i = 0; i < 5; i++) {
  started = performance.now();
  const outliner = new LabelOutliner(nodeFontLookup);
  engine.rasterize(renderSvg(doc, { outliner }).svg, { background: "#ffffff" });
  warm.push(performance.now() - started);
}

const modules = fileURLToPath(new URL("../node_modules/", import.meta.url));
const woffBytes = files.reduce(
  (sum, file) =>
    sum +
    readFileSync(file.path.replace(/^fonts\/([^/]+)\//, `${modules}@fontsource/$1/files/`))
      .byteLength,
  0,
);

const latin = parseDiagram(syntheticDiagram({ cells: 1_000 }));
const times = (outliner: boolean) => {
  const out: number[] = [];
  for (let i = 0; i < 10; i++) {
    started = performance.now();
    const svg = renderSvg(latin, outliner ? { outliner: new LabelOutliner(nodeFontLookup) } : {});
    // 6,961 × 3,002 px: over the API's cap, lifted here as bench/render.ts lifts it.
    engine.rasterize(svg.svg, { background: "#ffffff", maxPixels: Number.POSITIVE_INFINITY });
    out.push(performance.now() - started);
  }
  return median(out);
};
const plain = times(false);
const outlined = times(true);

const mb = (n: number) => Number((n / 1048576).toFixed(1));
console.log(
  JSON.stringify({
    png_cjk_cold_ms: Math.round(coldMs),
    png_cjk_ms: Math.round(median(warm)),
    png_cjk_missing: cold.missing,
    png_cjk_fonts: files.length,
    png_cjk_font_woff_kb: Math.round(woffBytes / 1024),
    png_cjk_font_mb: mb(after.heapUsed - before.heapUsed + after.external - before.external),
    png_1000_ms: Math.round(plain),
    png_1000_outliner_ms: Math.round(outlined),
  }),
);
