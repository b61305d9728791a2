/** The XPath evaluator: one evaluation of a parsed expression on one page, within a budget. */
import { DrawioError } from "../errors.ts";
import { axisNodes } from "./axes.ts";
import { COUNTED_AXES, certainCost, stepCost, walksWide } from "./certain-cost.ts";
import { compareValues, type Summaries } from "./compare.ts";
import type { Context, EvaluationScope } from "./context.ts";
import { callFunction } from "./functions.ts";
import { type Expr, type PathExpr, REVERSE_AXES, type Step } from "./syntax.ts";
import { compareOrder, stringValue, type XNode } from "./tree.ts";
import { isNodeSet, numberToString, toBoolean, toNumber, type Value } from "./values.ts";

/**
 * Thrown inside an evaluation when its budget is spent; the caller (which knows the expression
 * and the budget) throws the error a user reads.
 */
export const BUDGET_SPENT = new DrawioError("xpath_too_expensive", "the XPath budget is spent");

/**
 * Thrown before any walk when the walks an evaluation cannot avoid already cost more than the
 * budget left (`units`, a lower bound), so the caller can say it was refused without trying.
 */
export class CertainlyOverBudget extends Error {
  readonly units: number;
  constructor(units: number) {
    super("the XPath budget would certainly be spent");
    this.units = units;
  }
}

/**
 * One evaluation of one expression over one document, with a cost budget in "units": a unit
 * is one node reached by a walk, one predicate test, one value compared, or 16 characters of
 * string work. Every walk charges as it goes, so the evaluation stops within one unit of the
 * budget wherever the cost comes from. Absolute paths do not depend on their context, so each
 * is evaluated once however many times a predicate asks for it.
 */
