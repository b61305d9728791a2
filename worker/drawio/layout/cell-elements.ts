/**
 * The draw.io cells a layout writes, built as elements: a vertex with its geometry, and an edge
 * with its waypoints and label offset, numbers rounded as the layout writes them.
 */
import type { Point, Rect } from "../model/cell.ts";
import { serializeCell } from "../model/serialize.ts";
import { rememberSource, type XmlElement, type XmlNode } from "../xml/nodes.ts";
import { withoutForbiddenCharacters } from "../xml/serialize.ts";
import { round } from "./edges/route.ts";

/**
 * Text for an attribute, without the characters XML cannot hold: the writer would leave them
 * out, so the document holds what its XML says (a label is measured without them).
 *
 * @example
 * xmlText("bell\u0007"); // "bell"
 */
export function xmlText(value: string): string {
  return withoutForbiddenCharacters(value);
}

/**
 * A vertex cell (`vertex="1"`) with its geometry, relative to its parent.
 *
 * @example
 * vertexCell("a", "Cart", "rounded=1;", "1", { x: 40, y: 40, width: 120, height: 60 });
 */
export function vertexCell(
  id: string,
  html: string,
  style: string,
  parent: string,
  r: Rect,
): XmlElement {
  const geometry: XmlElement = {
    name: "mxGeometry",
    attrs: {
      x: String(round(r.x)),
      y: String(round(r.y)),
      width: String(round(r.width)),
      height: String(round(r.height)),
      as: "geometry",
    },
    children: [],
  };
  return {
    name: "mxCell",
    attrs: { id, value: xmlText(html), style: xmlText(style), vertex: "1", parent },
    children: [geometry],
  };
}

/** What an edge cell joins and where it runs (points relative to its parent). */
export interface EdgeCellParts {
  id: string;
  html: string;
  style: string;
  parent: string;
  source: string;
  target: string;
  bends: readonly Point[];
  /** The label's offset from the route's midpoint, if it has one. */
  offset: Point | undefined;
}

/**
 * An edge cell (`edge="1"`) with its waypoints (`<Array as="points">`) and label offset.
 *
 * @example
 * edgeCell({ id: "edge-1", html: "", style: "", parent: "1", source: "a", target: "b",
 *   bends: [], offset: undefined });
 */
export function edgeCell(parts: EdgeCellParts): XmlElement {
  const children: XmlNode[] = [];
  if (parts.bends.length > 0) {
    const points: XmlNode[] = new Array(parts.bends.length);
    for (let k = 0; k < parts.bends.length; k++) {
      const p = parts.bends[k] as Point;
      points[k] = {
        name: "mxPoint",
        attrs: { x: String(round(p.x)), y: String(round(p.y)) },
        children: [],
      };
    }
    children.push({ name: "Array", attrs: { as: "points" }, children: points });
  }
  if (parts.offset) {
    const { x, y } = parts.offset;
    children.push({
      name: "mxPoint",
      attrs: { x: String(round(x)), y: String(round(y)), as: "offset" },
      children: [],
    });
  }
  const cell: XmlElement = {
    name: "mxCell",
    attrs: {
      id: parts.id,
      value: xmlText(parts.html),
      style: xmlText(parts.style),
      edge: "1",
      parent: parts.parent,
      source: parts.source,
      target: parts.target,
    },
    children: [{ name: "mxGeometry", attrs: { relative: "1", as: "geometry" }, children }],
  };
  if (children.length === 0) keepOpenGeometry(cell);
  return cell;
}

const SELF_CLOSED = "/></mxCell>";

/**
 * The layout has always written an edge's empty geometry open and closed
 * (`<mxGeometry relative="1" as="geometry"></mxGeometry>`), where the writer would close it in
 * one tag: that text is kept as the cell's source, so that what callers get stays byte for byte
 * the same until the cell changes.
 */
function keepOpenGeometry(cell: XmlElement): void {
  const text = serializeCell(cell);
  rememberSource(cell, `${text.slice(0, -SELF_CLOSED.length)}></mxGeometry></mxCell>`);
}
