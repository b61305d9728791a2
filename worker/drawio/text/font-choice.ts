/**
 * Which font files a text needs beyond the bundled Arimo ones, read from the generated
 * manifest (`font-files.ts`): the family `familyOf` picks for each grapheme, then the subset
 * file of that family holding each code point (Noto Sans TC for the Han characters SC lacks), or
 * for an emoji the one file that holds the whole sequence.
 */
import { familyOf, familyOfCodePoint, isEmoji } from "./font-families.ts";
import { BUNDLED_ARIMO_FILES, FONT_FILE_FAMILIES, type FontFileFamily } from "./font-files.ts";

/** One WOFF file in the static assets, e.g. `fonts/noto-sans-sc/noto-sans-sc-116-400-normal.woff`. */
export interface FontFile {
  /** The family it belongs to (`Noto Sans TC` for SC's fallback). */
  family: string;
  /** Its path under the static assets' root. */
  path: string;
}

/** The face a run asks for; families without it fall back to the regular face. */
export interface FontFace {
  bold?: boolean;
  italic?: boolean;
}

/** Code points that join or select, drawn by the font of the grapheme they belong to. */
const JOINERS = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f]);

/** What an emoji grapheme holds one of (as `isEmoji` reads it). */
const MAYBE_EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** A family's runs decoded once: `[first, last, subset]` triples sorted by `first`. */
const decoded = new Map<FontFileFamily, Int32Array>();

function tableOf(entry: FontFileFamily): Int32Array {
  let table = decoded.get(entry);
  if (!table) {
    table = decode(entry.runs);
    decoded.set(entry, table);
  }
  return table;
}

function decode(runs: string): Int32Array {
  const parts = runs.split(";");
  const out = new Int32Array(parts.length * 3);
  let end = 0;
  parts.forEach((part, i) => {
    const [delta = 0, length = 0, subset = 0] = part.split(",").map((n) => Number.parseInt(n, 36));
    const first = end + delta;
    end = first + length;
    out.set([first, end, subset], i * 3);
  });
  return out;
}

/** A family's code points held by several subsets, and those subsets in manifest order. */
const sharedDecoded = new Map<FontFileFamily, Map<number, number[]>>();

function sharedOf(entry: FontFileFamily): Map<number, number[]> {
  let shared = sharedDecoded.get(entry);
  if (!shared) {
    shared = new Map();
    let cp = 0;
    for (const part of entry.shared ? entry.shared.split(";") : []) {
      const [delta = 0, ...subsets] = part.split(",").map((n) => Number.parseInt(n, 36));
      cp += delta;
      shared.set(cp, subsets);
    }
    sharedDecoded.set(entry, shared);
  }
  return shared;
}

function search(table: Int32Array, cp: number): number {
  let lo = 0;
  let hi = table.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < (table[mid * 3] as number)) hi = mid - 1;
    else if (cp > (table[mid * 3 + 1] as number)) lo = mid + 1;
    else return table[mid * 3 + 2] as number;
  }
  return -1;
}

/**
 * Whether the Arimo files bundled with the rasteriser (Latin, Latin Extended, Greek, Cyrillic)
 * draw a code point.
 *
 * @example
 * isBundledArimo(0x00e9); // true (é)
 * isBundledArimo(0x1ead); // false (ậ: Arimo's Vietnamese file)
 */
export function isBundledArimo(cp: number): boolean {
  return search(tableOf(BUNDLED_ARIMO_FILES), cp) >= 0;
}

/**
 * Whether a line of text has a character the bundled Arimo files do not draw but another file
 * does (or an emoji): such a line is drawn as outlines in a PNG. A character no file holds
 * (→, ①, private use) does not count: outlines would not draw it either.
 *
 * @example
 * needsOtherFonts("Checkout → Pay"); // false
 * needsOtherFonts("数据库"); // true
 */
export function needsOtherFonts(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // Below U+0250 everything but the C1 controls is in Arimo's Latin files.
    if (unit < 0x250 || JOINERS.has(unit)) continue;
    const cp = text.codePointAt(i) as number;
    if (!isBundledArimo(cp) && fontFileOf(familyOfCodePoint(cp), cp, {})) return true;
    if (cp > 0xffff) i += 1;
  }
  // Flags and keycaps too: regional indicators and U+20E3 are not pictographs.
  return MAYBE_EMOJI.test(text) && [...segment(text)].some(isEmoji);
}

