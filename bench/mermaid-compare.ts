/**
 * Side by side with Mermaid itself: each corpus snippet drawn by the `mermaid` package in
 * Chromium and converted by us, then drawn by the real draw.io (offline, same Chromium) and by
 * our own renderer (what exports, `/v1/render` and publications give). Per
 * snippet it measures which of the texts Mermaid draws our drawing lacks, and how far the two
 * pictures' proportions differ; per type it prints converted/total and those figures; it writes
 * the pictures (Mermaid, draw.io, ours) of the ten worst snippets, or of the files named, to
 * `--out` (default `/tmp/mermaid-compare`) for a person to look at.
 *
 *   npm run bench -- mermaid-compare                       every type's corpus
 *   npm run bench -- mermaid-compare er gantt              some types
 *   npm run bench -- mermaid-compare path/to/a.mmd --all   these files, every pair written
 */

import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { PNG } from "pngjs";
import { shapeCatalog } from "../shape-libraries/catalog.ts";
import { findChromium, labelsInSvg, launchDrawio } from "../test/browser/drawio.ts";
import { measureBoxes } from "../test/browser/icon-pixels.ts";
import { loadAllStencilAssets } from "../test/fixtures/stencil-assets.ts";
import { convertMermaid } from "../worker/drawio/mermaid/index.ts";
import { serializeDiagram } from "../worker/drawio/model/serialize.ts";
import { renderSvg } from "../worker/drawio/render/index.ts";

const CORPUS = new URL("../test/fixtures/mermaid/", import.meta.url);
/** Every stencil our renderer may need, as the Worker serves them. */
const assets = loadAllStencilAssets();
const MERMAID_JS = new URL("../node_modules/mermaid/dist/mermaid.min.js", import.meta.url);

const args = process.argv.slice(2).filter((a) => a !== "mermaid-compare");
const outIndex = args.indexOf("--out");
const out = outIndex >= 0 ? (args[outIndex + 1] ?? "") : "/tmp/mermaid-compare";
const writeAll = args.includes("--all");
const named = args.filter((a, i) => !a.startsWith("--") && (outIndex < 0 || i !== outIndex + 1));

/** One snippet to compare: its type folder, name and text. */
interface Snippet {
  type: string;
  name: string;
  text: string;
}

/** What the comparison found for one snippet. */
interface Compared {
  snippet: Snippet;
  converted: boolean;
  error?: string;
  /** Texts Mermaid draws that no label of ours shows. */
  missing: string[];
  /** |log(aspect ratio ours / Mermaid's)|: 0 when the pictures have the same proportions. */
  shape: number;
  mermaidPng?: Buffer;
  drawioPng?: Buffer;
  /** Our own renderer's picture of the converted diagram (what exports and /v1/render give). */
  oursPng?: Buffer;
  /** Shapes our renderer drew as plain boxes, not knowing them. */
  unknownShapes?: string[];
}

function snippets(): Snippet[] {
  const typeFolders = readdirSync(CORPUS).filter(
    (f) => !f.endsWith("-bad") && statSync(new URL(f, CORPUS)).isDirectory(),
  );
  const files = named.filter((n) => n.endsWith(".mmd"));
  if (files.length > 0) {
    return files.map((file) => ({
      type: path.basename(path.dirname(file)),
      name: path.basename(file, ".mmd"),
      text: readFileSync(file, "utf8"),
    }));
  }
  const types = named.length > 0 ? named : typeFolders;
  return types.flatMap((type) =>
    readdirSync(new URL(`${type}/`, CORPUS))
      .filter((f) => f.endsWith(".mmd"))
      .sort()
      .map((f) => ({
        type,
        name: f.replace(/\.mmd$/, ""),
        text: readFileSync(new URL(`${type}/${f}`, CORPUS), "utf8"),
      })),
  );
}

/** Mermaid's own SVG of `text` and the texts it draws, from a page with mermaid.min.js. */
async function mermaidSvg(
  browser: Browser,
  snippetText: string,
): Promise<{ svg: string; texts: string[] } | undefined> {
  // Mermaid reads front matter only at the very start: the corpus' `%% expect` line goes.
  const text = snippetText.replace(/^(\s*%%[^\n]*\n)+(?=---)/, "");
  const context = await browser.newContext({ viewport: { width: 1600, height: 1200 } });
  try {
    const page = await context.newPage();
    await page.route("**/*", (route) => route.abort());
    await page.setContent(
      "<!doctype html><html><body style='margin:0;background:#fff'></body></html>",
    );
    await page.addScriptTag({ content: readFileSync(MERMAID_JS, "utf8") });
    const result = (await page.evaluate(async (source: string) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global from mermaid.min.js
      const mermaid = (globalThis as any).mermaid;
      mermaid.initialize({ startOnLoad: false, securityLevel: "loose" });
      try {
        const { svg } = await mermaid.render("m", source);
        document.body.innerHTML = svg;
        const root = document.body.querySelector("svg");
        const texts = [...(root?.querySelectorAll("text, foreignObject") ?? [])]
          .map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim())
          .filter((t) => t !== "");
        return { svg: document.body.innerHTML, texts };
      } catch {
        return undefined;
      }
    }, text)) as { svg: string; texts: string[] } | undefined;
    return result;
  } finally {
    await context.close();
  }
}

/** A PNG of Mermaid's SVG at its natural size. */
async function pngOfSvg(browser: Browser, svg: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1200 } });
  try {
    const page = await context.newPage();
    await page.route("**/*", (route) => route.abort());
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#fff;display:inline-block">${svg}</body></html>`,
    );
    return await page.locator("svg").first().screenshot({ type: "png" });
  } finally {
    await context.close();
  }
}

