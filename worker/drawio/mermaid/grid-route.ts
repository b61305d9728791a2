/**
 * Orthogonal connectors for the types that place their own shapes (block, architecture, and any
 * other placed type): a grid of lines beside and through every shape, a shortest-path search
 * along it where each bend and each point an earlier route already uses cost extra, and the
 * found path as bends. Routes never cross a shape nor run within {@link EDGE} px of its outline.
 * Build one grid per page with {@link routeGrid}, then route every connector on it in turn with
 * {@link routeRects} (centre to centre, cut at both outlines) or {@link routePoints} (between
 * given points, optionally leaving in a fixed heading) — later routes keep off earlier ones.
 */
import type { Point, Rect } from "../model/cell.ts";

/** A way along the grid: 0 right, 1 left, 2 down, 3 up (the same numbering as the search states). */
export type Heading = 0 | 1 | 2 | 3;

/** What a routing grid is built around. */
export interface GridSpec {
  /** Shapes routes may not cross; lines run through their centres and `margin` px outside them. */
  obstacles: readonly Rect[];
  /** How far outside an obstacle its lines run, px. */
  margin: number;
  /** Containers routes may cross (groups, composite blocks): lines run `regionMargin` px outside them. */
  regions?: readonly Rect[];
  /** How far outside a region its lines run, px (default `margin`). */
  regionMargin?: number;
  /** Points the grid must hold: a vertical and a horizontal line through each (route ends, centres). */
  points?: readonly Point[];
}

/** The lines routes run along, the points they may not use, and what earlier routes used. */
export interface RouteGrid {
  /** The vertical lines' x, ascending. */
  xs: number[];
  /** The horizontal lines' y, ascending. */
  ys: number[];
  /** Per grid point (x index × ys.length + y index): 1 when inside an obstacle or on its outline. */
  blocked: Uint8Array;
  /** Per grid point: how many routes found so far pass it (a later route keeps off them). */
  used: Uint8Array;
  /** The search's scratch space, shared by every route: a state counts only with its run's stamp. */
  search: SearchSpace;
}

/** A route between two rectangles: where it leaves and enters (relative to each) and its bends. */
export interface RectRoute {
  /** The exit point on the source's outline, as fractions of its width and height. */
  exit: Point;
  /** The entry point on the target's outline, as fractions of its width and height. */
  entry: Point;
  /** The bends between them, absolute. */
  points: Point[];
}

interface SearchSpace {
  cost: Float64Array;
  back: Int32Array;
  seen: Uint32Array;
  closed: Uint32Array;
  run: number;
  heap: MinHeap;
}

/** The cost of a bend, in px of length: fewer bends read better than a slightly shorter path. */
const BEND = 40;
/** The cost of sharing a point with an earlier route: two lines on top of each other read as one. */
const CROWD = 30;
/** How close to an obstacle's outline a route may not run, px. */
const EDGE = 3;

const DX = [1, -1, 0, 0];
const DY = [0, 0, 1, -1];

/**
 * The routing grid of a page: lines through each obstacle's centre and just outside it, just
 * outside each region, and through each of `points`; points inside an obstacle (or within
 * {@link EDGE} px of its outline) are blocked.
 *
 * @example
 * const grid = routeGrid({ obstacles: [{ x: 0, y: 0, width: 60, height: 40 }], margin: 12 });
 */
