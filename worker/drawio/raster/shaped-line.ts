/// <reference path="./bidi-js.d.ts" />
/**
 * A label line shaped for drawing as outlines: split into pieces of one run, one font file and
 * one bidi level, each shaped by fontkit (joining, marks, ligatures), put in visual order by
 * the Unicode Bidirectional Algorithm (bidi-js) with the paragraph left to right by default, as
 * Chromium lays out draw.io's HTML labels.
 */
import bidiFactory from "bidi-js";
import type { Font, Glyph, GlyphPosition } from "fontkit";
import {
  emojiFileOf,
  type FontFile,
  fontFileOf,
  isBundledArimo,
  segment,
} from "../text/font-choice.ts";
import { familyOf } from "../text/font-families.ts";
import type { OutlineLine, OutlineRun } from "../text/glyph-outliner.ts";

/** The parsed font of a file, or undefined when it is not loaded. */
export type FontLookup = (file: FontFile) => Font | undefined;

/** Part of a line in one run, one font and one direction, shaped. */
export interface ShapedPiece {
  run: OutlineRun;
  file: FontFile | undefined;
  font: Font | undefined;
  level: number;
  /** In visual order. */
  glyphs: Glyph[];
  positions: GlyphPosition[];
  /** Its advance in px. */
  width: number;
}

/** A line's pieces in visual order, its advance, and what could not be drawn. */
export interface ShapedLine {
  pieces: ShapedPiece[];
  width: number;
  /** Characters drawn as nothing: no font file holds them, theirs is not loaded, or `.notdef`. */
  missing: number;
  /** The files the line needs that the lookup did not have. */
  wanted: FontFile[];
}

/** Code points that join or select, drawn by the font of the grapheme they belong to. */
const JOINERS = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f]);
/** The advance of a character whose font is not loaded, as a fraction of the size. */
const MISSING_ADVANCE = 0.6;

let bidi: ReturnType<typeof bidiFactory> | undefined;

/**
 * Shapes a line: the text of its runs (NFC, so that a decomposed Vietnamese letter finds its
 * precomposed glyph), fonts picked per grapheme, pieces shaped and ordered for display.
 *
 * @example
 * const { pieces, width } = shapeLine(line, (file) => loaded.get(file.path));
 */
export function shapeLine(line: OutlineLine, lookup: FontLookup): ShapedLine {
  const runs = line.runs.map((run) => ({ ...run, text: run.text.normalize("NFC") }));
  const text = runs.map((run) => run.text).join("");
  bidi ??= bidiFactory();
  const { levels } = bidi.getEmbeddingLevels(text, line.direction ?? "ltr");
  const pieces: ShapedPiece[] = [];
  const wanted = new Map<string, FontFile>();
  let missing = 0;
  let offset = 0;
  for (const run of runs) {
    let current: { text: string; file: FontFile | undefined; level: number } | undefined;
    const flush = () => {
      if (!current) return;
      const font = current.file ? lookup(current.file) : undefined;
      if (current.file && !font) wanted.set(current.file.path, current.file);
      const piece = shapePiece(run, current, font);
      missing += piece.missing;
      pieces.push(piece.shaped);
    };
    for (const grapheme of segment(run.text)) {
      const level = levels[offset] ?? 0;
      offset += grapheme.length;
      const file = fileOfGrapheme(grapheme, run);
      const char = level % 2 === 1 ? mirrored(grapheme) : grapheme;
      if (current && current.file?.path === file?.path && current.level === level) {
        current.text += char;
        continue;
      }
      flush();
      current = { text: char, file, level };
    }
    flush();
  }
  const ordered = visualOrder(pieces);
  const width = ordered.reduce((sum, piece) => sum + piece.width, 0);
  return { pieces: ordered, width, missing, wanted: [...wanted.values()] };
}

/**
 * The file drawing a grapheme: for an emoji, the file holding its whole sequence; else that of
 * its first character outside the bundled Arimo files (a mark on a Latin letter is drawn from
 * the file that has the mark), else its first.
 */
function fileOfGrapheme(grapheme: string, run: OutlineRun): FontFile | undefined {
  const family = familyOf(grapheme);
  if (family === "Noto Emoji") return emojiFileOf(grapheme);
  const face = { bold: run.bold, italic: run.italic };
  let first: FontFile | undefined;
  for (const char of grapheme) {
    const cp = char.codePointAt(0) as number;
    if (JOINERS.has(cp)) continue;
    const file = fontFileOf(family, cp, face);
    if (!file) continue;
    if (family !== "Arimo" || !isBundledArimo(cp)) return file;
    first ??= file;
  }
  return first;
}

function mirrored(grapheme: string): string {
  if (grapheme.length !== 1) return grapheme;
  return bidi?.getMirroredCharacter(grapheme) ?? grapheme;
}

/** One piece shaped, or advanced past as missing when its font is not there. */
function shapePiece(
  run: OutlineRun,
  piece: { text: string; file: FontFile | undefined; level: number },
  font: Font | undefined,
): { shaped: ShapedPiece; missing: number } {
  const base = { run, file: piece.file, font, level: piece.level };
  const count = [...segment(piece.text)].length;
  const absent = { glyphs: [], positions: [], width: count * run.size * MISSING_ADVANCE };
  if (!font) return { shaped: { ...base, ...absent }, missing: count };
  try {
    const shaped = font.layout(
      piece.text,
      undefined,
      undefined,
      undefined,
      piece.level % 2 === 1 ? "rtl" : "ltr",
    );
    const units = shaped.positions.reduce((sum, p) => sum + p.xAdvance, 0);
    const glyphs = shaped.glyphs;
    return {
      shaped: {
        ...base,
        glyphs,
        positions: shaped.positions,
        width: (units * run.size) / font.unitsPerEm,
      },
      missing: glyphs.filter((glyph) => glyph.id === 0).length,
    };
  } catch {
    // A table fontkit cannot read: the piece is left out rather than failing the picture.
    return { shaped: { ...base, ...absent }, missing: count };
  }
}

/** Rule L2 of the bidi algorithm over pieces: each run of levels ≥ k reversed, highest first. */
function visualOrder(pieces: ShapedPiece[]): ShapedPiece[] {
  const out = [...pieces];
  const levels = out.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let k = highest; k >= lowestOdd && k > 0; k--) {
    for (let i = 0; i < out.length; ) {
      if ((out[i] as ShapedPiece).level < k) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < out.length && (out[j] as ShapedPiece).level >= k) j += 1;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}
