/**
 * @module An orthogonal edge router over an existing page: routes a new edge around every
 * shape, from and to the outlines draw.io draws, beside (never on top of) the lines already
 * there, with few bends and a clear place for its label. Pure, synchronous and deterministic;
 * bounded by the caller's work budget.
 */
import type { WorkBudget } from "../../budget.ts";
import { containsRect, distanceToSegment, insetRect } from "../../geometry/page-layout.ts";
import { gridSize } from "../../geometry/spatial-grid.ts";
import { endOnOutline } from "../../layout/edges/ends.ts";
import type { Direction } from "../../layout/spec.ts";
import type { Point, Rect } from "../../model/cell.ts";
import { labelBadness, labelPlace } from "./label.ts";
import { windowLanes } from "./lanes.ts";
import { MoveCosts, type MoveField } from "./move-cost.ts";
import { searchTables } from "./number-table.ts";
import { endPorts, type Port, withCornerPorts } from "./ports.ts";
import { RectIndex } from "./rect-index.ts";
import { boxAround, centreOf, isBox, overlaps, strictlyInside, union } from "./rects.ts";
import { type Heading, type SearchOutcome, searchRoute } from "./search.ts";
import { type RouteSegment, type Stretch, segmentsOf } from "./segments.ts";

/** A box an edge must not cross (absolute page coordinates). */
export interface RouteObstacle {
  id: string;
  rect: Rect;
}

/** One end of an edge: the shape's absolute box and its draw.io style (for its real outline). */
export interface RouteEnd {
  id: string;
  rect: Rect;
  style: string | undefined;
}

/** How the router works. */
export interface RouterOptions {
  /** Clearance kept around obstacles, px (default 10). */
  margin?: number;
  /** Charged per unit of search work; when spent, route() gives up (returns undefined) — see budget.ts. */
  budget?: WorkBudget;
}

/** One edge to route. */
export interface RouteRequest {
  source: RouteEnd;
  target: RouteEnd;
  /** Obstacle ids this edge may cross (containers holding an end, ancestors/descendants of the ends). The ends themselves are always ignored. */
  passable?: ReadonlySet<string>;
  /** Size of the edge's label, when it has one: the route keeps a clear place for it. */
  label?: { width: number; height: number };
  /** The diagram's flow: ties are broken toward leaving the source along it. */
  flow?: Direction;
}

/** A routed edge. */
export interface RoutedEdge {
  /** Absolute points: first on the source's drawn outline, last on the target's, axis-aligned segments in between (the end segments are perpendicular to the side they leave/enter). */
  points: Point[];
  /** Absolute centre of the label box when `label` was given: a place on the route where the label box overlaps no obstacle and no other route. */
  label?: Point;
}

/** Price of a bend, in px of length. */
const BEND = 50;
/** Extra price of a bend closer to an end than the margin. */
const CRAMPED_BEND = 40;
/** States one search may expand before giving up, whatever the budget. */
const MAX_EXPANSIONS = 250_000;

/**
 * Routes new edges over a page whose shapes and edges stay where they are. Each route searches
 * the lines a margin around the shapes (and midway through narrow gaps) within a window around
 * its ends, grown when no route is found there.
 *
 * @example
 * const router = new OrthogonalRouter(shapes, existingRoutes, { margin: 10 });
 * const edge = router.route({ source: { id: "a", rect: a, style: "rhombus;" },
 *   target: { id: "b", rect: b, style: undefined }, flow: "down" });
 * if (edge) router.addRoute(edge.points);
 */
export class OrthogonalRouter {
  readonly #margin: number;
  readonly #gap: number;
  readonly #budget: WorkBudget | undefined;
  /** Bucket size of both spatial indexes, also the longest piece a slanted line is cut into. */
  readonly #bucket: number;
  readonly #rects: Rect[] = [];
  readonly #byId = new Map<string, number[]>();
  readonly #obstacleIndex: RectIndex;
  readonly #segments: RouteSegment[] = [];
  readonly #segmentIndex: RectIndex;
  #bounds: Rect | undefined;
  readonly #tables = searchTables();

