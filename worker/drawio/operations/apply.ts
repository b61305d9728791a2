/**
 * The operations' entry point: `applyOperations` runs a batch on one page, all or nothing,
 * including `replace_text` on the page's XML, and refuses a result with new errors.
 */

import type { Finding } from "../check/findings.ts";
import { validatePage } from "../check/validate.ts";
import { DrawioError, type OperationErrorCode } from "../errors.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { parseDiagram } from "../model/parse.ts";
import { serializeCell, serializePage } from "../model/serialize.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { selectCellIds, xpathDocument } from "../xpath/select.ts";
import type { XNode } from "../xpath/tree.ts";
import { addGraph, placeLoose } from "./add-graph.ts";
import { parseCellXml } from "./cell-xml.ts";
import { addCell, editCell, type LooseCells } from "./handlers.ts";
import { operationError } from "./operation-error.ts";
import { OperationSchema } from "./schema.ts";
import { Workspace } from "./workspace.ts";

const COSMETIC: ReadonlySet<string> = new Set(["set_style", "set_label", "set_geometry"]);

/** Options for {@link applyOperations}. */
export interface ApplyOptions {
  /** The page to edit: its id, or its index (default: the first page). */
  page?: string | number;
  /**
   * Library shapes (a `ShapeCatalog`): with them, every cell that `add`, `update`, `set_style`
   * or `set_attribute` gives a library shape's name (`mxgraph.aws4.s3`, `mxgraph.kubernetes.pod`…)
   * gets draw.io's exact style for it, as if dragged from the sidebar.
   */
  shapes?: LibraryShapes;
}

/** What a successful batch did. */
export interface ApplyResult {
  /** A new document; the input document is left unchanged. */
  document: DiagramDocument;
  /** Index of the edited page. */
  page: number;
  /** Ids of cells added or changed, in the order first touched. */
  changed: string[];
  /** Ids of cells deleted (including cascades). */
  deleted: string[];
  /** Ids of existing shapes that `add_graph` with `make_room` moved to open a gap. */
  moved: string[];
}

/**
 * Applies a batch of operations to one page, all or nothing: when any operation fails, an
 * `DrawioError` names it in its `operation` (index, op, target) and the document is unchanged.
 *
 * @example
 * const { document } = applyOperations(doc, [
 *   { op: "set_label", id: "3", value: "Pay" },
 *   { op: "set_style", id: "3", style: { fillColor: "#d5e8d4" } },
 *   { op: "delete", select: "//mxCell[@edge='1' and not(@source)]" },
 * ]);
 */
