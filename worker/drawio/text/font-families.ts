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
