/**
 * Routing connectors between placed blocks: orthogonal paths along the gaps of the grid that
 * pass through no block, found by a shortest-path search over lines through the blocks'
 * centres and the middle of the gaps beside them (each bend costs extra, so paths stay
 * simple). A route leaves its source and enters its target at a side's point, which the edge
 * keeps as `exitX`/`exitY` and `entryX`/`entryY`.
 */
import type { Point, Rect } from "../../model/cell.ts";

/** How a connector runs: where it leaves and enters (relative to its ends) and its bends. */
export interface Route {
  exit: Point;
  entry: Point;
  points: Point[];
}

/** The lines routes may run along and the blocks they may not cross. */
export interface RouteGrid {
  xs: number[];
  ys: number[];
  /** Per grid point (x index × ys.length + y index): 1 when inside a block. */
  blocked: Uint8Array;
  /** Per grid point: how many routes found so far pass it (a later route keeps off them). */
  used: Uint8Array;
}

const BEND = 40;
/** The cost of sharing a point with an earlier route: two lines on top of each other read as one. */
const CROWD = 30;
const OFFSET = 12;

/**
 * The grid of lines for routes around `obstacles` (blocks edges may not cross) and
 * `regions` (composite blocks, whose borders get lines just outside them).
 *
 * @example
 * const grid = routeGrid([{ x: 0, y: 0, width: 60, height: 40 }], []);
 */
export function routeGrid(obstacles: readonly Rect[], regions: readonly Rect[]): RouteGrid {
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const r of obstacles) {
    xs.add(r.x - OFFSET)
      .add(r.x + r.width / 2)
      .add(r.x + r.width + OFFSET);
    ys.add(r.y - OFFSET)
      .add(r.y + r.height / 2)
      .add(r.y + r.height + OFFSET);
  }
  for (const r of regions) {
    xs.add(r.x - GAP_HALF)
      .add(r.x + r.width / 2)
      .add(r.x + r.width + GAP_HALF);
    ys.add(r.y - GAP_HALF)
      .add(r.y + r.height / 2)
      .add(r.y + r.height + GAP_HALF);
  }
  const sx = [...xs].sort((a, b) => a - b);
  const sy = [...ys].sort((a, b) => a - b);
  const blocked = new Uint8Array(sx.length * sy.length);
  for (const r of obstacles) {
    // Lines along a border (or within a hair of it) would be drawn on the outline: blocked too.
    const [x0, x1] = inside(sx, r.x - EDGE, r.x + r.width + EDGE);
    const [y0, y1] = inside(sy, r.y - EDGE, r.y + r.height + EDGE);
    for (let i = x0; i < x1; i++) for (let j = y0; j < y1; j++) blocked[i * sy.length + j] = 1;
  }
  return { xs: sx, ys: sy, blocked, used: new Uint8Array(blocked.length) };
}

const GAP_HALF = 16;
/** How close to a block's border a route may not run. */
const EDGE = 3;

/** The index range [from, to) of the sorted values strictly between lo and hi. */
function inside(values: readonly number[], lo: number, hi: number): [number, number] {
  let from = lowerBound(values, lo);
  if (values[from] === lo) from++;
  return [from, lowerBound(values, hi)];
}

