/** XPath comparisons (`=`, `!=`, `<`, …) of values and node-sets (XPath 1.0 §3.4). */
import type { CompareOp } from "./syntax.ts";
import { stringValue, type XNode } from "./tree.ts";
import { isNodeSet, toBoolean, toNumber, type Value } from "./values.ts";

/** What comparisons need to know about a node-set, worked out once per node-set. */
interface Summary {
  strings: Set<string>;
  numbers: Set<number>;
  hasNaN: boolean;
  min: number;
  max: number;
}

export type Summaries = WeakMap<XNode[], Summary>;

interface Evaluator {
  summaries: Summaries;
  spend: (units: number) => void;
  string(value: Value): string;
  number(value: Value): number;
}

/**
 * Compares two values by XPath 1.0 §3.4. A comparison with a node-set holds when it holds for
 * some node; rather than trying every pair, each node-set is summarised once (its distinct
 * strings and numbers, least and greatest number), so `@id = //mxCell/@parent` costs the size
 * of the node-sets, not their product.
 */
export function compareValues(op: CompareOp, left: Value, right: Value, ev: Evaluator): boolean {
  const leftSet = isNodeSet(left);
  const rightSet = isNodeSet(right);
  if (leftSet && rightSet) {
    const [small, large] = left.length <= right.length ? [left, right] : [right, left];
    if (op === "=" && small.length <= 2 && !ev.summaries.has(small)) {
      // An attribute against a page-wide node-set: look it up in the large side's summary.
      const known = summary(large, ev).strings;
      ev.spend(small.length);
      return small.some((n) => known.has(stringValue(n, ev.spend)));
    }
    return compareSets(op, summary(left, ev), summary(right, ev));
  }
  if ((leftSet || rightSet) && (op === "=" || op === "!=")) {
    const nodes = (leftSet ? left : right) as XNode[];
    const other = leftSet ? right : left;
    // A node or two (an attribute of the context node, say): no summary needed.
    if (nodes.length <= 2 && typeof other === "string" && !ev.summaries.has(nodes)) {
      ev.spend(nodes.length);
      return nodes.some((n) => (stringValue(n, ev.spend) === other) === (op === "="));
    }
  }
  if (leftSet || rightSet) {
    const set = summary((leftSet ? left : right) as XNode[], ev);
    const other = (leftSet ? right : left) as string | number | boolean;
    const flipped = leftSet ? op : flip(op);
    if (typeof other === "boolean") {
      return comparePlain(flipped, ((leftSet ? left : right) as XNode[]).length > 0, other);
    }
    if (op === "=" || op === "!=") {
      if (typeof other === "number") return someNumber(set, flipped, other);
      return flipped === "=" ? set.strings.has(other) : differsFrom(set.strings, other);
    }
    return someNumber(set, flipped, typeof other === "number" ? other : toNumber(other));
  }
  return comparePlain(op, left as string | number | boolean, right as string | number | boolean);
}

function summary(nodes: XNode[], ev: Evaluator): Summary {
  const known = ev.summaries.get(nodes);
  if (known) return known;
  const out: Summary = {
    strings: new Set(),
    numbers: new Set(),
    hasNaN: false,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
  };
  for (const node of nodes) {
    ev.spend(1);
    const text = stringValue(node, ev.spend);
    ev.spend(text.length >> 4);
    if (out.strings.has(text)) continue;
    out.strings.add(text);
    const n = toNumber(text);
    if (Number.isNaN(n)) {
      out.hasNaN = true;
      continue;
    }
    out.numbers.add(n);
    if (n < out.min) out.min = n;
    if (n > out.max) out.max = n;
  }
  ev.summaries.set(nodes, out);
  return out;
}

function compareSets(op: CompareOp, a: Summary, b: Summary): boolean {
  if (op === "=") {
    const [small, large] = a.strings.size <= b.strings.size ? [a, b] : [b, a];
    for (const text of small.strings) if (large.strings.has(text)) return true;
    return false;
  }
  if (op === "!=") {
    if (a.strings.size === 0 || b.strings.size === 0) return false;
    if (a.strings.size > 1 || b.strings.size > 1) return true;
    return [...a.strings][0] !== [...b.strings][0];
  }
  // Some x in a and y in b with x op y: compare the extremes.
  switch (op) {
    case "<":
      return a.min < b.max;
    case "<=":
      return a.min <= b.max;
    case ">":
      return a.max > b.min;
    case ">=":
      return a.max >= b.min;
  }
}

/** Some node's number stands in relation `op` to `n`. */
function someNumber(set: Summary, op: CompareOp, n: number): boolean {
  switch (op) {
    case "=":
      return set.numbers.has(n);
    case "!=":
      return set.hasNaN || set.numbers.size > 1 || (set.numbers.size === 1 && !set.numbers.has(n));
    case "<":
      return set.min < n;
    case "<=":
      return set.min <= n;
    case ">":
      return set.max > n;
    case ">=":
      return set.max >= n;
  }
}

function differsFrom(strings: Set<string>, text: string): boolean {
  return strings.size > 1 || (strings.size === 1 && !strings.has(text));
}

function flip(op: CompareOp): CompareOp {
  return op === "<" ? ">" : op === ">" ? "<" : op === "<=" ? ">=" : op === ">=" ? "<=" : op;
}

function comparePlain(
  op: CompareOp,
  a: string | number | boolean,
  b: string | number | boolean,
): boolean {
  if (op === "=" || op === "!=") {
    let equal: boolean;
    if (typeof a === "boolean" || typeof b === "boolean") equal = toBoolean(a) === toBoolean(b);
    else if (typeof a === "number" || typeof b === "number") equal = num(a) === num(b);
    else equal = a === b;
    return op === "=" ? equal : !equal;
  }
  const x = num(a);
  const y = num(b);
  return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
}

function num(value: string | number | boolean): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return toNumber(value);
}