function aspect(png: Buffer): number {
  const { width, height } = PNG.sync.read(png);
  return width / Math.max(1, height);
}

/** PNGs side by side at their own sizes on white, a grey line between each two. */
function sideBySide(panels: readonly Buffer[]): Buffer {
  const images = panels.map((p) => PNG.sync.read(p));
  const gap = 24;
  const width = images.reduce((w, im) => w + im.width, 0) + gap * (images.length - 1);
  const height = Math.max(...images.map((im) => im.height));
  const joined = new PNG({ width, height });
  joined.data.fill(255);
  let x = 0;
  for (const [i, image] of images.entries()) {
    PNG.bitblt(image, joined, 0, 0, image.width, image.height, x, 0);
    x += image.width + gap;
    if (i === images.length - 1) break;
    for (let y = 0; y < height; y++) {
      const at = (y * width + x - gap / 2) * 4;
      joined.data.fill(200, at, at + 3);
    }
  }
  return PNG.sync.write(joined);
}

/** Text as compared: without whitespace (Mermaid's lines join without a space), lower case. */
const squash = (t: string) => t.replace(/\s+/g, "").toLowerCase();

async function compare(
  drawio: Awaited<ReturnType<typeof launchDrawio>>,
  snippet: Snippet,
): Promise<Compared> {
  const theirs = await mermaidSvg(drawio.browser, snippet.text);
  let xml: string;
  let rendered: ReturnType<typeof renderSvg>;
  try {
    const { document } = await convertMermaid(snippet.text, { shapes: shapeCatalog() });
    xml = serializeDiagram(document);
    rendered = renderSvg(document, { assets });
  } catch (error) {
    return { snippet, converted: false, error: String(error), missing: [], shape: 0 };
  }
  const svg = await drawio.renderSvg(xml);
  const { png: drawioPng } = await measureBoxes(drawio.browser, svg, []);
  const { png: oursPng } = await measureBoxes(drawio.browser, rendered.svg, []);
  const unknownShapes = rendered.unknownShapes;
  if (theirs === undefined) {
    return {
      snippet,
      converted: true,
      error: "mermaid did not render it",
      missing: [],
      shape: 0,
      drawioPng,
      oursPng,
      unknownShapes,
    };
  }
  const ours = squash(labelsInSvg(svg).join(" "));
  const missing = [...new Set(theirs.texts)].filter((t) => !ours.includes(squash(t)));
  const mermaidPng = await pngOfSvg(drawio.browser, theirs.svg);
  const shape = Math.abs(Math.log(aspect(drawioPng) / aspect(mermaidPng)));
  return {
    snippet,
    converted: true,
    missing,
    shape,
    mermaidPng,
    drawioPng,
    oursPng,
    unknownShapes,
  };
}

if (findChromium() === undefined) {
  console.log("no Chromium: install Debian's chromium or set CHROMIUM_PATH");
  process.exit(1);
}
const drawio = await launchDrawio();
const results: Compared[] = [];
try {
  for (const snippet of snippets()) results.push(await compare(drawio, snippet));
} finally {
  await drawio.close();
}

const byType = new Map<string, Compared[]>();
for (const r of results) byType.set(r.snippet.type, [...(byType.get(r.snippet.type) ?? []), r]);
console.log("type           converted  texts missing  median shape  worst snippet");
for (const [type, list] of byType) {
  const done = list.filter((r) => r.converted);
  const missing = done.reduce((n, r) => n + r.missing.length, 0);
  const shapes = done.map((r) => r.shape).sort((a, b) => a - b);
  const median = shapes[Math.floor(shapes.length / 2)] ?? 0;
  const worst = [...done].sort((a, b) => score(b) - score(a))[0];
  console.log(
    `${type.padEnd(14)} ${`${done.length}/${list.length}`.padStart(9)}  ${String(missing).padStart(13)}  ${median.toFixed(2).padStart(12)}  ${worst?.snippet.name ?? ""}`,
  );
}
const unknown = new Set(results.flatMap((r) => r.unknownShapes ?? []));
if (unknown.size > 0)
  console.log(`  our renderer drew as boxes: ${[...unknown].sort().join(", ")}`);
for (const r of results.filter((r) => r.error))
  console.log(`  ${r.snippet.type}/${r.snippet.name}: ${r.error}`);
for (const r of results.filter((r) => r.missing.length > 0)) {
  console.log(
    `  ${r.snippet.type}/${r.snippet.name} lacks: ${r.missing
      .slice(0, 6)
      .map((t) => JSON.stringify(t))
      .join(", ")}`,
  );
}

/** How bad a pair looks: texts missing first, then proportions. */
function score(r: Compared): number {
  return r.missing.length * 10 + r.shape;
}

const chosen = writeAll ? results : [...results].sort((a, b) => score(b) - score(a)).slice(0, 10);
await mkdir(out, { recursive: true });
for (const r of chosen) {
  if (!r.drawioPng) continue;
  const file = path.join(out, `${r.snippet.type}-${r.snippet.name}.png`);
  const panels = [r.mermaidPng, r.drawioPng, r.oursPng].filter((p) => p !== undefined);
  await writeFile(file, sideBySide(panels));
}
console.log(
  `wrote ${chosen.length} pictures (Mermaid left, the real draw.io in the middle, our renderer right) to ${out}`,
);
console.log(
  JSON.stringify({
    mermaid_compare_snippets: results.length,
    mermaid_compare_converted: results.filter((r) => r.converted).length,
    mermaid_compare_missing_texts: results.reduce((n, r) => n + r.missing.length, 0),
  }),
);
