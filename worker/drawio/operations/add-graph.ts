/**
 * The `add_graph` operation, and the placing of the cells `add` left loose once the batch is
 * in: both hand the work to `extend/` and write back what it placed, grew or moved.
 */

import { DrawioError, type OperationErrorCode } from "../errors.ts";
import { extendPage, placeLooseCells } from "../extend/index.ts";
import { round } from "../layout/edges/route.ts";
import type { Rect } from "../model/cell.ts";
import { geometryOf, getCellAttribute, mxCellOf, setCellAttribute } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { mergeStyle, parseStyle } from "../model/style.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";
import { isElement, markChanged, type XmlElement } from "../xml/nodes.ts";
import { type LooseCells, setGeometry } from "./handlers.ts";
import type { Operation } from "./schema.ts";
import type { Workspace } from "./workspace.ts";

/** Refuses the current operation, naming the id at fault. */
export type FailOn = (code: OperationErrorCode, detail: string, target?: string) => never;

/** What an `add_graph` did. */
export interface GraphAdded {
  /** New cells, and existing containers grown to hold them. */
  changed: string[];
  /** Existing shapes moved by `make_room`. */
  moved: string[];
}

/**
 * Applies `add_graph` to the batch's working copy: the engine places the new nodes and groups
 * and routes the new edges (see `extendPage`), the cells are appended, and containers that grew
 * (or, with `make_room`, shapes that moved) get their new geometry.
 */
export function addGraph(
  ws: Workspace,
  page: DiagramPage,
  op: Extract<Operation, { op: "add_graph" }>,
  fail: FailOn,
  shapes?: LibraryShapes,
): GraphAdded {
  let extension: ReturnType<typeof extendPage>;
  try {
    extension = extendPage({ ...page, cells: ws.list() }, op.graph, {
      makeRoom: op.make_room,
      ...(shapes ? { shapes } : {}),
    });
  } catch (error) {
    if (error instanceof DrawioError && error.operation) {
      return fail(error.code as OperationErrorCode, error.message, error.operation.target);
    }
    throw error;
  }
  for (const [id, rect] of extension.geometry) setBox(ws.writable(id), rect);
  for (const cell of extension.cells) ws.append(cell);
  return {
    changed: [...extension.added, ...extension.grown, ...extension.moved],
    moved: extension.moved,
  };
}

/**
 * Gives the cells `add` left loose their place, once the whole batch is in: a vertex without
 * geometry is placed near the shapes its edges join, an edge without waypoints is routed.
 * Returns the containers that grew to hold a vertex.
 */
export function placeLoose(
  ws: Workspace,
  page: DiagramPage,
  loose: LooseCells,
  shapes?: LibraryShapes,
): string[] {
  const vertices = [...loose.vertices].filter((id) => ws.has(id));
  const edges = [...loose.edges].filter((id) => ws.has(id));
  if (vertices.length === 0 && edges.length === 0) return [];
  const placed = placeLooseCells({ ...page, cells: ws.list() }, vertices, edges, {
    ...(shapes ? { shapes } : {}),
  });
  for (const [id, rect] of placed.vertices) setBox(ws.writable(id), rect);
  for (const [id, rect] of placed.grown) setBox(ws.writable(id), rect);
  for (const [id, route] of placed.edges) {
    const edge = ws.writable(id);
    const style = getCellAttribute(edge, "style");
    const keys: Record<string, string> = {};
    for (const [key, value] of parseStyle(route.style)) if (value !== null) keys[key] = value;
    setCellAttribute(edge, "style", mergeStyle(style, keys));
    const geometry = geometryOf(edge);
    const own = geometry?.children.filter((c) => !(isElement(c) && c.attrs.as === "points"));
    const routed = route.geometry.children.filter(
      (c) =>
        !(
          isElement(c) &&
          c.attrs.as === "offset" &&
          own?.some((o) => isElement(o) && o.attrs.as === "offset")
        ),
    );
    if (geometry) {
      geometry.children = [...(own ?? []), ...routed];
    } else {
      mxCellOf(edge).children.push(route.geometry);
    }
    markChanged(edge);
  }
  return [...placed.grown.keys()];
}

/** Sets a vertex's box (relative to its parent), to two decimals. */
function setBox(cell: XmlElement, rect: Rect): void {
  setGeometry(cell, {
    x: round(rect.x),
    y: round(rect.y),
    width: round(rect.width),
    height: round(rect.height),
  });
}
