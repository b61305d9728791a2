/** The error for an XPath expression that cannot be parsed or costs too much to evaluate. */
import { DrawioError } from "../errors.ts";

/**
 * The error for an XPath expression that cannot be parsed (`invalid_xpath`), or whose
 * evaluation would cost more than its budget (`xpath_too_expensive`): a {@link DrawioError}
 * carrying the expression. Either way nothing was selected.
 *
 * @example
 * throw xpathError("invalid_xpath", "//mxCell[", "expected an expression");
 */
export function xpathError(
  code: "invalid_xpath" | "xpath_too_expensive",
  expression: string,
  message: string,
): DrawioError {
  const shown = expression.length > 200 ? `${expression.slice(0, 200)}…` : expression;
  return new DrawioError(
    code,
    code === "invalid_xpath"
      ? `invalid XPath ${JSON.stringify(shown)}: ${message}`
      : `XPath ${JSON.stringify(shown)} is too expensive: ${message}`,
    { expression },
  );
}
