/**
 * The finishing pass that moves edge labels a reader could take for another edge's beside their own
 * line.
 */
import {
  type EdgeLabelBox,
  edgeLabelBase,
  type LabelSurroundings,
  labelProblem,
  labelSurroundings,
} from "../../geometry/edge-labels.ts";
import { insetRect, rectsMeet, segmentCrossesRect } from "../../geometry/page-layout.ts";
import {
  geometryOf,
  getCellAttribute,
  mxCellOf,
  type Point,
  type Rect,
  setCellAttribute,
} from "../../model/cell.ts";
import type { DiagramDocument } from "../../model/document.ts";
import { mergeStyle } from "../../model/style.ts";
import { cloneElement, createElement, isElement } from "../../xml/nodes.ts";
import { DrawnPage } from "./drawn-page.ts";
import { LABEL_GAP } from "./label.ts";
import { round } from "./route.ts";

/** Where along a segment a moved label may sit, best first. */
const ALONG = [0.5, 0.3, 0.7, 0.15, 0.85];

/** A place for a label beside one segment of its own edge. */
interface Candidate {
  centre: Point;
  box: Rect;
  /** The label point and the style keys that anchor the text there. */
  at: Point;
  align: "left" | "center" | "right";
  verticalAlign: "top" | "middle" | "bottom";
  /** How far (0–0.5 of the edge's length) the place is from the middle of the edge. */
  offMiddle: number;
}

/**
 * Moves the edge labels of a page that a reader could take for another edge's, or cannot read
 * (`labelProblem`: nearer to another line, on another label, on a shape), to the best clear
 * place beside their own edge: the middle of a segment first, then other points along it, on
 * either side; among clear places, one that no other edge runs through, nearest the middle of
 * the edge. A label with no clear place stays where it was. Labels are taken in page order, and
 * a moved label is in the way of those after it. Returns a new document (the input is left as
 * it was) and the ids of the edges whose label moved.
 *
 * @example
 * const { document, moved } = clearEdgeLabels(laidOut.document); // moved: ["edge-7"]
 */
export function clearEdgeLabels(
  doc: DiagramDocument,
  index = 0,
): { document: DiagramDocument; moved: string[] } {
  const page = doc.pages[index];
  if (!page) return { document: doc, moved: [] };
  const drawn = new DrawnPage(page);
  const moved = clearDrawnLabels(drawn);
  return { document: drawn.document(doc, index), moved };
}

/**
 * {@link clearEdgeLabels} on a page the finishing passes share: the moved labels' edges are
 * committed to `drawn`, and their ids returned.
 *
 * @example
 * const moved = clearDrawnLabels(drawn); // ["edge-7"]
 */
export function clearDrawnLabels(drawn: DrawnPage): string[] {
  const { layout, routes } = drawn;
  const around = labelSurroundings(layout, routes);
  const replaced = new Map<string, ReturnType<typeof cloneElement>>();
  around.labels.forEach((label, k) => {
    if (!labelProblem(label, around)) return;
    const best = bestPlace(label, around);
    if (!best) return;
    around.labels[k] = { ...label, centre: best.centre, box: best.box };
    const id = label.edge.id;
    replaced.set(id, movedLabel(label, best));
  });
  drawn.commit(replaced);
  return [...replaced.keys()];
}

function bestPlace(label: EdgeLabelBox, around: LabelSurroundings): Candidate | undefined {
  let best: Candidate | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const candidate of candidates(label)) {
    // Its cost is at least how far it is from the middle: then it cannot beat the best.
    if (candidate.offMiddle >= bestCost) continue;
    const trial = { ...label, centre: candidate.centre, box: candidate.box };
    if (labelProblem(trial, around)) continue;
    const near = insetRect(candidate.box, -2);
    const crossed = around.routes.filter(
      (r, i) =>
        r.edge !== label.edge &&
        rectsMeet(around.routeBoxes[i] as Rect, near) &&
        r.points.some(
          (p, k) => k > 0 && segmentCrossesRect(r.points[k - 1] as Point, p, candidate.box, [], 1),
        ),
    ).length;
    const cost = crossed * 10 + candidate.offMiddle;
    if (cost < bestCost) {
      best = candidate;
      bestCost = cost;
    }
  }
  return best;
}

/** Places beside every straight segment of the label's edge, in order of preference. */
function candidates(label: EdgeLabelBox): Candidate[] {
  const { points } = label.route;
  const { width, height } = label.box;
  const lengths = points.slice(1).map((p, k) => distance(points[k] as Point, p));
  const total = lengths.reduce((a, b) => a + b, 0);
  const out: Candidate[] = [];
  let walked = 0;
  points.slice(1).forEach((b, k) => {
    const a = points[k] as Point;
    const length = lengths[k] as number;
    const vertical = Math.abs(a.x - b.x) < 0.5;
    const horizontal = Math.abs(a.y - b.y) < 0.5;
    // Along the segment the label needs its own extent plus a little room at both ends.
    const extent = vertical ? height : horizontal ? width : Number.POSITIVE_INFINITY;
    if (length >= extent + 8) {
      for (const f of ALONG) {
        const along = clamp(length * f, extent / 2 + 4, length - extent / 2 - 4);
        const on = {
          x: a.x + ((b.x - a.x) * along) / length,
          y: a.y + ((b.y - a.y) * along) / length,
        };
        const offMiddle = total === 0 ? 0 : Math.abs(walked + along - total / 2) / total;
        if (vertical) {
          for (const side of [-1, 1] as const) {
            const at = { x: on.x + side * LABEL_GAP, y: on.y };
            const box = { x: side < 0 ? at.x - width : at.x, y: at.y - height / 2, width, height };
            const align = side < 0 ? "right" : "left";
            out.push({ ...placed(box), at, align, verticalAlign: "middle", offMiddle });
          }
        } else {
          for (const side of [-1, 1] as const) {
            const at = { x: on.x, y: on.y + side * LABEL_GAP };
            const box = { x: at.x - width / 2, y: side < 0 ? at.y - height : at.y, width, height };
            const verticalAlign = side < 0 ? "bottom" : "top";
            out.push({ ...placed(box), at, align: "center", verticalAlign, offMiddle });
          }
        }
      }
    }
    walked += length;
  });
  return out;
}

function placed(box: Rect): { box: Rect; centre: Point } {
  return { box, centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 } };
}

/** A copy of the label's edge with the label at the candidate: anchor style and offset. */
function movedLabel(label: EdgeLabelBox, place: Candidate) {
  const copy = cloneElement(label.edge.element);
  const style = getCellAttribute(copy, "style");
  const anchor = { align: place.align, verticalAlign: place.verticalAlign };
  setCellAttribute(copy, "style", mergeStyle(style, anchor));
  let geometry = geometryOf(copy);
  if (!geometry) {
    geometry = createElement("mxGeometry", { relative: "1", as: "geometry" });
    mxCellOf(copy).children.push(geometry);
  }
  geometry.attrs.x = "0";
  geometry.attrs.y = "0";
  const base = edgeLabelBase(label.route.points);
  geometry.children = geometry.children.filter((c) => !(isElement(c) && c.attrs.as === "offset"));
  geometry.children.push(
    createElement("mxPoint", {
      x: String(round(place.at.x - base.x)),
      y: String(round(place.at.y - base.y)),
      as: "offset",
    }),
  );
  return copy;
}

function distance(p: Point, q: Point): number {
  return Math.hypot(q.x - p.x, q.y - p.y);
}

function clamp(v: number, low: number, high: number): number {
  return Math.min(Math.max(v, low), high);
}