export function routeGrid(spec: GridSpec): RouteGrid {
  const xs = new Set<number>();
  const ys = new Set<number>();
  const m = spec.margin;
  for (const r of spec.obstacles) {
    xs.add(r.x - m)
      .add(r.x + r.width / 2)
      .add(r.x + r.width + m);
    ys.add(r.y - m)
      .add(r.y + r.height / 2)
      .add(r.y + r.height + m);
  }
  const rm = spec.regionMargin ?? m;
  for (const r of spec.regions ?? []) {
    xs.add(r.x - rm).add(r.x + r.width + rm);
    ys.add(r.y - rm).add(r.y + r.height + rm);
  }
  for (const p of spec.points ?? []) {
    xs.add(p.x);
    ys.add(p.y);
  }
  const sx = [...xs].sort((a, b) => a - b);
  const sy = [...ys].sort((a, b) => a - b);
  const blocked = new Uint8Array(sx.length * sy.length);
  for (const r of spec.obstacles) {
    // Lines along an outline (or within a hair of it) would be drawn on it: blocked too.
    const x0 = upperBound(sx, r.x - EDGE);
    const x1 = lowerBound(sx, r.x + r.width + EDGE);
    const y0 = upperBound(sy, r.y - EDGE);
    const y1 = lowerBound(sy, r.y + r.height + EDGE);
    for (let i = x0; i < x1; i++) for (let j = y0; j < y1; j++) blocked[i * sy.length + j] = 1;
  }
  const states = blocked.length * 4;
  const search: SearchSpace = {
    cost: new Float64Array(states),
    back: new Int32Array(states),
    seen: new Uint32Array(states),
    closed: new Uint32Array(states),
    run: 0,
    heap: new MinHeap(),
  };
  return { xs: sx, ys: sy, blocked, used: new Uint8Array(blocked.length), search };
}

/**
 * The route from rectangle `from` to rectangle `to`: searched from centre to centre (both must be
 * on the grid, e.g. obstacles of it) and cut where it leaves `from` and enters `to`. Undefined when
 * every way is blocked or both share a centre (one holds the other).
 *
 * @example
 * const route = routeRects(grid, source, target); // { exit: { x: 1, y: 0.5 }, entry: …, points: […] }
 */
export function routeRects(grid: RouteGrid, from: Rect, to: Rect): RectRoute | undefined {
  const start = pointIndex(grid, from.x + from.width / 2, from.y + from.height / 2);
  const goal = pointIndex(grid, to.x + to.width / 2, to.y + to.height / 2);
  if (start < 0 || goal < 0 || start === goal) return undefined;
  const path = searchPath(grid, start, goal, [0, 1, 2, 3], [from, to]);
  return path && clip(path, from, to);
}

/**
 * The bends of a route from point `from` to point `to` (both on the grid, e.g. given as `points`
 * of it), or undefined when no way is free. With `leave`, the route starts in that heading (an
 * edge that must leave a named side starts at a stub outside it); `to` may be a blocked point.
 *
 * @example
 * routePoints(grid, { x: 100, y: 50 }, { x: 300, y: 50 }, 0); // [{ x: 100, y: 50 }, { x: 300, y: 50 }]
 */
export function routePoints(
  grid: RouteGrid,
  from: Point,
  to: Point,
  leave?: Heading,
): Point[] | undefined {
  const start = pointIndex(grid, from.x, from.y);
  const goal = pointIndex(grid, to.x, to.y);
  if (start < 0 || goal < 0) return undefined;
  if (start === goal) return [];
  return searchPath(grid, start, goal, leave === undefined ? [0, 1, 2, 3] : [leave], []);
}

/**
 * The polyline without repeated points or points in the middle of straight runs.
 *
 * @example
 * simplifyPath([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 9, y: 0 }]); // [{ x: 0, y: 0 }, { x: 9, y: 0 }]
 */
export function simplifyPath(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const b = out[out.length - 1];
    if (b && Math.abs(b.x - p.x) < 0.01 && Math.abs(b.y - p.y) < 0.01) continue;
    const a = out[out.length - 2];
    if (a && b && ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
}

/**
 * The cheapest path of grid points from `start` to `goal` (a shortest-path search over point ×
 * heading states), leaving in one of `headings`; blocked points are passable only as the goal or
 * inside one of `ends`. Marks the path's points as used.
 */
function searchPath(
  grid: RouteGrid,
  start: number,
  goal: number,
  headings: readonly number[],
  ends: readonly Rect[],
): Point[] | undefined {
  const { xs, ys, blocked, used } = grid;
  const ny = ys.length;
  const { cost, back, seen, closed, heap } = grid.search;
  const run = ++grid.search.run;
  heap.clear();
  for (const d of headings) {
    const s = start * 4 + d;
    cost[s] = 0;
    back[s] = -1;
    seen[s] = run;
    heap.push(s, 0);
  }
  let reached = -1;
  while (heap.size > 0) {
    const state = heap.pop();
    if (closed[state] === run) continue;
    closed[state] = run;
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
      if (blocked[q] && q !== goal && !withinAny(ends, xs[nx] as number, ys[nyi] as number))
        continue;
      const c =
        (cost[state] as number) +
        Math.abs((xs[nx] as number) - (xs[xi] as number)) +
        Math.abs((ys[nyi] as number) - (ys[yi] as number)) +
        (d === dir ? 0 : BEND) +
        (used[q] ? CROWD : 0);
      const next = q * 4 + d;
      if (seen[next] !== run || c < (cost[next] as number)) {
        cost[next] = c;
        seen[next] = run;
        back[next] = state;
        heap.push(next, c);
      }
    }
  }
  if (reached < 0) return undefined;
  const path: Point[] = [];
  for (let s = reached; s >= 0; s = back[s] as number) {
    const p = s >> 2;
    path.push({ x: xs[Math.floor(p / ny)] as number, y: ys[p % ny] as number });
    if ((used[p] as number) < 255) used[p] = (used[p] as number) + 1;
  }
  return path.reverse();
}

