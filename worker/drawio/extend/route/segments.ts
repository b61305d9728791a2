/**
 * @module The lines already drawn on a page, as the router sees them: segments that a new
 * route may cross (at a price) but must not run along.
 */
import type { Point } from "../../model/cell.ts";

/** One straight piece of an existing route, absolute. */
export interface RouteSegment {
  a: Point;
  b: Point;
  /** The axis it runs along (within ~10°): 0 horizontal, 1 vertical; undefined for neither. */
  axis: 0 | 1 | undefined;
}

/** Segments whose direction is within ~10° of an axis count as running along it (as sharedSegments judges). */
const PARALLEL_SIN = 0.18;

function axisOf(a: Point, b: Point): 0 | 1 | undefined {
  const dx = Math.abs(b.x - a.x);
  const dy = Math.abs(b.y - a.y);
  const length = Math.hypot(dx, dy);
  if (dy <= PARALLEL_SIN * length) return 0;
  if (dx <= PARALLEL_SIN * length) return 1;
  return undefined;
}

/**
 * The non-empty pieces of a polyline, slanted ones cut into pieces at most `piece` px long, so
 * that each covers few buckets of a spatial index (their bounding boxes would cover most of
 * the page).
 *
 * @example
 * segmentsOf([{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 50, y: 0 }], 128); // [{ a: {0,0}, b: {50,0}, axis: 0 }]
 */
export function segmentsOf(points: readonly Point[], piece: number): RouteSegment[] {
  const out: RouteSegment[] = [];
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1] as Point;
    const b = points[k] as Point;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (!Number.isFinite(a.x + a.y + b.x + b.y) || length <= 1e-9) continue;
    const axis = axisOf(a, b);
    const pieces = axis === undefined ? Math.ceil(length / piece) : 1;
    for (let p = 0; p < pieces; p++) {
      const from = p === 0 ? a : lerp(a, b, p / pieces);
      const to = p === pieces - 1 ? b : lerp(a, b, (p + 1) / pieces);
      out.push({ a: from, b: to, axis });
    }
  }
  return out;
}

function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** An axis-aligned stretch the router considers: along `axis` at `level`, from `from` to `to`. */
export interface Stretch {
  axis: 0 | 1;
  level: number;
  from: number;
  to: number;
}

function along(p: Point, axis: 0 | 1): number {
  return axis === 0 ? p.x : p.y;
}

function across(p: Point, axis: 0 | 1): number {
  return axis === 0 ? p.y : p.x;
}

/**
 * How long (px) the stretch runs within `tol` px of segment `s`, when `s` runs along the same
 * axis, within ~10° (zero otherwise): the distance between the two changes linearly along the stretch, so
 * the close part is one interval.
 *
 * @example
 * closeRun({ axis: 0, level: 1, from: 0, to: 100 }, { a: { x: 50, y: 0 }, b: { x: 200, y: 0 }, axis: 0 }, 2); // 50
 */
export function closeRun(m: Stretch, s: RouteSegment, tol: number): number {
  if (s.axis !== m.axis) return 0;
  const v0 = across(s.a, m.axis) - m.level;
  const v1 = across(s.b, m.axis) - m.level;
  if ((v0 > tol && v1 > tol) || (v0 < -tol && v1 < -tol)) return 0;
  const u0 = along(s.a, m.axis);
  const u1 = along(s.b, m.axis);
  const [p0, d0, p1, d1] = u0 <= u1 ? [u0, v0, u1, v1] : [u1, v1, u0, v0];
  let lo = Math.max(m.from, p0);
  let hi = Math.min(m.to, p1);
  if (hi <= lo) return 0;
  const slope = (d1 - d0) / (p1 - p0);
  if (Math.abs(slope) < 1e-12) return Math.abs(d0) <= tol ? hi - lo : 0;
  // Where the distance is ±tol, clipped to the overlap.
  const c0 = p0 + (-tol - d0) / slope;
  const c1 = p0 + (tol - d0) / slope;
  lo = Math.max(lo, Math.min(c0, c1));
  hi = Math.min(hi, Math.max(c0, c1));
  return Math.max(0, hi - lo);
}

/**
 * True when segment `s` crosses the stretch from one side to the other, at a place in
 * (`from`, `to`] (half open, so a route crossing a line at a node counts it once).
 *
 * @example
 * crosses({ axis: 0, level: 0, from: 0, to: 100 }, { a: { x: 30, y: -20 }, b: { x: 30, y: 20 }, axis: 1 }); // true
 */
export function crosses(m: Stretch, s: RouteSegment): boolean {
  const v0 = across(s.a, m.axis) - m.level;
  const v1 = across(s.b, m.axis) - m.level;
  if (!((v0 < 0 && v1 > 0) || (v0 > 0 && v1 < 0))) return false;
  const u0 = along(s.a, m.axis);
  const u1 = along(s.b, m.axis);
  const u = u0 + ((u1 - u0) * -v0) / (v1 - v0);
  return u > m.from && u <= m.to;
}
