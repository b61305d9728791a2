/** Cell ids draw.io cannot load a file with, and the safe id that replaces one. */

/**
 * Cell ids draw.io cannot open a diagram with: it keeps cells in plain JavaScript objects and
 * arrays keyed by id, so an id that names one of their built-in members (`push`, `length`,
 * `constructor`, …) breaks loading the whole file. Found by loading diagrams in draw.io 14.6.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  // Object.prototype
  "__proto__",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "constructor",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
  // Array.prototype
  "at",
  "concat",
  "copyWithin",
  "entries",
  "every",
  "fill",
  "filter",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "flat",
  "flatMap",
  "forEach",
  "includes",
  "indexOf",
  "join",
  "keys",
  "lastIndexOf",
  "length",
  "map",
  "pop",
  "push",
  "reduce",
  "reduceRight",
  "reverse",
  "shift",
  "slice",
  "some",
  "sort",
  "splice",
  "toReversed",
  "toSorted",
  "toSpliced",
  "unshift",
  "values",
  "with",
]);

/**
 * An id draw.io accepts: `id` itself, or `id_` (then `id_2`, …) when `id` is reserved.
 *
 * @example
 * safeCellId("push", new Set()); // "push_"
 */
export function safeCellId(id: string, taken: ReadonlySet<string>): string {
  if (!RESERVED_IDS.has(id)) return id;
  let candidate = `${id}_`;
  for (let n = 2; taken.has(candidate) || RESERVED_IDS.has(candidate); n++)
    candidate = `${id}_${n}`;
  return candidate;
}
