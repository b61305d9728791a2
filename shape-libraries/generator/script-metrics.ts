/**
 * Writes `worker/drawio/text/script-metrics.ts`: the advance widths of the Noto families that
 * draw what Arimo does not (Arabic, Devanagari, Thai per code point; the CJK families as one
 * width with their exceptions), regular and bold, in thousandths of an em, read from the
 * `@fontsource` files the PNG renderer draws with.
 *
 *   npm run fonts:build
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";
import { type FontFamily, familyOfCodePoint, woffToSfnt } from "../../worker/drawio/index.ts";
import { hmtxAdvance, runs } from "./advance-runs.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The proportional families: every code point's advance is kept. */
const PROPORTIONAL: Partial<Record<FontFamily, string>> = {
  "Noto Sans Arabic": "noto-sans-arabic",
  "Noto Sans Devanagari": "noto-sans-devanagari",
  "Noto Sans Thai": "noto-sans-thai",
};
/** The CJK families: one width for nearly all, and the exceptions. */
const FIXED: Partial<Record<FontFamily, string>> = {
  "Noto Sans SC": "noto-sans-sc",
  "Noto Sans JP": "noto-sans-jp",
  "Noto Sans KR": "noto-sans-kr",
};

/** Every code point the family draws (as `familyOfCodePoint` routes it) and its advance. */
function advances(family: FontFamily, pkg: string, weight: number): Map<number, number> {
  const dir = `${root}node_modules/@fontsource/${pkg}/files/`;
  const out = new Map<number, number>();
  const files = readdirSync(dir).filter((f) => f.endsWith(`-${weight}-normal.woff`));
  for (const file of files.sort()) {
    const font = fontkit.create(
      Buffer.from(woffToSfnt(new Uint8Array(readFileSync(dir + file)))),
    ) as fontkit.Font;
    const advanceOf = hmtxAdvance(font);
    for (const cp of font.characterSet) {
      if (out.has(cp) || familyOfCodePoint(cp) !== family) continue;
      const advance = advanceOf(cp);
      out.set(cp, Math.round((advance / font.unitsPerEm) * 10_000) / 10);
    }
  }
  return out;
}

/** The most common advance, and the code points that differ from it. */
function fixed(table: Map<number, number>): { em: number; exceptions: number[][] } {
  const counts = new Map<number, number>();
  for (const w of table.values()) counts.set(w, (counts.get(w) ?? 0) + 1);
  const em = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 1000;
  const odd = new Map([...table].filter(([, w]) => w !== em));
  return { em, exceptions: runs(odd) };
}

const proportional: Record<string, { regular: number[][]; bold: number[][] }> = {};
for (const [family, pkg] of Object.entries(PROPORTIONAL)) {
  proportional[family] = {
    regular: runs(advances(family as FontFamily, pkg, 400)),
    bold: runs(advances(family as FontFamily, pkg, 700)),
  };
}
const cjk: Record<string, { em: number; exceptions: number[][] }> = {};
for (const [family, pkg] of Object.entries(FIXED))
  cjk[family] = fixed(advances(family as FontFamily, pkg, 400));

/**
 * Arabic letters as they join: each letter's advance isolated, final, initial and medial
 * (shaped between tatweels, U+0640, which join on both sides), for the letters that change.
 */
