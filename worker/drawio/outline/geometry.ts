/**
 * Outline segments (lines, quadratic and cubic Béziers, elliptic arcs) and what the outline
 * asks of them: a point on one, where a line first meets them, their extent and corners.
 */

import type { Point } from "../model/cell.ts";

/**
 * One piece of a drawn outline: a straight line, a quadratic or cubic Bézier, or an arc of an
 * ellipse (centre, radii, the ellipse's own rotation `tilt`, and the angles it covers, in
 * radians; a negative `sweep` runs the other way).
 */
export type Segment =
  | { kind: "line"; from: Point; to: Point }
  | { kind: "quad"; from: Point; ctrl: Point; to: Point }
  | { kind: "cubic"; from: Point; ctrl1: Point; ctrl2: Point; to: Point }
  | {
      kind: "arc";
      center: Point;
      rx: number;
      ry: number;
      tilt: number;
      start: number;
      sweep: number;
    };

/** A point of a segment and how far along the travel direction it lies. */
export interface Hit {
  point: Point;
  depth: number;
}

const TAU = 2 * Math.PI;
/** Below this (in px) a value counts as zero: tangents and collinear lines touch. */
const EPS = 1e-7;

const dot = (a: Point, b: Point): number => a.x * b.x + a.y * b.y;

/** The coefficients (constant first) of `axis · P(t)` for a polynomial segment. */
function projection(seg: Exclude<Segment, { kind: "arc" }>, axis: Point): number[] {
  const q0 = dot(seg.from, axis);
  if (seg.kind === "line") return [q0, dot(seg.to, axis) - q0];
  if (seg.kind === "quad") {
    const q1 = dot(seg.ctrl, axis);
    const q2 = dot(seg.to, axis);
    return [q0, 2 * (q1 - q0), q0 - 2 * q1 + q2];
  }
  const q1 = dot(seg.ctrl1, axis);
  const q2 = dot(seg.ctrl2, axis);
  const q3 = dot(seg.to, axis);
  return [q0, 3 * (q1 - q0), 3 * (q0 - 2 * q1 + q2), q3 - q0 + 3 * (q1 - q2)];
}

function evaluate(coeffs: readonly number[], t: number): number {
  let value = 0;
  for (let i = coeffs.length - 1; i >= 0; i--) value = value * t + (coeffs[i] as number);
  return value;
}

/** Roots in (0, 1) of a polynomial of degree ≤ 2 (constant first). */
function lowRoots(coeffs: readonly number[]): number[] {
  const [c = 0, b = 0, a = 0] = coeffs;
  const inside = (t: number) => t > 0 && t < 1;
  if (Math.abs(a) < 1e-12) return Math.abs(b) < 1e-12 ? [] : [-c / b].filter(inside);
  const disc = b * b - 4 * a * c;
  if (disc < 0) return [];
  const root = Math.sqrt(disc);
  return [(-b - root) / (2 * a), (-b + root) / (2 * a)].filter(inside);
}

/** Where the polynomial turns in (0, 1), in order: the ends of its monotone pieces. */
function turningPoints(coeffs: readonly number[]): number[] {
  const derivative = coeffs.slice(1).map((c, i) => c * (i + 1));
  return lowRoots(derivative).sort((a, b) => a - b);
}

/** Every t in [0, 1] where the polynomial is zero, tangent touches included. */
function rootsInUnit(coeffs: readonly number[]): number[] {
  if (coeffs.every((c) => Math.abs(c) < EPS)) return [0, 1];
  const stops = [0, ...turningPoints(coeffs), 1];
  const roots: number[] = [];
  for (let i = 0; i < stops.length; i++) {
    const u = stops[i] as number;
    const pu = evaluate(coeffs, u);
    if (Math.abs(pu) < EPS) roots.push(u);
    if (i === stops.length - 1) break;
    const v = stops[i + 1] as number;
    const pv = evaluate(coeffs, v);
    if (pu * pv >= 0 || Math.abs(pv) < EPS || Math.abs(pu) < EPS) continue;
    let lo = u;
    let hi = v;
    for (let k = 0; k < 64 && hi - lo > 1e-15; k++) {
      const mid = (lo + hi) / 2;
      if (evaluate(coeffs, mid) * pu > 0) lo = mid;
      else hi = mid;
    }
    roots.push((lo + hi) / 2);
  }
  return roots;
}

/**
 * The point of a segment at parameter t (an angle for arcs).
 *
 * @example
 * pointAt({ kind: "line", from: { x: 0, y: 0 }, to: { x: 10, y: 0 } }, 0.5); // { x: 5, y: 0 }
 */
export function pointAt(seg: Segment, t: number): Point {
  if (seg.kind === "arc") {
    const ex = seg.rx * Math.cos(t);
    const ey = seg.ry * Math.sin(t);
    const c = Math.cos(seg.tilt);
    const s = Math.sin(seg.tilt);
    return { x: seg.center.x + c * ex - s * ey, y: seg.center.y + s * ex + c * ey };
  }
  const u = 1 - t;
  if (seg.kind === "line") {
    return { x: u * seg.from.x + t * seg.to.x, y: u * seg.from.y + t * seg.to.y };
  }
  if (seg.kind === "quad") {
    const a = u * u;
    const b = 2 * u * t;
    const c = t * t;
    return {
      x: a * seg.from.x + b * seg.ctrl.x + c * seg.to.x,
      y: a * seg.from.y + b * seg.ctrl.y + c * seg.to.y,
    };
  }
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return {
    x: a * seg.from.x + b * seg.ctrl1.x + c * seg.ctrl2.x + d * seg.to.x,
    y: a * seg.from.y + b * seg.ctrl1.y + c * seg.ctrl2.y + d * seg.to.y,
  };
}

