/** The XPath syntax tree (expressions, steps, axes, node tests) and the function table. */
/** The parsed form of an XPath 1.0 expression. */
export type Expr =
  | { kind: "or" | "and"; left: Expr; right: Expr }
  | { kind: "compare"; op: CompareOp; left: Expr; right: Expr }
  | { kind: "arith"; op: ArithOp; left: Expr; right: Expr }
  | { kind: "negate"; operand: Expr }
  | { kind: "union"; left: Expr; right: Expr }
  | { kind: "literal"; value: string }
  | { kind: "number"; value: number }
  | { kind: "call"; name: string; args: Expr[] }
  | PathExpr;

/**
 * A location path, or a filter expression followed by steps. `start` says where it begins: the
 * document root (an absolute path), the context node, or the nodes a filter expression selects.
 */
export interface PathExpr {
  kind: "path";
  start: "root" | "context" | { expr: Expr; predicates: Expr[] };
  steps: Step[];
}

export type CompareOp = "=" | "!=" | "<" | "<=" | ">" | ">=";
export type ArithOp = "+" | "-" | "*" | "div" | "mod";

export type Axis =
  | "ancestor"
  | "ancestor-or-self"
  | "attribute"
  | "child"
  | "descendant"
  | "descendant-or-self"
  | "following"
  | "following-sibling"
  | "namespace"
  | "parent"
  | "preceding"
  | "preceding-sibling"
  | "self";

export type NodeTest =
  | { type: "name"; name: string }
  | { type: "any" }
  | { type: "node" }
  | { type: "text" }
  | { type: "comment" }
  | { type: "processing-instruction" };

export interface Step {
  axis: Axis;
  test: NodeTest;
  predicates: Expr[];
}

export const AXES: ReadonlySet<string> = new Set<Axis>([
  "ancestor",
  "ancestor-or-self",
  "attribute",
  "child",
  "descendant",
  "descendant-or-self",
  "following",
  "following-sibling",
  "namespace",
  "parent",
  "preceding",
  "preceding-sibling",
  "self",
]);

/** Axes whose proximity order is reverse document order. */
export const REVERSE_AXES: ReadonlySet<Axis> = new Set<Axis>([
  "ancestor",
  "ancestor-or-self",
  "preceding",
  "preceding-sibling",
]);

/** The core function library: name → [least, most] arguments (most -1: any number). */
export const FUNCTIONS: ReadonlyMap<string, readonly [number, number]> = new Map([
  ["last", [0, 0]],
  ["position", [0, 0]],
  ["count", [1, 1]],
  ["id", [1, 1]],
  ["local-name", [0, 1]],
  ["namespace-uri", [0, 1]],
  ["name", [0, 1]],
  ["string", [0, 1]],
  ["concat", [2, -1]],
  ["starts-with", [2, 2]],
  ["contains", [2, 2]],
  ["substring-before", [2, 2]],
  ["substring-after", [2, 2]],
  ["substring", [2, 3]],
  ["string-length", [0, 1]],
  ["normalize-space", [0, 1]],
  ["translate", [3, 3]],
  ["boolean", [1, 1]],
  ["not", [1, 1]],
  ["true", [0, 0]],
  ["false", [0, 0]],
  ["lang", [1, 1]],
  ["number", [0, 1]],
  ["sum", [1, 1]],
  ["floor", [1, 1]],
  ["ceiling", [1, 1]],
  ["round", [1, 1]],
]);

/** Functions whose argument must be a node-set. */
export const NODE_SET_FUNCTIONS: ReadonlySet<string> = new Set(["count", "sum"]);
