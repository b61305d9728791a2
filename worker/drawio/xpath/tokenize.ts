/** The XPath tokenizer: an expression's text as numbers, strings, names, operators and symbols. */

/** The kinds of token an expression is made of. */
export type TokenType = "number" | "literal" | "name" | "operator" | "symbol" | "end";

/** One token of an expression, with where it starts. */
export interface Token {
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

/**
 * Splits an expression into tokens, telling `*` and `and`/`or`/`div`/`mod` as operators from
 * the same text as a name test (XPath 1.0 §3.7). Calls `fail` on a character that starts no
 * token.
 */
export function tokenize(source: string, fail: (message: string, at: number) => never): Token[] {
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