/**
 * The file of `family` (as the manifest names it, or its fallback; Arimo's bundled files
 * first) that holds `cp` in `face`, or undefined when none does.
 *
 * @example
 * fontFileOf("Noto Sans SC", 0x6570, {})?.path; // "fonts/noto-sans-sc/noto-sans-sc-118-400-normal.woff"
 */
export function fontFileOf(family: string, cp: number, face: FontFace): FontFile | undefined {
  for (const entry of [BUNDLED_ARIMO_FILES, ...FONT_FILE_FAMILIES]) {
    if (entry.family !== family && !(family === "Noto Sans SC" && entry.family === "Noto Sans TC"))
      continue;
    const subset = search(tableOf(entry), cp);
    if (subset < 0) continue;
    const path = `fonts/${entry.pkg}/${entry.pkg}-${entry.subsets[subset]}-${faceOf(entry, face)}.woff`;
    return { family: entry.family, path };
  }
  return undefined;
}

/**
 * The emoji file that draws a whole grapheme: the first file holding every code point of it,
 * as the colour emoji font ligates a sequence (👩‍💻, 🇫🇷, 👍🏽, 1️⃣) only in such a file (👩's own
 * file may lack 💻); else the file of its first code point that one holds.
 *
 * @example
 * emojiFileOf("👩‍💻")?.path; // "fonts/noto-color-emoji/noto-color-emoji-8-400-normal.woff"
 */
export function emojiFileOf(grapheme: string): FontFile | undefined {
  const entry = FONT_FILE_FAMILIES.find((family) => family.family === "Noto Emoji");
  if (!entry) return undefined;
  const table = tableOf(entry);
  const shared = sharedOf(entry);
  let common: number[] | undefined;
  let first = -1;
  for (const char of grapheme) {
    const cp = char.codePointAt(0) as number;
    if (JOINERS.has(cp)) continue;
    const owner = search(table, cp);
    if (owner < 0) continue;
    if (first < 0) first = owner;
    const holders = shared.get(cp) ?? [owner];
    common = common ? common.filter((subset) => holders.includes(subset)) : holders;
  }
  const subset = common?.[0] ?? first;
  if (subset < 0) return undefined;
  const path = `fonts/${entry.pkg}/${entry.pkg}-${entry.subsets[subset]}-${faceOf(entry, {})}.woff`;
  return { family: entry.family, path };
}

/** The face a family has closest to the one asked for (Noto families have no italics). */
function faceOf(entry: FontFileFamily, face: FontFace): string {
  const wanted = `${face.bold ? 700 : 400}-${face.italic ? "italic" : "normal"}`;
  if (entry.faces.includes(wanted)) return wanted;
  const upright = `${face.bold ? 700 : 400}-normal`;
  return entry.faces.includes(upright) ? upright : (entry.faces[0] ?? "400-normal");
}

/**
 * The font files a text needs in the given faces, beyond the bundled Arimo files: none for a
 * text those draw. Each grapheme's family is `familyOf`'s; a code point no file holds needs
 * nothing (it is drawn as missing).
 *
 * @example
 * fontFilesFor("Checkout"); // []
 * fontFilesFor("数据库", [{}, { bold: true }]).length; // 4: two subsets, two weights
 */
export function fontFilesFor(text: string, faces: readonly FontFace[] = [{}]): FontFile[] {
  const found = new Map<string, FontFile>();
  if (!needsOtherFonts(text)) return [];
  for (const grapheme of segment(text)) {
    const family = familyOf(grapheme);
    if (family === "Noto Emoji") {
      const file = emojiFileOf(grapheme);
      if (file) found.set(file.path, file);
      continue;
    }
    for (const char of grapheme) {
      const cp = char.codePointAt(0) as number;
      if (JOINERS.has(cp) || (family === "Arimo" && isBundledArimo(cp))) continue;
      for (const face of faces) {
        const file = fontFileOf(family, cp, face);
        if (file) found.set(file.path, file);
      }
    }
  }
  return [...found.values()];
}

let segmenter: Intl.Segmenter | undefined;

/**
 * A text's graphemes (user-perceived characters: an emoji sequence, a letter and its marks).
 *
 * @example
 * [...segment("👍🏽ok")]; // ["👍🏽", "o", "k"]
 */
export function* segment(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const part of segmenter.segment(text)) yield part.segment;
}
