/**
 * A label's lines measured and broken: widths and font sizes of runs and lines, and wrapping
 * to a width where a browser breaks a block (spaces; between CJK characters; Thai words).
 */
import { breakPieces } from "../../text/line-breaks.ts";
import { textWidth } from "../../text/metrics.ts";
import type { LabelLines, LineAlign, Run } from "./lines.ts";

/** A run's width in its font. */
function runWidth(run: Run, size: number): number {
  return textWidth(run.text, run.size ?? size, run.bold);
}

/** A line's font size: its largest run's, and never less than the label's (the line's strut). */
export function lineSize(line: readonly Run[], size: number): number {
  return line.reduce((max, run) => Math.max(max, run.size ?? size), size);
}

/** A line's width: its runs' widths together. */
export function lineWidth(line: readonly Run[], size: number): number {
  return line.reduce((sum, run) => sum + runWidth(run, size), 0);
}

/**
 * Breaks lines where the script allows (`breakPieces`) so that none is wider than `max` (a
 * single word wider than that stays whole and overflows, as the browser's `word-wrap: normal`
 * leaves it).
 */
export function wrap(
  { lines, gaps, aligns, rules, indents }: LabelLines,
  size: number,
  max: number,
): LabelLines {
  const out: Run[][] = [];
  const outGaps: number[] = [];
  const outAligns: Array<LineAlign | undefined> = [];
  const outRules: boolean[] = [];
  const outIndents: number[] = [];
  for (const [i, line] of lines.entries()) {
    // The room above a line stays above the first of the lines it breaks into; its alignment
    // holds for all of them.
    outGaps.push(gaps[i] ?? 0);
    const piece = () => {
      outAligns.push(aligns?.[i]);
      outRules.push(rules?.[i] ?? false);
      outIndents.push(indents?.[i] ?? 0);
    };
    let current: Run[] = [];
    let width = 0;
    const words: Run[] = [];
    for (const run of line) {
      for (const part of breakPieces(run.text)) words.push({ ...run, text: part });
    }
    for (const word of words) {
      const w = runWidth(word, size);
      const trimmed = textWidth(word.text.trimEnd(), word.size ?? size, word.bold);
      if (current.length > 0 && width + trimmed > max + 0.01) {
        out.push(trimLine(current));
        piece();
        outGaps.push(0);
        current = [];
        width = 0;
      }
      current.push(word);
      width += w;
    }
    out.push(trimLine(current));
    piece();
  }
  outGaps.push(gaps[lines.length] ?? 0);
  return { lines: out, gaps: outGaps, aligns: outAligns, rules: outRules, indents: outIndents };
}

/** A line without the spaces it ends with (and without runs left empty). */
function trimLine(line: Run[]): Run[] {
  const last = line[line.length - 1];
  if (last) line[line.length - 1] = { ...last, text: last.text.trimEnd() };
  return line.filter((r) => r.text !== "");
}
