/**
 * Edge labels where draw.io places them, and the ones a reader could take for another edge's
 * or cannot read (on a shape, on another label).
 */

import { getCellLabel, type Point, type Rect } from "../model/cell.ts";
import { clampedNumber, finiteNumber } from "../model/numbers.ts";
import { shapeOf } from "../model/style.ts";
import { measureText } from "../text/estimate.ts";
import { labelToText } from "../text/label-text.ts";
import type { EdgeRoute } from "./edge-routes.ts";
import { distanceToSegment, type LayoutCell, type PageLayout, pointsBox } from "./page-layout.ts";

/** An edge's label as draw.io places it: its centre and the box its text needs. */
export interface EdgeLabelBox {
  edge: LayoutCell;
  route: EdgeRoute;
  centre: Point;
  box: Rect;
}

/** Why a label is hard to attribute to its edge. */
export type LabelProblem = "nearer_other_edge" | "on_label" | "on_shape";

/** A label that a reader could take for another edge's, or cannot read. */
export interface AmbiguousLabel {
  label: EdgeLabelBox;
  problem: LabelProblem;
  /** The other edge, label owner or vertex involved. */
  other: LayoutCell;
}

/**
 * The labels of the given edges as draw.io places them: at the point `(x / 2 + 0.5)` of the
 * way along the drawn line (x from the edge's relative geometry), moved `y` px across the
 * segment there and then by the geometry's offset; sized from the text (one line per `<br>`
 * or line break, no wrapping, `fontSize` from the style, 11 by default); the text is centred
 * on that point, or starts or ends there as `align` and `verticalAlign` say.
 *
 * @example
 * edgeLabelBoxes(edgeRoutes(layout))[0].box; // { x: 212, y: 63, width: 26, height: 15 }
 */
export function edgeLabelBoxes(routes: readonly EdgeRoute[]): EdgeLabelBox[] {
  const out: EdgeLabelBox[] = [];
  for (const route of routes) {
    const raw = getCellLabel(route.edge.element);
    if (raw.trim() === "") continue;
    const html = route.style.get("html") === "1";
    const text = labelToText(raw, html).split(" / ").join("\n");
    if (text.trim() === "") continue;
    const fontSize = clampedNumber(route.style.get("fontSize") ?? undefined, 11, 1_000_000) || 11;
    const size = measureText(text, Number.POSITIVE_INFINITY);
    const width = (size.width * fontSize) / 12 + 4;
    const height = (size.height * fontSize) / 12 + 2;
    // The label point is the middle of the text unless the style anchors the text there.
    const at = labelPoint(route);
    const align = route.style.get("align");
    const vertical = route.style.get("verticalAlign");
    const x = align === "left" ? at.x : align === "right" ? at.x - width : at.x - width / 2;
    const y = vertical === "top" ? at.y : vertical === "bottom" ? at.y - height : at.y - height / 2;
    const box = { x, y, width, height };
    const centre = { x: x + width / 2, y: y + height / 2 };
    out.push({ edge: route.edge, route, centre, box });
  }
  return out;
}

/** What a label is checked against: every route, every label, every shape it could cover. */
export interface LabelSurroundings {
  routes: readonly EdgeRoute[];
  /** The smallest rectangle around each route's points, by the routes' order. */
  routeBoxes: readonly Rect[];
  labels: EdgeLabelBox[];
  shapes: Array<{ cell: LayoutCell; rect: Rect }>;
}

/**
 * The routes, labels and shapes of a page that its edge labels must keep clear of (visible
 * vertices that hold no others and are not containers or free text).
 *
 * @example
 * labelSurroundings(layout, edgeRoutes(layout)).labels.length; // 4
 */
export function labelSurroundings(
  layout: PageLayout,
  routes: readonly EdgeRoute[],
): LabelSurroundings {
  const holders = new Set<LayoutCell>();
  for (const c of layout.cells) if (c.vertex && c.parent?.vertex) holders.add(c.parent);
  const shapes: Array<{ cell: LayoutCell; rect: Rect }> = [];
  for (const cell of layout.cells) {
    if (!cell.vertex || cell.relative || !layout.isVisible(cell) || holders.has(cell)) continue;
    if (isContainer(cell) || shapeOf(cell.style) === "text") continue;
    const rect = layout.absoluteRect(cell);
    if (rect) shapes.push({ cell, rect });
  }
  return {
    routes,
    routeBoxes: routes.map((r) => pointsBox(r.points)),
    labels: edgeLabelBoxes(routes),
    shapes,
  };
}

/**
 * Why a reader could not attribute or read one label, if they could not: its centre is nearer to
 * another edge's line than to its own (on a shared trunk both are at distance 0), it overlaps
 * another edge's label, or it lies on a shape. The first problem found is returned.
 *
 * @example
 * labelProblem(label, labelSurroundings(layout, routes)); // { problem: "on_label", other: … }
 */
