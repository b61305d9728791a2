/**
 * @module A spatial index that grows: the router's obstacles and route segments, to which the
 * caller keeps adding (a newly placed shape, a newly routed edge) after construction.
 */

import { SpatialGrid } from "../../geometry/spatial-grid.ts";
import type { Point, Rect } from "../../model/cell.ts";

/**
 * Rectangles in a {@link SpatialGrid} that may be added to at any time: the grid is rebuilt,
 * with twice the room, when it fills. Queries answer item indexes in insertion order of the
 * buckets they walk, so the same inserts give the same answers.
 *
 * @example
 * const index = new RectIndex(128);
 * index.add({ x: 0, y: 0, width: 50, height: 20 });
 * index.alongSegment({ x: -10, y: 10 }, { x: 80, y: 10 }, found); // found: [0]
 */
export class RectIndex {
  readonly rects: Rect[] = [];
  readonly #bucket: number;
  #grid: SpatialGrid;
  #room: number;

  constructor(bucket: number, room = 64) {
    this.#bucket = bucket;
    this.#room = Math.max(16, room);
    this.#grid = new SpatialGrid(bucket, this.#room);
  }

  /** Adds a rectangle; answers its index. */
  add(rect: Rect): number {
    const id = this.rects.length;
    this.rects.push(rect);
    if (id >= this.#room) {
      this.#room *= 2;
      this.#grid = new SpatialGrid(this.#bucket, this.#room);
      for (const [k, r] of this.rects.entries()) this.#grid.insert(k, r);
    } else {
      this.#grid.insert(id, rect);
    }
    return id;
  }

  /** Replaces `out` with the indexes of the rectangles whose buckets segment a→b passes. */
  alongSegment(a: Point, b: Point, out: number[]): void {
    this.#grid.collect(a, b, out);
  }

  /** Replaces `out` with the indexes of the rectangles whose buckets `r` covers. */
  inRect(r: Rect, out: number[]): void {
    this.#grid.collectRect(r, out);
  }
}
