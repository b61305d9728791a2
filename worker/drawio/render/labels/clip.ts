/**
 * Labels with `overflow=hidden`, which draw.io clips to the cell's box: only the text that can
 * be seen is written, so neither a viewer nor the rasteriser lays out what is cut away. Lines
 * wholly above or below the box are dropped; a line wider than the box keeps the characters
 * that reach into it (a character cut by the edge is kept whole, as a clip would show part of
 * it), starting where its first kept character starts.
 */
import type { Rect } from "../../model/cell.ts";
import { graphemes, textWidth } from "../../text/metrics.ts";
import type { Run } from "./lines.ts";

/** A line as written after clipping: its runs, and its left end when it had to be cut. */
export interface ClippedLine {
  runs: Run[];
  /** Set when the line was cut: it is then written from here, anchored at its start. */
  left?: number;
}

/** Where a line is: its left end, width, baseline and font size. */
export interface LinePlace {
  left: number;
  width: number;
  baseline: number;
  size: number;
}

/**
 * One line clipped to `box` (see the module header); an empty line when none of it shows.
 *
 * @example
 * clipLine(runs, { left: -50, width: 400, baseline: 20, size: 12 }, { x: 0, y: 0, width: 120, height: 60 }, 12);
 */
export function clipLine(runs: Run[], place: LinePlace, box: Rect, size: number): ClippedLine {
  const top = place.baseline - place.size * 0.905;
  const bottom = place.baseline + place.size * 0.212;
  if (bottom < box.y || top > box.y + box.height) return { runs: [] };
  const right = box.x + box.width;
  if (place.left >= box.x && place.left + place.width <= right) return { runs };
  const kept: Run[] = [];
  let x = place.left;
  let start: number | undefined;
  for (const run of runs) {
    let text = "";
    for (const ch of graphemes(run.text)) {
      const w = textWidth(ch, run.size ?? size, run.bold);
      if (x + w > box.x && x < right) {
        start ??= x;
        text += ch;
      }
      x += w;
      if (x >= right) break;
    }
    if (text) kept.push({ ...run, text });
    if (x >= right) break;
  }
  return start === undefined ? { runs: [] } : { runs: kept, left: start };
}

/** Where a line is written: its anchor's x and which end the anchor is. */
export interface Placement {
  x: number;
  anchor: string;
}

/** A label's laid-out lines, as `drawLabel` has them before writing. */
export interface LaidOutLines {
  lines: Run[][];
  widths: readonly number[];
  baselines: readonly number[];
  sizes: readonly number[];
  /** Where line `i` is anchored. */
  at: (i: number) => Placement;
  /** Each line's own placement: set for the lines that are cut. */
  placements: Array<Placement | undefined>;
}

/**
 * Clips every line of a label to `box` in place ({@link clipLine}): dropped lines become empty,
 * cut ones are placed from their first kept character.
 *
 * @example
 * clipLines({ lines, widths, baselines, sizes, at, placements }, cellBox, 12);
 */
export function clipLines(laid: LaidOutLines, box: Rect, size: number): void {
  const { lines, widths, baselines, sizes, at, placements } = laid;
  lines.forEach((line, i) => {
    const width = widths[i] ?? 0;
    const { x, anchor } = at(i);
    const left = anchor === "middle" ? x - width / 2 : anchor === "end" ? x - width : x;
    const place = { left, width, baseline: baselines[i] ?? 0, size: sizes[i] ?? size };
    const clipped = clipLine(line, place, box, size);
    lines[i] = clipped.runs;
    if (clipped.left !== undefined) placements[i] = { x: clipped.left, anchor: "start" };
  });
}
