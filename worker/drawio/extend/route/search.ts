/**
 * @module The router's search: A* over the grid of lines a route may run on, with the heading
 * in the state so that every bend is paid for.
 */
import type { WorkBudget } from "../../budget.ts";
import type { Point } from "../../model/cell.ts";
import type { MoveCosts } from "./move-cost.ts";
import { type NumberTable, type SearchTables, searchTables } from "./number-table.ts";
import { StateQueue } from "./state-queue.ts";

/** Which way a route moves: 0 right (+x), 1 down (+y), 2 left (−x), 3 up (−y). */
export type Heading = 0 | 1 | 2 | 3;

const STEP_X = [1, 0, -1, 0] as const;
const STEP_Y = [0, 1, 0, -1] as const;

/** Where a route may start (moving `heading` away) or end (arriving moving `heading`). */
export interface Terminal {
  at: Point;
  heading: Heading;
  /** Added to the route's cost when it starts or ends here. */
  cost: number;
}

/** The lines a route may run on and what moving along them costs. */
export interface SearchSpace {
  /** Sorted, distinct x coordinates of the vertical lines. */
  xs: readonly number[];
  /** Sorted, distinct y coordinates of the horizontal lines. */
  ys: readonly number[];
  costs: MoveCosts;
  /** Price of one bend. */
  bend: number;
  /** Extra price of a bend at a place (close beside an end, where it would look cramped). */
  bendExtra: (x: number, y: number) => number;
  /** The most states expanded before the search gives up. */
  maxExpansions: number;
}

/** A found route (its corners, start to end, and its cost), or why there is none. */
export type SearchOutcome = { points: Point[]; cost: number } | "none" | "spent";

/** Turns tried from each state: straight on, a quarter turn either way. */
const TURNS = [0, 1, 3] as const;

/**
 * The cheapest route from one of `starts` to one of `goals` over the grid `space` (A*: the
 * estimate is the Manhattan distance plus the fewest bends any route would need, so the answer
 * is the cheapest). A route leaves a start straight ahead. `budget` is charged a unit per state
 * expanded; "spent" when it runs out, "none" when no route exists or the search gave up.
 *
 * @example
 * searchRoute(space, [{ at: { x: 60, y: 60 }, heading: 1, cost: 0 }],
 *   [{ at: { x: 260, y: 200 }, heading: 1, cost: 0 }]); // { points: [{60,60}, {60,130}, {260,130}, {260,200}], cost: … }
 */
export function searchRoute(
  space: SearchSpace,
  starts: readonly Terminal[],
  goals: readonly Terminal[],
  budget?: WorkBudget,
  tables: SearchTables = searchTables(),
): SearchOutcome {
  const { xs, ys } = space;
  const ny = ys.length;
  const states = xs.length * ny * 4;
  const { best, cameFrom, prices } = tables;
  best.reset(states, Number.POSITIVE_INFINITY);
  cameFrom.reset(states, -1);
  prices.reset(xs.length * ny * 2, Number.NaN);
  const stateAt = (t: Terminal) => {
    const i = indexOf(xs, t.at.x);
    const j = indexOf(ys, t.at.y);
    return i < 0 || j < 0 ? -1 : (i * ny + j) * 4 + t.heading;
  };
  const goalCost = new Map<number, number>();
  for (const t of goals) {
    const s = stateAt(t);
    if (s >= 0) goalCost.set(s, Math.min(goalCost.get(s) ?? t.cost, t.cost));
  }
  const estimate = (i: number, j: number, heading: Heading) =>
    estimateToGoals(space, goals, xs[i] as number, ys[j] as number, heading);
  const queue = new StateQueue();
  const fromStart = new Set<number>();
  for (const t of starts) {
    const s = stateAt(t);
    const cost = Math.fround(t.cost);
    if (s < 0 || goalCost.has(s) || cost >= best.get(s)) continue;
    best.set(s, cost);
    fromStart.add(s);
    const node = s >> 2;
    queue.push(s, cost + estimate(Math.floor(node / ny), node % ny, t.heading), cost);
  }
  let expanded = 0;
  while (queue.size > 0) {
    const cost = queue.topCost;
    const s = queue.pop() as number;
    if (cost > best.get(s)) continue;
    if (goalCost.has(s)) return { points: pathTo(space, cameFrom, s), cost };
    if ((budget && !budget.tryCharge(1)) || space.costs.spent) return "spent";
    if (++expanded > space.maxExpansions) return "none";
    const node = s >> 2;
    const heading = (s & 3) as Heading;
    const i = Math.floor(node / ny);
    const j = node % ny;
    for (const turn of TURNS) {
      if (turn !== 0 && fromStart.has(s)) continue;
      const next = ((heading + turn) % 4) as Heading;
      const ni = i + STEP_X[next];
      const nj = j + STEP_Y[next];
      if (ni < 0 || nj < 0 || ni >= xs.length || nj >= ny) continue;
      const price = movePrice(space, prices, i, j, next);
      if (price === Number.POSITIVE_INFINITY) continue;
      const ns = (ni * ny + nj) * 4 + next;
      const bend = turn === 0 ? 0 : space.bend + space.bendExtra(xs[i] as number, ys[j] as number);
      const total = Math.fround(cost + price + bend + (goalCost.get(ns) ?? 0));
      if (total >= best.get(ns)) continue;
      best.set(ns, total);
      cameFrom.set(ns, s);
      queue.push(ns, total + estimate(ni, nj, next), total);
    }
  }
  return space.costs.spent ? "spent" : "none";
}

