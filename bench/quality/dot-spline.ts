import type { Point } from "../../worker/drawio/model/cell.ts";
import type { DotSpline } from "./dot-json.ts";

/** The longest step (px) between consecutive points of a sampled curve. */
export const MAX_STEP = 6;

/**
 * The line dot draws for an edge, as a polyline: each cubic Bézier segment sampled so that
 * consecutive points are at most `maxStep` apart, with the arrow tips (`s,`/`e,`) added at the
 * ends, since the drawn line (and draw.io's arrowhead) ends there. Pieces of a split edge
 * (`;` in `pos`) are joined in order.
 *
 * @example
 * splinePolyline([{ controls: [{ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 0, y: 20 }, { x: 0, y: 30 }], end: { x: 0, y: 40 } }]);
 * // [{ x: 0, y: 0 }, …, { x: 0, y: 30 }, { x: 0, y: 40 }]
 */
export function splinePolyline(splines: readonly DotSpline[], maxStep = MAX_STEP): Point[] {
  const points: Point[] = [];
  for (const spline of splines) {
    if (spline.start) points.push(spline.start);
    const c = spline.controls;
    points.push(c[0] as Point);
    for (let k = 0; k + 3 < c.length; k += 3) {
      points.push(
        ...sampleCubic(
          c[k] as Point,
          c[k + 1] as Point,
          c[k + 2] as Point,
          c[k + 3] as Point,
          maxStep,
        ),
      );
    }
    if (spline.end) points.push(spline.end);
  }
  return points;
}

/**
 * Points of a cubic Bézier at even steps of arc length, its start left out: as few as keep
 * every chord within `maxStep`. The arc length is measured on a fine polyline (about 1 px).
 */
function sampleCubic(p0: Point, p1: Point, p2: Point, p3: Point, maxStep: number): Point[] {
  const at = (t: number): Point => {
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    return {
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
      y: a * p0.y + b * p1.y + c * p2.y + d * p3.y,
    };
  };
  const fine = Math.min(4096, Math.max(8, Math.ceil(dist(p0, p1) + dist(p1, p2) + dist(p2, p3))));
  const lengths = [0];
  let previous = p0;
  for (let i = 1; i <= fine; i++) {
    const next = at(i / fine);
    lengths.push((lengths[i - 1] as number) + dist(previous, next));
    previous = next;
  }
  const total = lengths[fine] as number;
  // A hair under the step, so the estimate's error never lets a chord exceed it.
  const steps = Math.max(1, Math.ceil(total / (maxStep * 0.99)));
  const out: Point[] = [];
  let k = 1;
  for (let i = 1; i < steps; i++) {
    const goal = (total * i) / steps;
    while (k < fine && (lengths[k] as number) < goal) k++;
    const from = lengths[k - 1] as number;
    const span = (lengths[k] as number) - from;
    out.push(at((k - 1 + (span > 0 ? (goal - from) / span : 0)) / fine));
  }
  out.push(p3);
  return out;
}

function dist(p: Point, q: Point): number {
  return Math.hypot(q.x - p.x, q.y - p.y);
}
