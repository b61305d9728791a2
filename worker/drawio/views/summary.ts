/**
 * The facts about one cell that the compact view and the diff both show, read once from its
 * XML.
 */

import {
  cellId,
  geometryOf,
  getCellAttribute,
  getCellLabel,
  isEdge,
  isVertex,
  mxCellOf,
  readTerminalPoint,
  readWaypoints,
  STRUCTURE_KEYS,
} from "../model/cell.ts";
import { parseStyle, shapeOf } from "../model/style.ts";
import { labelToText } from "../text/label-text.ts";
import type { XmlElement } from "../xml/nodes.ts";

/** What a cell is, as far as a reader of the diagram cares. */
export type CellKind = "root" | "layer" | "vertex" | "edge" | "cell";

/**
 * The facts about one cell that the compact view and the diff show: plain-text label, kind,
 * shape, parent, terminals, geometry as stored, a few style facts and wrapper properties.
 *
 * @example
 * summarizeCell(cell, "0");
 * // { id: "5", kind: "vertex", shape: "rounded", label: "Start", parent: "1", rect: "40,20 120x60", facts: ["fill=#dae8fc"], … }
 */
export interface CellSummary {
  id: string;
  kind: CellKind;
  /** Plain text (HTML stripped, entities decoded, line breaks as ` / `), untruncated. */
  label: string;
  parent: string | undefined;
  /** Vertices only: the drawn shape (`shapeOf(style)`). */
  shape: string | undefined;
  /** Edges only: the terminal cell id, or a dangling end point as `(x,y)`. */
  source: string | undefined;
  target: string | undefined;
  /** Vertices only: `x,y wxh` relative to the parent, as stored (float noise rounded). */
  rect: string | undefined;
  /** Short style and state facts: `fill=#dae8fc`, `dashed`, `img`, `pts=2`, `hidden`, … */
  facts: string[];
  /** Custom properties of an `<object>`/`<UserObject>` wrapper, in document order. */
  props: Array<[name: string, value: string]>;
}

/** Wrapper attributes that are not custom properties. */
const WRAPPER_OWN: ReadonlySet<string> = new Set(["id", "label"]);

/**
 * Summarizes a cell. `rootId` is the id of the page's root cell (its children are layers).
 *
 * @example
 * summarizeCell(cells[2], "0").label; // "Start"
 */
export function summarizeCell(cell: XmlElement, rootId: string | undefined): CellSummary {
  const style = getCellAttribute(cell, "style");
  const parent = getCellAttribute(cell, "parent");
  const vertex = isVertex(cell);
  const edge = !vertex && isEdge(cell);
  let kind: CellKind = vertex ? "vertex" : edge ? "edge" : "cell";
  if (parent === undefined && !vertex && !edge) kind = "root";
  else if (parent !== undefined && parent === rootId && !vertex && !edge) kind = "layer";
  const keys = new Map<string, string>();
  for (const [key, value] of parseStyle(style)) if (value !== null) keys.set(key, value);
  const html = keys.get("html") === "1";
  const summary: CellSummary = {
    id: cellId(cell) ?? "",
    kind,
    label: labelToText(getCellLabel(cell), html),
    parent,
    shape: vertex ? shapeOf(style) : undefined,
    source: undefined,
    target: undefined,
    rect: undefined,
    facts: [],
    props: wrapperProps(cell),
  };
  const geometry = geometryOf(cell);
  if (edge) {
    summary.source = terminal(cell, geometry, "source");
    summary.target = terminal(cell, geometry, "target");
  } else if (vertex && geometry) {
    const a = geometry.attrs;
    summary.rect = `${short(a.x)},${short(a.y)} ${short(a.width)}x${short(a.height)}`;
  }
  summary.facts = styleFacts(cell, keys, kind, summary.shape, geometry);
  return summary;
}

/** A stored number for display: as stored, but float noise (`179.99999999999991`) rounded. */
function short(value: string | undefined): string {
  if (value === undefined || value === "") return "0";
  if (!/\.\d{3}/.test(value)) return value;
  const n = Number(value);
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : value;
}

function terminal(
  cell: XmlElement,
  geometry: XmlElement | undefined,
  end: "source" | "target",
): string | undefined {
  const id = getCellAttribute(cell, end);
  if (id !== undefined && id !== "") return id;
  const point = geometry && readTerminalPoint(geometry, `${end}Point`);
  return point ? `(${short(String(point.x))},${short(String(point.y))})` : undefined;
}

