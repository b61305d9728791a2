/**
 * @module Where a routed edge's label goes: a place on its own line whose box is clear.
 */

import { insetRect, segmentInterval } from "../../geometry/page-layout.ts";
import type { Point, Rect } from "../../model/cell.ts";
import type { MoveField } from "./move-cost.ts";
import { sharedArea } from "./rects.ts";
import type { RouteSegment } from "./segments.ts";

/** What a px of another line through a label box counts, beside a px² of shape under it. */
const LINE_UNDER_LABEL = 20;

/** Places along a segment are tried this far (px) apart, outwards from its middle. */
const STEP = 6;
/** The most places tried on one segment. */
const MOST_PER_SEGMENT = 41;

/**
 * The centre of a `size` box on the route `points` that `badness` finds clear (0), trying the
 * middle of the longest segment first, then places a few px apart outwards from it, then the
 * other segments longest first; when no place is clear, the least bad one.
 *
 * @example
 * labelPlace([{ x: 0, y: 0 }, { x: 0, y: 40 }, { x: 200, y: 40 }], { width: 60, height: 20 }, () => 0);
 * // { x: 100, y: 40 }
 */
export function labelPlace(
  points: readonly Point[],
  size: { width: number; height: number },
  badness: (box: Rect) => number,
): Point {
  const order = points
    .slice(1)
    .map((b, k) => {
      const a = points[k] as Point;
      return { a, b, length: Math.abs(b.x - a.x) + Math.abs(b.y - a.y), k };
    })
    .sort((p, q) => q.length - p.length || p.k - q.k);
  let best: { at: Point; bad: number } | undefined;
  for (const { a, b } of order) {
    for (const t of placesAlong(Math.hypot(b.x - a.x, b.y - a.y))) {
      const at = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const box = {
        x: at.x - size.width / 2,
        y: at.y - size.height / 2,
        width: size.width,
        height: size.height,
      };
      const bad = badness(box);
      if (bad <= 0) return at;
      if (!best || bad < best.bad) best = { at, bad };
    }
  }
  return best?.at ?? points[0] ?? { x: 0, y: 0 };
}

/**
 * How much a label box would cover of what the route's `field` holds: the area of shapes under
 * it (its own ends too, not the shapes it may cross) and the length of other lines through it.
 * Zero for a clear place.
 *
 * @example
 * labelPlace(points, size, (box) => labelBadness(box, field));
 */
export function labelBadness(box: Rect, field: MoveField): number {
  const found: number[] = [];
  let bad = 0;
  field.obstacleIndex.inRect(box, found);
  for (const i of found) {
    if (!field.ignored.has(i)) bad += sharedArea(box, field.obstacles[i] as Rect);
  }
  for (const end of field.ends) bad += sharedArea(box, end);
  field.segmentIndex.inRect(box, found);
  const inner = insetRect(box, 0.5);
  for (const k of found) {
    const s = field.segments[k] as RouteSegment;
    const cut = segmentInterval(s.a, s.b, inner);
    if (cut) bad += LINE_UNDER_LABEL * (cut[1] - cut[0]) * Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
  }
  return bad;
}

/** Fractions of a segment `length` px long: the middle, then outwards both ways, STEP px apart. */
function placesAlong(length: number): number[] {
  const out = [0.5];
  const step = Math.max(STEP, length / (MOST_PER_SEGMENT - 1));
  for (let d = step; d <= length / 2 && out.length < MOST_PER_SEGMENT; d += step) {
    out.push(0.5 - d / length, 0.5 + d / length);
  }
  return out;
}
