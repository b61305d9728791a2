/**
 * What a drawing will cost resvg to rasterise, in units of about a microsecond of resvg's work
 * on our 2-core machine (measured: a visible glyph ~30, and a line of n characters n² × 0.004
 * more, since resvg lays out a long line in quadratic time; an element ~17; a layer of its own
 * ~100 plus its area twice; a painted pixel ~0.013; a pixel of the picture ~0.012; a dash ~3.5;
 * an image ~300 plus ~0.02 a pixel). The renderer tallies what needs geometry as it draws
 * ({@link RasterTally}); the rest is read from the SVG text itself ({@link textRuns}).
 */

import type { Point, Rect } from "../model/cell.ts";
import type { CellStyle } from "./cell-style.ts";
import { dashesOf } from "./dashes.ts";

/** What the renderer counts while drawing, in the SVG's own pixels (its scale applied). */
export interface RasterTally {
  /** Area filled or stroked, shadows included. */
  area: number;
  /** Area of elements drawn through a layer of their own (draw.io's shadows: group opacity). */
  layerArea: number;
  /** Dashes of dashed lines and outlines. */
  dashes: number;
  /** Images drawn (each decoded where it is shown). */
  images: number;
  /**
   * Pixels decoded: a raster image's own, an SVG image's on screen (the rasteriser draws each
   * SVG image once as a PNG of that size, `svg-image-flatten.ts`).
   */
  imagePixels: number;
  /** Elements inside SVG images, each distinct image counted once. */
  imageElements: number;
}

/** A tally with nothing counted yet. */
export function newRasterTally(): RasterTally {
  return { area: 0, layerArea: 0, dashes: 0, images: 0, imagePixels: 0, imageElements: 0 };
}

/**
 * Counts a vertex drawn in `rect` (drawing units) at `scale`: its box painted (twice with a
 * shadow, which is also a layer), and the dashes of a dashed outline.
 *
 * @example
 * tallyVertex(tally, { x: 0, y: 0, width: 120, height: 60 }, style, 1);
 */
export function tallyVertex(tally: RasterTally, rect: Rect, style: CellStyle, scale: number): void {
  const area = Math.abs(rect.width * rect.height) * scale * scale;
  const shadow = style.flag("shadow");
  tally.area += shadow ? 2 * area : area;
  if (shadow) tally.layerArea += area;
  const period = dashPeriod(style);
  if (period) tally.dashes += (2 * (Math.abs(rect.width) + Math.abs(rect.height))) / period;
}

/**
 * Counts an edge drawn at `scale`: its line's length times its width painted, its box as a
 * layer when it has a shadow, its dashes.
 *
 * @example
 * tallyEdge(tally, drawnEdge, style, 1);
 */
export function tallyEdge(
  tally: RasterTally,
  edge: { points: readonly Point[]; bounds: Rect },
  style: CellStyle,
  scale: number,
): void {
  let length = 0;
  for (let i = 1; i < edge.points.length; i++) {
    const a = edge.points[i - 1] as Point;
    const b = edge.points[i] as Point;
    length += Math.hypot(b.x - a.x, b.y - a.y);
  }
  const width = Math.max(1, style.num("strokeWidth", 1));
  tally.area += length * width * scale * scale;
  if (style.flag("shadow"))
    tally.layerArea += edge.bounds.width * edge.bounds.height * scale * scale;
  const period = dashPeriod(style);
  if (period) tally.dashes += length / period;
}

/** The length of one dash and gap of a dashed style, or undefined for a solid line. */
function dashPeriod(style: CellStyle): number | undefined {
  const dashes = dashesOf(style);
  if (!dashes) return undefined;
  // Zero-length dashes still cost a step each: count them at the smallest sensible period.
  return Math.max(
    0.5,
    dashes.reduce((sum, d) => sum + d, 0),
  );
}

/** resvg's work per thing, in units (about a microsecond each). */
export const RASTER_UNITS = {
  pixel: 0.012,
  element: 17,
  glyph: 30,
  lineSquared: 0.004,
  layer: 100,
  paintedPixel: 0.013,
  dash: 3.5,
  image: 300,
  imagePixel: 0.02,
} as const;