function lowerBound(values: readonly number[], v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function within(r: Rect, x: number, y: number): boolean {
  return x > r.x - EDGE && x < r.x + r.width + EDGE && y > r.y - EDGE && y < r.y + r.height + EDGE;
}

const DX = [1, -1, 0, 0];
const DY = [0, 0, 1, -1];

/**
 * The route from one rectangle to another, or undefined when every way is blocked (or one
 * holds the other). `budget` counts the search steps taken.
 *
 * @example
 * const route = routeBetween(grid, source, target);
 */
export function routeBetween(grid: RouteGrid, from: Rect, to: Rect): Route | undefined {
  const { xs, ys, blocked, used } = grid;
  const ny = ys.length;
  const start = pointIndex(grid, from.x + from.width / 2, from.y + from.height / 2);
  const goal = pointIndex(grid, to.x + to.width / 2, to.y + to.height / 2);
  if (start < 0 || goal < 0 || start === goal) return undefined;
  const open = (p: number) => {
    const x = xs[Math.floor(p / ny)] as number;
    const y = ys[p % ny] as number;
    return blocked[p] === 0 || within(from, x, y) || within(to, x, y);
  };
  const states = xs.length * ny * 4;
  const cost = new Float64Array(states).fill(Number.POSITIVE_INFINITY);
  const back = new Int32Array(states).fill(-1);
  const heap = new MinHeap();
  for (let d = 0; d < 4; d++) {
    cost[start * 4 + d] = 0;
    heap.push(start * 4 + d, 0);
  }
  let reached = -1;
  while (heap.size > 0) {
    const [state, c] = heap.pop();
    if (c > (cost[state] as number)) continue;
    const p = state >> 2;
    if (p === goal) {
      reached = state;
      break;
    }
    const dir = state & 3;
    const xi = Math.floor(p / ny);
    const yi = p % ny;
    for (let d = 0; d < 4; d++) {
      const nx = xi + (DX[d] as number);
      const nyi = yi + (DY[d] as number);
      if (nx < 0 || nyi < 0 || nx >= xs.length || nyi >= ny) continue;
      const q = nx * ny + nyi;
      if (!open(q)) continue;
      const step =
        Math.abs((xs[nx] as number) - (xs[xi] as number)) +
        Math.abs((ys[nyi] as number) - (ys[yi] as number)) +
        (d === dir ? 0 : BEND) +
        (used[q] ? CROWD : 0);
      const next = q * 4 + d;
      if (c + step < (cost[next] as number)) {
        cost[next] = c + step;
        back[next] = state;
        heap.push(next, c + step);
      }
    }
  }
  if (reached < 0) return undefined;
  const path: Point[] = [];
  for (let s = reached; s >= 0; s = back[s] as number) {
    const p = s >> 2;
    path.push({ x: xs[Math.floor(p / ny)] as number, y: ys[p % ny] as number });
    if (used[p] !== undefined && used[p] < 255) used[p] = (used[p] as number) + 1;
    if (p === start) break;
  }
  path.reverse();
  return clip(path, from, to);
}

function pointIndex(grid: RouteGrid, x: number, y: number): number {
  const xi = lowerBound(grid.xs, x);
  const yi = lowerBound(grid.ys, y);
  if (grid.xs[xi] !== x || grid.ys[yi] !== y) return -1;
  return xi * grid.ys.length + yi;
}

/** The path cut at the source's and target's borders, as exit, bends and entry. */
function clip(path: readonly Point[], from: Rect, to: Rect): Route | undefined {
  let last = 0;
  for (let i = 0; i < path.length; i++)
    if (within(from, path[i]?.x ?? 0, path[i]?.y ?? 0)) last = i;
  let first = path.length - 1;
  while (first > last + 1 && within(to, path[first - 1]?.x ?? 0, path[first - 1]?.y ?? 0)) first--;
  const a = path[last] as Point;
  const b = path[last + 1] as Point;
  const c = path[first - 1] as Point;
  const d = path[first] as Point;
  if (!b || !c) return undefined;
  const exitPoint = border(from, a, b);
  const entryPoint = border(to, d, c);
  const line = simplify([exitPoint, ...path.slice(last + 1, first), entryPoint]);
  return {
    exit: relative(from, exitPoint),
    entry: relative(to, entryPoint),
    points: line.slice(1, -1),
  };
}

/** Where the segment from `inner` (inside r) to `outer` crosses r's border. */
function border(r: Rect, inner: Point, outer: Point): Point {
  if (outer.x > inner.x) return { x: r.x + r.width, y: inner.y };
  if (outer.x < inner.x) return { x: r.x, y: inner.y };
  if (outer.y > inner.y) return { x: inner.x, y: r.y + r.height };
  return { x: inner.x, y: r.y };
}

function relative(r: Rect, p: Point): Point {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { x: round((p.x - r.x) / r.width), y: round((p.y - r.y) / r.height) };
}

/** The polyline without points in the middle of straight runs. */
function simplify(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const a = out[out.length - 2];
    const b = out[out.length - 1];
    if (b && Math.abs(b.x - p.x) < 0.01 && Math.abs(b.y - p.y) < 0.01) continue;
    if (a && b && ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
}

/** A binary min-heap of search states by cost. */
class MinHeap {
  readonly #items: number[] = [];
  readonly #costs: number[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(item: number, cost: number): void {
    const items = this.#items;
    const costs = this.#costs;
    let i = items.length;
    items.push(item);
    costs.push(cost);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((costs[parent] as number) <= cost) break;
      items[i] = items[parent] as number;
      costs[i] = costs[parent] as number;
      i = parent;
    }
    items[i] = item;
    costs[i] = cost;
  }

  pop(): [number, number] {
    const items = this.#items;
    const costs = this.#costs;
    const top: [number, number] = [items[0] as number, costs[0] as number];
    const lastItem = items.pop() as number;
    const lastCost = costs.pop() as number;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      while (true) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && (costs[child + 1] as number) < (costs[child] as number)) child++;
        if ((costs[child] as number) >= lastCost) break;
        items[i] = items[child] as number;
        costs[i] = costs[child] as number;
        i = child;
      }
      items[i] = lastItem;
      costs[i] = lastCost;
    }
    return top;
  }
}
