/**
 * The XPath 1.0 parser: tokens to an expression tree, one method per grammar rule, refusing
 * variables, namespace prefixes and expressions too long or too deeply nested.
 */
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
import { type Token, tokenize } from "./tokenize.ts";
import { xpathError } from "./xpath-error.ts";

/** The longest expression accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 10_000;
/** How deeply sub-expressions may nest (brackets, predicates, arguments). */
const MAX_NESTING = 64;
/** The node-type tests, written like function calls (`text()`) but steps. */
const NODE_TYPES = ["node", "text", "comment", "processing-instruction"];

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
  return new XPathParser(tokenize(source, fail), fail).parse();
}

/** A recursive-descent parser over one expression's tokens (XPath 1.0 §3, loosest rule first). */
class XPathParser {
  private readonly tokens: Token[];
  private readonly fail: (message: string, at: number) => never;
  private pos = 0;
  private depth = 0;
  /** The `//` step (descendant-or-self::node()), one object for the whole parse. */
  private readonly descendants: Step = {
    axis: "descendant-or-self",
    test: { type: "node" },
    predicates: [],
  };

  constructor(tokens: Token[], fail: (message: string, at: number) => never) {
    this.tokens = tokens;
    this.fail = fail;
  }

  /** The whole expression, which must use every token. */
  parse(): Expr {
    const result = this.expr();
    const rest = this.peek();
    if (rest.type !== "end") this.fail(`unexpected "${rest.value}"`, rest.at);
    return result;
  }

  /** The token `offset` ahead (the end token once past it). */
  private peek(offset = 0): Token {
    const tokens = this.tokens;
    return tokens[Math.min(this.pos + offset, tokens.length - 1)] as Token;
  }

  /** Consumes a token. */
  private next(): Token {
    return this.tokens[this.pos++] as Token;
  }

  /** True when the token `offset` ahead is the symbol or operator `value`. */
  private is(value: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.value === value && (t.type === "symbol" || t.type === "operator");
  }

  /** Consumes the token `value`, or fails naming what was found instead. */
  private expect(value: string): void {
    const t = this.next();
    if (t.value !== value || t.type === "literal") {
      this.fail(
        t.type === "end"
          ? `expected "${value}" at the end`
          : `expected "${value}", found "${t.value}"`,
        t.at,
      );
    }
  }

  /** Runs `inner` one nesting level deeper, failing past {@link MAX_NESTING}. */
  private nested<T>(inner: () => T): T {
    if (++this.depth > MAX_NESTING) {
      this.fail(`it nests more than ${MAX_NESTING} levels deep`, this.peek().at);
    }
    const out = inner();
    this.depth--;
    return out;
  }

  /** A left-associative chain of `operand`s joined by any of `ops`. */
  private binary(
    operand: () => Expr,
    ops: readonly string[],
    make: (op: string, left: Expr, right: Expr) => Expr,
  ): Expr {
    let left = operand();
    while (ops.some((op) => this.is(op) && (op !== "*" || this.peek().type === "operator"))) {
      const op = this.next().value;
      left = make(op, left, operand());
    }
    return left;
  }

  /** Expr: an OrExpr, one nesting level down. */
  private expr(): Expr {
    return this.nested(() => this.orExpr());
  }

  /** OrExpr: AndExprs joined by `or`. */
  private orExpr(): Expr {
    return this.binary(
      () => this.andExpr(),
      ["or"],
      (_op, left, right) => ({ kind: "or", left, right }),
    );
  }

  /** AndExpr: EqualityExprs joined by `and`. */
  private andExpr(): Expr {
    return this.binary(
      () => this.equality(),
      ["and"],
      (_op, left, right) => ({ kind: "and", left, right }),
    );
  }

  /** EqualityExpr: RelationalExprs joined by `=` or `!=`. */
  private equality(): Expr {
    return this.binary(
      () => this.relational(),
      ["=", "!="],
      (op, left, right) => ({ kind: "compare", op: op as CompareOp, left, right }),
    );
  }

  /** RelationalExpr: AdditiveExprs joined by `<`, `<=`, `>` or `>=`. */
  private relational(): Expr {
    return this.binary(
      () => this.additive(),
      ["<", "<=", ">", ">="],
      (op, left, right) => ({ kind: "compare", op: op as CompareOp, left, right }),
    );
  }

  /** AdditiveExpr: MultiplicativeExprs joined by `+` or `-`. */
  private additive(): Expr {
    return this.binary(
      () => this.multiplicative(),
      ["+", "-"],
      (op, left, right) => ({ kind: "arith", op: op as "+" | "-", left, right }),
    );
  }

  /** MultiplicativeExpr: UnaryExprs joined by `*`, `div` or `mod`. */
  private multiplicative(): Expr {
    return this.binary(
      () => this.unary(),
      ["*", "div", "mod"],
      (op, left, right) => ({ kind: "arith", op: op as "*" | "div" | "mod", left, right }),
    );
  }

  /** UnaryExpr: a UnionExpr after any number of `-`. */
  private unary(): Expr {
    if (this.is("-")) {
      this.next();
      return this.nested(() => ({ kind: "negate", operand: this.unary() }));
    }
    return this.union();
  }

  /** UnionExpr: PathExprs joined by `|`. */
  private union(): Expr {
    return this.binary(
      () => this.pathExpr(),
      ["|"],
      (_op, left, right) => ({ kind: "union", left, right }),
    );
  }

