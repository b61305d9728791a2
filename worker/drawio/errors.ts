/** Stable machine codes for failures of the draw.io library. */
export type DrawioErrorCode =
  | "empty_input"
  | "malformed_xml"
  | "unescaped_character"
  | "not_a_diagram"
  | "invalid_compressed_content"
  | "page_not_found"
  | "cell_not_found"
  | "invalid_link";

/**
 * The one error type of `worker/drawio`: a stable `code` plus a message written for the person
 * (or model) who has to fix the input.
 *
 * @example
 * try { parseDiagram("hello"); } catch (e) { if (e instanceof DrawioError) e.code; }
 */
export class DrawioError extends Error {
  override readonly name = "DrawioError";
  readonly code: DrawioErrorCode;
  /** Where in the input the problem is, when known. */
  readonly line?: number;
  readonly column?: number;

  constructor(code: DrawioErrorCode, message: string, where?: { line: number; column: number }) {
    super(message);
    this.code = code;
    if (where) {
      this.line = where.line;
      this.column = where.column;
    }
  }
}
