/**
 * A bucket grid over rectangles, so that finding the shapes near a box or a line costs about
 * what the answer does.
 */

import type { Point, Rect } from "../model/cell.ts";

const GRID_LIMIT = 1 << 20;
const MAX_CELLS_PER_ITEM = 4096;

/**
 * A bucket size for a grid of `rects`: about twice their median size (so most fall in one to
 * four buckets), doubled while all of them together would fill more than eight buckets each on
 * average (shapes nested in one another are each larger than the last, and would otherwise be
 * bucketed thousands of times over).
 *
 * @example
 * new SpatialGrid(gridSize(rects), rects.length);
 */
export function gridSize(rects: readonly Rect[]): number {
  const sizes = rects.map((r) => Math.max(r.width, r.height)).sort((p, q) => p - q);
  let size = Math.min(2048, Math.max(32, 2 * (sizes[sizes.length >> 1] ?? 64)));
  const most = 8 * rects.length;
  for (let tries = 0; tries < 24; tries++, size *= 2) {
    let buckets = 0;
    for (const r of rects) {
      buckets += (Math.ceil(r.width / size) + 1) * (Math.ceil(r.height / size) + 1);
      if (buckets > most) break;
    }
    if (buckets <= most) break;
  }
  return size;
}

/**
 * A uniform grid of rectangles for finding the few that a segment may cross, or a rectangle
 * may overlap, without testing them all. Rectangles too large to bucket cheaply are returned
 * for every query.
 *
 * @example
 * const grid = new SpatialGrid(200, 1);
 * grid.insert(0, { x: 10, y: 10, width: 50, height: 50 });
 * grid.collect({ x: 0, y: 0 }, { x: 100, y: 100 }, found); // found: [0]
 */
export class SpatialGrid {
  private readonly buckets = new Map<number, number[]>();
  private readonly everywhere: number[] = [];
  private readonly size: number;
  /** Per item, the query that last collected it, so each query returns an item once. */
  private readonly seen: Int32Array;
  private query = 0;

  constructor(size: number, items: number) {
    this.size = size;
    this.seen = new Int32Array(items);
  }

  private cell(v: number): number {
    return Math.max(-GRID_LIMIT, Math.min(GRID_LIMIT - 1, Math.floor(v / this.size)));
  }

  private key(gx: number, gy: number): number {
    return (gx + GRID_LIMIT) * 2 * GRID_LIMIT + (gy + GRID_LIMIT);
  }

  /** Adds item `id` (below the item count) covering rectangle `r`. */
  insert(id: number, r: Rect): void {
    const x0 = this.cell(r.x);
    const x1 = this.cell(r.x + r.width);
    const y0 = this.cell(r.y);
    const y1 = this.cell(r.y + r.height);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ITEM) {
      this.everywhere.push(id);
      return;
    }
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const k = this.key(gx, gy);
        const bucket = this.buckets.get(k);
        if (bucket) bucket.push(id);
        else this.buckets.set(k, [id]);
      }
    }
  }

  /**
   * Replaces the contents of `out` with every item in the buckets segment a→b passes through,
   * each once, walking the buckets in order (Amanatides–Woo traversal).
   */
  collect(a: Point, b: Point, out: number[]): void {
    out.length = 0;
    const query = ++this.query;
    this.take(this.everywhere, query, out);
    let gx = this.cell(a.x);
    let gy = this.cell(a.y);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const far = Math.max(Math.abs(a.x), Math.abs(a.y), Math.abs(b.x), Math.abs(b.y));
    let steps = Math.abs(this.cell(b.x) - gx) + Math.abs(this.cell(b.y) - gy);
    if (steps > MAX_CELLS_PER_ITEM || far >= (GRID_LIMIT - 1) * this.size) {
      for (const bucket of this.buckets.values()) this.take(bucket, query, out);
      return;
    }
    const stepX = Math.sign(dx);
    const stepY = Math.sign(dy);
    const deltaX = dx === 0 ? Number.POSITIVE_INFINITY : this.size / Math.abs(dx);
    const deltaY = dy === 0 ? Number.POSITIVE_INFINITY : this.size / Math.abs(dy);
    let nextX = dx === 0 ? deltaX : ((gx + (dx > 0 ? 1 : 0)) * this.size - a.x) / dx;
    let nextY = dy === 0 ? deltaY : ((gy + (dy > 0 ? 1 : 0)) * this.size - a.y) / dy;
    for (;;) {
      const bucket = this.buckets.get(this.key(gx, gy));
      if (bucket) this.take(bucket, query, out);
      if (steps-- <= 0) return;
      if (nextX < nextY) {
        gx += stepX;
        nextX += deltaX;
      } else {
        gy += stepY;
        nextY += deltaY;
      }
    }
  }

  /**
   * Replaces the contents of `out` with every item in the buckets rectangle `r` covers, each
   * once (every item, when `r` covers more buckets than an item may).
   */
  collectRect(r: Rect, out: number[]): void {
    out.length = 0;
    const query = ++this.query;
    this.take(this.everywhere, query, out);
    const x0 = this.cell(r.x);
    const x1 = this.cell(r.x + r.width);
    const y0 = this.cell(r.y);
    const y1 = this.cell(r.y + r.height);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ITEM) {
      for (const bucket of this.buckets.values()) this.take(bucket, query, out);
      return;
    }
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const bucket = this.buckets.get(this.key(gx, gy));
        if (bucket) this.take(bucket, query, out);
      }
    }
  }

  private take(ids: readonly number[], query: number, out: number[]): void {
    for (const id of ids) {
      if (this.seen[id] === query) continue;
      this.seen[id] = query;
      out.push(id);
    }
  }
}
