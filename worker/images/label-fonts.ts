/**
 * The label fonts of PNG exports: the files a page's lines need beyond the bundled Arimo
 * (`fontFilesFor`), fetched from the static assets (`fonts/…`, copied by `npm run assets:build`)
 * on demand, parsed once and kept per isolate within a memory budget, and a render drawn with
 * them as outlines (`LabelOutliner`).
 */
import type { Font } from "fontkit";
import {
  type FontFile,
  type GlyphOutliner,
  hasColourGlyphs,
  LabelOutliner,
  parseWoff,
} from "../drawio/index.ts";
import { bundledArimo } from "./arimo-fonts.ts";

/**
 * What the parsed fonts an isolate keeps may cost. Measured in Node (`process.memoryUsage()`
 * after parsing every Noto Sans SC and KR subset and shaping 60 characters of each): a parsed
 * and used file holds 11–16 × its unwrapped (sfnt) size, about 560–660 KB for a CJK subset,
 * 980 KB for a monochrome emoji subset. 24 MB keeps about 40 CJK subsets, a fifth of the 128 MB
 * isolate. A colour emoji file (Noto Color Emoji, drawn from its `SVG ` table) is mostly SVG
 * documents, kept as bytes: measured the same way (parsed, 60 characters drawn), it holds 0.9–1.3 ×
 * its sfnt plus about 1 MB (7.8 MB for the 8.2 MB flag file, 10.6 MB for the 8 MB file of people,
 * 2–3.5 MB for the others).
 */
export const FONT_BUDGET_BYTES = 24 * 1024 * 1024;
/** The cost of a parsed font per byte of its sfnt (the high end of what was measured). */
const COST_PER_BYTE = 16;
/** A colour emoji font's cost: per byte of its sfnt, and for its parsed tables. */
const COLOUR_COST = { perByte: 1.3, fixed: 1024 * 1024 };
/** The most files one page loads (a page of rare Han characters could ask for 200). */
export const MAX_FONT_FILES = 64;
/**
 * The most one page's fonts may cost, estimated before fetching (see {@link fetchCostOf}):
 * past it, the files it would add are not loaded and their characters are left out and
 * counted, so one request cannot fill the isolate with fonts (every colour emoji file together
 * would cost about 40 MB, 64 CJK subsets about 42 MB).
 */
export const PAGE_FONT_BYTES = 32 * 1024 * 1024;
/**
 * What a file costs once parsed and used, as measured (see {@link FONT_BUDGET_BYTES}), known
 * before fetching it: the two large colour emoji files (flags, people), the other colour emoji
 * files, and any other subset.
 */
const FETCH_COST = {
  colourFlags: 8 * 1024 * 1024,
  colourPeople: 11 * 1024 * 1024,
  colour: 3.5 * 1024 * 1024,
  subset: 0.7 * 1024 * 1024,
} as const;

/** Parsed fonts by path, least recently used first, and their estimated cost. */
const cache = new Map<string, { font: Font | null; cost: number }>();
let cached = 0;
/** Files being fetched, so concurrent renders of one isolate share a fetch. */
const inFlight = new Map<string, Promise<Font | null>>();

/**
 * Draws a picture for the PNG rasteriser: once with the fonts at hand, which also says which
 * files its lines need; if some are not loaded, they are fetched from `assets` and it is drawn
 * again. A file that cannot be read leaves its characters out (counted in `missing`), never an
 * error. A page of Latin text draws once and loads nothing.
 *
 * @example
 * const { result: svg, missing } = await drawWithLabelFonts(env.ASSETS, (outliner) =>
 *   exportFile(doc, xml, "Checkout", { format: "svg", page: 0, outliner }),
 * );
 */
export async function drawWithLabelFonts<T>(
  assets: Fetcher | undefined,
  draw: (outliner: GlyphOutliner) => T,
): Promise<{ result: T; missing: number }> {
  // Held by this render whatever the cache evicts meanwhile: the files the first drawing found
  // loaded as well as those it loads (a colour emoji file costs up to 12 MB of the 24 MB).
  const fonts = new Map<string, Font>();
  const first = new LabelOutliner((file) => {
    const font = lookup(file);
    if (font) fonts.set(file.path, font);
    return font;
  });
  const result = draw(first);
  if (first.wanted.size === 0 || !assets) return { result, missing: first.missing };
  const wanted = withinPageCost([...first.wanted.values()].slice(0, MAX_FONT_FILES), fonts);
  await Promise.all(
    wanted.map(async (file) => {
      const font = await loadFont(assets, file);
      if (font) fonts.set(file.path, font);
    }),
  );
  const second = new LabelOutliner((file) => fonts.get(file.path) ?? lookup(file));
  return { result: draw(second), missing: second.missing };
}

