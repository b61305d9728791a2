/** The finishing pass that moves apart edges the router left drawn on top of each other. */
import { WorkBudget } from "../../budget.ts";
import { sharedSegments, sharesALine } from "../../geometry/edge-quality.ts";
import type { EdgeRoute } from "../../geometry/edge-routes.ts";
import { distanceToSegment, type PageLayout } from "../../geometry/page-layout.ts";
import { edgeCrossingTest } from "../../lint/index.ts";
import { getCellAttribute, type Point, type Rect, setCellAttribute } from "../../model/cell.ts";
import type { DiagramDocument } from "../../model/document.ts";
import { mergeStyle } from "../../model/style.ts";
import { constraintFor } from "../../outline/index.ts";
import { cloneElement, type XmlElement } from "../../xml/nodes.ts";
import { DrawnPage } from "./drawn-page.ts";
import { endOnOutline } from "./ends.ts";
import { fraction, setRoute } from "./route.ts";

/** How far (px) an end may move across its side to leave a shared line, nearest first. */
const SHIFTS = [6, -6, 10, -10, 14, -14, 18, -18];

/** An end keeps this far (px) from the corners of its side. */
const CORNER = 4;

/**
 * The work the pass may do, in pairs of routes per trial move (each trial looks for shared
 * lines among all routes, and where routes crowd together that is quadratic): a page where
 * nearly every edge shares a line (a complete bipartite graph of equal boxes) took minutes;
 * past this, the rest stay as drawn.
 */
const SEPARATION_WORK = 10_000_000;

/**
 * Separates edges drawn on top of each other (`sharedSegments`) where the layered router could
 * not see it: two edges whose first or last segments leave different nodes at the same height,
 * or a segment between two bends that meets another edge's. One of the two ends moves a few px
 * along its node's side, with the bend after it, or the segment between bends moves a few px
 * across itself, so the route keeps its shape and its bends; a move is kept only if the edge then shares no line with
 * any other and runs through no shape (the lint's `edge_crosses_vertex`). Returns a new document (the input is left as it was) and
 * the ids of the edges that moved.
 *
 * @example
 * const { document, moved } = separateSharedSegments(laidOut.document); // moved: ["edge-15"]
 */
export function separateSharedSegments(
  doc: DiagramDocument,
  index = 0,
): { document: DiagramDocument; moved: string[] } {
  const page = doc.pages[index];
  if (!page) return { document: doc, moved: [] };
  const drawn = new DrawnPage(page);
  const moved = separateDrawn(drawn);
  return { document: drawn.document(doc, index), moved };
}

/**
 * {@link separateSharedSegments} on a page the finishing passes share: the moves are committed
 * to `drawn`, and their ids returned.
 *
 * @example
 * const moved = separateDrawn(drawn); // ["edge-15"]
 */
export function separateDrawn(drawn: DrawnPage): string[] {
  const { layout, routes } = drawn;
  const pairs = sharedSegments(routes);
  if (pairs.length === 0) return [];
  const byEdge = new Map(routes.map((r, i) => [r.edge, i]));
  const replaced = new Map<string, XmlElement>();
  const budget = new WorkBudget(SEPARATION_WORK);
  const crosses = edgeCrossingTest(layout);
  for (const pair of pairs) {
    // An earlier move may already have separated this pair.
    const still = sharedSegments(
      [pair.a, pair.b].map((e) => routes[byEdge.get(e) as number] as EdgeRoute),
    );
    if (still.length === 0) continue;
    for (const edge of [pair.b, pair.a]) {
      const at = byEdge.get(edge) as number;
      const moved = separated(routes, at, pair.at, budget, (trial) => {
        // The moved edge must not run through a shape, by the lint's own rule.
        const copy = writtenRoute(layout, trial);
        return crosses(layout.withElement(edge, copy)) ? undefined : copy;
      });
      if (!moved) continue;
      routes[at] = moved.route;
      replaced.set(edge.id, moved.cell);
      break;
    }
  }
  drawn.commit(replaced);
  return [...replaced.keys()];
}

/** The route of `routes[at]` with the end nearest `near` moved off the shared line, if any fits. */
function separated(
  routes: EdgeRoute[],
  at: number,
  near: Point,
  budget: WorkBudget,
  clear: (trial: EdgeRoute) => XmlElement | undefined,
): { route: EdgeRoute; cell: XmlElement } | undefined {
  const route = routes[at] as EdgeRoute;
  const { points } = route;
  if (points.length < 3) return undefined;
  const last = points.length - 2;
  const k = nearestSegment(points, near);
  if (k !== 0 && k !== last) return separatedMiddle(routes, at, k, budget, clear);
  const end = k === 0 ? 0 : 1;
  const terminal = route.ends[end];
  if (!terminal.cell || !terminal.rect) return undefined;
  const forward = end === 0 ? points : [...points].reverse();
  const { rect, cell } = terminal;
  return firstThatFits(routes, at, budget, clear, (shift) => {
    const moved = shiftedEnd(forward, rect, cell.style ?? "", shift);
    return moved && (end === 0 ? moved : moved.reverse());
  });
}

/**
 * The first of the routes `candidate` gives for each of {@link SHIFTS} that shares no line with
 * another edge and that `clear` accepts.
 */
