/** Stable codes for why an operation batch was refused. */
export type OperationErrorCode =
  | "invalid_operation"
  | "page_not_found"
  | "not_found"
  | "no_match"
  | "invalid_xpath"
  | "xpath_too_expensive"
  | "replace_text_too_expensive"
  | "invalid_xml"
  | "duplicate_id"
  | "id_mismatch"
  | "immutable_id"
  | "unknown_parent"
  | "unknown_source"
  | "unknown_target"
  | "parent_cycle"
  | "protected_cell"
  | "missing_geometry"
  | "text_not_found"
  | "ambiguous_text"
  | "invalid_result";

/**
 * Why a batch of operations was refused. Nothing was changed; the error names the failing
 * operation by its index in the batch, its `op` and its target.
 *
 * @example
 * try { applyOperations(doc, ops); } catch (e) {
 *   if (e instanceof OperationError) console.log(e.index, e.op, e.target, e.code);
 * }
 */
export class OperationError extends Error {
  override readonly name = "OperationError";
  readonly code: OperationErrorCode;
  /** Index of the failing operation in the batch (-1 when the batch as a whole is at fault). */
  readonly index: number;
  readonly op: string;
  /** The targeted cell id or XPath expression, when the operation has one. */
  readonly target?: string;

  constructor(
    code: OperationErrorCode,
    detail: string,
    where: { index: number; op: string; target?: string },
  ) {
    const target = where.target === undefined ? "" : ` on ${JSON.stringify(where.target)}`;
    super(
      where.index < 0
        ? detail
        : `operation ${where.index} (${where.op}${target}) failed: ${detail}`,
    );
    this.code = code;
    this.index = where.index;
    this.op = where.op;
    if (where.target !== undefined) this.target = where.target;
  }
}
