/**
 * One cell of a page as XML: its `<mxCell>` (bare or inside an `<object>`/`<UserObject>`
 * wrapper), its attributes, label and kind, and the geometry it stores.
 */

import { markChanged, type XmlElement } from "../xml/nodes.ts";
import { finiteNumber } from "./numbers.ts";

/** Element names that wrap an `<mxCell>` and carry the cell's id and custom properties. */
export const WRAPPER_NAMES: ReadonlySet<string> = new Set(["object", "UserObject"]);

/**
 * The attributes that make a cell's structure, as draw.io's codec reads them: where it hangs,
 * how it is drawn, what kind of cell it is and what an edge connects.
 */
export const STRUCTURE_KEYS: readonly string[] = [
  "parent",
  "style",
  "vertex",
  "edge",
  "source",
  "target",
];

/** Attributes that live on the inner `<mxCell>` even when the cell has a wrapper. */
const MXCELL_KEYS: ReadonlySet<string> = new Set([
  ...STRUCTURE_KEYS,
  "connectable",
  "visible",
  "collapsed",
]);

/** True for the elements that can stand directly under `<root>` as a cell. */
export function isCellElement(el: XmlElement): boolean {
  return el.name === "mxCell" || WRAPPER_NAMES.has(el.name);
}

/** The `<mxCell>` of a cell: the element itself, or the one inside its wrapper. */
export function mxCellOf(cell: XmlElement): XmlElement {
  if (cell.name === "mxCell") return cell;
  for (const child of cell.children) {
    if ((child as XmlElement).name === "mxCell") return child as XmlElement;
  }
  return cell;
}

/** The cell id (`id` of the mxCell or of its wrapper). */
export function cellId(cell: XmlElement): string | undefined {
  return cell.attrs.id;
}

/**
 * Reads a cell attribute wherever draw.io keeps it: structural keys on the `<mxCell>`,
 * everything else (id, label, custom properties) on the wrapper when there is one.
 *
 * @example
 * getCellAttribute(cell, "parent"); // "1"
 */
export function getCellAttribute(cell: XmlElement, name: string): string | undefined {
  if (cell.name === "mxCell") return cell.attrs[name];
  if (MXCELL_KEYS.has(name)) return mxCellOf(cell).attrs[name];
  return cell.attrs[name];
}

/** Sets a cell attribute where draw.io keeps it (see {@link getCellAttribute}). */
export function setCellAttribute(cell: XmlElement, name: string, value: string): void {
  markChanged(cell);
  const target = cell.name !== "mxCell" && MXCELL_KEYS.has(name) ? mxCellOf(cell) : cell;
  // A plain assignment to `__proto__` would change the prototype instead of adding a key.
  Object.defineProperty(target.attrs, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Removes a cell attribute from where draw.io keeps it. */
export function removeCellAttribute(cell: XmlElement, name: string): void {
  markChanged(cell);
  if (cell.name !== "mxCell" && MXCELL_KEYS.has(name)) delete mxCellOf(cell).attrs[name];
  else delete cell.attrs[name];
}

/** The attribute holding the visible label: `label` on a wrapper, `value` on a plain cell. */
export function labelAttributeName(cell: XmlElement): "label" | "value" {
  return cell.name === "mxCell" ? "value" : "label";
}

/** The cell's label text as stored (may contain HTML when the style has `html=1`). */
export function getCellLabel(cell: XmlElement): string {
  return cell.attrs[labelAttributeName(cell)] ?? "";
}

/** True when the cell is a vertex. */
export function isVertex(cell: XmlElement): boolean {
  return getCellAttribute(cell, "vertex") === "1";
}

/** True when the cell is an edge. */
export function isEdge(cell: XmlElement): boolean {
  return getCellAttribute(cell, "edge") === "1";
}

/** The `<mxGeometry as="geometry">` element of a cell, if present. */
export function geometryOf(cell: XmlElement): XmlElement | undefined {
  for (const child of mxCellOf(cell).children) {
    const el = child as XmlElement;
    if (el.name === "mxGeometry") return el;
  }
  return undefined;
}

/** A cell's rectangle as stored (relative to its parent). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point. */
export interface Point {
  x: number;
  y: number;
}

/** A geometry number as draw.io reads it (`parseFloat`; missing or not finite: 0). */
function num(value: string | undefined): number {
  return finiteNumber(value, 0);
}

/**
 * The rectangle stored in a geometry element (missing numbers count as 0, as in draw.io).
 *
 * @example
 * readRect(geometryOf(cell)!); // { x: 40, y: 40, width: 120, height: 60 }
 */
export function readRect(geometry: XmlElement): Rect {
  const a = geometry.attrs;
  return { x: num(a.x), y: num(a.y), width: num(a.width), height: num(a.height) };
}

/** The waypoints of an edge geometry (`<Array as="points">`), in order. */
export function readWaypoints(geometry: XmlElement): Point[] {
  const points: Point[] = [];
  for (const child of geometry.children) {
    const el = child as XmlElement;
    if (el.name !== "Array" || el.attrs.as !== "points") continue;
    for (const p of el.children) {
      const pt = p as XmlElement;
      if (pt.name === "mxPoint") points.push({ x: num(pt.attrs.x), y: num(pt.attrs.y) });
    }
  }
  return points;
}

/** A terminal point of an edge geometry (`<mxPoint as="sourcePoint|targetPoint">`). */
export function readTerminalPoint(
  geometry: XmlElement,
  which: "sourcePoint" | "targetPoint",
): Point | undefined {
  for (const child of geometry.children) {
    const el = child as XmlElement;
    if (el.name === "mxPoint" && el.attrs.as === which) {
      return { x: num(el.attrs.x), y: num(el.attrs.y) };
    }
  }
  return undefined;
}
