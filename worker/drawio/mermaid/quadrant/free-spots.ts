/**
 * Where point names go on a quadrant chart: beside their point, in the first of a ring of
 * spots around it that covers no other name, point or label, found through a coarse grid.
 */
import type { Rect } from "../../model/cell.ts";
import { rectsTouch } from "../chart-parts.ts";

const CELL = 40;

/** Rectangles already taken, bucketed by a coarse grid so each test looks at a few. */
export class TakenRects {
  readonly #buckets = new Map<string, Rect[]>();

  /** Marks a rectangle as taken. */
  add(rect: Rect): void {
    for (const key of keys(rect)) {
      const bucket = this.#buckets.get(key);
      if (bucket) bucket.push(rect);
      else this.#buckets.set(key, [rect]);
    }
  }

  /** True when the rectangle (with a 2 px gap) touches nothing taken. */
  free(rect: Rect): boolean {
    for (const key of keys(rect)) {
      for (const other of this.#buckets.get(key) ?? []) if (rectsTouch(rect, other)) return false;
    }
    return true;
  }
}

function keys(rect: Rect): string[] {
  const out: string[] = [];
  for (
    let gx = Math.floor((rect.x - 2) / CELL);
    gx <= Math.floor((rect.x + rect.width + 2) / CELL);
    gx++
  )
    for (
      let gy = Math.floor((rect.y - 2) / CELL);
      gy <= Math.floor((rect.y + rect.height + 2) / CELL);
      gy++
    )
      out.push(`${gx},${gy}`);
  return out;
}

/**
 * The first free spot for a `width` × `height` name beside a point at (`cx`, `cy`) of radius
 * `r`: below it (where Mermaid writes it), above, right, left, the four corners, then the same a
 * line further out;
 * undefined when none is free.
 *
 * @example
 * const rect = nameSpot(taken, 120, 80, 5, 60, 15);
 */
export function nameSpot(
  taken: TakenRects,
  cx: number,
  cy: number,
  r: number,
  width: number,
  height: number,
): Rect | undefined {
  for (let step = 0; step < 2; step++) {
    const d = r + 2 + step * (height + 2);
    const side = r + 4 + step * 8;
    const spots: Rect[] = [
      { x: cx - width / 2, y: cy + d, width, height },
      { x: cx - width / 2, y: cy - d - height, width, height },
      { x: cx + side, y: cy - height / 2, width, height },
      { x: cx - side - width, y: cy - height / 2, width, height },
      { x: cx + side - 2, y: cy + d - 2, width, height },
      { x: cx - side + 2 - width, y: cy + d - 2, width, height },
      { x: cx + side - 2, y: cy - d - height + 2, width, height },
      { x: cx - side + 2 - width, y: cy - d - height + 2, width, height },
    ];
    for (const spot of spots) if (taken.free(spot)) return spot;
  }
  return undefined;
}
