/**
 * One git graph statement line read into its keyword, its branch name and its `key: value`
 * options, each with the position it starts at so that errors can point at it.
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";

/** The statements of a git graph. */
export type Keyword = "commit" | "branch" | "checkout" | "merge" | "cherry-pick" | "title";

/** A value of the line and where it starts in the line's text (0-based). */
export interface Located {
  value: string;
  offset: number;
}

/** One statement as written. */
export interface Statement {
  keyword: Keyword;
  /** The branch a `branch`, `checkout`/`switch` or `merge` names; the text of a `title`. */
  name?: Located;
  /** The options (`id`, `msg`, `tag`, `type`, `parent`, `order`), tags in order. */
  options: Map<string, Located[]>;
  at: SourceLine;
}

const OPTIONS: Record<Exclude<Keyword, "title">, readonly string[]> = {
  commit: ["id", "msg", "tag", "type"],
  branch: ["order"],
  checkout: [],
  merge: ["id", "tag", "type"],
  "cherry-pick": ["id", "tag", "parent"],
};

const KEYWORD = /^(commit|branch|checkout|switch|merge|cherry-pick|title)(?=\s|$)/;
const REFERENCE = /^\w(?:[-./\w]*[-\w])?/;
const QUOTED = /^(?:"([^"]*)"|'([^']*)')/;
const TYPES = new Set(["NORMAL", "REVERSE", "HIGHLIGHT"]);

/**
 * Reads one statement line; text that is none of Mermaid's git statements is refused at its
 * column.
 *
 * @example
 * readStatement({ line: 3, column: 3, text: 'commit id: "A" tag: "v1"' }).options.get("tag");
 */
export function readStatement(at: SourceLine): Statement {
  const m = KEYWORD.exec(at.text);
  if (!m) {
    throw mermaidSyntax(
      at,
      "a git graph line is commit, branch, checkout (or switch), merge, cherry-pick or title",
    );
  }
  const word = m[1] as string;
  const keyword: Keyword = word === "switch" ? "checkout" : (word as Keyword);
  let pos = skip(at.text, word.length);
  if (keyword === "title") {
    return {
      keyword,
      name: { value: at.text.slice(pos).trim(), offset: pos },
      options: new Map(),
      at,
    };
  }
  let name: Located | undefined;
  if (keyword === "branch" || keyword === "checkout" || keyword === "merge") {
    const read = readName(at, pos, word);
    name = read.name;
    pos = skip(at.text, read.end);
  }
  const options = readOptions(at, pos, OPTIONS[keyword]);
  if (keyword === "checkout" && options.size > 0)
    throw mermaidSyntax(at, `${word} takes only a branch name`, pos);
  return { keyword, options, at, ...(name === undefined ? {} : { name }) };
}

function skip(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && /\s/.test(text[p] as string)) p++;
  return p;
}

/** A branch name: Mermaid's reference characters, or a quoted string. */
function readName(at: SourceLine, pos: number, word: string): { name: Located; end: number } {
  const rest = at.text.slice(pos);
  const quoted = QUOTED.exec(rest);
  if (quoted) {
    const value = quoted[1] ?? quoted[2] ?? "";
    return { name: { value, offset: pos + 1 }, end: pos + quoted[0].length };
  }
  const ref = REFERENCE.exec(rest);
  if (!ref) throw mermaidSyntax(at, `${word} needs a branch name`, pos);
  return { name: { value: ref[0], offset: pos }, end: pos + ref[0].length };
}

/** The `key: value` options from `pos` on; a commit's bare quoted text is its `msg`. */
function readOptions(
  at: SourceLine,
  from: number,
  allowed: readonly string[],
): Map<string, Located[]> {
  const options = new Map<string, Located[]>();
  const text = at.text;
  let pos = skip(text, from);
  while (pos < text.length) {
    const key = /^([A-Za-z]+)\s*:\s*/.exec(text.slice(pos));
    let name = key?.[1] ?? "";
    if (!key) {
      if (!allowed.includes("msg") || !QUOTED.test(text.slice(pos))) {
        throw mermaidSyntax(at, expected(allowed), pos);
      }
      name = "msg";
    } else if (!allowed.includes(name)) {
      throw mermaidSyntax(at, expected(allowed), pos);
    }
    const start = pos + (key?.[0].length ?? 0);
    const { value, end } = readValue(at, start, name);
    const list = options.get(name) ?? [];
    list.push({ value, offset: start });
    options.set(name, list);
    pos = skip(text, end);
  }
  return options;
}

function expected(allowed: readonly string[]): string {
  if (allowed.length === 0) return "nothing may follow here";
  return `expected ${allowed.map((k) => `${k}:`).join(", ")} here`;
}

/** The value of one option: a quoted string, a commit type or a whole number. */
function readValue(at: SourceLine, pos: number, key: string): { value: string; end: number } {
  const rest = at.text.slice(pos);
  if (key === "type") {
    const word = /^[A-Za-z]+/.exec(rest)?.[0] ?? "";
    if (!TYPES.has(word)) throw mermaidSyntax(at, "type is NORMAL, REVERSE or HIGHLIGHT", pos);
    return { value: word, end: pos + word.length };
  }
  if (key === "order") {
    const digits = /^\d+/.exec(rest)?.[0];
    if (digits === undefined) throw mermaidSyntax(at, "order is a whole number", pos);
    return { value: digits, end: pos + digits.length };
  }
  const quoted = QUOTED.exec(rest);
  if (!quoted) throw mermaidSyntax(at, `${key} takes a quoted text: ${key}: "…"`, pos);
  return { value: quoted[1] ?? quoted[2] ?? "", end: pos + quoted[0].length };
}
