import { collapseDescendantSteps } from "./rewrite.ts";
import {
  AXES,
  type Axis,
  type CompareOp,
  type Expr,
  FUNCTIONS,
  type NodeTest,
  type PathExpr,
  type Step,
} from "./syntax.ts";
import { xpathError } from "./xpath-error.ts";

/** The longest expression accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 10_000;
/** How deeply sub-expressions may nest (brackets, predicates, arguments). */
const MAX_NESTING = 64;

type TokenType = "number" | "literal" | "name" | "operator" | "symbol" | "end";

interface Token {
  type: TokenType;
  value: string;
  at: number;
}

const NAME_START = /[A-Za-z_\u00C0-\uFFFF]/;
const NAME_CHAR = /[A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]/;
const TWO_CHAR = new Set(["//", "::", "..", "!=", "<=", ">="]);
const ONE_CHAR = new Set([
  "/",
  "(",
  ")",
  "[",
  "]",
  ".",
  "@",
  ",",
  "|",
  "+",
  "-",
  "=",
  "<",
  ">",
  "*",
  "$",
]);
/** Tokens after which `*` multiplies and a name is an operator (XPath 1.0 §3.7). */
const OPERAND_BEFORE = new Set([
  "@",
  "::",
  "(",
  "[",
  ",",
  "/",
  "//",
  "|",
  "+",
  "-",
  "=",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
]);

function tokenize(source: string, fail: (message: string, at: number) => never): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const afterOperand = () => {
    const last = tokens[tokens.length - 1];
    if (last === undefined || last.type === "operator") return false;
    return last.type !== "symbol" || !OPERAND_BEFORE.has(last.value);
  };
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
      i++;
      continue;
    }
    const at = i;
    if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      if (end === -1) fail("a string is not closed", at);
      tokens.push({ type: "literal", value: source.slice(i + 1, end), at });
      i = end + 1;
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
      const match = /^(\d+(\.\d*)?|\.\d+)/.exec(source.slice(i, i + 400)) as RegExpExecArray;
      tokens.push({ type: "number", value: match[0], at });
      i += match[0].length;
      continue;
    }
    if (NAME_START.test(ch)) {
      let end = i + 1;
      while (end < source.length && NAME_CHAR.test(source[end] as string)) end++;
      // A prefixed name (`p:name`, `p:*`) stays one token; `::` does not join.
      if (source[end] === ":" && source[end + 1] !== ":") {
        end++;
        if (source[end] === "*") end++;
        else while (end < source.length && NAME_CHAR.test(source[end] as string)) end++;
      }
      const value = source.slice(i, end);
      const isOperator = afterOperand() && ["and", "or", "div", "mod"].includes(value);
      tokens.push({ type: isOperator ? "operator" : "name", value, at });
      i = end;
      continue;
    }
    const two = source.slice(i, i + 2);
    if (TWO_CHAR.has(two)) {
      tokens.push({ type: "symbol", value: two, at });
      i += 2;
      continue;
    }
    if (ONE_CHAR.has(ch)) {
      const multiply = ch === "*" && afterOperand();
      tokens.push({ type: multiply ? "operator" : "symbol", value: ch, at });
      i++;
      continue;
    }
    fail(`unexpected character ${JSON.stringify(ch)}`, at);
  }
  tokens.push({ type: "end", value: "", at: source.length });
  return tokens;
}

/**
 * Parses an XPath 1.0 expression. Variables and namespace prefixes are refused: draw.io files
 * use neither, and a selection must not depend on outside state.
 *
 * @example
 * parseXPath("//mxCell[@edge='1']"); // { kind: "path", start: "root", steps: [...] }
 */
