import type { Point } from "../../worker/drawio/cell.ts";

/**
 * Where draw.io puts the centre of an edge label whose geometry has `x = 0`, `y = 0` and no
 * offset: halfway along the drawn polyline, the distance rounded to a whole pixel and the
 * segment found with rounded sums, as mxGraphView's `getPoint` does.
 *
 * @example
 * drawioLabelPoint([{ x: 0, y: 0 }, { x: 0, y: 100 }, { x: 50, y: 100 }]); // { x: 0, y: 75 }
 */
export function drawioLabelPoint(points: readonly Point[]): Point {
  const lengths: number[] = [];
  let total = 0;
  for (let k = 1; k < points.length; k++) {
    const p = points[k - 1] as Point;
    const q = points[k] as Point;
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    lengths.push(d);
    total += d;
  }
  const along = Math.round(0.5 * total);
  let walked = 0;
  let k = 0;
  while (k < lengths.length - 1 && along >= Math.round(walked + (lengths[k] as number))) {
    walked += lengths[k] as number;
    k++;
  }
  const segment = lengths[k] ?? 0;
  const p = points[k] as Point;
  const q = (points[k + 1] ?? p) as Point;
  const f = segment === 0 ? 0 : (along - walked) / segment;
  return { x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f };
}
