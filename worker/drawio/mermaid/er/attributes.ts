/**
 * Attribute blocks (`{ string name PK "comment" … }`): the words of a block, read as Mermaid's
 * lexer reads them, grouped into attributes.
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";
import type { Attribute } from "./model.ts";

/** One word of a block and where it is. */
interface Token {
  kind: "word" | "key" | "comma" | "comment";
  text: string;
  at: SourceLine;
  /** 0-based offset in `at.text`. */
  offset: number;
}

/** A type or name: a letter (or `_`, `*`, any non-ASCII) first, then also digits, `-`, `[]`, `()`. */
const WORD = /[*A-Za-z_\u00C0-\uFFFF][A-Za-z0-9\-_[\]()\u00C0-\uFFFF*]*/y;
/** A generic type as Mermaid writes it: `List~int~`, up to the last `~` and the word after it. */
const GENERIC = /\S*~.*~\S*/y;
const KEY = /(PK|FK|UK)(?![A-Za-z0-9_])/iy;
const COMMENT = /"[^"]*"/y;

/** Reads one word at `pos` with a sticky pattern. */
function match(pattern: RegExp, text: string, pos: number): string | undefined {
  pattern.lastIndex = pos;
  return pattern.exec(text)?.[0];
}

/**
 * The tokens of one line's part of a block, from `from` up to its `}` (or the line's end).
 * Returns the tokens and the offset of the `}` when the line closes the block.
 */
export function blockTokens(
  at: SourceLine,
  from: number,
): { tokens: Token[]; close: number | undefined } {
  const text = at.text;
  const tokens: Token[] = [];
  // A generic type's last `~` is looked for before the block's `}`, once per line.
  const beforeClose = text.replace(/}.*$/, "");
  let pos = from;
  while (pos < text.length) {
    const c = text[pos] as string;
    if (/\s/.test(c)) {
      pos++;
      continue;
    }
    if (c === "}") return { tokens, close: pos };
    const key =
      /[A-Za-z]/.test(c) && (pos === 0 || /\s|,/.test(text[pos - 1] ?? ""))
        ? match(KEY, text, pos)
        : undefined;
    const found: [Token["kind"], string | undefined][] = [
      ["key", key],
      ["comma", c === "," ? "," : undefined],
      ["comment", match(COMMENT, text, pos)],
      ["word", match(GENERIC, beforeClose, pos) ?? match(WORD, text, pos)],
    ];
    const hit = found.find(([, t]) => t !== undefined);
    if (!hit) {
      throw mermaidSyntax(
        at,
        `"${c}" cannot be read in an attribute: write type name, then PK, FK or UK, then a "comment"`,
        pos,
      );
    }
    const [kind, token] = hit as [Token["kind"], string];
    tokens.push({ kind, text: token, at, offset: pos });
    pos += token.length;
  }
  return { tokens, close: undefined };
}

/**
 * Groups a block's tokens into attributes: `type name`, then keys separated by commas, then a
 * quoted comment. Anything else is refused at its place.
 *
 * @example
 * readAttributes(blockTokens({ line: 3, column: 5, text: 'string id PK, FK "the key"' }, 0).tokens);
 * // [{ type: "string", name: "id", keys: ["PK", "FK"], comment: "the key" }]
 */
export function readAttributes(tokens: readonly Token[]): Attribute[] {
  const out: Attribute[] = [];
  let i = 0;
  const fail = (t: Token, message: string) => mermaidSyntax(t.at, message, t.offset);
  while (i < tokens.length) {
    const type = tokens[i] as Token;
    const name = tokens[i + 1];
    if (type.kind !== "word")
      throw fail(type, `an attribute starts with its type, not "${type.text}"`);
    if (name?.kind !== "word") {
      throw fail(name ?? type, `the attribute of type ${type.text} needs a name after its type`);
    }
    i += 2;
    const keys: string[] = [];
    while (tokens[i]?.kind === "key") {
      keys.push((tokens[i] as Token).text.toUpperCase());
      i++;
      if (tokens[i]?.kind !== "comma") break;
      const next = tokens[i + 1];
      if (next?.kind !== "key")
        throw fail(tokens[i] as Token, "a comma between keys is followed by PK, FK or UK");
      i++;
    }
    let comment = "";
    if (tokens[i]?.kind === "comment") {
      comment = (tokens[i] as Token).text.slice(1, -1);
      i++;
    }
    if (tokens[i]?.kind === "key" || tokens[i]?.kind === "comma") {
      throw fail(
        tokens[i] as Token,
        "keys come right after the attribute's name, before its comment",
      );
    }
    out.push({ type: type.text, name: name.text, keys, comment });
  }
  return out;
}
