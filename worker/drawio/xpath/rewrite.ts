/** Rewrites of a parsed path that select the same nodes for less work (`//a` as one step). */
import type { Expr, Step } from "./syntax.ts";

const NUMERIC_FUNCTIONS = new Set([
  "last",
  "position",
  "count",
  "sum",
  "number",
  "floor",
  "ceiling",
  "round",
  "string-length",
]);

/**
 * Turns `//name[test]` (descendant-or-self::node()/child::name[test]) into
 * `descendant::name[test]` where that selects the same nodes: when no predicate depends on
 * position. The two steps visit every node twice and leave the nodes out of document order;
 * the one step visits each once, in order.
 *
 * @example
 * collapseDescendantSteps(parsedSteps("//mxCell[@edge='1']")); // one descendant::mxCell step
 */
export function collapseDescendantSteps(steps: Step[]): Step[] {
  const out: Step[] = [];
  for (const step of steps) {
    const last = out[out.length - 1];
    const isDescendants =
      last?.axis === "descendant-or-self" &&
      last.test.type === "node" &&
      last.predicates.length === 0;
    if (isDescendants && step.axis === "child" && !step.predicates.some(positional)) {
      out[out.length - 1] = { ...step, axis: "descendant" };
    } else {
      out.push(step);
    }
  }
  return out;
}

/** Whether a predicate's outcome may depend on the position of the node it tests. */
function positional(expr: Expr): boolean {
  return mayBeNumber(expr) || usesPosition(expr);
}

function mayBeNumber(expr: Expr): boolean {
  if (expr.kind === "number" || expr.kind === "arith" || expr.kind === "negate") return true;
  return expr.kind === "call" && NUMERIC_FUNCTIONS.has(expr.name);
}

/** Calls position() or last() in this context (not inside a nested path's own predicates). */
function usesPosition(expr: Expr): boolean {
  switch (expr.kind) {
    case "call":
      return expr.name === "position" || expr.name === "last" || expr.args.some(usesPosition);
    case "or":
    case "and":
    case "compare":
    case "arith":
    case "union":
      return usesPosition(expr.left) || usesPosition(expr.right);
    case "negate":
      return usesPosition(expr.operand);
    case "path":
      return typeof expr.start === "object" && usesPosition(expr.start.expr);
    default:
      return false;
  }
}
