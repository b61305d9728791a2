/**
 * Which font draws each character of a label: draw.io's default stack (Helvetica) as a browser
 * falls back from it, one family per script, the same choice for measuring and for drawing.
 */

/** The families labels are measured and drawn in, in the order a browser falls back. */
export const FONT_FAMILIES = [
  "Arimo",
  "Noto Sans SC",
  "Noto Sans TC",
  "Noto Sans JP",
  "Noto Sans KR",
  "Noto Sans Arabic",
  "Noto Sans Devanagari",
  "Noto Sans Thai",
  "Noto Emoji",
] as const;

/** One of {@link FONT_FAMILIES}. */
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** `[first, last, family]`, sorted by `first`: the scripts that Arimo (Helvetica's metrics) does not draw. */
const RANGES: readonly (readonly [number, number, FontFamily])[] = [
  [0x0600, 0x06ff, "Noto Sans Arabic"],
  [0x0750, 0x077f, "Noto Sans Arabic"],
  [0x0870, 0x08ff, "Noto Sans Arabic"],
  [0x0900, 0x097f, "Noto Sans Devanagari"],
  [0x0e00, 0x0e7f, "Noto Sans Thai"],
  [0x1100, 0x11ff, "Noto Sans KR"],
  [0x1cd0, 0x1cff, "Noto Sans Devanagari"],
  [0x2e80, 0x2fdf, "Noto Sans SC"],
  [0x3000, 0x303f, "Noto Sans SC"],
  [0x3040, 0x30ff, "Noto Sans JP"],
  [0x3100, 0x312f, "Noto Sans SC"],
  [0x3130, 0x318f, "Noto Sans KR"],
  [0x3190, 0x31ef, "Noto Sans SC"],
  [0x31f0, 0x31ff, "Noto Sans JP"],
  [0x3200, 0x4dbf, "Noto Sans SC"],
  [0x4e00, 0x9fff, "Noto Sans SC"],
  [0xa8e0, 0xa8ff, "Noto Sans Devanagari"],
  [0xa960, 0xa97f, "Noto Sans KR"],
  [0xac00, 0xd7ff, "Noto Sans KR"],
  [0xf900, 0xfaff, "Noto Sans SC"],
  [0xfb50, 0xfdff, "Noto Sans Arabic"],
  [0xfe30, 0xfe4f, "Noto Sans SC"],
  [0xfe70, 0xfeff, "Noto Sans Arabic"],
  [0xff00, 0xff64, "Noto Sans SC"],
  [0xff65, 0xff9f, "Noto Sans JP"],
  [0xffa0, 0xffdc, "Noto Sans KR"],
  [0xffe0, 0xffe6, "Noto Sans SC"],
  [0x20000, 0x2ffff, "Noto Sans SC"],
];

/** A grapheme that a browser draws from the emoji font (pictographs, flags, keycaps). */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
/** Pictographs drawn as text unless followed by VS16 (©, ®, ™, ↔…). */
const TEXT_DEFAULT = /^\p{Extended_Pictographic}$/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

/**
 * The family a browser draws one grapheme in, falling back from Helvetica: Arimo for Latin,
 * Greek, Cyrillic, Vietnamese and Hebrew; Noto Sans SC for Han (TC for the characters SC
 * lacks is the loader's choice), JP for kana, KR for Hangul; the Noto families for Arabic,
 * Devanagari and Thai; Noto Emoji for emoji sequences.
 *
 * @example
 * familyOf("数"); // "Noto Sans SC"
 * familyOf("👍🏽"); // "Noto Emoji"
 */
export function familyOf(grapheme: string): FontFamily {
  if (isEmoji(grapheme)) return "Noto Emoji";
  return familyOfCodePoint(grapheme.codePointAt(0) ?? 0);
}

/**
 * The family of one code point outside emoji (see {@link familyOf}).
 *
 * @example
 * familyOfCodePoint(0x0645); // "Noto Sans Arabic"
 */
export function familyOfCodePoint(cp: number): FontFamily {
  if (cp < 0x0600) return "Arimo";
  let lo = 0;
  let hi = RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = RANGES[mid] as readonly [number, number, FontFamily];
    if (cp < range[0]) hi = mid - 1;
    else if (cp > range[1]) lo = mid + 1;
    else return range[2];
  }
  return "Arimo";
}

/**
 * Whether a grapheme is drawn as an emoji: a pictograph with emoji presentation (or VS16), a
 * flag, a keycap, or any sequence joined by ZWJ or carrying a skin tone.
 *
 * @example
 * isEmoji("🚀"); // true
 * isEmoji("©"); // false: text presentation unless followed by U+FE0F
 */
export function isEmoji(grapheme: string): boolean {
  if (!EMOJI.test(grapheme)) return false;
  if (grapheme.length > 2 || grapheme.includes("\ufe0f")) return true;
  return !TEXT_DEFAULT.test(grapheme) || EMOJI_PRESENTATION.test(grapheme);
}

/** Per family, the names a reader's machine may have it under (Linux/Android, macOS, Windows). */
const READER_FONTS: Readonly<Record<FontFamily, string>> = {
  Arimo: "",
  "Noto Sans SC":
    '"Noto Sans SC", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Source Han Sans SC"',
  "Noto Sans TC": '"Noto Sans TC", "Noto Sans CJK TC", "PingFang TC", "Microsoft JhengHei"',
  "Noto Sans JP": '"Noto Sans JP", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", Meiryo',
  "Noto Sans KR": '"Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic"',
  "Noto Sans Arabic": '"Noto Sans Arabic", "Geeza Pro", "Segoe UI", Tahoma',
  "Noto Sans Devanagari": '"Noto Sans Devanagari", "Kohinoor Devanagari", "Nirmala UI", Mangal',
  "Noto Sans Thai": '"Noto Sans Thai", Thonburi, "Leelawadee UI", Tahoma',
  "Noto Emoji": '"Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji"',
};
const HEBREW_FONTS = '"Noto Sans Hebrew", "Arial Hebrew", Arial';
/** Text that Helvetica (or Arial, or Arimo) draws everywhere: no fallback to name. */
const BEYOND_HELVETICA = /[^\t\n\r\u0020-\u058f\u1e00-\u1eff\u2000-\u20cf]/;

/**
 * The `font-family` an SVG label is written with: the family its style names, then, for each
 * other script in the text, the fonts a reader's machine draws that script with, then
 * `sans-serif`. Text Helvetica draws keeps the family alone, so Latin pages do not change.
 *
 * @example
 * fontStack("Helvetica", "数据库"); // 'Helvetica, "Noto Sans SC", "Noto Sans CJK SC", …, sans-serif'
 * fontStack("Helvetica", "Orders"); // "Helvetica"
 */
export function fontStack(family: string, text: string): string {
  if (!BEYOND_HELVETICA.test(text)) return family;
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (list: string) => {
    if (list !== "" && !seen.has(list)) {
      seen.add(list);
      names.push(list);
    }
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x0590) continue;
    if (cp <= 0x05ff) add(HEBREW_FONTS);
    else add(READER_FONTS[isEmoji(ch) ? "Noto Emoji" : familyOfCodePoint(cp)]);
  }
  return [family, ...names, "sans-serif"].join(", ");
}
