/**
 * The PNG path's decisions, made before resvg parses anything: the size (the 4096² cap, or the
 * zoom that fits it), what resvg's work will be (`raster-cost.ts`), and what is left out
 * because nobody could see it (text under {@link MIN_READABLE_FONT_PX} once zoomed). Over the
 * pixel cap a PNG is refused with `image_too_large` (or shrunk, for links that must show);
 * over the work limit with `render_too_expensive` (a shrinking one is shrunk further first).
 */
import { DrawioError } from "../errors.ts";
import { newRasterTally, type RasterTally, rasterCost, textRuns } from "../render/raster-tally.ts";

/**
 * The most pixels one PNG may have (4096 × 4096): a cap on memory and CPU per request. resvg
 * draws into one RGBA buffer (64 MiB at the cap) in WASM memory, which never shrinks, inside an
 * isolate's 128 MB.
 */
export const MAX_PNG_PIXELS = 4096 * 4096;

/**
 * Text drawn smaller than this (px, in the PNG) is left out of it: a grey smudge at most, and
 * text is most of resvg's work (about 30 µs a glyph, however small).
 */
export const MIN_READABLE_FONT_PX = 2;
/**
 * The most work one PNG may take, in `RASTER_UNITS`: 0.4–0.8 s of resvg on our two-core
 * machine (0.5–1 µs a unit measured, workerd a fifth slower than Node), so one PNG never holds
 * its isolate for a second. The real files we test with stay under 270,000; a 1,000-cell
 * generated diagram needs 650,000.
 */
export const RASTER_WORK_LIMIT = 800_000;
/** A shrinking PNG is halved at most this many times to fit the work limit. */
const MAX_HALVINGS = 5;

/** A picture drawn as SVG, and what the renderer counted drawing it. */
export interface DrawnPicture {
  svg: string;
  width: number;
  height: number;
  tally?: RasterTally | undefined;
  /** The scale it was drawn at: its text's font sizes are in units of the drawing (default 1). */
  scale?: number | undefined;
}

/** How the PNG is asked for. */
export interface RasterRequest {
  /** The most pixels allowed. */
  maxPixels: number;
  /** Past the limits, shrink the picture instead of refusing it (public links). */
  fit: boolean;
  /** The scale the SVG was drawn at, to say which scale would fit (default 1). */
  drawnAt?: number;
  /** The most work allowed (default {@link RASTER_WORK_LIMIT}). */
  workLimit?: number;
}

/** What to rasterise: the SVG (unreadable text left out) at `zoom` pixels per SVG pixel. */
export interface RasterPlan {
  svg: string;
  zoom: number;
  width: number;
  height: number;
  /** The estimated work, in `RASTER_UNITS`. */
  work: number;
}

const pixelsAt = (p: { width: number; height: number }, zoom: number) =>
  Math.ceil(p.width * zoom) * Math.ceil(p.height * zoom);

/**
 * Decides how a drawn picture becomes a PNG, or refuses it, without parsing it.
 *
 * @example
 * const plan = planRaster(rendered, { maxPixels: MAX_PNG_PIXELS, fit: false });
 * engine.rasterize(plan.svg, { scale: plan.zoom });
 */
export function planRaster(picture: DrawnPicture, request: RasterRequest): RasterPlan {
  const { maxPixels, fit, drawnAt = 1, workLimit = RASTER_WORK_LIMIT } = request;
  let zoom = 1;
  if (pixelsAt(picture, 1) > maxPixels) {
    zoom = fitZoom(picture, maxPixels);
    if (!fit) throw imageTooLarge(picture, maxPixels, drawnAt, zoom);
  }
  const tally = picture.tally ?? newRasterTally();
  const runs = textRuns(picture.svg);
  // A font size in the drawing's units, as pixels of the PNG.
  const drawing = picture.scale ?? 1;
  const estimate = () => rasterCost(picture, tally, runs, zoom, drawing, MIN_READABLE_FONT_PX);
  let cost = estimate();
  for (let i = 0; fit && i < MAX_HALVINGS && cost.total > workLimit; i++) {
    zoom /= 2;
    cost = estimate();
  }
  if (cost.total > workLimit) throw tooCostly(cost, workLimit);
  const smallest = runs.glyphs.at(-1)?.[0];
  const svg =
    smallest !== undefined && smallest * drawing * zoom < MIN_READABLE_FONT_PX
      ? withoutUnreadableText(picture.svg, MIN_READABLE_FONT_PX / (drawing * zoom))
      : picture.svg;
  return {
    svg,
    zoom,
    width: Math.ceil(picture.width * zoom),
    height: Math.ceil(picture.height * zoom),
    work: Math.round(cost.total),
  };
}

/**
 * The SVG without the `<text>` elements whose largest font is under `minFont` px.
 *
 * @example
 * withoutUnreadableText('<text font-size="1px">a</text><text font-size="12px">b</text>', 2);
 * // '<text font-size="12px">b</text>'
 */
export function withoutUnreadableText(svg: string, minFont: number): string {
  return svg.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (whole, head: string, body: string) => {
    let size = Number(/font-size="([\d.]+)px"/.exec(head)?.[1] ?? 12);
    for (const [, inner] of body.matchAll(/<tspan\b[^>]*font-size="([\d.]+)px"/g))
      size = Math.max(size, Number(inner));
    return size < minFont ? "" : whole;
  });
}

/**
 * The largest zoom under 1 at which a picture has at most `maxPixels` (each side at least 1 px).
 *
 * @example
 * fitZoom({ width: 8192, height: 4096 }, 4096 * 4096); // ≈ 0.707
 */
export function fitZoom(size: { width: number; height: number }, maxPixels: number): number {
  let zoom = Math.min(1, Math.sqrt(maxPixels / Math.max(1, size.width * size.height)));
  while (zoom > 0 && pixelsAt(size, zoom) > maxPixels) zoom *= 0.999;
  return zoom;
}

/**
 * The `image_too_large` error for a picture over the cap, saying which scale would fit.
 *
 * @example
 * throw imageTooLarge({ width: 5000, height: 5000 }, 4096 * 4096, 2, 0.8192); // "… scale to 1.63 or less …"
 */
export function imageTooLarge(
  size: { width: number; height: number },
  maxPixels: number,
  drawnAt: number,
  zoom: number,
): DrawioError {
  return new DrawioError(
    "image_too_large",
    `the PNG would be ${Math.ceil(size.width)} × ${Math.ceil(size.height)} px, over the ${maxPixels.toLocaleString("en-US")} pixels one image may have: lower the scale to ${Math.floor(drawnAt * zoom * 100) / 100} or less, or ask for SVG`,
  );
}

function tooCostly(
  cost: { total: number; parts: Record<string, number> },
  limit: number,
): DrawioError {
  const [most] = Object.entries(cost.parts).sort((a, b) => b[1] - a[1]);
  const n = (v: number) => Math.round(v).toLocaleString("en-US");
  return new DrawioError(
    "render_too_expensive",
    `rasterising this picture would take about ${n(cost.total)} units of work, over the limit of ${n(limit)} for one PNG; most of it for ${most?.[0]} (${n(most?.[1] ?? 0)}): lower the scale, or ask for SVG`,
  );
}
