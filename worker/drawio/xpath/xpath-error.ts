/** Why an XPath expression was refused. */
export type XPathErrorCode = "invalid_xpath" | "xpath_too_expensive";

/**
 * Raised when an XPath expression cannot be parsed (`invalid_xpath`), or when evaluating it
 * would cost more than its budget (`xpath_too_expensive`). Either way nothing was selected.
 *
 * @example
 * try { selectCellIds(page, "//*[count(preceding::*) > 0]"); } catch (e) {
 *   if (e instanceof XPathError && e.code === "xpath_too_expensive") retryWithSimplerQuery();
 * }
 */
export class XPathError extends Error {
  override readonly name = "XPathError";
  readonly code: XPathErrorCode;
  readonly expression: string;

  constructor(code: XPathErrorCode, expression: string, message: string) {
    const shown = expression.length > 200 ? `${expression.slice(0, 200)}…` : expression;
    super(
      code === "invalid_xpath"
        ? `invalid XPath ${JSON.stringify(shown)}: ${message}`
        : `XPath ${JSON.stringify(shown)} is too expensive: ${message}`,
    );
    this.code = code;
    this.expression = expression;
  }
}
