/** The XPath 1.0 core function library (`count`, `contains`, `substring`, `id`, …). */
import type { Context, EvaluationScope } from "./context.ts";
import type { Expr } from "./syntax.ts";
import { stringValue, type XNode } from "./tree.ts";
import { toBoolean, toNumber, type Value } from "./values.ts";

/** Calls one of the core functions (XPath 1.0 §4); the parser has checked name and arity. */
export function callFunction(name: string, args: Expr[], ctx: Context, ev: EvaluationScope): Value {
  const value = (i: number): Value => ev.evaluate(args[i] as Expr, ctx);
  const text = (i: number): string => {
    const out = args[i] === undefined ? stringValue(ctx.node, ev.spend) : ev.string(value(i));
    ev.spend(out.length >> 4);
    return out;
  };
  const num = (i: number): number =>
    args[i] === undefined ? ev.number([ctx.node]) : ev.number(value(i));
  const nodes = (i: number): XNode[] => ev.nodeSet(args[i] as Expr, ctx, `${name}()`);
  const named = (): XNode | undefined => (args[0] === undefined ? ctx.node : nodes(0)[0]);

  switch (name) {
    case "last":
      return ctx.size;
    case "position":
      return ctx.position;
    case "count":
      return nodes(0).length;
    case "id":
      return idFunction(value(0), ev);
    case "local-name": {
      const node = named();
      return node ? node.name.slice(node.name.indexOf(":") + 1) : "";
    }
    case "name":
      return named()?.name ?? "";
    case "namespace-uri":
      named();
      return "";
    case "string":
      return text(0);
    case "concat":
      return args.map((_, i) => text(i)).join("");
    case "starts-with":
      return text(0).startsWith(text(1));
    case "contains":
      return text(0).includes(text(1));
    case "substring-before": {
      const [s, t] = [text(0), text(1)];
      const at = s.indexOf(t);
      return at === -1 ? "" : s.slice(0, at);
    }
    case "substring-after": {
      const [s, t] = [text(0), text(1)];
      const at = s.indexOf(t);
      return at === -1 ? "" : s.slice(at + t.length);
    }
    case "substring":
      return substring(text(0), num(1), args.length > 2 ? num(2) : Number.POSITIVE_INFINITY);
    case "string-length":
      return [...text(0)].length;
    case "normalize-space":
      return text(0)
        .replace(/[ \t\r\n]+/g, " ")
        .replace(/^ | $/g, "");
    case "translate":
      return translate(text(0), text(1), text(2));
    case "boolean":
      return toBoolean(value(0));
    case "not":
      return !toBoolean(value(0));
    case "true":
      return true;
    case "false":
      return false;
    case "lang":
      return lang(ctx.node, text(0));
    case "number":
      return num(0);
    case "sum": {
      let total = 0;
      for (const node of nodes(0)) {
        ev.spend(1);
        total += toNumber(stringValue(node, ev.spend));
      }
      return total;
    }
    case "floor":
      return Math.floor(num(0));
    case "ceiling":
      return Math.ceil(num(0));
    default:
      // round(): halves go up, as Math.round does.
      return Math.round(num(0));
  }
}

/** `id()`: the elements with these ids, one lookup per whitespace-separated token. */
function idFunction(arg: Value, ev: EvaluationScope): XNode[] {
  const sources = Array.isArray(arg) ? arg.map((n) => stringValue(n, ev.spend)) : [ev.string(arg)];
  const found: XNode[] = [];
  for (const source of sources) {
    ev.spend(1 + (source.length >> 4));
    for (const token of source.split(/[ \t\r\n]+/)) {
      if (token === "") continue;
      ev.spend(1);
      const node = ev.elementById(token);
      if (node) found.push(node);
    }
  }
  return ev.inOrder(found);
}

function substring(s: string, start: number, length: number): string {
  const chars = [...s];
  const from = Math.round(start);
  const to = from + Math.round(length);
  // Positions p with from <= p < to (1-based); NaN bounds select nothing.
  if (!(to > from)) return "";
  const first = Math.max(from, 1);
  const last = Math.min(to, chars.length + 1);
  return first >= last ? "" : chars.slice(first - 1, last - 1).join("");
}

function translate(s: string, from: string, to: string): string {
  const map = new Map<string, string>();
  const fromChars = [...from];
  const toChars = [...to];
  fromChars.forEach((ch, i) => {
    if (!map.has(ch)) map.set(ch, toChars[i] ?? "");
  });
  let out = "";
  for (const ch of s) out += map.has(ch) ? map.get(ch) : ch;
  return out;
}

function lang(node: XNode, wanted: string): boolean {
  for (let n: XNode | null = node; n; n = n.parent) {
    const value = n.element?.attrs["xml:lang"];
    if (value === undefined) continue;
    const have = value.toLowerCase();
    const want = wanted.toLowerCase();
    return have === want || have.startsWith(`${want}-`);
  }
  return false;
}
