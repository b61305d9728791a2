/**
 * Tidy up an existing page: {@link relayoutPage} reads the page, hands its vertices and edges to
 * ELK as a graph of compound nodes, and writes the positions and routes back into the cells.
 */
import { DrawioError } from "../../errors.ts";
import {
  cellId,
  geometryOf,
  getCellAttribute,
  getCellLabel,
  isCellElement,
  isVertex,
  mxCellOf,
  type Rect,
  readRect,
} from "../../model/cell.ts";
import type { DiagramDocument } from "../../model/document.ts";
import { getStyleValue } from "../../model/style.ts";
import { labelToText } from "../../text/label-text.ts";
import { createElement, type XmlElement } from "../../xml/nodes.ts";
import { checkLayoutSize } from "../cost.ts";
import { runElk } from "../elk.ts";
import { finishPage } from "../finish.ts";
import { declareEdges, edgesToRoute, elkTree } from "./drawn-graph.ts";
import { layoutKeepingOrder } from "./keep-order.ts";
import { type DrawnVertex, relayoutPool, withHeadersAcross } from "./pool.ts";
import type { PageCells, RelayoutOptions, RelayoutResult } from "./types.ts";
import { writeBack } from "./write.ts";

export type { RelayoutOptions, RelayoutResult } from "./types.ts";

/**
 * "Tidy up": recomputes the geometry of a page (or of one container's inside) with the same
 * engine as {@link layoutGraph}, keeping every cell, label and style. Containers stay
 * containers (compound nodes), edges get orthogonal routes as waypoints with pinned ends.
 * It is stable: unless `keepOrder` is false, a page (or container) already drawn in
 * `direction` keeps its shapes' order in each layer, only the layers along the flow are
 * computed afresh, and where straightening would turn many pairs of shapes round they also
 * keep their places across the flow (`layoutKeepingOrder`); one drawn another way, and a
 * swimlane pool (laid out lane by lane), are laid out afresh.
 * Cells it cannot place (edge labels, children of edges) and edges it cannot route (to a cell
 * outside the scope, or between a container and its own member) are left as they were.
 *
 * @example
 * const { document } = await relayoutPage(parseDiagram(xml), { direction: "right" });
 */
export async function relayoutPage(
  doc: DiagramDocument,
  options: RelayoutOptions = {},
): Promise<RelayoutResult> {
  const index = options.page ?? 0;
  const page = readPage(doc, index, options.containerId);
  const direction = options.direction ?? "down";
  const vertices = verticesToPlace(page);
  const placed = new Set(vertices.map(([id]) => id));
  const { root, elkNodes } = elkTree(page, vertices, placed, direction);
  const { edges, ends } = edgesToRoute(page, placed);
  checkLayoutSize(vertices.length, ends.length);
  const reversed = declareEdges(page, vertices, placed, ends, elkNodes, root);

  // A swimlane diagram is laid out again as one pool, as a generated one is.
  const pooled =
    page.scope === undefined
      ? relayoutPool(drawnVertices(page, vertices, placed), ends, direction)
      : undefined;
  const laid = pooled
    ? pooled.laid
    : options.keepOrder === false
      ? await runElk(root)
      : await layoutKeepingOrder(root, drawnRects(vertices), direction, runElk);
  const written = writeBack(doc, index, {
    ...page,
    placed,
    laid,
    edges,
    reversed: pooled ? pooled.reversed : reversed,
  });
  if (pooled) written.document = withHeadersAcross(written.document, index, pooled, direction);
  const finished = finishPage(written.document, index);
  const routed = new Set(written.routed);
  const touched = finished.changed.filter((id) => !routed.has(id));
  return { ...written, document: finished.document, routed: [...written.routed, ...touched] };
}

/** The cells of page `index` by id, checked to hold the container `scope` names, if any. */
function readPage(doc: DiagramDocument, index: number, scope: string | undefined): PageCells {
  const page = doc.pages[index];
  if (!page) throw new DrawioError("page_not_found", `there is no page ${index}`);
  const cells = new Map<string, XmlElement>();
  for (const cell of page.cells) {
    const id = isCellElement(cell) ? cellId(cell) : undefined;
    if (id !== undefined) cells.set(id, cell);
  }
  const parentOf = (id: string) => {
    const cell = cells.get(id);
    return cell && getCellAttribute(cell, "parent");
  };
  if (scope !== undefined) {
    const container = cells.get(scope);
    if (!container || !isVertex(container)) {
      throw new DrawioError(
        "cell_not_found",
        `there is no container "${scope}" on page ${index} to lay out`,
      );
    }
  }
  const isLayer = (id: string) => {
    const parent = parentOf(id);
    return parent !== undefined && cells.has(parent) && parentOf(parent) === undefined;
  };
  return { cells, parentOf, isLayer, scope };
}

/** The vertices to place: in scope, not the scope itself, not placed relative to an edge. */
function verticesToPlace(page: PageCells): Array<[string, XmlElement]> {
  const { cells, parentOf, isLayer, scope } = page;
  // In scope: reached from the scope (a container, or any layer) through vertices only, at
  // most 256 levels down. Found from the top, once: walking up from every cell cost a page of
  // 50,000 nested cells 12 million steps.
  const inScopeIds = reachedFrom(
    scope !== undefined ? [scope] : [...cells.keys()].filter(isLayer),
    cells,
    parentOf,
  );
  return [...cells.entries()].filter(([id, cell]) => {
    if (!isVertex(cell) || id === scope || !inScopeIds.has(id)) return false;
    return geometryOf(cell)?.attrs.relative !== "1";
  });
}

/** The vertices as the pool layout reads them: drawn box, placed parent, style and label text. */
function drawnVertices(
  page: PageCells,
  vertices: ReadonlyArray<[string, XmlElement]>,
  placed: ReadonlySet<string>,
): DrawnVertex[] {
  return vertices.map(([id, cell]) => {
    const parent = page.parentOf(id);
    const style = mxCellOf(cell).attrs.style ?? "";
    return {
      id,
      rect: readRect(geometryOf(cell) ?? createElement("mxGeometry")),
      ...(parent !== undefined && placed.has(parent) ? { parent } : {}),
      style,
      label: labelToText(getCellLabel(cell), getStyleValue(style, "html") === "1"),
    };
  });
}

/** The cells below `tops` through vertices only, at most 256 levels down. */
function reachedFrom(
  tops: readonly string[],
  cells: ReadonlyMap<string, XmlElement>,
  parentOf: (id: string) => string | undefined,
): Set<string> {
  const children = new Map<string, string[]>();
  for (const id of cells.keys()) {
    const parent = parentOf(id);
    if (parent === undefined) continue;
    const list = children.get(parent);
    if (list) list.push(id);
    else children.set(parent, [id]);
  }
  const reached = new Set<string>();
  let level = tops.flatMap((top) => children.get(top) ?? []);
  for (let depth = 0; level.length > 0 && depth < 256; depth++) {
    const next: string[] = [];
    for (const id of level) {
      if (reached.has(id)) continue;
      reached.add(id);
      const cell = cells.get(id);
      if (cell && isVertex(cell)) next.push(...(children.get(id) ?? []));
    }
    level = next;
  }
  return reached;
}

/** Each vertex's rectangle as drawn, relative to its parent. */
function drawnRects(vertices: ReadonlyArray<[string, XmlElement]>): Map<string, Rect> {
  return new Map(
    vertices.map(([id, cell]) => [id, readRect(geometryOf(cell) ?? createElement("mxGeometry"))]),
  );
}
