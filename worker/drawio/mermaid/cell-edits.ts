/**
 * The cells converters write and the edits of laid-out cells they share: new vertices and edges, moving
 * a laid-out page's cells into a container, and marking edited cells for the serializer.
 */
import type { Point, Rect } from "../model/cell.ts";
import { childElements, createElement, markChanged, type XmlElement } from "../xml/nodes.ts";

/** The margin `layoutGraph` leaves around a drawing. */
export const LAYOUT_MARGIN = 40;

/** Forgets the source text of a cell and everything in it, so the serializer writes the edits. */
export function touch(el: XmlElement): void {
  markChanged(el);
  for (const child of childElements(el)) touch(child);
}

/**
 * A vertex cell.
 *
 * @example
 * vertexCell("row-1", "+ name: string", "text;html=1;", "Order", { x: 0, y: 26, width: 160, height: 26 });
 */
export function vertexCell(
  id: string,
  value: string,
  style: string,
  parent: string,
  rect: Rect,
  extra: Record<string, string> = {},
): XmlElement {
  const geometry = createElement("mxGeometry", {
    x: String(rect.x),
    y: String(rect.y),
    width: String(rect.width),
    height: String(rect.height),
    as: "geometry",
  });
  return createElement("mxCell", { id, value, style, vertex: "1", ...extra, parent }, [geometry]);
}

/**
 * Moves the cells of one laid-out page that sit on its layer into a container: their parent
 * becomes `into` and their geometry (vertex positions, edge waypoints and terminal points)
 * shifts by `dx`, `dy`. Cells inside groups keep their relative geometry.
 *
 * @example
 * reparent(cells, "1", "First", 20 - LAYOUT_MARGIN, 36 - LAYOUT_MARGIN);
 */
export function reparent(
  cells: readonly XmlElement[],
  layer: string,
  into: string,
  dx: number,
  dy: number,
): void {
  for (const cell of cells) {
    if (cell.attrs.parent !== layer) continue;
    touch(cell);
    cell.attrs.parent = into;
    const geometry = childElements(cell).find((c) => c.name === "mxGeometry");
    if (!geometry) continue;
    if (cell.attrs.vertex === "1") move(geometry, dx, dy);
    for (const part of childElements(geometry)) {
      if (part.name === "Array" && part.attrs.as === "points") {
        for (const point of childElements(part)) move(point, dx, dy);
      } else if (part.attrs.as === "sourcePoint" || part.attrs.as === "targetPoint") {
        move(part, dx, dy);
      }
    }
  }
}

function move(el: XmlElement, dx: number, dy: number): void {
  el.attrs.x = String(round(Number(el.attrs.x ?? 0) + dx));
  el.attrs.y = String(round(Number(el.attrs.y ?? 0) + dy));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** What an edge joins: cells by id, or free points where it has no cell at an end. */
export interface EdgeEnds {
  source?: string;
  target?: string;
  sourcePoint?: Point;
  targetPoint?: Point;
  /** Waypoints between the ends, in order. */
  points?: readonly Point[];
}

/**
 * An edge cell.
 *
 * @example
 * edgeCell("rel-1", "places", "edgeStyle=orthogonalEdgeStyle;html=1;", "1", { source: "a", target: "b" });
 */
export function edgeCell(
  id: string,
  value: string,
  style: string,
  parent: string,
  ends: EdgeEnds,
): XmlElement {
  const parts: XmlElement[] = [];
  const point = (p: Point, as: string) =>
    createElement("mxPoint", { x: String(round(p.x)), y: String(round(p.y)), as });
  if (ends.sourcePoint) parts.push(point(ends.sourcePoint, "sourcePoint"));
  if (ends.targetPoint) parts.push(point(ends.targetPoint, "targetPoint"));
  if (ends.points && ends.points.length > 0) {
    const waypoints = ends.points.map((p) =>
      createElement("mxPoint", { x: String(round(p.x)), y: String(round(p.y)) }),
    );
    parts.push(createElement("Array", { as: "points" }, waypoints));
  }
  const geometry = createElement("mxGeometry", { relative: "1", as: "geometry" }, parts);
  const joined = {
    ...(ends.source === undefined ? {} : { source: ends.source }),
    ...(ends.target === undefined ? {} : { target: ends.target }),
  };
  return createElement("mxCell", { id, value, style, edge: "1", parent, ...joined }, [geometry]);
}

/**
 * A cell wrapped in a `<UserObject>`, where draw.io keeps a cell's links, tooltips and custom
 * data (`data`); its value becomes the wrapper's `label`, its structure stays on the `<mxCell>`.
 *
 * @example
 * withCellData(vertexCell("t-1", "MC-2037", "text;", "1", rect), { link: "https://…/MC-2037" });
 */
export function withCellData(cell: XmlElement, data: Record<string, string>): XmlElement {
  const { id = "", value = "", ...rest } = cell.attrs;
  return createElement("UserObject", { label: value, ...data, id }, [
    createElement("mxCell", rest, cell.children),
  ]);
}
