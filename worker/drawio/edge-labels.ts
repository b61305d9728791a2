import { getCellLabel, type Point, type Rect } from "./cell.ts";
import type { EdgeRoute } from "./edge-routes.ts";
import type { LayoutCell, PageLayout } from "./geometry.ts";
import { measureText } from "./layout/text.ts";
import { shapeOf } from "./style.ts";
import { labelToText } from "./summary.ts";

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
    const fontSize = Number(route.style.get("fontSize")) || 11;
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

/**
 * Labels a reader cannot attribute or read: nearer to another edge's line than to their own
 * (on a shared trunk both are at distance 0), overlapping another label, or lying on a shape.
 * Each label is reported once, with its first problem.
 *
 * @example
 * ambiguousLabels(layout, edgeRoutes(layout)).map((a) => a.problem); // ["nearer_other_edge"]
 */
export function ambiguousLabels(
  layout: PageLayout,
  routes: readonly EdgeRoute[],
): AmbiguousLabel[] {
  const labels = edgeLabelBoxes(routes);
  const holders = new Set<LayoutCell>();
  for (const c of layout.cells) if (c.vertex && c.parent?.vertex) holders.add(c.parent);
  const shapes = layout.cells.filter(
    (c) =>
      c.vertex &&
      !c.relative &&
      layout.isVisible(c) &&
      !holders.has(c) &&
      !isContainer(c) &&
      shapeOf(c.style) !== "text",
  );
  const out: AmbiguousLabel[] = [];
  for (const label of labels) {
    const own = distanceToLine(label.centre, label.route.points);
    const nearer = routes.find(
      (r) => r !== label.route && distanceToLine(label.centre, r.points) < own + 1,
    );
    if (nearer) {
      out.push({ label, problem: "nearer_other_edge", other: nearer.edge });
      continue;
    }
    const onLabel = labels.find((l) => l !== label && overlap(l.box, label.box) > 2);
    if (onLabel) {
      out.push({ label, problem: "on_label", other: onLabel.edge });
      continue;
    }
    const onShape = shapes.find((s) => {
      const r = layout.absoluteRect(s);
      return r !== undefined && overlap(r, label.box) > 2;
    });
    if (onShape) out.push({ label, problem: "on_shape", other: onShape });
  }
  return out;
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
  const gx = Number(geometry?.attrs.x) || 0;
  const gy = Number(geometry?.attrs.y) || 0;
  let offset: Point = { x: 0, y: 0 };
  for (const child of geometry?.children ?? []) {
    const el = child as { name?: string; attrs?: Record<string, string> };
    if (el.name === "mxPoint" && el.attrs?.as === "offset") {
      offset = { x: Number(el.attrs.x) || 0, y: Number(el.attrs.y) || 0 };
    }
  }
  const points = route.points;
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
  const along = Math.round((gx / 2 + 0.5) * total);
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
    x: p.x + (q.x - p.x) * f + nx * gy + offset.x,
    y: p.y + (q.y - p.y) * f - ny * gy + offset.y,
  };
}

/** The distance from a point to a polyline. */
export function distanceToLine(p: Point, line: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 1; k < line.length; k++) {
    const a = line[k - 1] as Point;
    const b = line[k] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t =
      len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + dx * t), p.y - (a.y + dy * t)));
  }
  return best;
}
