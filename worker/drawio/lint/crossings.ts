/**
 * The lint's `edge_crosses_vertex` rule: edges drawn through shapes that are neither their ends
 * nor regions they may cross.
 */

import { WorkBudget } from "../budget.ts";
import { type EdgeTerminal, storedRoute } from "../geometry/edge-routes.ts";
import {
  containsPoint,
  containsRect,
  insetRect,
  type LayoutCell,
  type PageLayout,
  segmentCrossesRect,
  segmentInterval,
} from "../geometry/page-layout.ts";
import { gridSize, SpatialGrid } from "../geometry/spatial-grid.ts";
import type { Point, Rect } from "../model/cell.ts";
import { isContainerStyle } from "../model/style.ts";
import { describeCell, quoteId } from "./labels.ts";

/** Reports one crossing; false once the caller wants no more. */
type Emit = (edge: LayoutCell, message: string, vertexIndex: number) => boolean;

/** Axis-aligned routers: their drawn path between two points is one of the two elbows. */
const ORTHOGONAL_STYLES = new Set([
  "orthogonalEdgeStyle",
  "elbowEdgeStyle",
  "entityRelationEdgeStyle",
  "segmentEdgeStyle",
]);

interface EdgePath {
  /** Each leg lists alternative polylines; a leg crosses a box only if all of them do. */
  legs: Point[][][];
  ends: [EdgeTerminal, EdgeTerminal];
}

/**
 * The `edge_crosses_vertex` rule: reports every visible vertex that an edge's path — terminal
 * centre (or exit/entry point, or free point) through its waypoints to the other terminal, in
 * absolute coordinates — runs through, unless the vertex is an end of the edge, an ancestor or
 * descendant of an end or of the edge, or encloses an end. Containers and shapes drawn behind
 * others (anything holding another vertex) are regions an edge may cross, not obstacles; lines
 * with no connected end are drawings and are not checked. Orthogonal routers draw an elbow
 * between two points, so a diagonal leg counts only when both possible elbows cross.
 * `budget` is charged a unit per segment and per shape tested against it; the rule stops when
 * it is spent (or when `emit` answers false). With `edges`, only those edges are followed.
 *
 * @example
 * lintCrossings(new PageLayout(page), 4, (edge, message) => (console.log(edge.id, message), true));
 */
export function lintCrossings(
  layout: PageLayout,
  inset: number,
  emit: Emit,
  budget = new WorkBudget(Number.POSITIVE_INFINITY),
  edges?: ReadonlySet<string>,
): void {
  const search = searchOf(layout, inset, budget);
  if (!search) return;
  for (const edge of layout.cells) {
    if (!edge.edge || (edges && !edges.has(edge.id)) || !layout.isVisible(edge)) continue;
    if (budget.spent) return;
    const found = crossingsOf(layout, search, edge);
    if (!found) return;
    const { path, crossed } = found;
    for (const { box, leg } of path ? crossed : []) {
      const message = crossingMessage(layout, edge, path as EdgePath, box.cell, box.hit, leg);
      if (!emit(edge, message, box.cell.index)) return;
    }
  }
}

/**
 * The rule's test of single edges, the shapes found once: for a pass that tries new drawings of
 * edges (`PageLayout.withElement`) on a page whose shapes it leaves as they are. True when the edge
 * runs through a vertex, as `lintCrossings` would report it, or when finding out would cost
 * more than `limit` (each test has its own).
 *
 * @example
 * const crosses = vertexCrossingTest(layout, 4, LINT_BUDGET);
 * crosses(layout.withElement(edge, redrawn)); // false
 */
export function vertexCrossingTest(
  layout: PageLayout,
  inset: number,
  limit: number,
): (edge: LayoutCell) => boolean {
  // The shapes are read at the first test: a pass may have no edge to try.
  let shapes: { search: Search | undefined; spent: boolean } | undefined;
  return (edge) => {
    if (!shapes) {
      const budget = new WorkBudget(limit);
      shapes = { search: searchOf(layout, inset, budget), spent: budget.spent };
    }
    if (shapes.spent) return true;
    const { search } = shapes;
    if (!search || !layout.isVisible(edge)) return false;
    search.budget = new WorkBudget(limit);
    const found = crossingsOf(layout, search, edge);
    return found === undefined || found.crossed.length > 0;
  };
}

