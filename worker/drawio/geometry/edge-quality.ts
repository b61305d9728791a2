/**
 * How readable a page's edges are: lines drawn on top of each other, crossings, arrows pointing
 * against the flow, and pinned ends that miss their shape's outline.
 */

import type { Point, Rect } from "../model/cell.ts";
import { outlineDistance } from "../outline/index.ts";
import type { Direction } from "./direction.ts";
import type { EdgeRoute } from "./edge-routes.ts";
import { insetRect, type LayoutCell, pointsBox, rectsMeet } from "./page-layout.ts";
import { SpatialGrid } from "./spatial-grid.ts";

/** Two edges drawn on top of each other for `length` px, around `at`. */
export interface SharedSegment {
  a: LayoutCell;
  b: LayoutCell;
  length: number;
  at: Point;
}

/** Options for {@link sharedSegments}. */
export interface SharedSegmentOptions {
  /** Lines closer than this (px) are drawn on top of each other (default 2). */
  tolerance?: number;
  /** Pairs sharing at most this much length (px) are not reported (default 8). */
  minLength?: number;
}

interface Segment {
  route: number;
  a: Point;
  b: Point;
  length: number;
}

/** Segments whose directions differ by less than this (sin of ~10°) count as parallel. */
const PARALLEL_SIN = 0.18;

/**
 * Pairs of edges that run along the same line (parallel, within `tolerance` px) for more than
 * `minLength` px in total, so a reader cannot tell which goes where. Pairs that share their
 * source or their target are left out: edges fanning out of (or into) one shape may merge.
 *
 * @example
 * sharedSegments(edgeRoutes(new PageLayout(page))); // [{ a: e1, b: e4, length: 120, at: { x: 300, y: 80 } }]
 */
export function sharedSegments(
  routes: readonly EdgeRoute[],
  options: SharedSegmentOptions = {},
): SharedSegment[] {
  const tol = options.tolerance ?? 2;
  const minLength = options.minLength ?? 8;
  const segments = segmentsOf(routes);
  const grid = candidatesOf(segments, tol);
  const found: number[] = [];
  const shared = new Map<number, { length: number; at: Point }>();
  const n = routes.length;
  for (const s of segments) {
    grid.collect(s.a, s.b, found);
    for (const j of found) {
      const t = segments[j] as Segment;
      if (t.route <= s.route || !mayShare(routes[s.route], routes[t.route])) continue;
      const length = parallelOverlap(s, t, tol);
      if (length <= 0) continue;
      const key = s.route * n + t.route;
      const entry = shared.get(key);
      if (entry) entry.length += length;
      else shared.set(key, { length, at: midpointOf(s) });
    }
  }
  const out: SharedSegment[] = [];
  for (const [key, { length, at }] of shared) {
    if (length <= minLength) continue;
    const a = routes[Math.floor(key / n)] as EdgeRoute;
    const b = routes[key % n] as EdgeRoute;
    out.push({ a: a.edge, b: b.edge, length: Math.round(length * 10) / 10, at });
  }
  return out.sort((p, q) => p.a.index - q.a.index || p.b.index - q.b.index);
}

/**
 * True when `routes[at]` runs along a line of another route, as {@link sharedSegments} over all
 * `routes` would report a pair holding it: for a pass that tries moves of one edge, at the cost
 * of the routes near it rather than of all pairs.
 *
 * @example
 * sharesALine(routes, 3); // true: routes[3] runs on top of another edge
 */
export function sharesALine(
  routes: readonly EdgeRoute[],
  at: number,
  options: SharedSegmentOptions = {},
): boolean {
  const route = routes[at];
  if (!route) return false;
  const tol = options.tolerance ?? 2;
  const reach = insetRect(pointsBox(route.points), -tol);
  for (let i = 0; i < routes.length; i++) {
    const other = routes[i] as EdgeRoute;
    if (i === at || !mayShare(route, other) || !rectsMeet(pointsBox(other.points), reach)) continue;
    // In the order of `routes`, as the whole count measures each pair.
    if (sharedSegments(i < at ? [other, route] : [route, other], options).length > 0) return true;
  }
  return false;
}

/**
 * How many times edges cross each other: proper intersections of two different edges' lines,
 * except where both edges end at the same vertex (within 3 px of it), where lines meet by
 * design. Lines running along each other are not crossings (see {@link sharedSegments}).
 *
 * @example
 * countEdgeCrossings(edgeRoutes(new PageLayout(page))); // 7
 */
