/** The free space of a page: where a new shape of a given size fits, near where it belongs. */
import { containsRect, segmentCrossesRect } from "../geometry/page-layout.ts";
import { gridSize, SpatialGrid } from "../geometry/spatial-grid.ts";
import type { Direction } from "../layout/spec.ts";
import type { Point, Rect } from "../model/cell.ts";
import type { PlacedBox } from "./scene.ts";

/** One unit vector per flow direction: along the flow, and across it. */
export const FLOW_AXES: Record<Direction, { along: Point; across: Point }> = {
  down: { along: { x: 0, y: 1 }, across: { x: 1, y: 0 } },
  up: { along: { x: 0, y: -1 }, across: { x: 1, y: 0 } },
  right: { along: { x: 1, y: 0 }, across: { x: 0, y: 1 } },
  left: { along: { x: -1, y: 0 }, across: { x: 0, y: 1 } },
};

/** What {@link FreeSpace.find} looks for. */
export interface SpotRequest {
  width: number;
  height: number;
  /** The best top-left corner, if it were free. */
  ideal: Point;
  flow: Direction;
  /** Boxes the new shape may lie on: the containers it goes into. */
  allowed: ReadonlySet<string>;
  /** The area it must stay in (a container's inside); the page is unbounded. */
  within?: Rect;
}

/** Candidates per axis, nearest the ideal first; their product is tested. */
const CANDIDATES_PER_AXIS = 48;
/** Free spots compared once found, for the one crossed by the fewest existing edges. */
const FREE_SPOTS_COMPARED = 6;
/** Room kept from the border of a container the new shape is not in. */
const CONTAINER_GAP = 8;
/** Room kept from the border of a backdrop a new shape lies on. */
const BACKDROP_INSET = 6;
/** The cost of a spot an existing edge runs through, in px of distance. */
const EDGE_THROUGH_COST = 160;
/** How much worse a step back against the flow is than a step along it. */
const BACKWARD_COST = 3;
/** How much worse a step across the flow is than a step along it. */
const ACROSS_COST = 1.25;

/**
 * The free space of a page: every placed shape (kept `gap` px clear of) and every edge's route,
 * indexed so that a spot for a new shape is found near where it belongs without testing all of
 * them. The candidate corners are where a shape of the requested size would just clear a
 * neighbour, on each axis; the best free one, by distance from the ideal (a step back against
 * the flow costs more than one along it) and the edges running through it, wins.
 *
 * @example
 * const space = new FreeSpace(scene.boxes, scene.routes(), 30);
 * space.find({ width: 120, height: 60, ideal: { x: 400, y: 200 }, flow: "down", allowed: new Set() });
 */
export class FreeSpace {
  readonly gap: number;
  readonly #boxes: PlacedBox[];
  readonly #grid: SpatialGrid;
  readonly #added: PlacedBox[] = [];
  readonly #segments: Array<[Point, Point]> = [];
  readonly #segmentGrid: SpatialGrid;
  readonly #found: number[] = [];
  readonly #replaced = new Set<number>();

  constructor(boxes: readonly PlacedBox[], routes: readonly Point[][], gap: number) {
    this.gap = gap;
    this.#boxes = boxes.slice();
    this.#grid = new SpatialGrid(gridSize(boxes.map((b) => b.rect)), boxes.length);
    for (const [i, b] of boxes.entries()) this.#grid.insert(i, b.rect);
    for (const route of routes) {
      for (let k = 1; k < route.length; k++) {
        this.#segments.push([route[k - 1] as Point, route[k] as Point]);
      }
    }
    const spans = this.#segments.map(([a, b]) => boxAround(a, b));
    this.#segmentGrid = new SpatialGrid(gridSize(spans), spans.length);
    for (const [i, r] of spans.entries()) this.#segmentGrid.insert(i, r);
  }

  /** A shape placed since: later spots keep clear of it. */
  add(box: PlacedBox): void {
    this.#added.push(box);
  }

