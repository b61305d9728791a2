/** The error a refused batch throws, naming the failing operation by index, `op` and target. */

import { DrawioError, type FailedOperation, type OperationErrorCode } from "../errors.ts";

export type { OperationErrorCode } from "../errors.ts";

/**
 * The error for a refused batch of operations: a {@link DrawioError} whose message and
 * `operation` name the failing operation by its index in the batch, its `op` and its target.
 * Nothing was changed.
 *
 * @example
 * throw operationError("cell_not_found", 'there is no cell with id "9"', { index: 2, op: "set_label", target: "9" });
 */
export function operationError(
  code: OperationErrorCode,
  detail: string,
  where: FailedOperation,
): DrawioError {
  const target = where.target === undefined ? "" : ` on ${JSON.stringify(where.target)}`;
  const message =
    where.index < 0 ? detail : `operation ${where.index} (${where.op}${target}) failed: ${detail}`;
  return new DrawioError(code, message, { operation: where });
}
