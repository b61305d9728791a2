/**
 * `df.diagrams.operations`: edits sent as one all-or-nothing list of operations and saved as a
 * single new version.
 */
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { ApplyOperationsParams, Operation, OperationsResult } from "../types.ts";
import { diagramPath, type WriteOptions, writeHeaders } from "./shared.ts";

/** Options of {@link Operations.apply}: the batch's `message` and `page`, and write options. */
export type ApplyOptions = WriteOptions & Omit<ApplyOperationsParams, "operations">;

/** `df.diagrams.operations`: edit a diagram with atomic batches of operations. */
export class Operations {
  readonly #t: Transport;

  /** Internal: reach it as `df.diagrams.operations`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Applies operations in order as one new version, all or nothing. A failing operation gives
   * a 422 (`UnprocessableEntityError`) whose `problem.operation` is its index; nothing changes.
   *
   * @example
   * const result = await df.diagrams.operations.apply(id, [{ op: "set_label", id: "3", value: "Pay" }], {
   *   ifMatch: 4,
   *   message: "rename the payment step",
   * });
   * console.log(result.version, result.changed);
   */
  apply(
    id: string,
    operations: Operation[],
    options: ApplyOptions = {},
  ): Promise<OperationsResult> {
    const { message, page, ...rest } = options;
    const body: ApplyOperationsParams = { operations, message, page };
    return this.#t.json(
      {
        method: "POST",
        path: diagramPath(id, "/operations"),
        body,
        headers: writeHeaders(rest),
        creates: true,
      },
      rest satisfies RequestOptions,
    );
  }
}
