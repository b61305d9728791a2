/**
 * @module The lines a route may run on inside a window of the page: a margin away from every
 * shape, midway through gaps too narrow for two margins, a gap away from the lines already
 * drawn, through the ends' ports and along the window's border.
 */
import type { Point, Rect } from "../../model/cell.ts";
import type { RouteSegment } from "./segments.ts";

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
  const shapes = [...s.obstacles, ...s.ends];
  for (const r of shapes) {
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
  xs.push(...narrowGapMiddles(shapes, 0, s.margin));
  ys.push(...narrowGapMiddles(shapes, 1, s.margin));
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

/** Shapes may overlap this much (px) and still leave a seam a route may follow. */
const SEAM_OVERLAP = 6;

/**
 * The middles of the gaps, narrower than two margins, between shapes facing each other across
 * `axis` (0: side by side, the middles are x coordinates; 1: one above the other): where a
 * route squeezes through. Shapes side by side (or overlapping a little) leave their seam.
 */
function narrowGapMiddles(shapes: readonly Rect[], axis: 0 | 1, margin: number): number[] {
  const lo = (r: Rect) => (axis === 0 ? r.x : r.y);
  const hi = (r: Rect) => (axis === 0 ? r.x + r.width : r.y + r.height);
  const across = (r: Rect): [number, number] =>
    axis === 0 ? [r.y, r.y + r.height] : [r.x, r.x + r.width];
  const sorted = [...shapes].sort((p, q) => lo(p) - lo(q));
  const starts = sorted.map(lo);
  const out: number[] = [];
  for (const a of sorted) {
    const end = hi(a);
    const [a0, a1] = across(a);
    for (let k = firstAtLeast(starts, end - SEAM_OVERLAP); k < sorted.length; k++) {
      const b = sorted[k] as Rect;
      if (lo(b) >= end + 2 * margin) break;
      const [b0, b1] = across(b);
      if (b !== a && b0 < a1 && a0 < b1) out.push((end + lo(b)) / 2);
    }
  }
  return out;
}

/** The first index of a sorted list whose value is at least `v`. */
function firstAtLeast(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function distinctWithin(values: number[], lo: number, hi: number): number[] {
  const sorted = values
    .map(snap)
    .filter((v) => v >= snap(lo) && v <= snap(hi))
    .sort((p, q) => p - q);
  return sorted.filter((v, k) => k === 0 || v !== sorted[k - 1]);
}