/** The price of moving one step from node (i, j) towards `heading`, priced once per search. */
function movePrice(
  space: SearchSpace,
  prices: NumberTable,
  i: number,
  j: number,
  heading: Heading,
): number {
  const { xs, ys } = space;
  const horizontal = heading === 0 || heading === 2;
  const li = heading === 2 ? i - 1 : i;
  const lj = heading === 3 ? j - 1 : j;
  const key = (li * ys.length + lj) * 2 + (horizontal ? 0 : 1);
  const known = prices.get(key);
  if (!Number.isNaN(known)) return known;
  const price = horizontal
    ? space.costs.price({
        axis: 0,
        level: ys[lj] as number,
        from: xs[li] as number,
        to: xs[li + 1] as number,
      })
    : space.costs.price({
        axis: 1,
        level: xs[li] as number,
        from: ys[lj] as number,
        to: ys[lj + 1] as number,
      });
  prices.set(key, price);
  return price;
}

/** A lower bound of what is left to pay from (x, y) moving `heading`: the least over the goals. */
function estimateToGoals(
  space: SearchSpace,
  goals: readonly Terminal[],
  x: number,
  y: number,
  heading: Heading,
): number {
  let least = Number.POSITIVE_INFINITY;
  for (const goal of goals) {
    const dx = goal.at.x - x;
    const dy = goal.at.y - y;
    const bends = fewestBends(heading, goal.heading, dx, dy);
    least = Math.min(least, Math.abs(dx) + Math.abs(dy) + space.bend * bends + goal.cost);
  }
  return least;
}

/**
 * The fewest bends of a route moving `heading` that reaches the point (dx, dy) away moving
 * `arrive`, with nothing in the way.
 */
function fewestBends(heading: Heading, arrive: Heading, dx: number, dy: number): number {
  // Turned so that the route moves along +forward; +side is a quarter turn clockwise.
  const forward = heading === 0 ? dx : heading === 1 ? dy : heading === 2 ? -dx : -dy;
  let side = heading === 0 ? dy : heading === 1 ? -dx : heading === 2 ? -dy : dx;
  const turn = (arrive - heading + 4) % 4;
  const level = Math.abs(side) < 1e-6;
  if (turn === 0) {
    if (level) return forward >= -1e-6 ? 0 : 4;
    return forward > 1e-6 ? 2 : 4;
  }
  if (turn === 2) return level ? 4 : 2;
  if (turn === 3) side = -side;
  return forward >= -1e-6 && side > 1e-6 ? 1 : 3;
}

/** The corners of the route ending in state `s`, start first. */
function pathTo(space: SearchSpace, cameFrom: NumberTable, s: number): Point[] {
  const ny = space.ys.length;
  const nodes: Point[] = [];
  for (let state = s; state >= 0; state = cameFrom.get(state)) {
    const node = state >> 2;
    nodes.push({ x: space.xs[Math.floor(node / ny)] as number, y: space.ys[node % ny] as number });
  }
  nodes.reverse();
  const corners: Point[] = [];
  for (const p of nodes) {
    const a = corners[corners.length - 2];
    const b = corners[corners.length - 1];
    if (a && b && ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y))) {
      corners[corners.length - 1] = p;
    } else {
      corners.push(p);
    }
  }
  return corners;
}

/** The index of `v` in the sorted list, or −1. */
function indexOf(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = sorted[mid] as number;
    if (m === v) return mid;
    if (m < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