/** The index of grid point (x, y), or -1 when no lines cross there. */
function pointIndex(grid: RouteGrid, x: number, y: number): number {
  const xi = lowerBound(grid.xs, x);
  const yi = lowerBound(grid.ys, y);
  if (grid.xs[xi] !== x || grid.ys[yi] !== y) return -1;
  return xi * grid.ys.length + yi;
}

/** The first index whose value is ≥ v. */
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

/** The first index whose value is > v. */
function upperBound(values: readonly number[], v: number): number {
  const i = lowerBound(values, v);
  return values[i] === v ? i + 1 : i;
}

/** Whether (x, y) is inside r or within {@link EDGE} px of its outline. */
function within(r: Rect, x: number, y: number): boolean {
  return x > r.x - EDGE && x < r.x + r.width + EDGE && y > r.y - EDGE && y < r.y + r.height + EDGE;
}

function withinAny(rects: readonly Rect[], x: number, y: number): boolean {
  for (const r of rects) if (within(r, x, y)) return true;
  return false;
}

/** The path cut at the source's and target's outlines, as exit, bends and entry. */
function clip(path: readonly Point[], from: Rect, to: Rect): RectRoute | undefined {
  let last = 0;
  for (let i = 0; i < path.length; i++)
    if (within(from, path[i]?.x ?? 0, path[i]?.y ?? 0)) last = i;
  let first = path.length - 1;
  while (first > last + 1 && within(to, path[first - 1]?.x ?? 0, path[first - 1]?.y ?? 0)) first--;
  const a = path[last] as Point;
  const b = path[last + 1];
  const c = path[first - 1];
  const d = path[first] as Point;
  if (!b || !c) return undefined;
  const exitPoint = outlineCrossing(from, a, b);
  const entryPoint = outlineCrossing(to, d, c);
  const line = simplifyPath([exitPoint, ...path.slice(last + 1, first), entryPoint]);
  return {
    exit: relative(from, exitPoint),
    entry: relative(to, entryPoint),
    points: line.slice(1, -1),
  };
}

/** Where the axis-aligned segment from `inner` (inside r) to `outer` crosses r's outline. */
function outlineCrossing(r: Rect, inner: Point, outer: Point): Point {
  if (outer.x > inner.x) return { x: r.x + r.width, y: inner.y };
  if (outer.x < inner.x) return { x: r.x, y: inner.y };
  if (outer.y > inner.y) return { x: inner.x, y: r.y + r.height };
  return { x: inner.x, y: r.y };
}

/** Point p as fractions of r's width and height (draw.io's exitX/entryX values), to 1/1000. */
function relative(r: Rect, p: Point): Point {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { x: round((p.x - r.x) / r.width), y: round((p.y - r.y) / r.height) };
}

/** A binary min-heap of search states by cost (ties: the earlier pushed is not preferred). */
class MinHeap {
  readonly #items: number[] = [];
  readonly #costs: number[] = [];

  get size(): number {
    return this.#items.length;
  }

  clear(): void {
    this.#items.length = 0;
    this.#costs.length = 0;
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

  pop(): number {
    const items = this.#items;
    const costs = this.#costs;
    const top = items[0] as number;
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