export function applyOperations(
  doc: DiagramDocument,
  operations: readonly unknown[],
  options: ApplyOptions = {},
): ApplyResult {
  const pageIndex = resolvePage(doc, options.page);
  const page = doc.pages[pageIndex] as DiagramPage;
  const ws = new Workspace(page.cells);
  const xpath = new PageXPath(page, ws);
  const textBudget = { remaining: REPLACE_TEXT_BUDGET };
  const changed = new Map<string, number>();
  const deleted = new Set<string>();
  const moved = new Set<string>();
  const loose: LooseCells = { vertices: new Set(), edges: new Set() };

  operations.forEach((raw, index) => {
    const parsed = OperationSchema.safeParse(raw);
    const opName =
      typeof (raw as { op?: unknown })?.op === "string" ? (raw as { op: string }).op : "?";
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      throw operationError("invalid_operation", `${path}${issue?.message ?? "invalid"}`, {
        index,
        op: opName,
      });
    }
    const op = parsed.data;
    const target =
      "id" in op && op.id !== undefined ? op.id : "select" in op ? op.select : undefined;
    const fail = (code: OperationErrorCode, detail: string): never => {
      throw operationError(
        code,
        detail,
        target === undefined ? { index, op: op.op } : { index, op: op.op, target },
      );
    };
    const touch = (id: string) => {
      if (!changed.has(id)) changed.set(id, index);
    };

    if (op.op === "add") {
      touch(addCell(ws, op, fail, options.shapes, loose));
      return;
    }
    if (op.op === "add_graph") {
      const failOn = (code: OperationErrorCode, detail: string, id?: string): never => {
        throw operationError(
          code,
          detail,
          id === undefined ? { index, op: op.op } : { index, op: op.op, target: id },
        );
      };
      const added = addGraph(ws, page, op, failOn, options.shapes);
      for (const id of added.changed) touch(id);
      for (const id of added.moved) moved.add(id);
      return;
    }
    if (op.op === "replace_text") {
      for (const id of replaceText(ws, page, op, textBudget, fail)) touch(id);
      return;
    }
    const ids = resolveTargets(ws, xpath, op, fail);
    if (op.op === "delete") {
      const root = ws.rootId();
      if (root !== undefined && ids.includes(root))
        fail("protected_cell", "the root cell cannot be deleted");
      const doomed = ws.cascade(ids);
      if (ws.layerIds().every((layer) => doomed.has(layer))) {
        fail("protected_cell", "this would delete the last layer: a diagram needs at least one");
      }
      ws.remove(doomed);
      for (const id of doomed) {
        deleted.add(id);
        changed.delete(id);
      }
      return;
    }
    for (const id of ids) {
      editCell(ws, id, op, fail, options.shapes);
      touch(id);
    }
  });

  const grown = placeLoose(ws, page, loose, options.shapes);
  for (const id of grown) if (!changed.has(id)) changed.set(id, -1);
  const cells = ws.list();
  const result: DiagramPage = { ...page, cells };
  // Styles, labels and geometry cannot break ids, parents or terminals; everything else can.
  const structural = operations.some((raw) => !COSMETIC.has((raw as { op: string }).op));
  if (structural) assertNoNewErrors(page, result, changed, operations);
  const pages = doc.pages.slice();
  pages[pageIndex] = result;
  return {
    document: { ...doc, pages },
    page: pageIndex,
    changed: [...changed.keys()],
    deleted: [...deleted],
    moved: [...moved].filter((id) => !deleted.has(id)),
  };
}

function resolvePage(doc: DiagramDocument, page: string | number | undefined): number {
  if (page === undefined) return 0;
  const byId = typeof page === "string" ? doc.pages.findIndex((p) => p.attributes.id === page) : -1;
  const index =
    byId !== -1 ? byId : typeof page === "number" ? page : /^\d+$/.test(page) ? Number(page) : -1;
  if (index < 0 || index >= doc.pages.length) {
    const names = doc.pages.map(
      (p, i) => `${i} (${p.attributes.id ?? p.attributes.name ?? "unnamed"})`,
    );
    throw operationError(
      "page_not_found",
      `there is no page ${JSON.stringify(page)}; pages are ${names.join(", ")}`,
      {
        index: -1,
        op: "batch",
      },
    );
  }
  return index;
}

/**
 * XPath over the batch's working copy: one document while the page is unchanged, rebuilt (on
 * demand, nothing serialised) after a change.
 */
class PageXPath {
  readonly #page: DiagramPage;
  readonly #ws: Workspace;
  #document: { revision: number; node: XNode } | undefined;

  constructor(page: DiagramPage, ws: Workspace) {
    this.#page = page;
    this.#ws = ws;
  }

