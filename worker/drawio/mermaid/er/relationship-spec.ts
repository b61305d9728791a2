/**
 * The middle of a relationship line, `||--o{` or `only one to zero or more`: a cardinality
 * beside each entity and whether the relationship is identifying, in both of Mermaid's
 * spellings (symbols and words).
 */
import type { Cardinality } from "./model.ts";

/** What a relationship says between its two entity names. */
export interface RelationshipSpec {
  fromCardinality: Cardinality;
  toCardinality: Cardinality;
  identifying: boolean;
  /** Where the spec ends in the text. */
  end: number;
}

/**
 * Cardinality spellings, longest first so that `one or more` wins over `one` and `1+` over
 * `1`. Mermaid takes any of them on either side: `o{` and `}o` both mean zero or more.
 */
const CARDINALITIES: readonly (readonly [string, Cardinality])[] = [
  ["zero or more", "zeroOrMore"],
  ["zero or many", "zeroOrMore"],
  ["one or zero", "zeroOrOne"],
  ["zero or one", "zeroOrOne"],
  ["one or more", "oneOrMore"],
  ["one or many", "oneOrMore"],
  ["only one", "onlyOne"],
  ["many(0)", "zeroOrMore"],
  ["many(1)", "oneOrMore"],
  ["many", "zeroOrMore"],
  ["one", "onlyOne"],
  ["1+", "oneOrMore"],
  ["0+", "zeroOrMore"],
  ["1", "onlyOne"],
  ["|o", "zeroOrOne"],
  ["o|", "zeroOrOne"],
  ["||", "onlyOne"],
  ["}o", "zeroOrMore"],
  ["o{", "zeroOrMore"],
  ["}|", "oneOrMore"],
  ["|{", "oneOrMore"],
  ["u", "mdParent"],
];

/** Identification spellings: solid (identifying) or dashed. */
const IDENTIFICATIONS: readonly (readonly [string, boolean])[] = [
  ["optionally to", false],
  ["to", true],
  ["--", true],
  ["..", false],
  [".-", false],
  ["-.", false],
];

/** Whether a word spelling ends at `end` (not glued to a following letter or digit). */
function wordEnds(text: string, end: number): boolean {
  return !/[\p{L}\p{N}_]/u.test(text[end] ?? "");
}

/** The spelling from the table found at `pos` (case-insensitive), and where it ends. */
function spelling<T>(
  table: readonly (readonly [string, T])[],
  text: string,
  pos: number,
): { value: T; end: number } | undefined {
  const lower = text.toLowerCase();
  for (const [word, value] of table) {
    if (!lower.startsWith(word, pos)) continue;
    const end = pos + word.length;
    if (/^[a-z]/.test(word) && word !== "u" && !wordEnds(text, end)) continue;
    // `u` (a parent) and `1` (only one) are read as cardinalities only before a line's middle.
    if (word === "u" && !/^[.\-|]/.test(text.slice(end))) continue;
    if (word === "1" && !/^(\s|--|\.\.|\.-|-\.)/.test(text.slice(end))) continue;
    return { value, end };
  }
  return undefined;
}

function blanks(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && /\s/.test(text[p] as string)) p++;
  return p;
}

/**
 * Reads a relationship spec at `pos`: cardinality, identification, cardinality (blanks
 * allowed between them); undefined when the text there is not one.
 *
 * @example
 * readRelationshipSpec("A ||--o{ B : places", 2);
 * // { fromCardinality: "onlyOne", toCardinality: "zeroOrMore", identifying: true, end: 8 }
 */
export function readRelationshipSpec(text: string, pos: number): RelationshipSpec | undefined {
  const first = spelling(CARDINALITIES, text, pos);
  if (!first) return undefined;
  const middle = spelling(IDENTIFICATIONS, text, blanks(text, first.end));
  if (!middle) return undefined;
  const second = spelling(CARDINALITIES, text, blanks(text, middle.end));
  if (!second) return undefined;
  return {
    fromCardinality: first.value,
    toCardinality: second.value,
    identifying: middle.value,
    end: second.end,
  };
}