/** `axis · P(θ) = base + amp · cos(θ − phase)` for an arc. */
function arcWave(seg: Extract<Segment, { kind: "arc" }>, axis: Point) {
  const c = Math.cos(seg.tilt);
  const s = Math.sin(seg.tilt);
  const a = seg.rx * (axis.x * c + axis.y * s);
  const b = seg.ry * (axis.y * c - axis.x * s);
  return { base: dot(seg.center, axis), amp: Math.hypot(a, b), phase: Math.atan2(b, a) };
}

function onArc(seg: Extract<Segment, { kind: "arc" }>, angle: number): boolean {
  const span = Math.abs(seg.sweep);
  if (span >= TAU - 1e-12) return true;
  const from = seg.sweep >= 0 ? seg.start : seg.start + seg.sweep;
  const offset = (((angle - from) % TAU) + TAU) % TAU;
  return offset <= span + 1e-12 || offset >= TAU - 1e-12;
}

/** The parameters of a segment where `axis · P = value`. */
function crossings(seg: Segment, axis: Point, value: number): number[] {
  if (seg.kind === "line") {
    // As `rootsInUnit` finds them for a polynomial of degree 1, solved directly.
    const c = dot(seg.from, axis) - value;
    const b = dot(seg.to, axis) - dot(seg.from, axis);
    const end = c + b;
    if (Math.abs(c) < EPS && Math.abs(b) < EPS) return [0, 1];
    const out: number[] = [];
    if (Math.abs(c) < EPS) out.push(0);
    else if (c * end < 0 && Math.abs(end) >= EPS) out.push(-c / b);
    if (Math.abs(end) < EPS) out.push(1);
    return out;
  }
  if (seg.kind !== "arc") {
    const coeffs = projection(seg, axis);
    coeffs[0] = (coeffs[0] as number) - value;
    return rootsInUnit(coeffs);
  }
  const { base, amp, phase } = arcWave(seg, axis);
  if (amp < EPS) return [];
  const k = (value - base) / amp;
  if (Math.abs(k) > 1 + EPS / amp) return [];
  const turn = Math.acos(Math.max(-1, Math.min(1, k)));
  const ends = [seg.start, seg.start + seg.sweep].filter(
    (t) => Math.abs(dot(pointAt(seg, t), axis) - value) < EPS,
  );
  return [phase + turn, phase - turn, ...ends].filter((t) => onArc(seg, t));
}

/**
 * The first point, travelling along `direction`, where the line `axis · P = value` meets the
 * segments (`axis` is perpendicular to `direction`), or undefined when it misses them all.
 *
 * @example
 * firstHit([{ kind: "line", from: { x: 0, y: 0 }, to: { x: 10, y: 10 } }], { x: 1, y: 0 }, 4, { x: 0, y: 1 });
 * // { point: { x: 4, y: 4 }, depth: 4 }
 */
export function firstHit(
  segments: readonly Segment[],
  axis: Point,
  value: number,
  direction: Point,
): Hit | undefined {
  let best: Hit | undefined;
  for (const seg of segments) {
    for (const t of crossings(seg, axis, value)) {
      const point = pointAt(seg, t);
      const depth = dot(point, direction);
      if (best === undefined || depth < best.depth) best = { point, depth };
    }
  }
  return best;
}

/**
 * The smallest and largest `axis · P` over the segments: the stretch of lines that meet them.
 *
 * @example
 * extent([{ kind: "line", from: { x: 2, y: 0 }, to: { x: 8, y: 5 } }], { x: 1, y: 0 }); // { min: 2, max: 8 }
 */
export function extent(segments: readonly Segment[], axis: Point): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const take = (v: number) => {
    if (v < min) min = v;
    if (v > max) max = v;
  };
  for (const seg of segments) {
    if (seg.kind === "arc") {
      const { phase } = arcWave(seg, axis);
      for (const t of [seg.start, seg.start + seg.sweep, phase, phase + Math.PI]) {
        if (onArc(seg, t)) take(dot(pointAt(seg, t), axis));
      }
      continue;
    }
    const coeffs = projection(seg, axis);
    for (const t of [0, 1, ...turningPoints(coeffs)]) take(evaluate(coeffs, t));
  }
  return { min, max };
}

/**
 * The coordinates along `axis` of the segments' ends (corners of the outline): places where the
 * depth seen from a side can jump, so a sampler should look there too.
 *
 * @example
 * breakpoints([{ kind: "line", from: { x: 2, y: 0 }, to: { x: 8, y: 5 } }], { x: 1, y: 0 }); // [2, 8]
 */
export function breakpoints(segments: readonly Segment[], axis: Point): number[] {
  const out: number[] = [];
  for (const seg of segments) {
    const ends = seg.kind === "arc" ? [seg.start, seg.start + seg.sweep] : [0, 1];
    for (const t of ends) out.push(dot(pointAt(seg, t), axis));
  }
  return out;
}
