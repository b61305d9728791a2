/**
 * Text widths from Helvetica's real advances (Arial metrics, tables in `font-metrics.ts`) and
 * a line's baseline, for drawing labels.
 */

import { BOLD_RUNS, REGULAR_RUNS } from "./font-metrics.ts";

function table(runs: readonly (readonly number[])[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const run of runs) {
    const first = run[0] ?? 0;
    for (let i = 1; i < run.length; i++) out.set(first + i - 1, run[i] ?? 0);
  }
  return out;
}

const REGULAR = table(REGULAR_RUNS);
const BOLD = table(BOLD_RUNS);
/** Characters outside the tables (CJK, emoji): about an em, as most such fonts draw them. */
const WIDE_EM = 1000;
/** Other unknown characters: an average Latin advance. */
const UNKNOWN_EM = 556;

/**
 * The advance of a text in Helvetica (Arial metrics) at `size` px, in px, without kerning.
 *
 * @example
 * textWidth("Checkout", 12); // 47.36…
 */
export function textWidth(text: string, size: number, bold = false): number {
  const widths = bold ? BOLD : REGULAR;
  let em = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    em += widths.get(cp) ?? (cp >= 0x1100 ? WIDE_EM : UNKNOWN_EM);
  }
  return (em / 1000) * size;
}

/** Where the baseline sits below the top of a line box of `lineHeight` × size (Arimo's ascent and descent). */
export function baselineOffset(size: number, lineHeight = 1.2): number {
  const ascent = 0.905;
  const descent = 0.212;
  return ((lineHeight - ascent - descent) / 2 + ascent) * size;
}
