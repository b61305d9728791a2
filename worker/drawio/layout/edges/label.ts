/** Where an edge label sits against its own line, and how its text is anchored there. */
import { distanceToSegment } from "../../geometry/page-layout.ts";
import type { Point, Rect } from "../../model/cell.ts";

/** Space between an edge label's text and its line. */
export const LABEL_GAP = 4;

/** Where an edge label goes and how its text is anchored there. */
export interface LabelAnchor {
  /** The label point, absolute. */
  at: Point;
  /** Style keys that anchor the text at the point on the side away from the line. */
  style: string;
}

/**
 * Places an edge label tight against its own line: ELK reserves a box beside the edge, and the
 * text is anchored at the near side of that box, `LABEL_GAP` px from the line (`align=right` left of
 * a vertical segment, `verticalAlign=bottom` above a horizontal one, …), so the gap does not
 * depend on how wide draw.io's font really draws the text.
 *
 * @example
 * labelAnchor([{ x: 100, y: 0 }, { x: 100, y: 200 }], { x: 40, y: 90, width: 56, height: 19 });
 * // { at: { x: 96, y: 99.5 }, style: "align=right;verticalAlign=middle;" }
 */
export function labelAnchor(points: readonly Point[], box: Rect): LabelAnchor {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  let best: { a: Point; b: Point; d: number } | undefined;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1] as Point;
    const b = points[k] as Point;
    const d = distanceToSegment(centre, a, b);
    if (!best || d < best.d) best = { a, b, d };
  }
  if (!best) return { at: centre, style: "" };
  const { a, b } = best;
  if (Math.abs(a.x - b.x) < 0.5) {
    const left = centre.x < a.x;
    return {
      at: { x: a.x + (left ? -LABEL_GAP : LABEL_GAP), y: clamp(centre.y, a.y, b.y) },
      style: `align=${left ? "right" : "left"};verticalAlign=middle;`,
    };
  }
  if (Math.abs(a.y - b.y) < 0.5) {
    const above = centre.y < a.y;
    return {
      at: { x: clamp(centre.x, a.x, b.x), y: a.y + (above ? -LABEL_GAP : LABEL_GAP) },
      style: `align=center;verticalAlign=${above ? "bottom" : "top"};`,
    };
  }
  return { at: centre, style: "" };
}

function clamp(v: number, p: number, q: number): number {
  return Math.min(Math.max(v, Math.min(p, q)), Math.max(p, q));
}
