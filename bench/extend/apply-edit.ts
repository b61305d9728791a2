/**
 * The two ways the `extend` bench applies an edit: ours (`add_graph`, the engine places and
 * routes) and the baseline (plain `add` operations with coordinates, see `baseline.ts`). Both
 * answer the new document, or the code an edit was refused with, and the time the
 * `applyOperations` call took.
 */
import { DrawioError } from "../../worker/drawio/errors.ts";
import type { DiagramDocument, DiagramPage } from "../../worker/drawio/model.ts";
import { applyOperations } from "../../worker/drawio/operations/apply.ts";
import { OperationSchema } from "../../worker/drawio/operations/schema.ts";
import type { LibraryShapes } from "../../worker/drawio/shapes/library-style.ts";
import { baselineOperations } from "./baseline.ts";
import type { Edit } from "./edits.ts";

/** Which peer applies an edit. */
export type Peer = "ours" | "baseline";

/** What applying an edit gave. */
export type Applied =
  | { ok: true; page: DiagramPage; ms: number }
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
    const start = performance.now();
    const result = applyOperations(doc, ops, shapes ? { page, shapes } : { page });
    const ms = performance.now() - start;
    return { ok: true, page: result.document.pages[result.page] as DiagramPage, ms };
  } catch (error) {
    if (error instanceof DrawioError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** True when this build's operations know `add_graph` (until it lands, they refuse it). */
export function hasAddGraph(): boolean {
  const probe = { op: "add_graph", graph: { nodes: [{ id: "a", label: "A" }] } };
  return OperationSchema.safeParse(probe).success;
}