export function countEdgeCrossings(routes: readonly EdgeRoute[]): number {
  const segments = segmentsOf(routes);
  const grid = candidatesOf(segments, 0);
  const found: number[] = [];
  let count = 0;
  for (const s of segments) {
    grid.collect(s.a, s.b, found);
    for (const j of found) {
      const t = segments[j] as Segment;
      if (t.route <= s.route) continue;
      const p = intersection(s, t);
      if (!p) continue;
      const a = routes[s.route] as EdgeRoute;
      const b = routes[t.route] as EdgeRoute;
      if (nearSharedEnd(a, b, p)) continue;
      // Where edges that share an end branch apart, one line's corner lies on the other.
      if (p.corner && shareAnEnd(a, b)) continue;
      count++;
    }
  }
  return count;
}

const AXIS: Record<Direction, Point> = {
  down: { x: 0, y: 1 },
  up: { x: 0, y: -1 },
  right: { x: 1, y: 0 },
  left: { x: -1, y: 0 },
};

/**
 * Edges whose target's centre lies behind their source's centre along the flow (by more than
 * `tolerance` px): the arrows a reader sees pointing back against the direction of reading.
 * Self-loops and edges without two attached ends are left out.
 *
 * @example
 * edgesAgainstFlow(edgeRoutes(new PageLayout(page)), "down").map((e) => e.id); // ["retry"]
 */
export function edgesAgainstFlow(
  routes: readonly EdgeRoute[],
  direction: Direction,
  tolerance = 10,
): LayoutCell[] {
  const axis = AXIS[direction];
  const out: LayoutCell[] = [];
  for (const route of routes) {
    const [s, t] = route.ends;
    if (!s.rect || !t.rect || s.cell === t.cell) continue;
    const d =
      (centre(t.rect).x - centre(s.rect).x) * axis.x +
      (centre(t.rect).y - centre(s.rect).y) * axis.y;
    if (d < -tolerance) out.push(route.edge);
  }
  return out;
}

