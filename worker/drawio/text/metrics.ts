/**
 * Text widths from the real advances of the fonts labels are drawn in — Arimo (Helvetica's
 * metrics) and the Noto family of each other script (`font-families.ts`) — and a line's
 * baseline: the one measure that layout, lint, Mermaid and the renderer share.
 */

import { arabicRunEm } from "./arabic-joining.ts";
import { familyOf, familyOfCodePoint } from "./font-families.ts";
import { BOLD_RUNS, REGULAR_RUNS } from "./font-metrics.ts";
import { DEVANAGARI_HALVES, EMOJI_EM, FIXED_WIDTHS, PROPORTIONAL_RUNS } from "./script-metrics.ts";

type Table = Map<number, number>;

function table(runs: readonly (readonly number[])[]): Table {
  const out: Table = new Map();
  for (const run of runs) {
    const first = run[0] ?? 0;
    for (let i = 1; i < run.length; i++) out.set(first + i - 1, run[i] ?? 0);
  }
  return out;
}

/** Every family's advances per code point, regular and bold (the CJK families as exceptions). */
const REGULAR: Table = table(REGULAR_RUNS);
const BOLD: Table = table(BOLD_RUNS);
const SCRIPT_REGULAR: Table = new Map();
const SCRIPT_BOLD: Table = new Map();
for (const runs of Object.values(PROPORTIONAL_RUNS)) {
  for (const [cp, w] of table(runs.regular)) SCRIPT_REGULAR.set(cp, w);
  for (const [cp, w] of table(runs.bold)) SCRIPT_BOLD.set(cp, w);
}
const FIXED = new Map(
  Object.entries(FIXED_WIDTHS).map(([family, { em, exceptions }]) => [
    family,
    { em, exceptions: table(exceptions) },
  ]),
);
/** Characters no table knows: an average Latin advance. */
const UNKNOWN_EM = 556;
/** Below this code unit, a character missing from Arimo's table is still Arimo's (or a mark). */
const BEYOND_ARIMO = 0x0600;
/** Below {@link BEYOND_ARIMO}, the symbols that may be emoji (‼, ⁉, arrows, dingbats…). */
function maybeEmoji(cu: number): boolean {
  return cu === 0x203c || cu === 0x2049 || (cu >= 0x2100 && cu <= 0x2bff);
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * A text's user-perceived characters: an emoji sequence (ZWJ, flag, skin tone, keycap) or a
 * letter with its marks is one.
 *
 * @example
 * graphemes("👩‍💻 ok"); // ["👩‍💻", " ", "o", "k"]
 */
export function graphemes(text: string): string[] {
  const out: string[] = [];
  for (const { segment } of graphemeSegmenter.segment(text)) out.push(segment);
  return out;
}

/**
 * The advance of a text at `size` px, in px, without kerning: each character in the family a
 * browser falls back to from Helvetica (`familyOf`), an emoji sequence as one emoji.
 *
 * @example
 * textWidth("Checkout", 12); // 47.36…
 * textWidth("数据库", 12); // 36
 */
export function textWidth(text: string, size: number, bold = false): number {
  const latin = bold ? BOLD : REGULAR;
  let em = 0;
  let simple = true;
  for (let i = 0; i < text.length; i++) {
    const cu = text.charCodeAt(i);
    const w = latin.get(cu);
    if (w !== undefined && !maybeEmoji(cu)) em += w;
    else if (cu < BEYOND_ARIMO) em += fallbackEm(cu);
    else {
      simple = false;
      break;
    }
  }
  if (!simple) em = graphemesEm(text, bold);
  return (em / 1000) * size;
}

/** A text's advance grapheme by grapheme, Arabic letters joined with their neighbours. */
function graphemesEm(text: string, bold: boolean): number {
  let em = 0;
  let arabic: number[] = [];
  const isolated = (cp: number) => codePointEm(cp, bold);
  for (const g of graphemes(text)) {
    const cp = g.codePointAt(0) ?? 0;
    if (cp >= 0x0620 && cp <= 0x06ff) {
      for (const ch of g) arabic.push(ch.codePointAt(0) ?? 0);
      continue;
    }
    if (arabic.length > 0) {
      em += arabicRunEm(arabic, bold, isolated);
      arabic = [];
    }
    em += graphemeEm(g, bold);
  }
  if (arabic.length > 0) em += arabicRunEm(arabic, bold, isolated);
  return em;
}

/** One grapheme's advance in thousandths of an em: its base's and its marks' together. */
function graphemeEm(grapheme: string, bold: boolean): number {
  if (familyOf(grapheme) === "Noto Emoji") return EMOJI_EM;
  const cps = Array.from(grapheme, (ch) => ch.codePointAt(0) ?? 0);
  const halves = bold ? DEVANAGARI_HALVES.bold : DEVANAGARI_HALVES.regular;
  let em = 0;
  for (const [i, cp] of cps.entries()) {
    // A Devanagari consonant before a virama and a consonant takes its half form.
    const half = cps[i + 1] === VIRAMA && isConsonant(cps[i + 2]) ? halves[cp] : undefined;
    em += half ?? codePointEm(cp, bold);
  }
  return em;
}

const VIRAMA = 0x094d;

function isConsonant(cp: number | undefined): boolean {
  return cp !== undefined && cp >= 0x0915 && cp <= 0x0939;
}

function codePointEm(cp: number, bold: boolean): number {
  const family = familyOfCodePoint(cp);
  if (family === "Arimo") return (bold ? BOLD : REGULAR).get(cp) ?? fallbackEm(cp);
  const fixed = FIXED.get(family);
  if (fixed) return fixed.exceptions.get(cp) ?? fixed.em;
  return (bold ? SCRIPT_BOLD : SCRIPT_REGULAR).get(cp) ?? fallbackEm(cp);
}

/** A character no font table has: nothing for a mark or a joiner, an average letter otherwise. */
function fallbackEm(cp: number): number {
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfe0f || cp === 0xfe0e) return 0;
  return /\p{M}/u.test(String.fromCodePoint(cp)) ? 0 : UNKNOWN_EM;
}

/** Where the baseline sits below the top of a line box of `lineHeight` × size (Arimo's ascent and descent). */
export function baselineOffset(size: number, lineHeight = 1.2): number {
  const ascent = 0.905;
  const descent = 0.212;
  return ((lineHeight - ascent - descent) / 2 + ascent) * size;
}