function arabicForms(weight: number): Record<number, number[]> {
  const file = `${root}node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff`;
  const font = fontkit.create(
    Buffer.from(woffToSfnt(new Uint8Array(readFileSync(file)))),
  ) as fontkit.Font;
  // A letter's own glyphs only: the tatweels around it change their own width as they join.
  const em = (text: string) => {
    const run = font.layout(text);
    let units = 0;
    run.glyphs.forEach((glyph, i) => {
      if (!glyph.codePoints.includes(0x0640)) units += run.positions[i]?.xAdvance ?? 0;
    });
    return (units / font.unitsPerEm) * 1000;
  };
  const out: Record<number, number[]> = {};
  for (let cp = 0x0620; cp <= 0x06ff; cp++) {
    const ch = String.fromCodePoint(cp);
    if (!font.hasGlyphForCodePoint(cp) || /\p{M}/u.test(ch)) continue;
    let forms: number[];
    try {
      forms = [em(ch), em(`\u0640${ch}`), em(`${ch}\u0640`), em(`\u0640${ch}\u0640`)];
    } catch {
      // fontkit fails to position a few rare letters (a missing mark anchor): kept as isolated.
      continue;
    }
    const rounded = forms.map((w) => Math.round(w * 10) / 10);
    if (rounded.some((w) => w !== rounded[0])) out[cp] = rounded;
  }
  // Lam-alef is one glyph: its advance as a pair, isolated and final, kept under lam.
  const lamAlef = [em("\u0644\u0627"), em("\u0640\u0644\u0627")].map(
    (w) => Math.round(w * 10) / 10,
  );
  out[0xfefb] = lamAlef;
  return out;
}

const forms = { regular: arabicForms(400), bold: arabicForms(700) };

/**
 * Devanagari consonants before a virama (U+094D) and another consonant: the width of the
 * half form (or the reph above, for ra) that the pair takes, per consonant, regular and bold.
 */
function devanagariHalves(weight: number): Record<number, number> {
  const file = `${root}node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`;
  const font = fontkit.create(
    Buffer.from(woffToSfnt(new Uint8Array(readFileSync(file)))),
  ) as fontkit.Font;
  const em = (text: string) => (font.layout(text).advanceWidth / font.unitsPerEm) * 1000;
  const ka = em("\u0915");
  const out: Record<number, number> = {};
  for (let cp = 0x0915; cp <= 0x0939; cp++) {
    const half = Math.round((em(`${String.fromCodePoint(cp)}\u094d\u0915`) - ka) * 10) / 10;
    out[cp] = Math.max(0, half);
  }
  return out;
}

const halves = { regular: devanagariHalves(400), bold: devanagariHalves(700) };

const text = `// Generated by shape-libraries/generator/script-metrics.ts (npm run fonts:build). Do not edit.
// Noto Sans (SIL Open Font License 1.1): advance widths in thousandths of an em; each run is
// [first code point, width, width, …].

/** Arabic, Devanagari and Thai: every code point's advance, regular and bold. */
export const PROPORTIONAL_RUNS: Readonly<
  Record<string, { regular: readonly (readonly number[])[]; bold: readonly (readonly number[])[] }>
> = ${JSON.stringify(proportional)};

/** Chinese, Japanese and Korean: one advance for nearly every character, and the exceptions. */
export const FIXED_WIDTHS: Readonly<
  Record<string, { em: number; exceptions: readonly (readonly number[])[] }>
> = ${JSON.stringify(cjk)};

/**
 * Arabic letters whose advance changes as they join: [isolated, final, initial, medial]; under
 * U+FEFB, lam-alef's ligature [isolated, final].
 */
export const ARABIC_FORMS: Readonly<{ regular: Readonly<Record<number, readonly number[]>>; bold: Readonly<Record<number, readonly number[]>> }> = ${JSON.stringify(forms)};

/** Devanagari consonants before a virama and a consonant: the half form's advance. */
export const DEVANAGARI_HALVES: Readonly<{ regular: Readonly<Record<number, number>>; bold: Readonly<Record<number, number>> }> = ${JSON.stringify(halves)};

/** Emoji, as a browser draws them from Noto Color Emoji (2550 units of 2048). */
export const EMOJI_EM = 1245;
`;
writeFileSync(`${root}worker/drawio/text/script-metrics.ts`, text);
const counts = Object.entries(proportional).map(([f, t]) => `${f} ${t.regular.flat().length}`);
console.log(`script metrics: ${counts.join(", ")}; CJK ${JSON.stringify(cjk).length} bytes`);
