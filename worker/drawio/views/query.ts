/**
 * Looking up a page's cells: a short listing of every cell, one cell or its XML, and the cells
 * an XPath expression selects.
 */

import {
  geometryOf,
  getCellAttribute,
  getCellLabel,
  isEdge,
  isVertex,
  type Rect,
  readRect,
} from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { serializeCell } from "../model/serialize.ts";
import { shapeOf } from "../model/style.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { selectCellIds } from "../xpath/select.ts";

/** A short description of one cell, for listings. */
export interface CellInfo {
  id: string;
  kind: "root" | "layer" | "vertex" | "edge" | "other";
  label: string;
  parent?: string;
  /** The shape drawn (vertices only), e.g. `ellipse` or `mxgraph.aws4.lambda_function`. */
  shape?: string;
  source?: string;
  target?: string;
  /** Position and size relative to the parent (vertices with absolute geometry only). */
  rect?: Rect;
}

/**
 * Lists every cell of a page compactly, in document order.
 *
 * @example
 * listCells(page).filter((c) => c.kind === "edge").map((c) => `${c.source}->${c.target}`);
 */
export function listCells(page: DiagramPage): CellInfo[] {
  const out: CellInfo[] = [];
  let rootId: string | undefined;
  for (const cell of page.cells) {
    const id = cell.attrs.id;
    if (id === undefined) continue;
    const parent = getCellAttribute(cell, "parent");
    const info: CellInfo = { id, kind: "other", label: getCellLabel(cell) };
    if (parent === undefined) {
      if (rootId === undefined) rootId = id;
      info.kind = "root";
    } else {
      info.parent = parent;
      if (isEdge(cell)) {
        info.kind = "edge";
        const source = getCellAttribute(cell, "source");
        const target = getCellAttribute(cell, "target");
        if (source !== undefined) info.source = source;
        if (target !== undefined) info.target = target;
      } else if (isVertex(cell)) {
        info.kind = "vertex";
        info.shape = shapeOf(getCellAttribute(cell, "style"));
        const geometry = geometryOf(cell);
        if (geometry && geometry.attrs.relative !== "1") info.rect = readRect(geometry);
      } else if (parent === rootId) {
        info.kind = "layer";
      }
    }
    out.push(info);
  }
  return out;
}

/** The cell element with this id, if any. */
export function findCell(page: DiagramPage, id: string): XmlElement | undefined {
  return page.cells.find((cell) => cell.attrs.id === id);
}

/**
 * The XML of one cell by id (an `<mxCell>` or its `<object>` wrapper), or undefined.
 *
 * @example
 * getCellXml(page, "3"); // '<mxCell id="3" value="Pay" style="…" vertex="1" parent="1">…</mxCell>'
 */
export function getCellXml(page: DiagramPage, id: string): string | undefined {
  const cell = findCell(page, id);
  return cell ? serializeCell(cell) : undefined;
}

/**
 * Selects cells with an XPath 1.0 expression and returns each with its XML.
 *
 * @example
 * selectCells(page, "//mxCell[contains(@style,'rhombus')]"); // [{ id: "4", xml: "<mxCell …" }]
 */
export function selectCells(
  page: DiagramPage,
  expression: string,
): Array<{ id: string; xml: string }> {
  return selectCellIds(page, expression).map((id) => ({ id, xml: getCellXml(page, id) ?? "" }));
}

/**
 * What {@link listCells} says of the cells an XPath 1.0 expression selects, in document order.
 *
 * @example
 * listSelectedCells(page, "//mxCell[@edge='1']").length; // the number of edges
 */
export function listSelectedCells(page: DiagramPage, expression: string): CellInfo[] {
  const ids = new Set(selectCellIds(page, expression));
  return ids.size === 0 ? [] : listCells(page).filter((c) => ids.has(c.id));
}