function styleFacts(
  cell: XmlElement,
  keys: ReadonlyMap<string, string>,
  kind: CellKind,
  shape: string | undefined,
  geometry: XmlElement | undefined,
): string[] {
  const facts: string[] = [];
  if (kind === "vertex") {
    const fill = keys.get("fillColor");
    if (fill !== undefined && fill !== "none" && fill !== "default") facts.push(`fill=${fill}`);
    if (keys.has("image") && shape !== "image") facts.push("img");
    const rotation = keys.get("rotation");
    if (rotation !== undefined && Number(rotation) !== 0) facts.push(`rot=${rotation}`);
    if (geometry?.attrs.relative === "1") facts.push("rel");
  }
  if (keys.get("dashed") === "1") facts.push("dashed");
  if (kind === "edge" && geometry) {
    const points = readWaypoints(geometry).length;
    if (points > 0) facts.push(`pts=${points}`);
  }
  if (kind === "layer" && keys.get("locked") === "1") facts.push("locked");
  const inner = mxCellOf(cell).attrs;
  if (inner.visible === "0") facts.push("hidden");
  if (inner.collapsed === "1") facts.push("collapsed");
  return facts;
}

function wrapperProps(cell: XmlElement): Array<[string, string]> {
  if (cell.name === "mxCell") return [];
  const props: Array<[string, string]> = [];
  for (const key in cell.attrs) {
    if (!WRAPPER_OWN.has(key)) props.push([key, cell.attrs[key] as string]);
  }
  return props;
}

/**
 * A label for a compact line: truncated to `max` characters with `…`, then quoted as a JSON
 * string so quotes and backslashes inside stay unambiguous.
 *
 * @example
 * quoteLabel("A very long label", 6); // '"A ver…"'
 */
export function quoteLabel(text: string, max: number): string {
  const chars = Array.from(text);
  const cut = chars.length > max ? `${chars.slice(0, Math.max(1, max - 1)).join("")}…` : text;
  return JSON.stringify(cut);
}

/**
 * Attributes that {@link cellFields} reads as named fields rather than as `attr.<name>`: the
 * id, the label and the cell's structure (but not `connectable`, `visible` or `collapsed`,
 * which it lists as attributes).
 */
const STRUCTURAL: ReadonlySet<string> = new Set(["id", "value", "label", ...STRUCTURE_KEYS]);

/**
 * Every comparable fact of a cell as a flat, ordered field map.
 *
 * @example
 * cellFields(cell).get("style.fillColor"); // "#dae8fc"
 */
export function cellFields(cell: XmlElement): Map<string, string> {
  const fields = new Map<string, string>();
  const inner = mxCellOf(cell);
  const set = (field: string, value: string | undefined) => {
    if (value !== undefined) fields.set(field, value);
  };
  const kind = isVertex(cell) ? "vertex" : isEdge(cell) ? "edge" : "cell";
  fields.set("kind", kind);
  const label = getCellLabel(cell);
  if (label !== "") fields.set("label", label);
  set("parent", inner.attrs.parent);
  set("source", inner.attrs.source);
  set("target", inner.attrs.target);
  const style = inner.attrs.style;
  const shape = shapeOf(style);
  if (kind !== "cell") fields.set("shape", shape);
  for (const [key, value] of parseStyle(style)) {
    if (key === "shape" || (value === null && key === shape)) continue;
    fields.set(`style.${key}`, value ?? "set");
  }
  const geometry = geometryOf(cell);
  if (geometry) {
    for (const key of ["x", "y", "width", "height"]) set(key, geometry.attrs[key]);
    const points = readWaypoints(geometry);
    if (points.length > 0) fields.set("points", points.map((p) => `${p.x},${p.y}`).join(" "));
    for (const child of geometry.children) {
      const el = child as XmlElement;
      if (el.name !== "mxPoint") continue;
      const end = el.attrs.as === "sourcePoint" ? "source" : "target";
      // Stored end points only matter for an edge end that is not attached to a cell.
      if (el.attrs.as?.endsWith("Point") && inner.attrs[end] === undefined) {
        fields.set(el.attrs.as, `${el.attrs.x ?? "0"},${el.attrs.y ?? "0"}`);
      }
    }
  }
  for (const el of cell === inner ? [cell] : [cell, inner]) {
    for (const key in el.attrs) {
      if (!STRUCTURAL.has(key)) fields.set(`attr.${key}`, el.attrs[key] as string);
    }
  }
  return fields;
}