  /** PathExpr: a location path, or a filter expression optionally followed by steps. */
  private pathExpr(): Expr {
    if (this.startsPrimary()) return this.filterPath();
    if (this.is("/")) {
      this.next();
      return {
        kind: "path",
        start: "root",
        steps: this.startsStep() ? this.relativeSteps([]) : [],
      };
    }
    if (this.is("//")) {
      this.next();
      return { kind: "path", start: "root", steps: this.relativeSteps([this.descendants]) };
    }
    if (!this.startsStep()) {
      const t = this.peek();
      return this.fail(
        t.type === "end" ? "an expression is missing at the end" : `unexpected "${t.value}"`,
        t.at,
      );
    }
    return { kind: "path", start: "context", steps: this.relativeSteps([]) };
  }

  /** FilterExpr (a primary with predicates), then any `/` or `//` steps from it. */
  private filterPath(): Expr {
    const filter = this.primary();
    const filterPredicates = this.predicates();
    if (!this.is("/") && !this.is("//")) {
      if (filterPredicates.length === 0) return filter;
      return { kind: "path", start: { expr: filter, predicates: filterPredicates }, steps: [] };
    }
    const steps: Step[] = this.next().value === "//" ? [this.descendants] : [];
    const path: PathExpr = {
      kind: "path",
      start: { expr: filter, predicates: filterPredicates },
      steps: this.relativeSteps(steps),
    };
    return path;
  }

  /** True when the next tokens start a primary: a literal, number, `(`, `$` or function call. */
  private startsPrimary(): boolean {
    const t = this.peek();
    if (t.type === "literal" || t.type === "number") return true;
    if (t.type === "symbol") return t.value === "(" || t.value === "$";
    if (t.type !== "name") return false;
    const after = this.peek(1);
    const isCall = after.value === "(" && after.type === "symbol";
    return isCall && !NODE_TYPES.includes(t.value);
  }

  /** PrimaryExpr: a literal, a number, a bracketed expression or a function call. */
  private primary(): Expr {
    const t = this.next();
    if (t.type === "literal") return { kind: "literal", value: t.value };
    if (t.type === "number") return { kind: "number", value: Number(t.value) };
    if (t.value === "$") return this.fail("variables are not supported", t.at);
    if (t.value === "(") {
      const inner = this.expr();
      this.expect(")");
      return inner;
    }
    return this.functionCall(t);
  }

  /** FunctionCall: a known function's arguments, as many as it takes. */
  private functionCall(name: Token): Expr {
    const arity = FUNCTIONS.get(name.value);
    if (!arity) return this.fail(`there is no function ${name.value}()`, name.at);
    this.expect("(");
    const args: Expr[] = [];
    if (!this.is(")")) {
      args.push(this.expr());
      while (this.is(",")) {
        this.next();
        args.push(this.expr());
      }
    }
    this.expect(")");
    const [least, most] = arity;
    if (args.length < least || (most >= 0 && args.length > most)) {
      this.fail(
        `${name.value}() takes ${least === most ? least : `${least} or more`} argument(s), not ${args.length}`,
        name.at,
      );
    }
    return { kind: "call", name: name.value, args };
  }

  /** Predicates: any number of `[expr]`. */
  private predicates(): Expr[] {
    const out: Expr[] = [];
    while (this.is("[")) {
      this.next();
      out.push(this.expr());
      this.expect("]");
    }
    return out;
  }

  /** RelativeLocationPath: steps joined by `/` or `//`, appended to `steps`. */
  private relativeSteps(steps: Step[]): Step[] {
    steps.push(this.step());
    while (this.is("/") || this.is("//")) {
      if (this.next().value === "//") steps.push(this.descendants);
      steps.push(this.step());
    }
    return collapseDescendantSteps(steps);
  }

  /** True when the next token starts a step: a name, `*`, `.`, `..` or `@`. */
  private startsStep(): boolean {
    const t = this.peek();
    if (t.type === "name") return true;
    return t.type === "symbol" && ["*", ".", "..", "@"].includes(t.value);
  }

  /** Step: `.`, `..`, or an axis (`@`, `name::` or child) with a node test and predicates. */
  private step(): Step {
    if (this.is(".")) {
      this.next();
      return { axis: "self", test: { type: "node" }, predicates: [] };
    }
    if (this.is("..")) {
      this.next();
      return { axis: "parent", test: { type: "node" }, predicates: [] };
    }
    let axis: Axis = "child";
    if (this.is("@")) {
      this.next();
      axis = "attribute";
    } else if (this.peek().type === "name" && this.is("::", 1)) {
      const name = this.next();
      if (!AXES.has(name.value)) this.fail(`there is no axis ${name.value}`, name.at);
      this.next();
      axis = name.value as Axis;
    }
    const test = this.nodeTest();
    return { axis, test, predicates: this.predicates() };
  }

  /** NodeTest: `*`, a name, or a node-type test such as `text()`. */
  private nodeTest(): NodeTest {
    const t = this.next();
    if (t.value === "*" && t.type === "symbol") return { type: "any" };
    if (t.type !== "name") {
      return this.fail(
        t.type === "end" ? "a step is missing at the end" : `unexpected "${t.value}"`,
        t.at,
      );
    }
    if (t.value.includes(":")) return this.fail("namespace prefixes are not supported", t.at);
    if (this.is("(") && NODE_TYPES.includes(t.value)) {
      this.next();
      if (t.value === "processing-instruction" && this.peek().type === "literal") this.next();
      this.expect(")");
      return { type: t.value as "node" | "text" | "comment" | "processing-instruction" };
    }
    return { type: "name", name: t.value };
  }
}