  constructor(
    obstacles: readonly RouteObstacle[],
    routes: readonly Point[][],
    options: RouterOptions = {},
  ) {
    this.#margin = Math.max(0, options.margin ?? 10);
    this.#gap = Math.min(8, Math.max(5, 0.6 * this.#margin));
    this.#budget = options.budget;
    const boxes = obstacles
      .filter((o) => isBox(o.rect))
      .map((o) => insetRect(o.rect, -this.#margin));
    this.#bucket = Math.max(32, (boxes.length > 0 ? gridSize(boxes) : 256) / 2);
    this.#obstacleIndex = new RectIndex(this.#bucket, boxes.length);
    for (const o of obstacles) this.addObstacle(o);
    const segments = routes.flatMap((r) => segmentsOf(r, this.#bucket));
    this.#segmentIndex = new RectIndex(this.#bucket, segments.length);
    for (const s of segments) this.#addSegment(s);
  }

  /** A shape added after construction (a newly placed node). */
  addObstacle(obstacle: RouteObstacle): void {
    if (!isBox(obstacle.rect)) return;
    const index = this.#obstacleIndex.add(insetRect(obstacle.rect, -this.#margin));
    this.#rects[index] = obstacle.rect;
    const same = this.#byId.get(obstacle.id);
    if (same) same.push(index);
    else this.#byId.set(obstacle.id, [index]);
    this.#bounds = union(this.#bounds, obstacle.rect);
  }

  /** An edge added after construction (a newly routed edge), so later routes do not run on top of it. */
  addRoute(points: readonly Point[]): void {
    for (const s of segmentsOf(points, this.#bucket)) this.#addSegment(s);
  }

  #addSegment(s: RouteSegment): void {
    const box = boxAround(s.a, s.b);
    this.#segments[this.#segmentIndex.add(insetRect(box, -this.#gap))] = s;
    this.#bounds = union(this.#bounds, box);
  }

  /** Routes one edge; undefined when no route exists within the budget. */
  route(request: RouteRequest): RoutedEdge | undefined {
    const { source, target } = request;
    if (!isBox(source.rect) || !isBox(target.rect)) return undefined;
    const ignored = this.#ignoredFor(request);
    const ends = source.id === target.id ? [source.rect] : [source.rect, target.rect];
    const field: MoveField = {
      obstacles: this.#rects,
      obstacleIndex: this.#obstacleIndex,
      ignored,
      ends,
      endsHard: ends.length === 1 || !overlaps(source.rect, target.rect),
      segments: this.#segments,
      segmentIndex: this.#segmentIndex,
      margin: this.#margin,
      gap: this.#gap,
    };
    const clearance = (p: Point) => this.#clearance(p);
    const probe = new MoveCosts(field, undefined);
    const open = (stub: Stretch) => probe.price(stub) < Number.POSITIVE_INFINITY;
    const ports = (end: RouteEnd, other: RouteEnd, leaving: boolean) =>
      withCornerPorts(
        end,
        endPorts(end, centreOf(other.rect), leaving, request.flow, clearance, this.#gap),
        this.#margin,
        open,
      );
    const found = this.#search(field, ports(source, target, true), ports(target, source, false));
    if (!found) return undefined;
    const fromSource = endOnOutline(found.points, source.rect, source.style ?? "");
    const points = endOnOutline(fromSource.reverse(), target.rect, target.style ?? "").reverse();
    if (!request.label) return { points };
    const label = labelPlace(points, request.label, (box) => labelBadness(box, field));
    return { points, label };
  }

  /** The cheapest route in the smallest window where it does not run along the window's border. */
  #search(
    field: MoveField,
    starts: Port[],
    goals: Port[],
  ): Exclude<SearchOutcome, string> | undefined {
    const span = field.ends.reduce<Rect | undefined>(union, undefined) as Rect;
    const whole = insetRect(union(this.#bounds, span), -(4 * this.#margin + 20));
    const base = Math.max(8 * this.#margin, 60, 0.5 * Math.max(span.width, span.height));
    let best: Exclude<SearchOutcome, string> | undefined;
    for (const pad of [base, 4 * base, Number.POSITIVE_INFINITY]) {
      const window = pad === Number.POSITIVE_INFINITY ? whole : insetRect(span, -pad);
      const last = window === whole || containsRect(window, whole);
      const outcome = this.#searchWindow(last ? whole : window, field, starts, goals);
      if (outcome === "spent") return undefined;
      if (outcome !== "none") {
        if (!best || outcome.cost < best.cost) best = outcome;
        if (!alongBorder(outcome.points, window)) break;
      }
      if (last) break;
    }
    return best;
  }

  #searchWindow(window: Rect, field: MoveField, starts: Port[], goals: Port[]): SearchOutcome {
    const found: number[] = [];
    this.#obstacleIndex.inRect(window, found);
    const obstacles = found
      .filter((i) => !field.ignored.has(i) && overlaps(this.#rects[i] as Rect, window))
      .map((i) => this.#rects[i] as Rect);
    this.#segmentIndex.inRect(window, found);
    const segments = found.map((k) => this.#segments[k] as RouteSegment);
    const { xs, ys } = windowLanes({
      window,
      obstacles,
      ends: field.ends,
      ports: [...starts, ...goals].map((p) => p.at),
      segments,
      margin: this.#margin,
      gap: this.#gap,
    });
    const cramped = field.ends.map((e) => insetRect(e, 0.5 - this.#margin));
    const space = {
      xs,
      ys,
      costs: new MoveCosts(field, this.#budget),
      bend: BEND,
      bendExtra: (x: number, y: number) =>
        cramped.some((r) => strictlyInside(r, { x, y })) ? CRAMPED_BEND : 0,
      maxExpansions: MAX_EXPANSIONS,
    };
    const from = starts.map((p) => ({ at: p.at, heading: p.outward, cost: p.cost }));
    const to = goals.map((p) => ({
      at: p.at,
      heading: ((p.outward + 2) % 4) as Heading,
      cost: p.cost,
    }));
    return searchRoute(space, from, to, this.#budget, this.#tables);
  }

  /** Obstacles the request may cross: passable ones, its ends, and shapes holding an end. */
  #ignoredFor(request: RouteRequest): Set<number> {
    const ignored = new Set<number>();
    const ids = [request.source.id, request.target.id, ...(request.passable ?? [])];
    for (const id of ids) for (const i of this.#byId.get(id) ?? []) ignored.add(i);
    const found: number[] = [];
    for (const end of [request.source, request.target]) {
      const c = centreOf(end.rect);
      this.#obstacleIndex.inRect({ x: c.x, y: c.y, width: 0, height: 0 }, found);
      for (const i of found) if (strictlyInside(this.#rects[i] as Rect, c)) ignored.add(i);
    }
    return ignored;
  }

  /** How far (px) the nearest line is from `p`, up to the gap kept between lines. */
  #clearance(p: Point): number {
    const found: number[] = [];
    this.#segmentIndex.inRect(
      insetRect({ x: p.x, y: p.y, width: 0, height: 0 }, -this.#gap),
      found,
    );
    let clear = this.#gap;
    for (const k of found) {
      const s = this.#segments[k] as RouteSegment;
      clear = Math.min(clear, distanceToSegment(p, s.a, s.b));
    }
    return clear;
  }
}

/** True when a route runs along the window's border: a bigger window might do better. */
function alongBorder(points: readonly Point[], w: Rect): boolean {
  const near = (v: number, edge: number) => Math.abs(v - edge) < 0.01;
  return points.some(
    (p) =>
      near(p.x, w.x) || near(p.x, w.x + w.width) || near(p.y, w.y) || near(p.y, w.y + w.height),
  );
}