/**
 * An export drawn for the rasteriser when `raster` is set (through {@link drawWithLabelFonts},
 * the characters left out counted in `missingGlyphs`), else drawn as it is.
 *
 * @example
 * const svg = await drawForRaster(env.ASSETS, format === "png", (outliner) =>
 *   exportFile(doc, xml, "T", { format: "svg", page: 0, outliner }),
 * );
 */
export async function drawForRaster<T extends object>(
  assets: Fetcher | undefined,
  raster: boolean,
  draw: (outliner: GlyphOutliner | undefined) => T,
): Promise<T & { missingGlyphs?: number }> {
  if (!raster) return draw(undefined);
  const { result, missing } = await drawWithLabelFonts(assets, draw);
  return missing > 0 ? { ...result, missingGlyphs: missing } : result;
}

/**
 * The files of `wanted` a page may load, in order, while the fonts it holds and those it adds
 * stay under {@link PAGE_FONT_BYTES}.
 */
function withinPageCost(wanted: FontFile[], held: ReadonlyMap<string, Font>): FontFile[] {
  let total = 0;
  for (const path of held.keys()) total += cache.get(path)?.cost ?? 0;
  return wanted.filter((file) => {
    const cost = cache.get(file.path)?.cost ?? fetchCostOf(file);
    if (total + cost > PAGE_FONT_BYTES) return false;
    total += cost;
    return true;
  });
}

/** A file's estimated cost before it is fetched, from its name. */
function fetchCostOf(file: FontFile): number {
  if (!file.path.includes("noto-color-emoji")) return FETCH_COST.subset;
  if (/noto-color-emoji-0-/.test(file.path)) return FETCH_COST.colourFlags;
  if (/noto-color-emoji-8-/.test(file.path)) return FETCH_COST.colourPeople;
  return FETCH_COST.colour;
}

/** A font the isolate has: bundled Arimo, or a file already loaded (marked as recently used). */
function lookup(file: FontFile): Font | undefined {
  const bundled = bundledArimo(file.path);
  if (bundled) return bundled;
  const entry = cache.get(file.path);
  if (!entry) return undefined;
  cache.delete(file.path);
  cache.set(file.path, entry);
  return entry.font ?? undefined;
}

function loadFont(assets: Fetcher, file: FontFile): Promise<Font | null> {
  const entry = cache.get(file.path);
  if (entry) return Promise.resolve(entry.font);
  let pending = inFlight.get(file.path);
  if (!pending) {
    pending = fetchFont(assets, file.path).finally(() => inFlight.delete(file.path));
    inFlight.set(file.path, pending);
  }
  return pending;
}

async function fetchFont(assets: Fetcher, path: string): Promise<Font | null> {
  try {
    const res = await assets.fetch(`https://assets.invalid/${path}`);
    if (res.ok) {
      const woff = new Uint8Array(await res.arrayBuffer());
      const font = parseWoff(woff);
      keep(path, font, costOf(woff, font));
      return font;
    }
    console.warn(`${path}: ${res.status}; run npm run assets:build`);
  } catch (error) {
    console.warn(`${path} could not be read`, error);
  }
  // Remembered as missing, so a missing file is not asked for on every render.
  keep(path, null, 0);
  return null;
}

/** A parsed font's estimated cost in bytes, from its WOFF (whose header gives the sfnt's size). */
function costOf(woff: Uint8Array, font: Font): number {
  if (hasColourGlyphs(font)) {
    const sfnt = new DataView(woff.buffer, woff.byteOffset, woff.byteLength).getUint32(16);
    return Math.round(sfnt * COLOUR_COST.perByte + COLOUR_COST.fixed);
  }
  // The sfnt is about 1.5 × the WOFF; the parsed tables cost the rest.
  return Math.round(woff.byteLength * 1.5 * COST_PER_BYTE);
}

function keep(path: string, font: Font | null, cost: number): void {
  cache.set(path, { font, cost });
  cached += cost;
  for (const [oldest, entry] of cache) {
    if (cached <= FONT_BUDGET_BYTES || oldest === path) break;
    cache.delete(oldest);
    cached -= entry.cost;
  }
}

/**
 * What the isolate's font cache holds: files and their estimated cost in bytes.
 *
 * @example
 * labelFontCache(); // { files: 12, bytes: 7_340_032, budget: 25_165_824 }
 */
export function labelFontCache(): { files: number; bytes: number; budget: number } {
  return { files: cache.size, bytes: cached, budget: FONT_BUDGET_BYTES };
}