export class Evaluation implements EvaluationScope {
  readonly document: XNode;
  #remaining: number;
  readonly #memo = new Map<Expr, Value>();
  readonly summaries: Summaries = new WeakMap();
  #ids: Map<string, XNode> | undefined;
  readonly spend = (units: number): void => {
    this.#remaining -= units;
    if (this.#remaining < 0) throw BUDGET_SPENT;
  };

  constructor(document: XNode, budget: number) {
    this.document = document;
    this.#remaining = budget;
  }

  evaluate(expr: Expr, ctx: Context): Value {
    switch (expr.kind) {
      case "literal":
        return expr.value;
      case "number":
        return expr.value;
    }
    // Every operator and call is a unit: `not(not(…))` sixty deep, or a chain of `and`, is
    // work on every node a predicate tests.
    this.spend(1);
    switch (expr.kind) {
      case "or":
        return (
          toBoolean(this.evaluate(expr.left, ctx)) || toBoolean(this.evaluate(expr.right, ctx))
        );
      case "and":
        return (
          toBoolean(this.evaluate(expr.left, ctx)) && toBoolean(this.evaluate(expr.right, ctx))
        );
      case "compare":
        return compareValues(
          expr.op,
          this.evaluate(expr.left, ctx),
          this.evaluate(expr.right, ctx),
          this,
        );
      case "arith":
        return arithmetic(
          expr.op,
          this.number(this.evaluate(expr.left, ctx)),
          this.number(this.evaluate(expr.right, ctx)),
        );
      case "negate":
        return -this.number(this.evaluate(expr.operand, ctx));
      case "union":
        return this.union(this.nodeSet(expr.left, ctx, "|"), this.nodeSet(expr.right, ctx, "|"));
      case "call":
        return callFunction(expr.name, expr.args, ctx, this);
      case "path":
        return this.path(expr, ctx);
    }
  }

  /** Evaluates an expression that must give a node-set. */
  nodeSet(expr: Expr, ctx: Context, where: string): XNode[] {
    const value = this.evaluate(expr, ctx);
    if (!isNodeSet(value)) throw new TypeError(`${where} needs a node-set, not a ${typeof value}`);
    return value;
  }

  string(value: Value): string {
    if (isNodeSet(value)) return value[0] ? stringValue(value[0], this.spend) : "";
    if (typeof value === "number") return numberToString(value);
    return typeof value === "boolean" ? String(value) : value;
  }

  number(value: Value): number {
    if (typeof value === "number") return value;
    if (typeof value === "boolean") return value ? 1 : 0;
    return toNumber(this.string(value));
  }

  /** The element whose `id` attribute is `id` (indexed on first use). */
  elementById(id: string): XNode | undefined {
    if (!this.#ids) {
      const ids = new Map<string, XNode>();
      const walk = (n: XNode) => {
        for (const child of n.children()) {
          this.spend(1);
          if (child.kind !== "element") continue;
          const value = child.element?.attrs.id;
          if (value !== undefined && !ids.has(value)) ids.set(value, child);
          walk(child);
        }
      };
      walk(this.document);
      this.#ids = ids;
    }
    return this.#ids.get(id);
  }

  /** Sorts nodes into document order without repeats (cheaply when they already are). */
  inOrder(nodes: XNode[]): XNode[] {
    let sorted = true;
    for (let i = 1; i < nodes.length && sorted; i++) {
      if (compareOrder(nodes[i - 1] as XNode, nodes[i] as XNode) >= 0) sorted = false;
    }
    this.spend(nodes.length);
    if (sorted) return nodes;
    this.spend(nodes.length * Math.ceil(Math.log2(nodes.length + 1)));
    const unique = [...new Set(nodes)];
    return unique.sort(compareOrder);
  }

  private union(left: XNode[], right: XNode[]): XNode[] {
    if (left.length === 0) return right;
    if (right.length === 0) return left;
    return this.inOrder([...left, ...right]);
  }

  private path(expr: PathExpr, ctx: Context): XNode[] {
    if (expr.start === "root") {
      const known = this.#memo.get(expr);
      if (known) return known as XNode[];
      const nodes = this.steps([this.document], expr.steps);
      this.#memo.set(expr, nodes);
      return nodes;
    }
    if (expr.start === "context") return this.steps([ctx.node], expr.steps);
    let nodes = this.nodeSet(expr.start.expr, ctx, "a path");
    for (const predicate of expr.start.predicates) nodes = this.filter(nodes, predicate);
    return this.steps(nodes, expr.steps);
  }

  private steps(start: XNode[], steps: readonly Step[]): XNode[] {
    let nodes = start;
    for (const step of steps) {
      if (COUNTED_AXES.has(step.axis)) this.refuseCertain(nodes, (node) => stepCost(step, node));
      const reverse = REVERSE_AXES.has(step.axis);
      const out: XNode[] = [];
      for (const node of nodes) {
        let found = axisNodes(node, step.axis, step.test, this.spend);
        for (const predicate of step.predicates) found = this.filter(found, predicate);
        if (reverse) found.reverse();
        for (const n of found) out.push(n);
      }
      nodes = nodes.length > 1 || reverse ? this.inOrder(out) : out;
    }
    return nodes;
  }

  /**
   * Refuses before any walk when the walks certainly ahead (`cost` per node, a lower bound) are
   * more than the budget left. Adding the bound up is not charged: it costs a little less
   * than making `nodes` did, which was.
   */
  private refuseCertain(nodes: readonly XNode[], cost: (node: XNode) => number): void {
    if (nodes.length < 2) return;
    let total = 0;
    for (const node of nodes) total += cost(node);
    if (total > this.#remaining) throw new CertainlyOverBudget(total);
  }

  /** Keeps the nodes (in proximity order) for which the predicate holds. */
  private filter(nodes: XNode[], predicate: Expr): XNode[] {
    if (walksWide(predicate)) this.refuseCertain(nodes, (node) => certainCost(predicate, node));
    const out: XNode[] = [];
    const size = nodes.length;
    nodes.forEach((node, i) => {
      this.spend(1);
      const value = this.evaluate(predicate, { node, position: i + 1, size });
      if (typeof value === "number" ? value === i + 1 : toBoolean(value)) out.push(node);
    });
    return out;
  }
}

function arithmetic(op: "+" | "-" | "*" | "div" | "mod", a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "div":
      return a / b;
    case "mod":
      return a % b;
  }
}