  select(expression: string): string[] {
    const current = { ...this.#page, cells: this.#ws.list() };
    if (this.#document?.revision !== this.#ws.revision) {
      this.#document = { revision: this.#ws.revision, node: xpathDocument(current) };
    }
    return selectCellIds(current, expression, { document: this.#document.node });
  }
}

function resolveTargets(
  ws: Workspace,
  xpath: PageXPath,
  op: { id?: string; select?: string },
  fail: (code: OperationErrorCode, detail: string) => never,
): string[] {
  if (op.id !== undefined) {
    if (!ws.has(op.id)) fail("cell_not_found", `there is no cell with id "${op.id}"`);
    return [op.id];
  }
  let ids: string[] = [];
  try {
    ids = xpath.select(op.select as string);
  } catch (error) {
    if (
      error instanceof DrawioError &&
      (error.code === "invalid_xpath" || error.code === "xpath_too_expensive")
    ) {
      fail(error.code, error.message);
    }
    throw error;
  }
  if (ids.length === 0) fail("no_match", "the XPath selects no cell");
  return ids;
}

/**
 * What the `replace_text` operations of one batch may read and re-parse, in characters of page
 * XML: each reads the whole page, and one whose match spans cells re-parses it (counted ten
 * times over: parsing costs that much more than searching). A 10 MB page allows a handful; a
 * 100 KB page, hundreds. Without it, 1,000 of them on a large page hold the diagram for minutes.
 */
export const REPLACE_TEXT_BUDGET = 200_000_000;

function replaceText(
  ws: Workspace,
  page: DiagramPage,
  op: { search: string; replace: string },
  budget: { remaining: number },
  fail: (code: OperationErrorCode, detail: string) => never,
): string[] {
  const { search, replace } = op;
  const before = ws.list();
  const xml = serializePage({ ...page, cells: before });
  const spend = (chars: number) => {
    budget.remaining -= chars;
    if (budget.remaining < 0) {
      fail(
        "replace_text_too_expensive",
        `the replace_text operations of this batch would read more than ${REPLACE_TEXT_BUDGET.toLocaleString("en-US")} characters of a ${xml.length.toLocaleString("en-US")}-character page; send fewer per batch, or use set_label, set_style or update by id`,
      );
    }
  };
  spend(xml.length);
  const first = xml.indexOf(search);
  if (first === -1) fail("text_not_found", "the search text does not occur in the page XML");
  let count = 0;
  for (let at = first; at !== -1; at = xml.indexOf(search, at + search.length)) count++;
  if (count > 1) fail("ambiguous_text", `the search text occurs ${count} times: make it unique`);
  // The cell whose XML holds the match: usually the only one that changes.
  let offset = xml.indexOf("<root>") + "<root>".length;
  for (const cell of before) {
    const text = serializeCell(cell);
    const end = offset + text.length;
    if (first >= offset && first + search.length <= end) {
      const changed =
        text.slice(0, first - offset) + replace + text.slice(first - offset + search.length);
      const el = reparsedCell(changed, cell.attrs.id);
      if (el && cell.attrs.id !== undefined) {
        ws.replace(cell.attrs.id, el);
        return [cell.attrs.id];
      }
      break;
    }
    if (first < end) break;
    offset = end;
  }
  // The match spans cells, or changes what a cell is: re-parse the page.
  spend(xml.length * 10);
  const next = xml.slice(0, first) + replace + xml.slice(first + search.length);
  let cells: XmlElement[] = [];
  try {
    const reparsed = parseDiagram(next);
    if (reparsed.form !== "model") throw new Error("the page lost its <mxGraphModel><root>");
    cells = (reparsed.pages[0] as DiagramPage).cells;
  } catch (error) {
    fail("invalid_xml", `the replaced XML is broken: ${(error as Error).message}`);
  }
  ws.reset(cells);
  // Report the cell whose XML held the match.
  offset = xml.indexOf("<root>") + "<root>".length;
  for (const cell of before) {
    offset += serializeCell(cell).length;
    if (first < offset) return cell.attrs.id === undefined ? [] : [cell.attrs.id];
  }
  return [];
}

/** The one cell `xml` now holds, when it is still one cell with the same id; else undefined. */
function reparsedCell(xml: string, id: string | undefined): XmlElement | undefined {
  const notOneCell = new Error("not one cell");
  try {
    const el = parseCellXml(xml, () => {
      throw notOneCell;
    });
    return el.attrs.id === id ? el : undefined;
  } catch (error) {
    if (error === notOneCell) return undefined;
    throw error;
  }
}

function assertNoNewErrors(
  before: DiagramPage,
  after: DiagramPage,
  changed: Map<string, number>,
  operations: readonly unknown[],
): void {
  const errors = validatePage(after).filter((f) => f.severity === "error");
  if (errors.length === 0) return;
  const key = (f: Finding) => `${f.code}:${f.cellId ?? ""}`;
  const old = new Set(validatePage(before).map(key));
  const fresh = errors.find((f) => !old.has(key(f)));
  if (!fresh) return;
  const index = fresh.cellId === undefined ? -1 : (changed.get(fresh.cellId) ?? -1);
  throw operationError("invalid_result", `the result would be invalid: ${fresh.message}`, {
    index,
    op: index < 0 ? "batch" : String((operations[index] as { op: string }).op),
    ...(fresh.cellId === undefined ? {} : { target: fresh.cellId }),
  });
}