/** The shapes to test against, with their grid; none when there are none or the budget ran out. */
function searchOf(layout: PageLayout, inset: number, budget: WorkBudget): Search | undefined {
  const boxes = obstacles(layout, inset, budget);
  if (boxes.length === 0 || budget.spent) return undefined;
  return {
    grid: gridOf(boxes),
    boxes,
    found: [],
    hitBy: new Int32Array(boxes.length),
    line: 0,
    budget,
  };
}

/** An edge's path (none for a line with no attached end) and the shapes it runs through. */
interface EdgeCrossings {
  path: EdgePath | undefined;
  /** Each shape crossed, with the leg that crosses it. */
  crossed: Array<{ box: Box; leg: Point[][] }>;
}

/** The shapes one edge runs through; undefined when the budget ran out. */
function crossingsOf(
  layout: PageLayout,
  search: Search,
  edge: LayoutCell,
): EdgeCrossings | undefined {
  const path = edgePath(layout, edge);
  if (!path) return { path, crossed: [] };
  const owners = new Set<LayoutCell>([edge]);
  for (const end of path.ends) if (end.cell) owners.add(end.cell);
  const related = new Set<LayoutCell>(owners);
  for (const owner of owners) for (const a of layout.ancestors(owner)) related.add(a);
  // Cells nested thousands deep make every edge's ancestry long.
  if (!search.budget.tryCharge(related.size)) return undefined;
  const terminals = path.ends.flatMap((e) => (e.rect ? [e.rect] : []));
  const crossed = new Map<number, Point[][]>();
  for (const leg of path.legs) {
    let hits: number[] | undefined;
    for (const line of leg) hits = lineCrossings(search, line, related, terminals, hits);
    for (const i of hits ?? []) if (!crossed.has(i)) crossed.set(i, leg);
  }
  if (search.budget.spent) return undefined;
  const out: EdgeCrossings = { path, crossed: [] };
  for (const [i, leg] of crossed) {
    const box = search.boxes[i] as Box;
    if (path.ends.some((e) => containsPoint(box.abs, e.point))) continue;
    if (layout.hasAncestorIn(box.cell, owners)) continue;
    out.crossed.push({ box, leg });
  }
  return out;
}

/**
 * The visible, sized vertices an edge must not cross: leaves that hold no other vertex, either
 * as children or by lying on top of them.
 */
function obstacles(layout: PageLayout, inset: number, budget: WorkBudget): Box[] {
  const holders = new Set<LayoutCell>();
  for (const cell of layout.cells) if (cell.vertex && cell.parent?.vertex) holders.add(cell.parent);
  const boxes: Box[] = [];
  for (const cell of layout.cells) {
    if (
      !cell.vertex ||
      holders.has(cell) ||
      isContainerStyle(cell.style) ||
      !layout.isVisible(cell)
    )
      continue;
    const abs = layout.absoluteRect(cell);
    if (!abs || abs.width <= 0 || abs.height <= 0) continue;
    const hit = insetRect(abs, inset);
    if (hit.width > 0 && hit.height > 0) boxes.push({ cell, abs, hit });
  }
  if (boxes.length === 0) return boxes;
  const grid = gridOf(boxes);
  const found: number[] = [];
  const backdrops = new Set<number>();
  for (const box of boxes) {
    const centre = { x: box.abs.x + box.abs.width / 2, y: box.abs.y + box.abs.height / 2 };
    grid.collect(centre, centre, found);
    if (!budget.tryCharge(1 + found.length)) return [];
    for (const i of found) {
      const other = boxes[i] as Box;
      if (other !== box && area(other.abs) > area(box.abs) && containsRect(other.abs, box.abs)) {
        backdrops.add(i);
      }
    }
  }
  return boxes.filter((_, i) => !backdrops.has(i));
}

function area(r: Rect): number {
  return r.width * r.height;
}

