/**
 * @module What one straight move of a route costs: its length, plus what it costs to pass
 * close to a shape or beside another line, or to cross one; shapes and lines it would run
 * through or along make it impossible.
 */
import type { WorkBudget } from "../../budget.ts";
import type { Rect } from "../../model/cell.ts";
import type { RectIndex } from "./rect-index.ts";
import { closeRun, crosses, type RouteSegment, type Stretch } from "./segments.ts";

/** A move may graze a shape's border this far (px) inside it: the lint allows 4. */
const SHAPE_GRAZE = 3;
/** A move may graze its own ends' borders this far (px) inside them. */
const END_GRAZE = 0.5;
/** Price per px of running at no distance from a shape; less as the distance grows to the margin. */
const CLEARANCE_PRICE = 2;
/** Lines closer than this (px) are drawn on top of each other (sharedSegments allows 2). */
const ON_TOP = 2.5;
/** Price per px of running beside another line, closer than the gap. */
const BESIDE_PRICE = 2;
/** Price of crossing another line. */
const CROSSING_PRICE = 12;

/** What the moves of one route must keep clear of. */
export interface MoveField {
  /** Every obstacle's box, as indexed in `obstacleIndex` (grown by `margin` there). */
  obstacles: readonly Rect[];
  obstacleIndex: RectIndex;
  /** Obstacles this route may cross (passable ones, its ends, shapes holding an end). */
  ignored: ReadonlySet<number>;
  /** The route's own ends: it must not run through them, unless `endsHard` is false. */
  ends: readonly Rect[];
  endsHard: boolean;
  segments: readonly RouteSegment[];
  segmentIndex: RectIndex;
  /** Clearance kept around shapes (px). */
  margin: number;
  /** Distance kept from other lines (px). */
  gap: number;
}

/**
 * Prices axis-aligned moves for the search, charging `budget` for the work; `spent` turns true
 * (and every later price is infinite) once it runs out.
 *
 * @example
 * const costs = new MoveCosts(field, budget);
 * costs.price({ axis: 0, level: 40, from: 0, to: 120 }); // 120, or more beside shapes, Infinity through one
 */
export class MoveCosts {
  spent = false;
  readonly #field: MoveField;
  readonly #budget: WorkBudget | undefined;
  readonly #found: number[] = [];

  constructor(field: MoveField, budget: WorkBudget | undefined) {
    this.#field = field;
    this.#budget = budget;
  }

  /** The price of the move, Infinity when it runs through a shape or along another line. */
  price(m: Stretch): number {
    if (this.spent) return Number.POSITIVE_INFINITY;
    const f = this.#field;
    const a = m.axis === 0 ? { x: m.from, y: m.level } : { x: m.level, y: m.from };
    const b = m.axis === 0 ? { x: m.to, y: m.level } : { x: m.level, y: m.to };
    let cost = m.to - m.from;
    const found = this.#found;
    f.obstacleIndex.alongSegment(a, b, found);
    if (this.#budget && !this.#budget.tryCharge(1 + found.length)) return this.#spend();
    for (const i of found) {
      if (f.ignored.has(i)) continue;
      const extra = nearShape(m, f.obstacles[i] as Rect, SHAPE_GRAZE, f.margin);
      if (extra === Number.POSITIVE_INFINITY) return extra;
      cost += extra;
    }
    for (const end of f.ends) {
      const extra = nearShape(m, end, f.endsHard ? END_GRAZE : Number.NEGATIVE_INFINITY, f.margin);
      if (extra === Number.POSITIVE_INFINITY) return extra;
      cost += extra;
    }
    f.segmentIndex.alongSegment(a, b, found);
    if (this.#budget && !this.#budget.tryCharge(1 + found.length)) return this.#spend();
    for (const k of found) {
      const s = f.segments[k] as RouteSegment;
      if (s.axis === m.axis) {
        const beside = closeRun(m, s, f.gap - 0.01);
        if (beside > 0 && closeRun(m, s, ON_TOP) > 0.5) return Number.POSITIVE_INFINITY;
        cost += BESIDE_PRICE * beside;
      } else if (crosses(m, s)) {
        cost += CROSSING_PRICE;
      }
    }
    return cost;
  }

  #spend(): number {
    this.spent = true;
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * What passing `r` costs a move: Infinity when the move runs through it deeper than `graze`
 * px (never, for a graze of −Infinity), else a price for the length it runs within the
 * margin, higher the closer it runs.
 */
function nearShape(m: Stretch, r: Rect, graze: number, margin: number): number {
  const horizontal = m.axis === 0;
  const a0 = horizontal ? r.y : r.x;
  const a1 = a0 + (horizontal ? r.height : r.width);
  const b0 = horizontal ? r.x : r.y;
  const b1 = b0 + (horizontal ? r.width : r.height);
  if (
    graze !== Number.NEGATIVE_INFINITY &&
    m.level > a0 + graze &&
    m.level < a1 - graze &&
    overlap(m.from, m.to, b0 + graze, b1 - graze) > 0.5
  ) {
    return Number.POSITIVE_INFINITY;
  }
  const distance = m.level < a0 ? a0 - m.level : m.level > a1 ? m.level - a1 : 0;
  if (distance >= margin - 0.01) return 0;
  const length = overlap(m.from, m.to, b0 - margin, b1 + margin);
  return (length * CLEARANCE_PRICE * (margin - distance)) / margin;
}

function overlap(p0: number, p1: number, q0: number, q1: number): number {
  return Math.max(0, Math.min(p1, q1) - Math.max(p0, q0));
}