export function labelProblem(
  label: EdgeLabelBox,
  around: LabelSurroundings,
): { problem: LabelProblem; other: LayoutCell } | undefined {
  const own = distanceToLine(label.centre, label.route.points);
  // A route's box is never farther than the route: only routes whose box is near are measured.
  const nearer = around.routes.find(
    (r, i) =>
      r.edge !== label.edge &&
      distanceToBox(label.centre, around.routeBoxes[i] as Rect) < own + 1 &&
      distanceToLine(label.centre, r.points) < own + 1,
  );
  if (nearer) return { problem: "nearer_other_edge", other: nearer.edge };
  const onLabel = around.labels.find((l) => l.edge !== label.edge && overlap(l.box, label.box) > 2);
  if (onLabel) return { problem: "on_label", other: onLabel.edge };
  const onShape = around.shapes.find((s) => overlap(s.rect, label.box) > 2);
  if (onShape) return { problem: "on_shape", other: onShape.cell };
  return undefined;
}

/**
 * Labels a reader cannot attribute or read ({@link labelProblem}), each reported once.
 *
 * @example
 * ambiguousLabels(layout, edgeRoutes(layout)).map((a) => a.problem); // ["nearer_other_edge"]
 */
export function ambiguousLabels(
  layout: PageLayout,
  routes: readonly EdgeRoute[],
): AmbiguousLabel[] {
  const around = labelSurroundings(layout, routes);
  return around.labels.flatMap((label) => {
    const found = labelProblem(label, around);
    return found ? [{ label, ...found }] : [];
  });
}

function isContainer(cell: LayoutCell): boolean {
  return shapeOf(cell.style) === "swimlane" || /(^|;)container=1/.test(cell.style ?? "");
}

/** The smaller of the two overlaps (px) of two rectangles, 0 when apart. */
function overlap(p: Rect, q: Rect): number {
  const ox = Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x);
  const oy = Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y);
  return Math.max(0, Math.min(ox, oy));
}

/** Where draw.io puts the centre of an edge's label (mxGraphView's rule for edge labels). */
function labelPoint(route: EdgeRoute): Point {
  const geometry = route.edge.geometry;
  const gx = finiteNumber(geometry?.attrs.x, 0);
  const gy = finiteNumber(geometry?.attrs.y, 0);
  let offset: Point = { x: 0, y: 0 };
  for (const child of geometry?.children ?? []) {
    const el = child as { name?: string; attrs?: Record<string, string> };
    if (el.name === "mxPoint" && el.attrs?.as === "offset") {
      offset = { x: finiteNumber(el.attrs.x, 0), y: finiteNumber(el.attrs.y, 0) };
    }
  }
  const at = edgeLabelAnchor(route.points, geometry?.attrs.relative === "1", gx, gy);
  return { x: at.x + offset.x, y: at.y + offset.y };
}

/**
 * Where an edge's own label sits before its offset: along the route by its relative geometry
 * (`edgeLabelBase`), or, when the geometry is not relative (old files write `x`/`y` there that
 * draw.io ignores), halfway between the route's first and last points, as mxGraphView does.
 *
 * @example
 * edgeLabelAnchor([{ x: 0, y: 0 }, { x: 0, y: 100 }, { x: 50, y: 100 }], false, 519, 180); // { x: 25, y: 50 }
 */
export function edgeLabelAnchor(points: readonly Point[], relative: boolean, x = 0, y = 0): Point {
  if (relative) return edgeLabelBase(points, x, y);
  const first = points[0] ?? { x: 0, y: 0 };
  const last = points[points.length - 1] ?? first;
  return { x: (first.x + last.x) / 2, y: (first.y + last.y) / 2 };
}

/**
 * The label point of an edge drawn along `points` whose relative geometry is `(x, y)`, before
 * its offset: `(x / 2 + 0.5)` of the way along the line (the distance rounded to a whole pixel
 * and the segment found with rounded sums, as mxGraphView's `getPoint` does), then `y` px
 * across the segment there.
 *
 * @example
 * edgeLabelBase([{ x: 0, y: 0 }, { x: 0, y: 100 }, { x: 50, y: 100 }]); // { x: 0, y: 75 }
 */
export function edgeLabelBase(points: readonly Point[], x = 0, y = 0): Point {
  const lengths: number[] = [];
  let total = 0;
  for (let k = 1; k < points.length; k++) {
    const d = Math.hypot(
      (points[k] as Point).x - (points[k - 1] as Point).x,
      (points[k] as Point).y - (points[k - 1] as Point).y,
    );
    lengths.push(d);
    total += d;
  }
  const along = Math.round((x / 2 + 0.5) * total);
  let walked = 0;
  let k = 0;
  while (k < lengths.length - 1 && along >= Math.round(walked + (lengths[k] as number))) {
    walked += lengths[k] as number;
    k++;
  }
  const segment = lengths[k] ?? 0;
  const p = points[k] as Point;
  const q = (points[k + 1] ?? p) as Point;
  const f = segment === 0 ? 0 : (along - walked) / segment;
  const nx = segment === 0 ? 0 : (q.y - p.y) / segment;
  const ny = segment === 0 ? 0 : (q.x - p.x) / segment;
  return {
    x: p.x + (q.x - p.x) * f + nx * y,
    y: p.y + (q.y - p.y) * f - ny * y,
  };
}

/** The distance from a point to a rectangle (0 inside it). */
function distanceToBox(p: Point, r: Rect): number {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width));
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height));
  return Math.hypot(dx, dy);
}

/** The distance from a point to a polyline. */
export function distanceToLine(p: Point, line: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 1; k < line.length; k++) {
    best = Math.min(best, distanceToSegment(p, line[k - 1] as Point, line[k] as Point));
  }
  return best;
}
