/**
 * The operations that change cells one at a time (`add`, and every operation aimed at an `id`
 * or a `select`), on the batch's working copy.
 */

import {
  geometryOf,
  getCellAttribute,
  isEdge,
  isVertex,
  labelAttributeName,
  mxCellOf,
  removeCellAttribute,
  setCellAttribute,
} from "../model/cell.ts";
import { mergeStyle } from "../model/style.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";
import { isElement, markChanged, type XmlElement } from "../xml/nodes.ts";
import { checkCellReferences, checkTerminals, type Fail, parseCellXml } from "./cell-xml.ts";
import { restyleCell, styleAfterSetStyle } from "./library-shapes.ts";
import type { Operation } from "./schema.ts";
import type { Workspace } from "./workspace.ts";

type Targeted = Exclude<Operation, { op: "add" } | { op: "add_graph" } | { op: "replace_text" }>;

/** What an `add` left for the engine to place at the end of the batch. */
export interface LooseCells {
  /** Vertices added without geometry. */
  vertices: Set<string>;
  /** Edges added between two cells without waypoints. */
  edges: Set<string>;
}

/**
 * Adds one cell; returns its id. With `shapes`, a library shape gets draw.io's exact style. A
 * vertex without geometry, or an edge between two cells without waypoints, is noted in `loose`
 * for the engine to place or route once the whole batch is in.
 */
export function addCell(
  ws: Workspace,
  op: Extract<Operation, { op: "add" }>,
  fail: Fail,
  shapes?: LibraryShapes,
  loose?: LooseCells,
): string {
  const el = parseCellXml(op.xml, fail);
  if (shapes) restyleCell(el, shapes);
  const id = el.attrs.id;
  if (id === undefined || id.trim() === "") return fail("invalid_xml", "the new cell needs an id");
  if (ws.has(id)) return fail("duplicate_id", `a cell with id "${id}" already exists`);
  if (getCellAttribute(el, "parent") === undefined) {
    const layer = ws.layerIds()[0];
    if (layer !== undefined) setCellAttribute(el, "parent", layer);
  }
  const unplaced = isVertex(el) && !geometryOf(el);
  checkCellReferences(ws, el, id, fail, unplaced && loose !== undefined);
  ws.append(el);
  if (loose && unplaced) loose.vertices.add(id);
  if (loose && isEdge(el) && isUnrouted(el)) loose.edges.add(id);
  return id;
}

/** An edge joining two cells with no waypoints of its own: draw.io would draw a straight line. */
function isUnrouted(el: XmlElement): boolean {
  if (getCellAttribute(el, "source") === undefined || getCellAttribute(el, "target") === undefined)
    return false;
  const geometry = geometryOf(el);
  return !geometry?.children.some((c) => isElement(c) && c.attrs.as === "points");
}

/** Applies a targeted operation to one cell. With `shapes`, library shapes get draw.io's styles. */
export function editCell(
  ws: Workspace,
  id: string,
  op: Targeted,
  fail: Fail,
  shapes?: LibraryShapes,
): void {
  switch (op.op) {
    case "update":
      updateCell(ws, id, op.xml, fail, shapes);
      return;
    case "set_attribute":
      setAttribute(ws, id, op.name, op.value, fail);
      if (shapes && op.name === "style") restyleCell(ws.writable(id), shapes);
      return;
    case "remove_attribute":
      removeAttribute(ws, id, op.name, fail);
      return;
    case "set_style": {
      const cell = ws.writable(id);
      const before = getCellAttribute(cell, "style");
      const after = mergeStyle(before, op.style);
      setCellAttribute(
        cell,
        "style",
        shapes ? styleAfterSetStyle(cell, before, after, Object.keys(op.style), shapes) : after,
      );
      return;
    }
    case "set_label": {
      const cell = ws.writable(id);
      setCellAttribute(cell, labelAttributeName(cell), op.value);
      return;
    }
    case "set_geometry":
      setGeometry(ws.writable(id), op);
      return;
    case "delete":
      throw new Error("delete is applied to all targets at once");
  }
}

function updateCell(
  ws: Workspace,
  id: string,
  xml: string,
  fail: Fail,
  shapes: LibraryShapes | undefined,
): void {
  if (id === ws.rootId()) fail("protected_cell", "the root cell cannot be replaced");
  const el = parseCellXml(xml, fail);
  if (shapes) restyleCell(el, shapes);
  if (el.attrs.id === undefined) el.attrs.id = id;
  else if (el.attrs.id !== id) {
    fail("id_mismatch", `the new XML has id "${el.attrs.id}": keep id "${id}" or omit it`);
  }
  const old = ws.get(id) as XmlElement;
  const oldParent = getCellAttribute(old, "parent");
  if (getCellAttribute(el, "parent") === undefined && oldParent !== undefined) {
    setCellAttribute(el, "parent", oldParent);
  }
  checkCellReferences(ws, el, id, fail);
  ws.replace(id, el);
}

function setAttribute(ws: Workspace, id: string, name: string, value: string, fail: Fail): void {
  if (name === "id") fail("immutable_id", "ids cannot change: delete the cell and add a new one");
  if (name === "parent") {
    if (!ws.has(value)) fail("unknown_parent", `parent "${value}" does not exist`);
    if (ws.wouldCycle(id, value)) fail("parent_cycle", `"${value}" is inside "${id}"`);
  }
  const cell = ws.writable(id);
  setCellAttribute(cell, name, value);
  if (name === "source" || name === "target") checkTerminals(ws, cell, fail);
}

function removeAttribute(ws: Workspace, id: string, name: string, fail: Fail): void {
  if (name === "id") fail("immutable_id", "a cell cannot lose its id");
  if (name === "parent") fail("protected_cell", "a cell cannot lose its parent: set another one");
  removeCellAttribute(ws.writable(id), name);
}

/** Sets any of a cell's x, y, width and height, creating its geometry when it has none. */
export function setGeometry(
  cell: XmlElement,
  op: { x?: number; y?: number; width?: number; height?: number },
): void {
  let geometry = geometryOf(cell);
  if (!geometry) {
    geometry = { name: "mxGeometry", attrs: { as: "geometry" }, children: [] };
    mxCellOf(cell).children.push(geometry);
  }
  for (const key of ["x", "y", "width", "height"] as const) {
    const value = op[key];
    if (value !== undefined) geometry.attrs[key] = String(value);
  }
  markChanged(cell);
}
