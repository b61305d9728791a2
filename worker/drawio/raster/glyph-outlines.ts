/**
 * Label lines drawn as glyph outlines for the PNG rasteriser: a line with a character the
 * bundled Arimo files lack (CJK, Arabic, Hebrew, Devanagari, Thai, Vietnamese, emoji) is
 * shaped in JS (`shaped-line.ts`) and written as `<path>`s, because resvg's own fallback and
 * shaping lose such text; a Latin line is left to resvg's `<text>`. A glyph its font draws in
 * colour (an emoji of Noto Color Emoji's `SVG ` table, `svg-glyphs.ts`) is written as that SVG.
 */
import type { Font, Glyph } from "fontkit";
import * as fontkit from "fontkit";
import { refuseOver } from "../budget.ts";
import { esc, fmt } from "../render/svg.ts";
import { type FontFile, needsOtherFonts } from "../text/font-choice.ts";
import type { GlyphOutliner, OutlineLine } from "../text/glyph-outliner.ts";
import { type FontLookup, type ShapedPiece, shapeLine } from "./shaped-line.ts";
import { ID_PREFIX } from "./svg-glyph-markup.ts";
import { SvgGlyphTable } from "./svg-glyphs.ts";
import { woffToSfnt } from "./woff.ts";

/** Where an underline sits and how thick it is, in ems (Arimo's `post` table). */
const UNDERLINE = { below: 0.106, thickness: 0.073 };
/** The slant given to a face without italics (as a browser synthesises oblique): tan 12°. */
const OBLIQUE = 0.2126;

/** Each font's glyph outlines as SVG path data, made once. */
const paths = new WeakMap<Font, Map<number, string>>();
/** The colour glyphs of the fonts {@link parseWoff} read that have an `SVG ` table. */
const colourTables = new WeakMap<Font, SvgGlyphTable>();
/**
 * The most glyphs one picture draws as outlines: each is a path of a few hundred bytes, so a
 * page of a hundred thousand characters in other scripts would make an SVG too large to
 * rasterise. 20,000 is ten times a 200-node Chinese diagram with edge labels.
 */
export const MAX_OUTLINED_GLYPHS = 20_000;
/**
 * The most colour glyphs one picture draws from SVG documents: an emoji is about 10 KB of
 * paths and gradients (a hundred times an outline), so past this a picture is refused rather
 * than drawn without its emoji (the colour font has no plain outlines to fall back on). 500
 * emoji make an SVG of about 2.7 MB that resvg draws in about a second (2,000 took 3.6 s).
 */
export const MAX_COLOUR_GLYPHS = 500;

/**
 * Parses a WOFF 1.0 font for shaping.
 *
 * @example
 * const font = parseWoff(new Uint8Array(await res.arrayBuffer()));
 */
export function parseWoff(woff: Uint8Array): Font {
  // fontkit's browser build reads a Uint8Array as it reads a Buffer.
  const sfnt = woffToSfnt(woff);
  const font = fontkit.create(sfnt as unknown as Parameters<typeof fontkit.create>[0]);
  if (!("layout" in font)) throw new Error("a font collection, not a font");
  const colour = SvgGlyphTable.of(sfnt);
  if (colour) colourTables.set(font, colour);
  return font;
}

/**
 * Whether a font read by {@link parseWoff} draws glyphs in colour from an `SVG ` table: such a
 * font costs about its sfnt once parsed, its documents read a glyph at a time.
 *
 * @example
 * hasColourGlyphs(parseWoff(notoColorEmoji)); // true
 */
export function hasColourGlyphs(font: Font): boolean {
  return colourTables.has(font);
}

/**
 * A {@link GlyphOutliner} over the fonts a lookup has: lines the bundled Arimo files draw are
 * left to `<text>`; the others are drawn as outlines, the characters whose font is not loaded
 * left out and the files they need remembered in `wanted` (a first pass over a page learns which
 * files to load that way).
 *
 * @example
 * const outliner = new LabelOutliner((file) => fonts.get(file.path));
 * renderSvg(doc, { outliner });
 * outliner.missing; // 0 when every character was drawn
 */
