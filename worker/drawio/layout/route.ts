import type { ElkExtendedEdge, ElkPoint } from "elkjs/lib/elk-api.js";
import type { Point } from "../cell.ts";

/** A coordinate as written to the file: two decimals. */
export const round = (v: number) => Math.round(v * 100) / 100;
/** A relative position on a side (`exitX`…), clamped to 0–1, four decimals. */
export const fraction = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e4) / 1e4;

/** Every point of an edge's route: start, bends, end (over all its sections). */
export function routePoints(edge: ElkExtendedEdge): ElkPoint[] {
  const points: ElkPoint[] = [];
  for (const section of edge.sections ?? []) {
    if (points.length === 0) points.push(section.startPoint);
    points.push(...(section.bendPoints ?? []), section.endPoint);
  }
  return points;
}

/** The point halfway along a polyline, as draw.io finds it for a label at x = 0. */
export function midpoint(points: Point[]): Point {
  let total = 0;
  for (let k = 1; k < points.length; k++) total += dist(points[k - 1] as Point, points[k] as Point);
  let left = total / 2;
  for (let k = 1; k < points.length; k++) {
    const p = points[k - 1] as Point;
    const q = points[k] as Point;
    const d = dist(p, q);
    if (d >= left && d > 0)
      return { x: p.x + ((q.x - p.x) * left) / d, y: p.y + ((q.y - p.y) * left) / d };
    left -= d;
  }
  return points[0] as Point;
}

function dist(p: Point, q: Point): number {
  return Math.hypot(q.x - p.x, q.y - p.y);
}