function gridOf(boxes: Box[]): SpatialGrid {
  const grid = new SpatialGrid(gridSize(boxes.map((b) => b.abs)), boxes.length);
  for (const [i, box] of boxes.entries()) grid.insert(i, box.hit);
  return grid;
}

interface Box {
  cell: LayoutCell;
  abs: Rect;
  /** The rectangle shrunk by the inset: grazing a border is not crossing. */
  hit: Rect;
}

interface Search {
  grid: SpatialGrid;
  boxes: Box[];
  /** Scratch list of candidate box indexes, reused by every query. */
  found: number[];
  /** Per box, the polyline that last found it crossed, so a polyline lists a box once. */
  hitBy: Int32Array;
  line: number;
  budget: WorkBudget;
}

/**
 * Indexes of the boxes (other than `skip`) a polyline runs through, among `among` when given
 * (a leg's second elbow only matters where the first one crossed).
 */
function lineCrossings(
  search: Search,
  line: Point[],
  skip: ReadonlySet<LayoutCell>,
  terminals: Rect[],
  among?: readonly number[],
): number[] {
  const hits: number[] = [];
  const token = ++search.line;
  for (let k = 1; k < line.length; k++) {
    const a = line[k - 1] as Point;
    const b = line[k] as Point;
    if (!among) search.grid.collect(a, b, search.found);
    const candidates = among ?? search.found;
    if (!search.budget.tryCharge(1 + candidates.length)) return hits;
    for (const i of candidates) {
      const box = search.boxes[i] as Box;
      if (search.hitBy[i] === token || skip.has(box.cell)) continue;
      if (!segmentCrossesRect(a, b, box.hit, terminals)) continue;
      search.hitBy[i] = token;
      hits.push(i);
    }
  }
  return hits;
}

function edgePath(layout: PageLayout, edge: LayoutCell): EdgePath | undefined {
  const stored = storedRoute(layout, edge);
  if (!stored) return undefined;
  const { style, source, target, points } = stored;
  const orthogonal = ORTHOGONAL_STYLES.has(style.get("edgeStyle") ?? "");
  const legs: Point[][][] = [];
  for (let k = 1; k < points.length; k++) {
    const p = points[k - 1] as Point;
    const q = points[k] as Point;
    legs.push(
      orthogonal && Math.abs(q.x - p.x) >= 1 && Math.abs(q.y - p.y) >= 1
        ? [
            [p, { x: q.x, y: p.y }, q],
            [p, { x: p.x, y: q.y }, q],
          ]
        : [[p, q]],
    );
  }
  return { legs, ends: [source, target] };
}

function crossingMessage(
  layout: PageLayout,
  edge: LayoutCell,
  path: EdgePath,
  vertex: LayoutCell,
  hit: Rect,
  leg: Point[][],
): string {
  const line = leg[0] ?? [];
  let a = line[0] as Point;
  let b = line[1] as Point;
  for (let k = 1; k < line.length; k++) {
    a = line[k - 1] as Point;
    b = line[k] as Point;
    if (segmentInterval(a, b, hit)) break;
  }
  const [t0, t1] = segmentInterval(a, b, hit) ?? [0.5, 0.5];
  const t = (t0 + t1) / 2;
  const mid = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  const box = layout.absoluteRect(vertex) ?? hit;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const gap = 20;
  const detour =
    Math.abs(b.x - a.x) >= Math.abs(b.y - a.y)
      ? { x: cx, y: mid.y < cy ? box.y - gap : box.y + box.height + gap }
      : { x: mid.x < cx ? box.x - gap : box.x + box.width + gap, y: cy };
  const origin = layout.origin(edge) ?? { x: 0, y: 0 };
  const [from, to] = path.ends.map((e) => (e.cell ? quoteId(e.cell.id) : "a free point"));
  return `edge ${describeCell(edge)} from ${from} to ${to} runs through vertex ${describeCell(vertex)}, which it does not connect; add a waypoint to route around it, e.g. <mxPoint x="${Math.round(detour.x - origin.x)}" y="${Math.round(detour.y - origin.y)}"/> in the <Array as="points"> of the edge's mxGeometry (in path order), or move ${quoteId(vertex.id)} off the edge's path`;
}
