/**
 * What part of an XPath evaluation is certain before it runs: a lower bound, per context node,
 * of the nodes its walks will reach, so that a query its budget cannot cover is refused at once.
 */
import type { Axis, Expr, Step } from "./syntax.ts";
import type { XNode } from "./tree.ts";

/** Axes whose walk from a node has a length known from the node's place alone. */
export const COUNTED_AXES: ReadonlySet<Axis> = new Set<Axis>([
  "following-sibling",
  "preceding-sibling",
  "following",
  "preceding",
  "child",
]);

const WIDE = new WeakMap<Expr, boolean>();

/**
 * True when `expr` certainly walks an axis whose length {@link certainCost} can count, so
 * adding the bound up is worth it. Remembered per expression.
 *
 * @example
 * walksWide(parseXPath("following-sibling::*[last()]")); // true
 * walksWide(parseXPath("@id = 'a'"));                     // false
 */
export function walksWide(expr: Expr): boolean {
  let known = WIDE.get(expr);
  if (known === undefined) {
    known = wide(expr);
    WIDE.set(expr, known);
  }
  return known;
}

function wide(expr: Expr): boolean {
  switch (expr.kind) {
    case "or":
    case "and":
      return wide(expr.left);
    case "compare":
    case "arith":
    case "union":
      return wide(expr.left) || wide(expr.right);
    case "negate":
      return wide(expr.operand);
    case "call":
      return expr.args.some(wide);
    case "path":
      if (expr.start === "context")
        return expr.steps[0] !== undefined && COUNTED_AXES.has(expr.steps[0].axis);
      return typeof expr.start === "object" && wide(expr.start.expr);
    default:
      return false;
  }
}

/**
 * A lower bound of the nodes evaluating `expr` at `node` will certainly reach: the first step
 * of each relative path it evaluates whatever the values (the left side of `and`/`or`, both
 * sides of a comparison, every argument of a function). Absolute paths count nothing: they
 * are evaluated once per selection.
 *
 * @example
 * certainCost(parseXPath("following-sibling::*"), cell); // the siblings after `cell`
 */
export function certainCost(expr: Expr, node: XNode): number {
  switch (expr.kind) {
    case "or":
    case "and":
      return certainCost(expr.left, node);
    case "compare":
    case "arith":
    case "union":
      return certainCost(expr.left, node) + certainCost(expr.right, node);
    case "negate":
      return certainCost(expr.operand, node);
    case "call": {
      let total = 0;
      for (const arg of expr.args) total += certainCost(arg, node);
      return total;
    }
    case "path":
      if (expr.start === "context") return expr.steps[0] ? stepCost(expr.steps[0], node) : 0;
      return typeof expr.start === "object" ? certainCost(expr.start.expr, node) : 0;
    default:
      return 0;
  }
}

/**
 * The nodes one step's walk from `node` reaches, where its axis says so without walking (the
 * siblings after or before it, those of its ancestors for `following`/`preceding`, its
 * children); 0 for the other axes.
 *
 * @example
 * stepCost({ axis: "following-sibling", test: { type: "any" }, predicates: [] }, cell);
 */
export function stepCost(step: Step, node: XNode): number {
  switch (step.axis) {
    case "following-sibling":
      return siblingsAfter(node);
    case "preceding-sibling":
      return node.kind === "attribute" || !node.parent ? 0 : node.index;
    case "following": {
      let total = 0;
      for (let n: XNode | null = node; n?.parent; n = n.parent) total += siblingsAfter(n);
      return total;
    }
    case "preceding": {
      let total = 0;
      for (let n: XNode | null = node; n?.parent; n = n.parent) {
        if (n.kind !== "attribute") total += n.index;
      }
      return total;
    }
    case "child":
      return node.element?.children.length ?? 0;
    default:
      return 0;
  }
}

function siblingsAfter(node: XNode): number {
  if (node.kind === "attribute" || !node.parent?.element) return 0;
  return node.parent.element.children.length - node.index - 1;
}
