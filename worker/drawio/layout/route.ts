import type { ElkExtendedEdge, ElkPoint } from "elkjs/lib/elk-api.js";
import type { Point } from "../cell.ts";

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
