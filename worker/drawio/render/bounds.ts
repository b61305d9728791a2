/**
 * Box arithmetic for the picture's crop: unions, intersections, and the box around a turned box.
 */
import type { Rect } from "../model/cell.ts";

/**
 * The smallest box holding both boxes (the first may be none yet).
 *
 * @example
 * union(undefined, { x: 0, y: 0, width: 10, height: 10 }); // the second box
 */
export function union(a: Rect | undefined, b: Rect): Rect {
  if (!a) return { ...b };
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * The box around `r` turned by `rotation.angle` degrees about (`cx`, `cy`).
 *
 * @example
 * rotatedBounds({ x: 0, y: 0, width: 40, height: 20 }, { angle: 90, cx: 20, cy: 10 });
 * // ≈ { x: 10, y: -10, width: 20, height: 40 }
 */
export function rotatedBounds(r: Rect, rotation: { angle: number; cx: number; cy: number }): Rect {
  const a = (rotation.angle * Math.PI) / 180;
  const corners = [
    [r.x, r.y],
    [r.x + r.width, r.y],
    [r.x, r.y + r.height],
    [r.x + r.width, r.y + r.height],
  ].map(([x, y]) => {
    const dx = (x as number) - rotation.cx;
    const dy = (y as number) - rotation.cy;
    // Rounded to a millionth, so a quarter turn's cos(90°) ≈ 6e-17 leaves no dust to round up.
    return {
      x: Math.round((rotation.cx + dx * Math.cos(a) - dy * Math.sin(a)) * 1e6) / 1e6,
      y: Math.round((rotation.cy + dx * Math.sin(a) + dy * Math.cos(a)) * 1e6) / 1e6,
    };
  });
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
}

/**
 * The part of `a` inside `b` (an empty rectangle at `b`'s corner when they do not meet).
 *
 * @example
 * intersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 }); // { x: 5, y: 5, width: 5, height: 5 }
 */
export function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right < x || bottom < y
    ? { x: b.x, y: b.y, width: 0, height: 0 }
    : { x, y, width: right - x, height: bottom - y };
}