function centre(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

function segmentsOf(routes: readonly EdgeRoute[]): Segment[] {
  const segments: Segment[] = [];
  routes.forEach((route, r) => {
    for (let k = 1; k < route.points.length; k++) {
      const a = route.points[k - 1] as Point;
      const b = route.points[k] as Point;
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      if (length > 1e-6) segments.push({ route: r, a, b, length });
    }
  });
  return segments;
}

/** Below this many segments every pair is tried: building a grid would cost more than it saves. */
const GRID_FROM = 32;

/** Finds the segments whose box (grown by the pad) may meet a segment's. */
interface Candidates {
  collect(a: Point, b: Point, out: number[]): void;
}

/** A grid of the segments, or, for a few, all of them (a finishing pass compares two routes). */
function candidatesOf(segments: readonly Segment[], pad: number): Candidates {
  if (segments.length >= GRID_FROM) return gridOf(segments, pad);
  return {
    collect: (_a, _b, out) => {
      out.length = 0;
      for (let i = 0; i < segments.length; i++) out.push(i);
    },
  };
}

function gridOf(segments: readonly Segment[], pad: number): SpatialGrid {
  const lengths = segments.map((s) => s.length).sort((p, q) => p - q);
  const size = Math.min(1024, Math.max(32, 2 * (lengths[lengths.length >> 1] ?? 64)));
  const grid = new SpatialGrid(size, segments.length);
  for (const [i, s] of segments.entries()) {
    const x = Math.min(s.a.x, s.b.x) - pad;
    const y = Math.min(s.a.y, s.b.y) - pad;
    const width = Math.abs(s.b.x - s.a.x) + 2 * pad;
    const height = Math.abs(s.b.y - s.a.y) + 2 * pad;
    grid.insert(i, { x, y, width, height });
  }
  return grid;
}

/** Edges may merge where they leave the same shape or arrive at the same shape. */
function mayShare(p: EdgeRoute | undefined, q: EdgeRoute | undefined): boolean {
  if (!p || !q) return false;
  const [ps, pt] = p.ends;
  const [qs, qt] = q.ends;
  if (ps.cell && ps.cell === qs.cell) return false;
  if (pt.cell && pt.cell === qt.cell) return false;
  return true;
}

/**
 * The length of the part of `s` lying within `tol` px of `t`, when the two are parallel (zero
 * otherwise): `t` is projected on `s`, and where the projections overlap the distance between
 * the lines changes linearly, so the close part is one interval.
 */
function parallelOverlap(s: Segment, t: Segment, tol: number): number {
  const ux = (s.b.x - s.a.x) / s.length;
  const uy = (s.b.y - s.a.y) / s.length;
  const vx = (t.b.x - t.a.x) / t.length;
  const vy = (t.b.y - t.a.y) / t.length;
  if (Math.abs(ux * vy - uy * vx) > PARALLEL_SIN) return 0;
  // Positions of t's ends along s, and their signed distances from s's line.
  const pa = (t.a.x - s.a.x) * ux + (t.a.y - s.a.y) * uy;
  const pb = (t.b.x - s.a.x) * ux + (t.b.y - s.a.y) * uy;
  const da = (t.a.x - s.a.x) * -uy + (t.a.y - s.a.y) * ux;
  const db = (t.b.x - s.a.x) * -uy + (t.b.y - s.a.y) * ux;
  const [p0, d0, p1, d1] = pa <= pb ? [pa, da, pb, db] : [pb, db, pa, da];
  const lo = Math.max(0, p0);
  const hi = Math.min(s.length, p1);
  if (hi <= lo) return 0;
  const at = (p: number) => (p1 === p0 ? d0 : d0 + ((d1 - d0) * (p - p0)) / (p1 - p0));
  // Sub-interval of [lo, hi] where |distance| ≤ tol (distance is linear in p).
  const dlo = at(lo);
  const dhi = at(hi);
  let from = lo;
  let to = hi;
  if (dlo !== dhi) {
    const slope = (dhi - dlo) / (hi - lo);
    const cross = (v: number) => lo + (v - dlo) / slope;
    const [c0, c1] = [cross(-tol), cross(tol)].sort((p, q) => p - q) as [number, number];
    from = Math.max(lo, c0);
    to = Math.min(hi, c1);
  } else if (Math.abs(dlo) > tol) {
    return 0;
  }
  return Math.max(0, to - from);
}

/** Where two segments cross, counting each polyline corner once (half-open segments). */
function intersection(s: Segment, t: Segment): (Point & { corner: boolean }) | undefined {
  const rx = s.b.x - s.a.x;
  const ry = s.b.y - s.a.y;
  const qx = t.b.x - t.a.x;
  const qy = t.b.y - t.a.y;
  const denom = rx * qy - ry * qx;
  if (Math.abs(denom) < 1e-9 * s.length * t.length) return undefined;
  const wx = t.a.x - s.a.x;
  const wy = t.a.y - s.a.y;
  const u = (wx * qy - wy * qx) / denom;
  const v = (wx * ry - wy * rx) / denom;
  if (u < 0 || u >= 1 || v < 0 || v >= 1) return undefined;
  const eps = 1e-6;
  const corner = u < eps || u > 1 - eps || v < eps || v > 1 - eps;
  return { x: s.a.x + rx * u, y: s.a.y + ry * u, corner };
}

function shareAnEnd(p: EdgeRoute, q: EdgeRoute): boolean {
  return p.ends.some(
    (e) => e.cell !== undefined && (q.ends[0].cell === e.cell || q.ends[1].cell === e.cell),
  );
}

function nearSharedEnd(p: EdgeRoute, q: EdgeRoute, at: Point): boolean {
  for (const end of p.ends) {
    if (!end.cell || !end.rect) continue;
    if (q.ends[0].cell !== end.cell && q.ends[1].cell !== end.cell) continue;
    const r = end.rect;
    if (
      at.x >= r.x - 3 &&
      at.x <= r.x + r.width + 3 &&
      at.y >= r.y - 3 &&
      at.y <= r.y + r.height + 3
    )
      return true;
  }
  return false;
}

function midpointOf(s: Segment): Point {
  return { x: Math.round((s.a.x + s.b.x) / 2), y: Math.round((s.a.y + s.b.y) / 2) };
}

/** A pinned edge end drawn away from its shape's outline. */
export interface DanglingEnd {
  edge: LayoutCell;
  end: "source" | "target";
  /** Distance (px) from the end to the outline draw.io draws. */
  distance: number;
}

/**
 * Pinned edge ends with draw.io's perimeter off (`exitPerimeter=0`) that lie more than
 * `tolerance` px from the outline draw.io draws for their shape: the line stops in empty space
 * beside a diamond or an ellipse, or runs into the shape. Ends draw.io moves onto the perimeter
 * itself and free ends are not counted.
 *
 * @example
 * danglingEnds(edgeRoutes(new PageLayout(page))).length; // 0
 */
export function danglingEnds(routes: readonly EdgeRoute[], tolerance = 3): DanglingEnd[] {
  const found: DanglingEnd[] = [];
  for (const route of routes) {
    route.ends.forEach((end, k) => {
      if (!end.cell || !end.rect || !end.pinned || end.perimeter) return;
      const distance = outlineDistance(end.cell.style, end.rect, end.point);
      if (distance > tolerance) {
        found.push({ edge: route.edge, end: k === 0 ? "source" : "target", distance });
      }
    });
  }
  return found;
}