function firstThatFits(
  routes: EdgeRoute[],
  at: number,
  budget: WorkBudget,
  clear: (trial: EdgeRoute) => XmlElement | undefined,
  candidate: (shift: number) => Point[] | undefined,
): { route: EdgeRoute; cell: XmlElement } | undefined {
  const route = routes[at] as EdgeRoute;
  for (const shift of SHIFTS) {
    const points = candidate(shift);
    if (!points) continue;
    if (!budget.tryCharge(routes.length * routes.length)) return undefined;
    const trial: EdgeRoute = { ...route, points };
    const others = routes.map((r, i) => (i === at ? trial : r));
    if (sharesALine(others, at)) continue;
    const cell = clear(trial);
    if (cell) return { route: trial, cell };
  }
  return undefined;
}

/**
 * The route of `routes[at]` with its segment `k`, between two bends, moved a few px across
 * itself, the segments before and after it stretched to meet it; undefined when no move fits.
 */
function separatedMiddle(
  routes: EdgeRoute[],
  at: number,
  k: number,
  budget: WorkBudget,
  clear: (trial: EdgeRoute) => XmlElement | undefined,
): { route: EdgeRoute; cell: XmlElement } | undefined {
  const route = routes[at] as EdgeRoute;
  const points = route.points;
  const [before, p, q, after] = [points[k - 1], points[k], points[k + 1], points[k + 2]];
  if (!before || !p || !q || !after) return undefined;
  const horizontal = Math.abs(p.y - q.y) < 0.5;
  const turns = horizontal
    ? Math.abs(before.x - p.x) < 0.5 && Math.abs(q.x - after.x) < 0.5
    : Math.abs(before.y - p.y) < 0.5 && Math.abs(q.y - after.y) < 0.5;
  if (!turns || (!horizontal && Math.abs(p.x - q.x) >= 0.5)) return undefined;
  return firstThatFits(routes, at, budget, clear, (shift) => {
    const move = (m: Point) =>
      horizontal ? { x: m.x, y: m.y + shift } : { x: m.x + shift, y: m.y };
    return points.map((m, i) => (i === k || i === k + 1 ? move(m) : m));
  });
}

/**
 * The route with its first point and the bend after it moved `shift` px across the first
 * segment, the first point put back on the node's outline; undefined when the segment is not
 * straight and followed by a turn, or the end would leave its side.
 */
function shiftedEnd(points: Point[], rect: Rect, style: string, shift: number) {
  const [p0, p1, p2] = points as [Point, Point, Point];
  const horizontal = Math.abs(p0.y - p1.y) < 0.5;
  const vertical = Math.abs(p0.x - p1.x) < 0.5;
  if (horizontal === vertical) return undefined;
  // The segment after the bend must turn, so that moving the bend keeps it straight.
  if (horizontal ? Math.abs(p1.x - p2.x) >= 0.5 : Math.abs(p1.y - p2.y) >= 0.5) return undefined;
  const right = p1.x > rect.x + rect.width / 2;
  const below = p1.y > rect.y + rect.height / 2;
  let start: Point;
  let bend: Point;
  if (horizontal) {
    const y = p0.y + shift;
    if (y < rect.y + CORNER || y > rect.y + rect.height - CORNER) return undefined;
    start = { x: right ? rect.x + rect.width : rect.x, y };
    bend = { x: p1.x, y };
  } else {
    const x = p0.x + shift;
    if (x < rect.x + CORNER || x > rect.x + rect.width - CORNER) return undefined;
    start = { x, y: below ? rect.y + rect.height : rect.y };
    bend = { x, y: p1.y };
  }
  const route = endOnOutline([start, bend, ...points.slice(2)], rect, style);
  // The outline must be met straight across, without an extra bend.
  return route.length === points.length ? route : undefined;
}

function nearestSegment(points: readonly Point[], p: Point): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let k = 1; k < points.length; k++) {
    const d = distanceToSegment(p, points[k - 1] as Point, points[k] as Point);
    if (d < bestDistance) {
      best = k - 1;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * A copy of the route's edge with its new bends and pinned ends (its label offset kept).
 *
 * @example
 * const cell = writtenRoute(new PageLayout(page), { ...route, points: [start, end] });
 */
export function writtenRoute(layout: PageLayout, route: EdgeRoute): XmlElement {
  const copy = cloneElement(route.edge.element);
  const [source, target] = route.ends;
  const start = route.points[0] as Point;
  const end = route.points[route.points.length - 1] as Point;
  const pins: Record<string, number> = {};
  if (source.cell && source.rect) {
    const c = constraintFor(source.cell.style ?? "", source.rect, start);
    pins.exitX = fraction(c.x);
    pins.exitY = fraction(c.y);
  }
  if (target.cell && target.rect) {
    const c = constraintFor(target.cell.style ?? "", target.rect, end);
    pins.entryX = fraction(c.x);
    pins.entryY = fraction(c.y);
  }
  setCellAttribute(copy, "style", mergeStyle(getCellAttribute(copy, "style"), pins));
  const parent = route.edge.parent;
  const origin = (parent?.vertex && layout.absoluteRect(parent)) || { x: 0, y: 0 };
  const bends = route.points.slice(1, -1).map((p) => ({ x: p.x - origin.x, y: p.y - origin.y }));
  setRoute(copy, bends, undefined, true);
  return copy;
}
