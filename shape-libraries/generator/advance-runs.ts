/**
 * What the font-metrics generators share: a font's advance per code point read from its hmtx
 * table, and tables of code points written compactly as runs.
 */
import type * as fontkit from "fontkit";

/**
 * A glyph's advance in font units, from the hmtx table itself: fontkit's glyph metrics also
 * decode outlines, which fails on some glyphs of the subset files.
 */
export function hmtxAdvance(font: fontkit.Font): (cp: number) => number {
  const hmtx = (
    font as unknown as { hmtx: { metrics: { toArray(): { advance: number }[] } } }
  ).hmtx.metrics.toArray();
  const lastAdvance = hmtx[hmtx.length - 1]?.advance ?? 0;
  return (cp) => hmtx[font.glyphForCodePoint(cp).id]?.advance ?? lastAdvance;
}

/** Runs of consecutive code points as `[first, w1, w2, …]`, which keeps a table small. */
export function runs(table: Map<number, number>): number[][] {
  const points = [...table.keys()].sort((a, b) => a - b);
  const out: number[][] = [];
  let current: number[] | undefined;
  let last = -2;
  for (const cp of points) {
    if (cp !== last + 1 || !current) {
      current = [cp];
      out.push(current);
    }
    current.push(table.get(cp) ?? 0);
    last = cp;
  }
  return out;
}