/** The text of a picture, as the rasteriser's planner reads it. */
export interface TextRuns {
  /**
   * Glyphs (characters other than spaces) by font size in px, largest first, with the sum of
   * the squares of their lines' lengths.
   */
  glyphs: Array<[size: number, count: number, squares: number]>;
  /** Elements (start tags) in the SVG. */
  elements: number;
  /** Elements with an `opacity` of their own: each is a layer resvg paints apart. */
  layers: number;
}

/**
 * Reads the SVG text for what only it knows: how many elements, how many glyphs at which font
 * size (a `<text>` counts at the largest size it names), how many layers. Linear in the text.
 *
 * @example
 * textRuns('<svg><text font-size="12px">Hi you</text></svg>'); // { glyphs: [[12, 5, 36]], elements: 2, layers: 0 }
 */
export function textRuns(svg: string): TextRuns {
  let elements = 0;
  for (let at = svg.indexOf("<"); at !== -1; at = svg.indexOf("<", at + 1)) {
    if (svg.charCodeAt(at + 1) !== 47 /* / */) elements++;
  }
  let layers = 0;
  for (let at = svg.indexOf(' opacity="'); at !== -1; at = svg.indexOf(' opacity="', at + 1))
    layers++;
  const bySize = new Map<number, [number, number]>();
  for (const [, head, body] of svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    let size = fontSize(head ?? "");
    for (const [, inner] of (body ?? "").matchAll(/<tspan\b([^>]*)>/g))
      size = Math.max(size, fontSize(inner ?? ""));
    const text = (body ?? "").replace(/<[^>]*>/g, "").replace(/&[a-z]+;|&#\w+;/g, "x");
    const count = text.replace(/\s+/g, "").length;
    if (count === 0) continue;
    const [glyphs, squares] = bySize.get(size) ?? [0, 0];
    bySize.set(size, [glyphs + count, squares + text.length * text.length]);
  }
  const glyphs = [...bySize.entries()]
    .map(([size, [count, squares]]): [number, number, number] => [size, count, squares])
    .sort((a, b) => b[0] - a[0]);
  return { glyphs, elements, layers };
}

function fontSize(attributes: string): number {
  const size = /font-size="([\d.]+)px"/.exec(attributes)?.[1];
  return size === undefined ? 12 : Number(size);
}

/**
 * The estimated work of rasterising a picture at `zoom` (pixels per SVG pixel), drawn at
 * `drawing` scale (its font sizes are in the drawing's units), with text under `minFontPx`
 * once zoomed left out, split by what causes it.
 *
 * @example
 * rasterCost({ width: 800, height: 600 }, tally, runs, 1, 1, 2).total; // ≈ 5760 + …
 */
export function rasterCost(
  size: { width: number; height: number },
  tally: RasterTally,
  runs: TextRuns,
  zoom: number,
  drawing: number,
  minFontPx: number,
): { total: number; parts: Record<string, number> } {
  const z2 = zoom * zoom;
  let text = 0;
  for (const [font, count, squares] of runs.glyphs) {
    if (font * drawing * zoom >= minFontPx)
      text += count * RASTER_UNITS.glyph + squares * RASTER_UNITS.lineSquared;
  }
  const parts = {
    "pixels of the picture":
      Math.ceil(size.width * zoom) * Math.ceil(size.height * zoom) * RASTER_UNITS.pixel,
    elements: (runs.elements + tally.imageElements) * RASTER_UNITS.element,
    "characters of visible text": text,
    "shadows and other layers":
      runs.layers * RASTER_UNITS.layer + 2 * tally.layerArea * z2 * RASTER_UNITS.paintedPixel,
    "painted area": tally.area * z2 * RASTER_UNITS.paintedPixel,
    dashes: tally.dashes * RASTER_UNITS.dash,
    images: tally.images * RASTER_UNITS.image + tally.imagePixels * RASTER_UNITS.imagePixel,
  };
  const total = Object.values(parts).reduce((sum, v) => sum + v, 0);
  return { total, parts };
}
