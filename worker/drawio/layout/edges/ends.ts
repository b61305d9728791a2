/** An edge's routed ends moved from the node's bounding box onto the outline draw.io draws. */
import type { Point, Rect } from "../../model/cell.ts";
import { outlinePoint, type Side } from "../../outline/index.ts";

/** Within this (px) of a box side, a routed end counts as lying on that side. */
const ON_SIDE = 0.5;

/**
 * The side of `rect` an edge end at `end` leaves by, given the next point of its route: the
 * side the end lies on, or, at a corner or off the box, the side facing the next point.
 */
function sideOf(rect: Rect, end: Point, next: Point): Side {
  const dx = next.x - end.x;
  const dy = next.y - end.y;
  const candidates: Side[] = [];
  if (Math.abs(end.y - rect.y) <= ON_SIDE) candidates.push("top");
  if (Math.abs(end.y - (rect.y + rect.height)) <= ON_SIDE) candidates.push("bottom");
  if (Math.abs(end.x - rect.x) <= ON_SIDE) candidates.push("left");
  if (Math.abs(end.x - (rect.x + rect.width)) <= ON_SIDE) candidates.push("right");
  const facing: Side =
    Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? "top" : "bottom") : dx < 0 ? "left" : "right";
  if (candidates.length === 1) return candidates[0] as Side;
  return candidates.includes(facing) || candidates.length === 0 ? facing : (candidates[0] as Side);
}

/**
 * Moves the first point of a route (an end that ELK put on the node's bounding box) onto the
 * outline draw.io draws for the node's `style`: along the route's first segment, so an
 * orthogonal route stays orthogonal and the line touches a diamond, an ellipse or a cylinder
 * instead of stopping in the empty corner of its box. Where the segment's line would miss the
 * shape (past the tip of a diamond's side), the end moves to the nearest point that meets it
 * and a bend keeps the route orthogonal.
 *
 * @example
 * endOnOutline([{ x: 120, y: 20 }, { x: 160, y: 20 }], { x: 0, y: 0, width: 120, height: 60 },
 *   "rhombus;");
 * // [{ x: 100, y: 20 }, { x: 160, y: 20 }]
 */
export function endOnOutline(route: Point[], rect: Rect, style: string): Point[] {
  const end = route[0];
  const next = route[1];
  if (!end || !next) return route;
  const side = sideOf(rect, end, next);
  const horizontal = side === "top" || side === "bottom";
  const along = horizontal ? end.x : end.y;
  const hit = outlinePoint(style, rect, side, along);
  const moved = Math.abs((horizontal ? hit.x : hit.y) - along) > 0.01;
  if (!moved) return [hit, ...route.slice(1)];
  // The line missed the shape: leave from the nearest point that meets it, then turn.
  const bend = horizontal ? { x: hit.x, y: next.y } : { x: next.x, y: hit.y };
  return [hit, bend, ...route.slice(1)];
}