export function parseXPath(source: string): Expr {
  const fail = (message: string, at: number): never => {
    throw xpathError("invalid_xpath", source, `${message} (at character ${at + 1})`);
  };
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw xpathError(
      "invalid_xpath",
      source,
      `it is ${source.length} characters long; the most is ${MAX_EXPRESSION_LENGTH}`,
    );
  }
  const tokens = tokenize(source, fail);
  let pos = 0;
  let depth = 0;
  const peek = (offset = 0): Token => tokens[Math.min(pos + offset, tokens.length - 1)] as Token;
  const next = (): Token => tokens[pos++] as Token;
  const is = (value: string, offset = 0) => {
    const t = peek(offset);
    return t.value === value && (t.type === "symbol" || t.type === "operator");
  };
  const expect = (value: string): void => {
    const t = next();
    if (t.value !== value || t.type === "literal") {
      fail(
        t.type === "end"
          ? `expected "${value}" at the end`
          : `expected "${value}", found "${t.value}"`,
        t.at,
      );
    }
  };
  const nested = <T>(inner: () => T): T => {
    if (++depth > MAX_NESTING) fail(`it nests more than ${MAX_NESTING} levels deep`, peek().at);
    const out = inner();
    depth--;
    return out;
  };

  const binary = (
    operand: () => Expr,
    ops: readonly string[],
    make: (op: string, left: Expr, right: Expr) => Expr,
  ): Expr => {
    let left = operand();
    while (ops.some((op) => is(op) && (op !== "*" || peek().type === "operator"))) {
      const op = next().value;
      left = make(op, left, operand());
    }
    return left;
  };

  const expr = (): Expr => nested(orExpr);
  const orExpr = (): Expr =>
    binary(andExpr, ["or"], (_op, left, right) => ({ kind: "or", left, right }));
  const andExpr = (): Expr =>
    binary(equality, ["and"], (_op, left, right) => ({ kind: "and", left, right }));
  const equality = (): Expr =>
    binary(relational, ["=", "!="], (op, left, right) => ({
      kind: "compare",
      op: op as CompareOp,
      left,
      right,
    }));
  const relational = (): Expr =>
    binary(additive, ["<", "<=", ">", ">="], (op, left, right) => ({
      kind: "compare",
      op: op as CompareOp,
      left,
      right,
    }));
  const additive = (): Expr =>
    binary(multiplicative, ["+", "-"], (op, left, right) => ({
      kind: "arith",
      op: op as "+" | "-",
      left,
      right,
    }));
  const multiplicative = (): Expr =>
    binary(unary, ["*", "div", "mod"], (op, left, right) => ({
      kind: "arith",
      op: op as "*" | "div" | "mod",
      left,
      right,
    }));
  const unary = (): Expr => {
    if (is("-")) {
      next();
      return nested(() => ({ kind: "negate", operand: unary() }));
    }
    return union();
  };
  const union = (): Expr =>
    binary(pathExpr, ["|"], (_op, left, right) => ({ kind: "union", left, right }));

  const predicates = (): Expr[] => {
    const out: Expr[] = [];
    while (is("[")) {
      next();
      out.push(expr());
      expect("]");
    }
    return out;
  };

  const startsPrimary = (): boolean => {
    const t = peek();
    if (t.type === "literal" || t.type === "number") return true;
    if (t.type === "symbol") return t.value === "(" || t.value === "$";
    if (t.type !== "name") return false;
    const isCall = peek(1).value === "(" && peek(1).type === "symbol";
    return isCall && !["node", "text", "comment", "processing-instruction"].includes(t.value);
  };

  const primary = (): Expr => {
    const t = next();
    if (t.type === "literal") return { kind: "literal", value: t.value };
    if (t.type === "number") return { kind: "number", value: Number(t.value) };
    if (t.value === "$") return fail("variables are not supported", t.at);
    if (t.value === "(") {
      const inner = expr();
      expect(")");
      return inner;
    }
    const arity = FUNCTIONS.get(t.value);
    if (!arity) return fail(`there is no function ${t.value}()`, t.at);
    expect("(");
    const args: Expr[] = [];
    if (!is(")")) {
      args.push(expr());
      while (is(",")) {
        next();
        args.push(expr());
      }
    }
    expect(")");
    const [least, most] = arity;
    if (args.length < least || (most >= 0 && args.length > most)) {
      fail(
        `${t.value}() takes ${least === most ? least : `${least} or more`} argument(s), not ${args.length}`,
        t.at,
      );
    }
    return { kind: "call", name: t.value, args };
  };

  const nodeTest = (): NodeTest => {
    const t = next();
    if (t.value === "*" && t.type === "symbol") return { type: "any" };
    if (t.type !== "name") {
      return fail(
        t.type === "end" ? "a step is missing at the end" : `unexpected "${t.value}"`,
        t.at,
      );
    }
    if (t.value.includes(":")) return fail("namespace prefixes are not supported", t.at);
    if (is("(") && ["node", "text", "comment", "processing-instruction"].includes(t.value)) {
      next();
      if (t.value === "processing-instruction" && peek().type === "literal") next();
      expect(")");
      return { type: t.value as "node" | "text" | "comment" | "processing-instruction" };
    }
    return { type: "name", name: t.value };
  };

  const step = (): Step => {
    if (is(".")) {
      next();
      return { axis: "self", test: { type: "node" }, predicates: [] };
    }
    if (is("..")) {
      next();
      return { axis: "parent", test: { type: "node" }, predicates: [] };
    }
    let axis: Axis = "child";
    if (is("@")) {
      next();
      axis = "attribute";
    } else if (peek().type === "name" && is("::", 1)) {
      const name = next();
      if (!AXES.has(name.value)) fail(`there is no axis ${name.value}`, name.at);
      next();
      axis = name.value as Axis;
    }
    const test = nodeTest();
    return { axis, test, predicates: predicates() };
  };

  const DESCENDANTS: Step = { axis: "descendant-or-self", test: { type: "node" }, predicates: [] };

  const relativeSteps = (steps: Step[]): Step[] => {
    steps.push(step());
    while (is("/") || is("//")) {
      if (next().value === "//") steps.push(DESCENDANTS);
      steps.push(step());
    }
    return collapseDescendantSteps(steps);
  };

  const startsStep = (): boolean => {
    const t = peek();
    if (t.type === "name") return true;
    return t.type === "symbol" && ["*", ".", "..", "@"].includes(t.value);
  };

  const pathExpr = (): Expr => {
    if (startsPrimary()) {
      const filter = primary();
      const filterPredicates = predicates();
      if (!is("/") && !is("//")) {
        if (filterPredicates.length === 0) return filter;
        return { kind: "path", start: { expr: filter, predicates: filterPredicates }, steps: [] };
      }
      const steps: Step[] = next().value === "//" ? [DESCENDANTS] : [];
      const path: PathExpr = {
        kind: "path",
        start: { expr: filter, predicates: filterPredicates },
        steps: relativeSteps(steps),
      };
      return path;
    }
    if (is("/")) {
      next();
      return { kind: "path", start: "root", steps: startsStep() ? relativeSteps([]) : [] };
    }
    if (is("//")) {
      next();
      return { kind: "path", start: "root", steps: relativeSteps([DESCENDANTS]) };
    }
    if (!startsStep()) {
      const t = peek();
      return fail(
        t.type === "end" ? "an expression is missing at the end" : `unexpected "${t.value}"`,
        t.at,
      );
    }
    return { kind: "path", start: "context", steps: relativeSteps([]) };
  };

  const result = expr();
  const rest = peek();
  if (rest.type !== "end") fail(`unexpected "${rest.value}"`, rest.at);
  return result;
}
