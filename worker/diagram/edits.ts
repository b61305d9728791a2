/**
 * Manual writes to a diagram object (create, replace, rename, operations, restore, re-layout),
 * each checked for owner, running turn and `ifMatch` before it commits one version.
 */
import type { z } from "zod";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { applyOperations, relayoutPage } from "../drawio/index.ts";
import type { Finding } from "../schemas/diagram.ts";
import type { DiagramState } from "./diagram-state.ts";
import { prepareDocument, prepareXml } from "./documents.ts";
import { checkVersion, concurrentChange, operationProblem, orFail } from "./problems.ts";
import type * as In from "./rpc-schemas.ts";
import type { DiagramRow } from "./store.ts";
import type { DiagramView } from "./views.ts";

/**
 * The diagram object's manual writes: create, replace, rename, operations, restore and
 * re-layout. Each checks, in this order, that the diagram is the caller's (404), that no agent
 * turn is running (409), and `ifMatch` against the head (412), then commits one version or
 * nothing, and answers with the new head's view.
 *
 * @example
 * const edits = new DiagramEdits(state, () => turns.outside());
 * edits.operate({ tenant, operations, author: "api" });
 */
export class DiagramEdits {
  readonly #state: DiagramState;
  /** Refuses while an agent turn runs. */
  readonly #outsideTurn: () => void;

  constructor(state: DiagramState, outsideTurn: () => void) {
    this.#state = state;
    this.#outsideTurn = outsideTurn;
  }

  create(args: z.infer<typeof In.CreateInput>) {
    const ready = this.#state.create(args);
    return this.#state.head.view(this.#state.own(args.tenant), "xml", ready.warnings);
  }

  replace(args: z.infer<typeof In.ReplaceInput>) {
    this.#writable(args);
    const ready = orFail(prepareXml(args.xml));
    this.#state.commit(ready, args.author, args.message ?? null, null);
    return this.#view(args.tenant, args.full, ready.warnings);
  }

  rename(args: z.infer<typeof In.RenameInput>) {
    this.#state.own(args.tenant);
    this.#state.rename(args.title);
    return this.#view(args.tenant, args.full);
  }

  operate(args: z.infer<typeof In.OperateInput>) {
    const row = this.#writable(args);
    const { head } = this.#state;
    let result: ReturnType<typeof applyOperations>;
    try {
      result = applyOperations(head.document(head.load(row.head)), args.operations, {
        shapes: shapeCatalog(),
        ...(args.page === undefined ? {} : { page: args.page }),
      });
    } catch (error) {
      throw operationProblem(error);
    }
    const ready = orFail(prepareDocument(result.document, []));
    const count = args.operations.length;
    this.#state.commit(
      ready,
      args.author,
      args.message ?? `${count} operation${count === 1 ? "" : "s"}`,
      null,
    );
    return {
      ...this.#view(args.tenant, args.full),
      changed: result.changed,
      deleted: result.deleted,
      moved: result.moved,
    };
  }

  restore(args: z.infer<typeof In.RestoreInput>) {
    this.#writable(args);
    this.#state.restore(args.n, args.author);
    return this.#view(args.tenant, args.full);
  }

  async relayout(args: z.infer<typeof In.RelayoutInput>) {
    const row = this.#writable(args);
    const { head } = this.#state;
    const options = {
      page: args.page,
      direction: args.direction,
      ...(args.containerId === undefined ? {} : { containerId: args.containerId }),
    };
    // A layout the library refuses (too costly, no such container) becomes its problem code
    // at the RPC boundary (`handleAsync`).
    const result = await relayoutPage(head.document(head.load(row.head)), options);
    // ELK ran asynchronously: another write may have landed meanwhile.
    const now = this.#state.own(args.tenant);
    if (now.head !== row.head) concurrentChange(now.head);
    const ready = orFail(prepareDocument(result.document, []));
    this.#state.commit(ready, args.author, args.message ?? "Tidied the layout", null);
    const view = this.#view(args.tenant, args.full);
    return { ...view, moved: result.moved, routed: result.routed };
  }

  /** The caller's diagram row, once no turn runs and `ifMatch` (if any) is still the head. */
  #writable(args: { tenant: string; ifMatch?: number | undefined }): DiagramRow {
    const row = this.#state.own(args.tenant);
    this.#outsideTurn();
    if (args.ifMatch !== undefined) checkVersion(row, args.ifMatch);
    return row;
  }

  /** The new head's view: its XML only when the caller asked for the full representation. */
  #view(tenant: string, full: boolean | undefined, warnings?: Finding[]): DiagramView {
    return this.#state.head.view(this.#state.own(tenant), full ? "xml" : "none", warnings);
  }
}
