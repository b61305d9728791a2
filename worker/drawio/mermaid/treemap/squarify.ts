/**
 * The squarified treemap tiling: rectangles whose areas follow the weights, laid in rows along
 * the shorter side so that each stays as close to a square as the weights allow.
 */
import type { Rect } from "../../model/cell.ts";

/**
 * Tiles `rect` with one rectangle per weight (same order as `weights`), each with an area
 * proportional to its weight. Weights of 0 get a sliver of `minShare` of the total so that
 * every item keeps a shape a person can select.
 *
 * @example
 * squarify([6, 6, 4, 3, 2, 2, 1], { x: 0, y: 0, width: 600, height: 400 });
 */
export function squarify(weights: readonly number[], rect: Rect, minShare = 0.004): Rect[] {
  const out: Rect[] = new Array(weights.length);
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  const floor = sum > 0 ? sum * minShare : 1;
  const items = weights
    .map((w, index) => ({ index, weight: Math.max(floor, w) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const scaled = items.reduce((a, i) => a + i.weight, 0);
  const factor = (rect.width * rect.height) / scaled;
  const areas = items.map((i) => i.weight * factor);
  let free = { ...rect };
  let start = 0;
  while (start < items.length) {
    const side = Math.min(free.width, free.height);
    let end = start + 1;
    let best = worst(areas, start, end, side);
    while (end < items.length) {
      const next = worst(areas, start, end + 1, side);
      if (next > best) break;
      best = next;
      end++;
    }
    free = layRow(areas, items, start, end, free, out);
    start = end;
  }
  return out;
}

/** The worst aspect ratio of the row `areas[start..end)` laid along a side of length `side`. */
function worst(areas: readonly number[], start: number, end: number, side: number): number {
  let sum = 0;
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (let i = start; i < end; i++) {
    const a = areas[i] as number;
    sum += a;
    max = Math.max(max, a);
    min = Math.min(min, a);
  }
  if (sum <= 0 || side <= 0) return Number.POSITIVE_INFINITY;
  const s2 = side * side;
  return Math.max((s2 * max) / (sum * sum), (sum * sum) / (s2 * min));
}

function layRow(
  areas: readonly number[],
  items: readonly { index: number }[],
  start: number,
  end: number,
  free: Rect,
  out: Rect[],
): Rect {
  let sum = 0;
  for (let i = start; i < end; i++) sum += areas[i] as number;
  const wide = free.width >= free.height;
  const thickness = wide ? sum / Math.max(free.height, 1e-9) : sum / Math.max(free.width, 1e-9);
  let offset = 0;
  for (let i = start; i < end; i++) {
    const length = (areas[i] as number) / Math.max(thickness, 1e-9);
    const index = (items[i] as { index: number }).index;
    out[index] = wide
      ? { x: free.x, y: free.y + offset, width: thickness, height: length }
      : { x: free.x + offset, y: free.y, width: length, height: thickness };
    offset += length;
  }
  return wide
    ? { x: free.x + thickness, y: free.y, width: free.width - thickness, height: free.height }
    : { x: free.x, y: free.y + thickness, width: free.width, height: free.height - thickness };
}
