/**
 * @module The lines a route may run on inside a window of the page: a margin away from every
 * shape, midway through gaps too narrow for two margins, a gap away from the lines already
 * drawn, through the ends' ports and along the window's border.
 */
import type { Point, Rect } from "../cell.ts";
import type { RouteSegment } from "./route-segments.ts";

/** What the lines of one window come from. */
export interface LaneSources {
  window: Rect;
  /** The shapes in the window the route must pass around. */
  obstacles: readonly Rect[];
  /** The route's own two ends. */
  ends: readonly Rect[];
  /** Where the route may leave or reach an end (on the ends' boxes). */
  ports: readonly Point[];
  /** Lines already drawn in the window. */
  segments: readonly RouteSegment[];
  margin: number;
  gap: number;
}

/**
 * A coordinate as the search uses it: to a thousandth of a px, so that lines from different
 * sources that meet are one line, and a port is found on its line exactly.
 *
 * @example
 * snap(10.00049); // 10
 */
export function snap(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/**
 * The sorted, distinct x and y coordinates of the lines a route may run on in the window.
 *
 * @example
 * windowLanes({ window, obstacles: [box], ends: [a, b], ports, segments: [], margin: 10, gap: 8 });
 * // { xs: [window.x, box.x - 10, …], ys: […] }
 */
export function windowLanes(s: LaneSources): { xs: number[]; ys: number[] } {
  const xs: number[] = [s.window.x, s.window.x + s.window.width];
  const ys: number[] = [s.window.y, s.window.y + s.window.height];
  const xBorders: number[] = [];
  const yBorders: number[] = [];
  for (const r of [...s.obstacles, ...s.ends]) {
    xBorders.push(r.x, r.x + r.width);
    yBorders.push(r.y, r.y + r.height);
    xs.push(r.x - s.margin, r.x + r.width + s.margin);
    ys.push(r.y - s.margin, r.y + r.height + s.margin);
  }
  for (const r of s.ends) {
    xs.push(r.x, r.x + r.width);
    ys.push(r.y, r.y + r.height);
  }
  for (const p of s.ports) {
    xs.push(p.x);
    ys.push(p.y);
  }
  xs.push(...narrowGapMiddles(xBorders, s.margin));
  ys.push(...narrowGapMiddles(yBorders, s.margin));
  for (const segment of s.segments) {
    const axis = segment.axis;
    const level = axis === 0 ? (segment.a.y + segment.b.y) / 2 : (segment.a.x + segment.b.x) / 2;
    if (axis === 0) ys.push(level - s.gap, level + s.gap);
    else if (axis === 1) xs.push(level - s.gap, level + s.gap);
  }
  const w = s.window;
  return {
    xs: distinctWithin(xs, w.x, w.x + w.width),
    ys: distinctWithin(ys, w.y, w.y + w.height),
  };
}

/**
 * The middles between neighbouring borders closer than two margins, where a route squeezes
 * through; shared borders of shapes side by side are among them.
 */
function narrowGapMiddles(borders: number[], margin: number): number[] {
  const sorted = borders.sort((p, q) => p - q);
  const out: number[] = [];
  for (let k = 1; k < sorted.length; k++) {
    const p = sorted[k - 1] as number;
    const q = sorted[k] as number;
    if (q - p < 2 * margin) out.push((p + q) / 2);
  }
  return out;
}

function distinctWithin(values: number[], lo: number, hi: number): number[] {
  const sorted = values
    .map(snap)
    .filter((v) => v >= snap(lo) && v <= snap(hi))
    .sort((p, q) => p - q);
  return sorted.filter((v, k) => k === 0 || v !== sorted[k - 1]);
}
