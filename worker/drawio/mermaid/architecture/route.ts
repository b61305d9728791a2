/**
 * Routing edges between named sides: from a short stub out of the source's side to a stub out
 * of the target's side, an orthogonal path along lines through the gaps beside every service
 * (icon and title) that crosses none of them, found by a shortest-path search where each bend
 * costs extra.
 */
import type { Point, Rect } from "../../model/cell.ts";

/** The lines routes run along and the points inside a service. */
export interface PortGrid {
  xs: number[];
  ys: number[];
  blocked: Uint8Array;
  /** Per grid point: how many routes found so far pass it (a later route keeps off them). */
  used: Uint8Array;
  /** The search's scratch space, shared by every route: a state counts only with this run's stamp. */
  search: {
    cost: Float64Array;
    back: Int32Array;
    seen: Uint32Array;
    closed: Uint32Array;
    run: number;
  };
}

const BEND = 40;
/** The cost of sharing a point with an earlier route: two lines on top of each other read as one. */
const CROWD = 30;
const OFFSET = 14;
/** How close to a service a route may not run. */
const EDGE = 3;

/**
 * The routing grid around `obstacles`, with lines through every stub point (where routes start
 * and end) and just outside each group's border.
 *
 * @example
 * const grid = portGrid(footprints, groups, stubs);
 */
export function portGrid(
  obstacles: readonly Rect[],
  regions: readonly Rect[],
  stubs: readonly Point[],
): PortGrid {
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
    xs.add(r.x - OFFSET).add(r.x + r.width + OFFSET);
    ys.add(r.y - OFFSET).add(r.y + r.height + OFFSET);
  }
  for (const p of stubs) {
    xs.add(p.x);
    ys.add(p.y);
  }
  const sx = [...xs].sort((a, b) => a - b);
  const sy = [...ys].sort((a, b) => a - b);
  const blocked = new Uint8Array(sx.length * sy.length);
  for (const r of obstacles) {
    // Lines along a border (or within a hair of it) would be drawn on the outline: blocked too.
    const x0 = upper(sx, r.x - EDGE);
    const x1 = lower(sx, r.x + r.width + EDGE);
    const y0 = upper(sy, r.y - EDGE);
    const y1 = lower(sy, r.y + r.height + EDGE);
    for (let i = x0; i < x1; i++) for (let j = y0; j < y1; j++) blocked[i * sy.length + j] = 1;
  }
  const states = sx.length * sy.length * 4;
  const search = {
    cost: new Float64Array(states),
    back: new Int32Array(states),
    seen: new Uint32Array(states),
    closed: new Uint32Array(states),
    run: 0,
  };
  return { xs: sx, ys: sy, blocked, used: new Uint8Array(blocked.length), search };
}

/** The first index whose value is ≥ v. */
function lower(values: readonly number[], v: number): number {
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
function upper(values: readonly number[], v: number): number {
  const i = lower(values, v);
  return values[i] === v ? i + 1 : i;
}

const DX = [1, -1, 0, 0];
const DY = [0, 0, 1, -1];

/**
 * The bends of a route from stub `from` to stub `to` (both on the grid), or undefined when no
 * way is free. The route leaves `from` heading `startDir` (0 right, 1 left, 2 down, 3 up).
 *
 * @example
 * routePorts(grid, { x: 100, y: 50 }, 0, { x: 300, y: 50 }); // [] — a straight line
 */
export function routePorts(
  grid: PortGrid,
  from: Point,
  startDir: number,
  to: Point,
): Point[] | undefined {
  const { xs, ys, blocked, used } = grid;
  const ny = ys.length;
  const start = lower(xs, from.x) * ny + lower(ys, from.y);
  const goal = lower(xs, to.x) * ny + lower(ys, to.y);
  if (start === goal) return [];
  const { cost, back, seen, closed } = grid.search;
  const run = ++grid.search.run;
  const costOf = (state: number) =>
    seen[state] === run ? (cost[state] as number) : Number.POSITIVE_INFINITY;
  const heap: number[] = [];
  const push = (state: number) => {
    heap.push(state);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (costOf(heap[parent] as number) <= costOf(state)) break;
      heap[i] = heap[parent] as number;
      i = parent;
    }
    heap[i] = state;
  };
  const pop = (): number => {
    const top = heap[0] as number;
    const last = heap.pop() as number;
    if (heap.length > 0) {
      let i = 0;
      const c = costOf(last);
      while (true) {
        let child = 2 * i + 1;
        if (child >= heap.length) break;
        if (
          child + 1 < heap.length &&
          costOf(heap[child + 1] as number) < costOf(heap[child] as number)
        )
          child++;
        if (costOf(heap[child] as number) >= c) break;
        heap[i] = heap[child] as number;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  };
  cost[start * 4 + startDir] = 0;
  back[start * 4 + startDir] = -1;
  seen[start * 4 + startDir] = run;
  push(start * 4 + startDir);
  let reached = -1;
  while (heap.length > 0) {
    const state = pop();
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
      if (blocked[q] && q !== goal) continue;
      const step =
        Math.abs((xs[nx] as number) - (xs[xi] as number)) +
        Math.abs((ys[nyi] as number) - (ys[yi] as number)) +
        (d === dir ? 0 : BEND) +
        (used[q] ? CROWD : 0);
      const next = q * 4 + d;
      const c = (cost[state] as number) + step;
      if (c < costOf(next)) {
        cost[next] = c;
        seen[next] = run;
        back[next] = state;
        push(next);
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
