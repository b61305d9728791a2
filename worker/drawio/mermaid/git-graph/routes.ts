/**
 * The routes of a git graph's connectors on its two axes (x = time, y = lane): straight along a
 * lane, or turning between two columns (where no commit, label or tag sits), as Mermaid's lane
 * curves do; through the gap between two lanes when a lane is busy on the way.
 */
import type { Point } from "../../model/cell.ts";

/** A lane on the lane axis: its line, its band and the columns its commits take (sorted). */
export interface Lane {
  line: number;
  from: number;
  to: number;
  columns: ReadonlySet<number>;
}

/** A commit's place: its column and lane index. */
export interface Spot {
  column: number;
  lane: number;
}

/** What routes are laid on: the free gaps after each column and the lanes. */
export interface Grid {
  gaps: readonly number[];
  lanes: readonly Lane[];
}

/**
 * The points a connector from `a` to `b` (a later column) turns at, its ends left out.
 * `turnEarly`: a branch's first commit leaves its parent at once and runs along the new lane
 * (Mermaid's curve for a parent); otherwise (merges, cherry-picks) it runs along the source
 * lane and turns just before its target. Whichever way would run over a commit gives way to the
 * other, then to the gap between lanes.
 *
 * @example
 * routeBetween({ column: 0, lane: 0 }, { column: 1, lane: 1 }, true, grid); // [{x: 25, y: 16}, {x: 25, y: 62}]
 */
export function routeBetween(a: Spot, b: Spot, turnEarly: boolean, grid: Grid): Point[] {
  const la = grid.lanes[a.lane] as Lane;
  const lb = grid.lanes[b.lane] as Lane;
  const early = gapAfter(grid, a.column);
  const late = gapAfter(grid, b.column - 1);
  if (a.lane === b.lane) {
    if (!busy(la, a.column, b.column)) return [];
    const channel = channelBeside(
      grid,
      a.lane,
      a.lane + 1 < grid.lanes.length ? a.lane + 1 : a.lane - 1,
    );
    return [
      { x: early, y: la.line },
      { x: early, y: channel },
      { x: late, y: channel },
      { x: late, y: la.line },
    ];
  }
  const viaTarget = !busy(lb, a.column, b.column);
  const viaSource = !busy(la, a.column, b.column);
  if (viaTarget && (turnEarly || !viaSource))
    return [
      { x: early, y: la.line },
      { x: early, y: lb.line },
    ];
  if (viaSource)
    return [
      { x: late, y: la.line },
      { x: late, y: lb.line },
    ];
  const channel = channelBeside(grid, a.lane, b.lane);
  return [
    { x: early, y: la.line },
    { x: early, y: channel },
    { x: late, y: channel },
    { x: late, y: lb.line },
  ];
}

/** The free room between a column and the next one. */
function gapAfter(grid: Grid, column: number): number {
  return grid.gaps[column] ?? 0;
}

/** Whether a lane has a commit strictly between two columns. */
function busy(lane: Lane, from: number, to: number): boolean {
  if (to - from <= 1) return false;
  if (to - from - 1 < lane.columns.size) {
    for (let c = from + 1; c < to; c++) if (lane.columns.has(c)) return true;
    return false;
  }
  for (const c of lane.columns) if (c > from && c < to) return true;
  return false;
}

/** The middle of the gap between lane `i` and its neighbour towards lane `toward`. */
function channelBeside(grid: Grid, i: number, toward: number): number {
  const lane = grid.lanes[i] as Lane;
  if (toward > i) {
    const next = grid.lanes[i + 1];
    return next ? (lane.to + next.from) / 2 : lane.to + 8;
  }
  const previous = grid.lanes[i - 1];
  return previous ? (previous.to + lane.from) / 2 : lane.from - 8;
}
