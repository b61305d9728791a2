/**
 * The library's one error type, `DrawioError`: its stable codes and the context it carries
 * (where in the text, which operation, expression or spec problems).
 */

/**
 * Stable machine codes for every failure of the draw.io library, grouped by what failed. Each
 * is also a problem code of the API (`schemas/problem-codes.ts`), except the codes of single
 * operations, which the API reports inside an `operation_failed` problem.
 */
export type DrawioErrorCode =
  // Reading a file, a compressed page or a diagrams.net link.
  | "empty_input"
  | "malformed_xml"
  | "unescaped_character"
  | "not_a_diagram"
  | "invalid_compressed_content"
  | "invalid_link"
  // Naming something that is not there.
  | "page_not_found"
  | "cell_not_found"
  // A graph spec the layout engine cannot place, or one too costly to place.
  | "invalid_graph"
  | "layout_too_expensive"
  // XPath.
  | "invalid_xpath"
  | "xpath_too_expensive"
  // An image too large, or a page too costly, to draw.
  | "image_too_large"
  | "render_too_expensive"
  // Mermaid text that does not parse, or a diagram type that is not converted.
  | "mermaid_syntax"
  | "mermaid_unsupported"
  | "mermaid_too_large"
  // Operations.
  | OperationErrorCode;

/** Why one operation of a batch was refused (besides page, cell and XPath codes). */
export type OperationErrorCode =
  | "invalid_operation"
  | "page_not_found"
  | "cell_not_found"
  | "no_match"
  | "invalid_xpath"
  | "xpath_too_expensive"
  | "replace_text_too_expensive"
  | "extend_too_expensive"
  | "invalid_xml"
  | "duplicate_id"
  | "id_mismatch"
  | "immutable_id"
  | "unknown_parent"
  | "not_a_container"
  | "unknown_source"
  | "unknown_target"
  | "parent_cycle"
  | "protected_cell"
  | "missing_geometry"
  | "text_not_found"
  | "ambiguous_text"
  | "invalid_result";

/** The operation of a batch that failed. */
export interface FailedOperation {
  /** Its index in the batch (-1 when the batch as a whole is at fault). */
  index: number;
  op: string;
  /** The targeted cell id or XPath expression, when the operation has one. */
  target?: string;
}

/** One reason a graph spec cannot be laid out, with where it is (`nodes.3.group`, …). */
export interface SpecProblem {
  code: "duplicate_id" | "unknown_node" | "unknown_group" | "group_cycle";
  path: string;
  message: string;
}

/** What a {@link DrawioError} knows besides its code and message; each field where it applies. */
export interface DrawioErrorContext {
  /** Where in the input text (1-based line and column, 0-based offset). */
  line?: number;
  column?: number;
  offset?: number;
  /** The operation of a batch that failed. */
  operation?: FailedOperation;
  /** The XPath expression that was refused. */
  expression?: string;
  /** Every problem of a refused graph spec, not only the first. */
  problems?: SpecProblem[];
  /** The offending text (a line of Mermaid, …). */
  text?: string;
}

/**
 * The one error type of `worker/drawio`: a stable `code`, a message written for the person (or
 * model) who has to fix the input, and the context that applies (where in the text, which
 * operation, which expression, which problems).
 *
 * @example
 * try { applyOperations(doc, ops); } catch (e) {
 *   if (e instanceof DrawioError) console.log(e.code, e.operation?.index, e.message);
 * }
 */
export class DrawioError extends Error {
  override readonly name = "DrawioError";
  readonly code: DrawioErrorCode;
  readonly line?: number;
  readonly column?: number;
  readonly offset?: number;
  readonly operation?: FailedOperation;
  readonly expression?: string;
  readonly problems?: SpecProblem[];
  readonly text?: string;

  constructor(code: DrawioErrorCode, message: string, context: DrawioErrorContext = {}) {
    super(message);
    this.code = code;
    if (context.line !== undefined) this.line = context.line;
    if (context.column !== undefined) this.column = context.column;
    if (context.offset !== undefined) this.offset = context.offset;
    if (context.operation !== undefined) this.operation = context.operation;
    if (context.expression !== undefined) this.expression = context.expression;
    if (context.problems !== undefined) this.problems = context.problems;
    if (context.text !== undefined) this.text = context.text;
  }
}