export class LabelOutliner implements GlyphOutliner {
  /** The files lines needed that the lookup did not have, by path. */
  readonly wanted = new Map<string, FontFile>();
  /** Characters drawn as nothing (no file, not loaded, or `.notdef`). */
  missing = 0;
  /** Lines drawn as outlines. */
  lines = 0;
  /** Characters (UTF-16 units) of the lines drawn as outlines (at most {@link MAX_OUTLINED_GLYPHS}). */
  glyphs = 0;
  /** Glyphs drawn in colour from SVG documents (at most {@link MAX_COLOUR_GLYPHS}). */
  colourGlyphs = 0;
  readonly #lookup: FontLookup;
  /** A colour glyph's markup with its ids made its own: `c<n>-<id>`, n counting the glyphs drawn. */
  readonly #colour = (markup: string): string => {
    this.colourGlyphs += 1;
    refuseOver(
      "render_too_expensive",
      [{ what: "emoji drawn in colour", count: this.colourGlyphs, limit: MAX_COLOUR_GLYPHS }],
      "a PNG draws at most that many emoji; ask for the SVG, or split the page",
    );
    return markup.replaceAll(ID_PREFIX, `c${this.colourGlyphs}-`);
  };

  constructor(lookup: FontLookup) {
    this.#lookup = lookup;
  }

  outline(line: OutlineLine): string | undefined {
    if (!line.runs.some((run) => needsOtherFonts(run.text))) return undefined;
    // Charged before shaping, a character per glyph, so a page over the cap costs no shaping.
    for (const run of line.runs) this.glyphs += run.text.length;
    refuseOver(
      "render_too_expensive",
      [{ what: "characters drawn as outlines", count: this.glyphs, limit: MAX_OUTLINED_GLYPHS }],
      "a PNG draws at most that many characters of other scripts; ask for the SVG, or split the page",
    );
    const shaped = shapeLine(line, this.#lookup);
    this.lines += 1;
    this.missing += shaped.missing;
    for (const file of shaped.wanted) this.wanted.set(file.path, file);
    const shift =
      line.anchor === "middle" ? shaped.width / 2 : line.anchor === "end" ? shaped.width : 0;
    let pen = line.x - shift;
    let out = "";
    for (const piece of shaped.pieces) {
      out += drawPiece(piece, pen, line.baseline, this.#colour);
      pen += piece.width;
    }
    return out === "" ? "" : `<g>${out}</g>`;
  }
}

/**
 * A piece's glyphs as paths in font units under one transform, its colour glyphs each as its
 * SVG (`colour` makes their ids unique), and its underline.
 */
function drawPiece(
  piece: ShapedPiece,
  x: number,
  baseline: number,
  colour: (markup: string) => string,
): string {
  const { run, font } = piece;
  let out = "";
  if (font && piece.glyphs.length > 0) {
    const k = run.size / font.unitsPerEm;
    const slant = run.italic && !piece.file?.path.includes("-italic") ? OBLIQUE * k : 0;
    const table = colourTables.get(font);
    let pen = 0;
    let glyphs = "";
    let coloured = "";
    piece.glyphs.forEach((glyph, i) => {
      const at = piece.positions[i];
      const dx = pen + (at?.xOffset ?? 0);
      const dy = at?.yOffset ?? 0;
      const markup = glyph.id === 0 ? undefined : table?.glyph(glyph.id);
      if (markup) {
        // SVG glyphs run y down from the baseline, outlines y up: the same matrix, y not flipped.
        const matrix = [k, 0, -slant, k, x + dx * k, baseline - dy * k].map((n) => fine(n));
        coloured += `<g fill="#000000" transform="matrix(${matrix.join(" ")})">${colour(markup)}</g>`;
      } else {
        const d = glyph.id === 0 ? "" : pathOf(font, glyph);
        const move = dx !== 0 || dy !== 0 ? ` transform="translate(${fmt(dx)},${fmt(dy)})"` : "";
        if (d) glyphs += `<path${move} d="${d}"/>`;
      }
      pen += at?.xAdvance ?? 0;
    });
    if (glyphs) {
      // The scale kept to six digits: font units are small (12 px / 1000 units = 0.012).
      const matrix = [k, 0, slant, -k, x, baseline].map((n) => fine(n)).join(" ");
      out += `<g fill="${esc(run.color)}" transform="matrix(${matrix})">${glyphs}</g>`;
    }
    out += coloured;
  }
  if (run.underline && piece.width > 0) {
    const y = baseline + UNDERLINE.below * run.size;
    const h = Math.max(1, UNDERLINE.thickness * run.size);
    out += `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(piece.width)}" height="${fmt(h)}" fill="${esc(run.color)}"/>`;
  }
  return out;
}

function pathOf(font: Font, glyph: Glyph): string {
  let cache = paths.get(font);
  if (!cache) {
    cache = new Map();
    paths.set(font, cache);
  }
  let d = cache.get(glyph.id);
  if (d === undefined) {
    try {
      d = glyph.path.toSVG();
    } catch {
      d = "";
    }
    cache.set(glyph.id, d);
  }
  return d;
}

function fine(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(6))) : "0";
}
