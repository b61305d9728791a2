/**
 * An edge's route as the layout writes it: ELK's points, rounding, the midpoint, waypoints set on a
 * cell.
 */
import type { ElkExtendedEdge, ElkPoint } from "elkjs/lib/elk-api.js";
import { geometryOf, mxCellOf, type Point } from "../../model/cell.ts";
import { createElement, isElement, type XmlElement } from "../../xml/nodes.ts";

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

/**
 * A route without the points in the middle of a straight run (where two pieces of a route
 * meet in line).
 *
 * @example
 * dropCollinear([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 9, y: 0 }]); // the first and the last
 */
export function dropCollinear<P extends { x: number; y: number }>(points: readonly P[]): P[] {
  const out: P[] = [];
  for (const p of points) {
    const a = out[out.length - 2];
    const b = out[out.length - 1];
    if (a && b && ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
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

/**
 * Replaces an edge's waypoints (relative to its parent) and its label offset; with `keepOffset`
 * and no `offset`, the label offset it had stays.
 */
export function setRoute(
  edge: XmlElement,
  bends: Point[],
  offset: Point | undefined,
  keepOffset = false,
): void {
  let geometry = geometryOf(edge);
  if (!geometry) {
    geometry = createElement("mxGeometry", { relative: "1", as: "geometry" });
    mxCellOf(edge).children.push(geometry);
  }
  geometry.children = geometry.children.filter(
    (child) =>
      !(
        isElement(child) &&
        (child.attrs.as === "points" || (!keepOffset && child.attrs.as === "offset"))
      ),
  );
  if (bends.length > 0) {
    const points = bends.map((p) =>
      createElement("mxPoint", { x: String(round(p.x)), y: String(round(p.y)) }),
    );
    geometry.children.push(createElement("Array", { as: "points" }, points));
  }
  if (offset) {
    geometry.children.push(
      createElement("mxPoint", {
        x: String(round(offset.x)),
        y: String(round(offset.y)),
        as: "offset",
      }),
    );
    geometry.attrs.x = "0";
    geometry.attrs.y = "0";
  }
}
