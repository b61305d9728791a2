/**
 * Our SVG (and our PNG) beside draw.io's own export, as pixels: used by `bench/render.ts` and
 * `test/browser/render.test.ts`.
 */
import pixelmatch from "pixelmatch";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import type { LaunchedDrawio } from "./drawio.ts";

/** One picture drawn twice and compared. */
export interface Compared {
  name: string;
  /** Differing pixels over all pixels of the frame (the measure). */
  mismatch: number;
  /**
   * Differing pixels over the pixels either picture draws on (not near-white): a stricter
   * measure, which a large white page cannot dilute.
   */
  inkMismatch: number;
  ours: Buffer;
  theirs: Buffer;
  diff: Buffer;
}

/**
 * Rasterises an SVG in Chromium on white in a `width` × `height` frame, through a CSS `filter`
 * (frame and all) when one is given.
 */
export async function rasterise(
  page: Page,
  svg: string,
  width: number,
  height: number,
  filter = "none",
): Promise<Buffer> {
  await page.setViewportSize({ width: Math.max(1, width), height: Math.max(1, height) });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  await page.setContent(
    `<html><body style="margin:0;background:#fff"><div style="width:${width}px;height:${height}px;background:#fff;filter:${filter}"><img id="i" src="${src}" style="display:block"></div></body></html>`,
  );
  await page.waitForFunction(() => (document.getElementById("i") as HTMLImageElement).complete);
  return page.screenshot({ clip: { x: 0, y: 0, width, height } });
}

/** An SVG's own size in whole pixels. */
export function sizeOf(svg: string): { width: number; height: number } {
  const w = /<svg[^>]*\swidth="([\d.]+)/.exec(svg)?.[1];
  const h = /<svg[^>]*\sheight="([\d.]+)/.exec(svg)?.[1];
  return { width: Math.ceil(Number(w) || 1), height: Math.ceil(Number(h) || 1) };
}

/**
 * Rasterises draw.io's SVG and ours in Chromium in one frame (the larger of the two) and
 * counts the pixels that differ (pixelmatch, threshold 0.1, anti-aliasing ignored).
 */
export async function compare(
  page: Page,
  name: string,
  ours: string,
  theirs: string,
): Promise<Compared> {
  const a = sizeOf(theirs);
  const b = sizeOf(ours);
  const width = Math.min(4000, Math.max(a.width, b.width));
  const height = Math.min(4000, Math.max(a.height, b.height));
  const theirsPng = await rasterise(page, theirs, width, height);
  const oursPng = await rasterise(page, ours, width, height);
  return compareRasters(name, theirsPng, oursPng, width, height);
}

/**
 * draw.io's SVG rasterised by Chromium beside a PNG of ours (resvg in the Worker), put on a
 * white frame of the larger size.
 */
export async function comparePng(
  page: Page,
  name: string,
  ours: Uint8Array,
  theirs: string,
): Promise<Compared> {
  const a = sizeOf(theirs);
  const png = PNG.sync.read(Buffer.from(ours));
  const width = Math.min(4000, Math.max(a.width, png.width));
  const height = Math.min(4000, Math.max(a.height, png.height));
  const frame = new PNG({ width, height });
  frame.data.fill(255);
  PNG.bitblt(png, frame, 0, 0, Math.min(width, png.width), Math.min(height, png.height), 0, 0);
  const theirsPng = await rasterise(page, theirs, width, height);
  return compareRasters(name, theirsPng, PNG.sync.write(frame), width, height);
}

/** Two rasters of one frame compared: the share of differing pixels, and the difference. */
export function compareRasters(
  name: string,
  theirsPng: Buffer,
  oursPng: Buffer,
  width: number,
  height: number,
): Compared {
  const x = PNG.sync.read(theirsPng);
  const y = PNG.sync.read(oursPng);
  const diff = new PNG({ width, height });
  const differing = pixelmatch(x.data, y.data, diff.data, width, height, { threshold: 0.1 });
  let ink = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    const light = (d: Buffer) => Math.min(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0) >= 245;
    if (!light(x.data) || !light(y.data)) ink++;
  }
  return {
    name,
    mismatch: differing / (width * height),
    inkMismatch: ink === 0 ? 0 : differing / ink,
    ours: oursPng,
    theirs: theirsPng,
    diff: PNG.sync.write(diff),
  };
}

/** Saves draw.io | ours above the difference, for a person to look at. */
export async function sideBySide(page: Page, c: Compared, file: string): Promise<void> {
  const img = (buf: Buffer) => `<img src="data:image/png;base64,${buf.toString("base64")}">`;
  await page.setViewportSize({ width: 1600, height: 1200 });
  await page.setContent(
    `<html><body style="margin:8px;font:13px sans-serif;background:#eee"><div>${c.name}: ${(c.mismatch * 100).toFixed(2)} % of pixels differ, ${(c.inkMismatch * 100).toFixed(1)} % of drawn pixels (left draw.io, right ours)</div><div style="display:flex;gap:8px;align-items:flex-start">${img(c.theirs)}${img(c.ours)}</div>${img(c.diff)}</body></html>`,
  );
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * Renders `xml` in draw.io, compares it with `ours` in a tab of its own and saves the
 * side-by-side picture to `file`.
 *
 * @example
 * (await compareWithDrawio(drawio, "sequence", renderSvg(doc).svg, xml, "/tmp/s.png")).mismatch;
 */
export async function compareWithDrawio(
  drawio: LaunchedDrawio,
  name: string,
  ours: string,
  xml: string,
  file: string,
): Promise<Compared> {
  const page = await drawio.browser.newPage();
  try {
    const c = await compare(page, name, ours, await drawio.renderSvg(xml));
    await sideBySide(page, c, file);
    return c;
  } finally {
    await page.close();
  }
}
