/** What a sub-expression is evaluated in (its context) and may ask of the evaluation. */
import type { Expr } from "./syntax.ts";
import type { XNode } from "./tree.ts";
import type { Value } from "./values.ts";

/** The dynamic context of a sub-expression (XPath 1.0 §1). */
export interface Context {
  node: XNode;
  position: number;
  size: number;
}

/** What a core function may ask of the evaluation calling it (implemented by `Evaluation`). */
export interface EvaluationScope {
  /** Charges `units` to the budget, throwing once it is spent. */
  readonly spend: (units: number) => void;
  /** The value of a sub-expression in a context. */
  evaluate(expr: Expr, ctx: Context): Value;
  /** The node-set a sub-expression must give (`where` names the caller in the error). */
  nodeSet(expr: Expr, ctx: Context, where: string): XNode[];
  /** A value as a string, charging for the work. */
  string(value: Value): string;
  /** A value as a number, charging for the work. */
  number(value: Value): number;
  /** The element whose `id` attribute is `id`, if any. */
  elementById(id: string): XNode | undefined;
  /** Nodes in document order, without duplicates. */
  inOrder(nodes: XNode[]): XNode[];
}
