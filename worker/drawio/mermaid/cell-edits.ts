/**
 * Small edits of laid-out cells that the state and class converters share: new vertices, moving
 * a laid-out page's cells into a container, and marking edited cells for the serializer.
 */
import type { Rect } from "../model/cell.ts";
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
