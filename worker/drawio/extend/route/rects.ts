/**
 * @module Small operations on rectangles that the router needs and geometry/ does not have.
 */
import type { Point, Rect } from "../../model/cell.ts";

/**
 * True for a rectangle with finite coordinates and some area.
 *
 * @example
 * isBox({ x: 0, y: 0, width: 0, height: 10 }); // false
 */
export function isBox(r: Rect): boolean {
  return Number.isFinite(r.x + r.y + r.width + r.height) && r.width > 0 && r.height > 0;
}

/**
 * The centre of a rectangle.
 *
 * @example
 * centreOf({ x: 0, y: 0, width: 10, height: 20 }); // { x: 5, y: 10 }
 */
export function centreOf(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/**
 * True when `p` lies strictly inside `r` (not on its border).
 *
 * @example
 * strictlyInside({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 5 }); // false
 */
export function strictlyInside(r: Rect, p: Point): boolean {
  return p.x > r.x && p.x < r.x + r.width && p.y > r.y && p.y < r.y + r.height;
}

/**
 * True when two rectangles share some area (touching borders do not count).
 *
 * @example
 * overlaps({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 }); // false
 */
export function overlaps(p: Rect, q: Rect): boolean {
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

/**
 * The area two rectangles share (0 when they do not overlap).
 *
 * @example
 * sharedArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 }); // 25
 */
export function sharedArea(p: Rect, q: Rect): number {
  const w = Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x);
  const h = Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The smallest rectangle holding both (`q` alone when `p` is undefined).
 *
 * @example
 * union({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 0, width: 10, height: 5 });
 * // { x: 0, y: 0, width: 30, height: 10 }
 */
export function union(p: Rect | undefined, q: Rect): Rect {
  if (!p) return q;
  const x = Math.min(p.x, q.x);
  const y = Math.min(p.y, q.y);
  const right = Math.max(p.x + p.width, q.x + q.width);
  const bottom = Math.max(p.y + p.height, q.y + q.height);
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The box of the segment a→b.
 *
 * @example
 * boxAround({ x: 10, y: 5 }, { x: 0, y: 5 }); // { x: 0, y: 5, width: 10, height: 0 }
 */
export function boxAround(a: Point, b: Point): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}
