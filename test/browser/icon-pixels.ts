/**
 * Pixels of a draw.io SVG export: the SVG is shown alone in a Chromium page, screenshot as a
 * PNG (saved for a person to look at), and the PNG is read back in the page to measure how
 * much of each given box is drawn, and how much of it in colour.
 *
 * @example
 * const { shares } = await measureBoxes(drawio.browser, svg, boxes, "/tmp/icons-shots/icons.png");
 * expect(shares.find((s) => s.id === "gw")?.colour).toBeGreaterThan(0.3);
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";

/** A box in the SVG's own coordinates (draw.io's export puts the drawing's corner at 0,0). */
export interface PixelBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is drawn inside one box, as shares of its pixels (0 to 1). */
export interface BoxShare {
  id: string;
  /** Pixels clearly darker than the white page (any colour, black and grey too). */
  ink: number;
  /** Pixels with a clear hue: their channels differ by more than {@link CHROMA}. */
  colour: number;
}

/** A pixel counts as ink when a channel is this far below white (of 255). */
export const INK = 40;
/** A pixel counts as colour when its largest and smallest channels differ by more than this. */
export const CHROMA = 50;

/** Plain ES2020, run in the page: decodes the PNG with a canvas and counts per box. */
const MEASURE = `async ([png, boxes, ink, chroma]) => {
  const img = new Image();
  img.src = "data:image/png;base64," + png;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  return boxes.map((b) => {
    const x = Math.max(0, Math.round(b.x)), y = Math.max(0, Math.round(b.y));
    const w = Math.max(1, Math.min(canvas.width - x, Math.round(b.width)));
    const h = Math.max(1, Math.min(canvas.height - y, Math.round(b.height)));
    const data = ctx.getImageData(x, y, w, h).data;
    let inked = 0, coloured = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i], g = data[i + 1], bl = data[i + 2];
      if (255 - Math.min(r, g, bl) > ink) inked++;
      if (Math.max(r, g, bl) - Math.min(r, g, bl) > chroma) coloured++;
    }
    const n = w * h;
    return { id: b.id, ink: inked / n, colour: coloured / n };
  });
}`;

/**
 * Screenshots `svg` on a white page (1 CSS pixel per SVG unit), writes the PNG to `pngPath`
 * when given, and measures each box, shrunk by `inset` pixels on every side so that outlines
 * and anti-aliasing of neighbours do not count.
 *
 * @example
 * await measureBoxes(browser, svg, [{ id: "a", x: 40, y: 40, width: 60, height: 60 }]);
 */
export async function measureBoxes(
  browser: Browser,
  svg: string,
  boxes: readonly PixelBox[],
  pngPath?: string,
  inset = 2,
): Promise<{ png: Buffer; shares: BoxShare[] }> {
  const size = /<svg[^>]*\bwidth="(\d+(?:\.\d+)?)px"[^>]*\bheight="(\d+(?:\.\d+)?)px"/.exec(svg);
  const width = Math.ceil(Number(size?.[1] ?? 800));
  const height = Math.ceil(Number(size?.[2] ?? 600));
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    // draw.io's export embeds its images as data URIs: nothing may load from anywhere.
    await page.route("**/*", (route) => route.abort());
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#ffffff">${svg}</body></html>`,
    );
    const png = await page.locator("svg").first().screenshot({ type: "png" });
    if (pngPath !== undefined) {
      await mkdir(path.dirname(pngPath), { recursive: true });
      await writeFile(pngPath, png);
    }
    const shrunk = boxes.map((b) => ({
      id: b.id,
      x: b.x + inset,
      y: b.y + inset,
      width: b.width - 2 * inset,
      height: b.height - 2 * inset,
    }));
    const shares = (await page.evaluate(
      `(${MEASURE})(${JSON.stringify([png.toString("base64"), shrunk, INK, CHROMA])})`,
    )) as BoxShare[];
    return { png, shares };
  } finally {
    await context.close();
  }
}
