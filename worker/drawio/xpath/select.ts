/** Selecting cells by XPath: the ids of the cells an expression picks on a page. */
import type { DiagramPage } from "../model/document.ts";
import { BUDGET_SPENT, CertainlyOverBudget, Evaluation } from "./evaluate.ts";
import { parseXPath } from "./parse.ts";
import { cellOf, pageDocument, type XNode } from "./tree.ts";
import { isNodeSet } from "./values.ts";
import { xpathError } from "./xpath-error.ts";

/**
 * What one selection may cost, in units (a node reached, a predicate tested, a value compared,
 * 16 characters of string work). A scan of every cell of a 50,000-cell diagram with a test on
 * each costs about a million; the budget allows a few such scans and stops anything that
 * would multiply them, well inside a second of CPU.
 */
export const XPATH_BUDGET = 2_000_000;

/** Options for {@link selectCellIds}. */
export interface SelectOptions {
  /** The cost bound (default {@link XPATH_BUDGET}). */
  budget?: number;
  /**
   * The page's XPath document, when several selections run over the same unchanged page
   * (from {@link xpathDocument}); nodes built for one selection are reused by the next.
   */
  document?: XNode;
}

/**
 * The page as XPath sees it (`/mxGraphModel/root/mxCell…`), built on demand over the page's
 * own elements. Reuse it while the page does not change.
 *
 * @example
 * const doc = xpathDocument(page);
 * selectCellIds(page, "//mxCell[@edge='1']", { document: doc });
 * selectCellIds(page, "//mxCell[@vertex='1']", { document: doc });
 */
export function xpathDocument(page: DiagramPage): XNode {
  return pageDocument(page);
}

/**
 * Evaluates an XPath 1.0 expression against a page's `<mxGraphModel>` and returns the ids of
 * the cells it selects, in document order without repeats. A match inside a cell (its
 * `<mxGeometry>`, an attribute, the `<mxCell>` inside an `<object>`) selects that cell.
 * Throws a `DrawioError`: `invalid_xpath` for a malformed expression or one that computes a
 * value, `xpath_too_expensive` when evaluating it would cost more than the budget.
 *
 * @example
 * selectCellIds(page, "//mxCell[@edge='1']");                // every edge
 * selectCellIds(page, "//*[contains(@style,'ellipse')]");     // ellipses
 * selectCellIds(page, "//object[@owner='ops']");              // wrapped cells by property
 */
export function selectCellIds(
  page: DiagramPage,
  expression: string,
  options: SelectOptions = {},
): string[] {
  const budget = options.budget ?? XPATH_BUDGET;
  const expr = parseXPath(expression);
  const document = options.document ?? pageDocument(page);
  const evaluation = new Evaluation(document, budget);
  let result: ReturnType<Evaluation["evaluate"]>;
  try {
    result = evaluation.evaluate(expr, { node: document, position: 1, size: 1 });
  } catch (error) {
    if (error instanceof CertainlyOverBudget) {
      throw xpathError(
        "xpath_too_expensive",
        expression,
        `its walks from every node it tests reach at least ${error.units.toLocaleString("en-US")} nodes, more than the ${budget.toLocaleString("en-US")} steps allowed, so it was not run; select by id, or narrow the nodes first (//mxCell[@id='a']/following-sibling::*, not //mxCell[following-sibling::*])`,
      );
    }
    if (error === BUDGET_SPENT) {
      throw xpathError(
        "xpath_too_expensive",
        expression,
        `it needs more than ${budget.toLocaleString("en-US")} steps on this diagram; select by id, or use a simpler test (predicates that search the whole page again for every node multiply the work)`,
      );
    }
    if (error instanceof TypeError || error instanceof RangeError) {
      throw xpathError("invalid_xpath", expression, error.message);
    }
    throw error;
  }
  if (!isNodeSet(result)) {
    throw xpathError("invalid_xpath", expression, "it must select nodes, not compute a value");
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const node of result) {
    const id = cellOf(node)?.element?.attrs.id;
    if (id !== undefined && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return ids;
}
