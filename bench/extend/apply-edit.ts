/**
 * The two ways the `extend` bench applies an edit: ours (`add_graph`, the engine places and
 * routes) and the baseline (the `add` operations a model writing coordinates sends, see
 * `baseline.ts`, taken verbatim as draw.io would draw them). Both answer the new page, or the
 * code an edit was refused with, and the time the call took.
 */

import { DrawioError, type OperationErrorCode } from "../../worker/drawio/errors.ts";
import { getCellAttribute } from "../../worker/drawio/model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../../worker/drawio/model/document.ts";
import { applyOperations } from "../../worker/drawio/operations/apply.ts";
import { parseCellXml } from "../../worker/drawio/operations/cell-xml.ts";
import { OperationSchema } from "../../worker/drawio/operations/schema.ts";
import type { LibraryShapes } from "../../worker/drawio/shapes/library-style.ts";
import { baselineOperations } from "./baseline.ts";
import type { Edit } from "./edits.ts";

/** Which peer applies an edit. */
export type Peer = "ours" | "baseline";

/** What applying an edit gave. */
export type Applied =
  | {
      ok: true;
      page: DiagramPage;
      /** CPU time of the call (this process), ms. */
      ms: number;
    }
  | { ok: false; code: string; message: string };

/**
 * The batch each peer sends for `edit` on page `page` of `doc`.
 *
 * @example
 * editOperations("ours", doc, 0, edit); // [{ op: "add_graph", graph: {...}, make_room: false }]
 */
export function editOperations(
  peer: Peer,
  doc: DiagramDocument,
  page: number,
  edit: Edit,
): unknown[] {
  if (peer === "baseline") return baselineOperations(doc.pages[page] as DiagramPage, edit);
  const ops: unknown[] = edit.deleteEdge ? [{ op: "delete", id: edit.deleteEdge }] : [];
  ops.push({ op: "add_graph", graph: edit.graph, make_room: false });
  return ops;
}

/**
 * Applies `edit` as `peer` does; a `DrawioError` is a refusal (its code), anything else a bug
 * and thrown.
 *
 * @example
 * const applied = applyEdit("ours", doc, 0, edit, shapeCatalog());
 * if (applied.ok) measureExtend(doc.pages[0], applied.page);
 */
export function applyEdit(
  peer: Peer,
  doc: DiagramDocument,
  page: number,
  edit: Edit,
  shapes?: LibraryShapes,
): Applied {
  const ops = editOperations(peer, doc, page, edit);
  try {
    // CPU time, as bench/drawio.ts: wall time moves with whatever else the machine runs.
    const start = process.cpuUsage();
    if (peer === "baseline") {
      const verbatim = asWritten(doc.pages[page] as DiagramPage, ops);
      return { ok: true, page: verbatim, ms: cpuMsSince(start) };
    }
    const result = applyOperations(doc, ops, shapes ? { page, shapes } : { page });
    const ms = cpuMsSince(start);
    return { ok: true, page: result.document.pages[result.page] as DiagramPage, ms };
  } catch (error) {
    if (error instanceof DrawioError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * The page with the baseline's batch taken as written: the deleted link (and its label) gone,
 * the added cells appended unchanged. Not `applyOperations`: it routes an edge added without
 * waypoints, and the baseline is what the model's own coordinates draw.
 */
function asWritten(page: DiagramPage, ops: readonly unknown[]): DiagramPage {
  const fail = (code: OperationErrorCode, detail: string): never => {
    throw new DrawioError(code, detail);
  };
  let cells = page.cells;
  for (const op of ops as Array<{ op: string; id?: string; xml?: string }>) {
    if (op.op === "delete") {
      cells = cells.filter((c) => c.attrs.id !== op.id && getCellAttribute(c, "parent") !== op.id);
    } else if (op.op === "add" && op.xml !== undefined) {
      cells = [...cells, parseCellXml(op.xml, fail)];
    }
  }
  return { ...page, cells };
}

/** True when this build's operations know `add_graph` (until it lands, they refuse it). */
export function hasAddGraph(): boolean {
  const probe = { op: "add_graph", graph: { nodes: [{ id: "a", label: "A" }] } };
  return OperationSchema.safeParse(probe).success;
}