  /** Moves or resizes a shape (a container grown to hold a new member). */
  update(id: string, rect: Rect): void {
    for (const b of this.#added) if (b.id === id) b.rect = rect;
    const at = this.#boxes.findIndex((b) => b.id === id);
    if (at >= 0 && !this.#replaced.has(at)) {
      // The grid keeps the old box, now skipped; the new one is checked as an added shape.
      this.#replaced.add(at);
      this.#added.push({ id, rect });
    }
  }

  /**
   * The shapes (other than `allowed`) that a box would touch: shapes within the gap, containers
   * within a smaller one, backdrops it straddles (lying wholly on one is fine).
   */
  blockers(rect: Rect, allowed: ReadonlySet<string>, gap = this.gap): PlacedBox[] {
    const grown = inflate(rect, gap);
    const out: PlacedBox[] = [];
    const blocks = (box: PlacedBox) => {
      if (allowed.has(box.id) || !overlaps(grown, box.rect)) return false;
      if (box.kind === "backdrop")
        return !containsRect(box.rect, inflate(rect, Math.min(gap, BACKDROP_INSET)));
      if (box.kind === "container")
        return overlaps(inflate(rect, Math.min(gap, CONTAINER_GAP)), box.rect);
      return true;
    };
    this.#grid.collectRect(grown, this.#found);
    for (const i of this.#found) {
      const box = this.#boxes[i] as PlacedBox;
      if (!this.#replaced.has(i) && blocks(box)) out.push(box);
    }
    for (const box of this.#added) if (blocks(box)) out.push(box);
    return out;
  }

  /** True when a box, grown by the gap, touches no shape but the allowed ones. */
  isFree(rect: Rect, allowed: ReadonlySet<string>, gap = this.gap): boolean {
    return this.blockers(rect, allowed, gap).length === 0;
  }

  /** How many existing edge segments run through a box. */
  edgesThrough(rect: Rect): number {
    const box = inflate(rect, 4);
    this.#segmentGrid.collectRect(box, this.#found);
    let count = 0;
    for (const i of this.#found) {
      const [a, b] = this.#segments[i] as [Point, Point];
      if (segmentCrossesRect(a, b, box, [])) count++;
    }
    return count;
  }

  /**
   * The best free top-left corner for a shape of the requested size near the ideal one, or
   * undefined when there is none in reach (inside `within`, when given).
   */
  find(request: SpotRequest): Point | undefined {
    const reach0 = Math.max(400, 3 * Math.max(request.width, request.height));
    for (let reach = reach0, tries = 1; reach <= reach0 * 16; reach *= 2, tries *= 2) {
      const spot = this.#search(request, reach, Math.min(4, tries) * CANDIDATES_PER_AXIS);
      if (spot) return spot;
      if (request.within && reach > Math.max(request.within.width, request.within.height) * 2)
        break;
    }
    return undefined;
  }

  #search(request: SpotRequest, reach: number, perAxis: number): Point | undefined {
    const { width: w, height: h, ideal, within } = request;
    const window = {
      x: ideal.x - reach,
      y: ideal.y - reach,
      width: 2 * reach + w,
      height: 2 * reach + h,
    };
    const near = this.#near(window);
    const gap = this.gap;
    const xs = new Set<number>([ideal.x]);
    const ys = new Set<number>([ideal.y]);
    for (const r of near) {
      xs.add(r.x - gap - w)
        .add(r.x + r.width + gap)
        .add(r.x)
        .add(r.x + r.width - w);
      ys.add(r.y - gap - h)
        .add(r.y + r.height + gap)
        .add(r.y)
        .add(r.y + r.height - h);
    }
    // Clear of everything near, on each side: a dense cluster has free space around it.
    if (near.length > 0) {
      xs.add(Math.min(...near.map((r) => r.x)) - gap - w);
      xs.add(Math.max(...near.map((r) => r.x + r.width)) + gap);
      ys.add(Math.min(...near.map((r) => r.y)) - gap - h);
      ys.add(Math.max(...near.map((r) => r.y + r.height)) + gap);
    }
    if (within) {
      xs.add(within.x).add(within.x + within.width - w);
      ys.add(within.y).add(within.y + within.height - h);
    }
    const clampX = (x: number) =>
      within ? Math.min(Math.max(x, within.x), within.x + within.width - w) : x;
    const clampY = (y: number) =>
      within ? Math.min(Math.max(y, within.y), within.y + within.height - h) : y;
    if (within && (within.width < w || within.height < h)) return undefined;
    const nearest = (values: Set<number>, to: number, clamp: (v: number) => number) => {
      const all = [...new Set([...values].map((v) => Math.round(clamp(v))))].sort(
        (p, q) => Math.abs(p - to) - Math.abs(q - to) || p - q,
      );
      // The nearest, and the farthest two (the sides clear of the whole cluster).
      return all.length <= perAxis ? all : [...all.slice(0, perAxis - 2), ...all.slice(-2)];
    };
    const cx = nearest(xs, ideal.x, clampX);
    const cy = nearest(ys, ideal.y, clampY);
    const { along, across } = FLOW_AXES[request.flow];
    const candidates: Array<{ x: number; y: number; cost: number }> = [];
    for (const x of cx) {
      for (const y of cy) {
        const dx = x - ideal.x;
        const dy = y - ideal.y;
        const a = dx * along.x + dy * along.y;
        const c = dx * across.x + dy * across.y;
        const cost = (a < 0 ? -a * BACKWARD_COST : a) + Math.abs(c) * ACROSS_COST;
        candidates.push({ x, y, cost });
      }
    }
    candidates.sort((p, q) => p.cost - q.cost || p.y - q.y || p.x - q.x);
    let best: { x: number; y: number; cost: number } | undefined;
    let free = 0;
    for (const spot of candidates) {
      if (best && spot.cost >= best.cost) break;
      const rect = { x: spot.x, y: spot.y, width: w, height: h };
      if (!this.isFree(rect, request.allowed)) continue;
      const cost = spot.cost + EDGE_THROUGH_COST * this.edgesThrough(rect);
      if (!best || cost < best.cost) best = { ...spot, cost };
      if (++free >= FREE_SPOTS_COMPARED) break;
    }
    return best && { x: best.x, y: best.y };
  }

  #near(window: Rect): Rect[] {
    this.#grid.collectRect(window, this.#found);
    const out: Rect[] = [];
    for (const i of this.#found) {
      if (this.#replaced.has(i)) continue;
      const r = (this.#boxes[i] as PlacedBox).rect;
      if (overlaps(window, r)) out.push(r);
    }
    for (const b of this.#added) if (overlaps(window, b.rect)) out.push(b.rect);
    return out;
  }
}

/** True when two boxes share area (touching borders do not count). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A box grown by `by` on every side. */
export function inflate(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

function boxAround(a: Point, b: Point): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}
