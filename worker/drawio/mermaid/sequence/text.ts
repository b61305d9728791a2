/**
 * The text of a Mermaid sequence diagram: lines cut into statements at `;` and at `#` comments
 * (as Mermaid's sequence grammar reads them, entity codes such as `#59;` kept whole), and label
 * text decoded (entity codes, `<br>` line breaks, the `wrap:` prefix).
 */
import { decodeHtmlEntities } from "../../text/label-text.ts";
import type { SourceLine } from "../source.ts";

/** Names Mermaid's examples use that the shared HTML decoder does not know. */
const MORE_ENTITIES: Record<string, string> = {
  infin: "∞",
  hearts: "♥",
  spades: "♠",
  clubs: "♣",
  diams: "♦",
  check: "✓",
  cross: "✗",
  semi: ";",
  num: "#",
  colon: ":",
  equals: "=",
  plus: "+",
  excl: "!",
  lpar: "(",
  rpar: ")",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  rArr: "⇒",
  lArr: "⇐",
  ne: "≠",
  le: "≤",
  ge: "≥",
  plusmn: "±",
  divide: "÷",
  micro: "µ",
  sect: "§",
  para: "¶",
  star: "☆",
};

const ENTITY_AT = /#\w+;/y;

/** The statements of one line and the comment cut off its end, if any. */
export interface LineStatements {
  statements: SourceLine[];
  comment?: string;
}

/**
 * Cuts a line into its statements: Mermaid ends a statement at `;`, and a `#` that does not
 * start an entity code comments out the rest of the line. Each statement keeps its column.
 *
 * @example
 * splitStatements({ line: 2, column: 5, text: "A->>B: hi; B-->>A: I #9829; you # later" });
 * // statements "A->>B: hi" (column 5), "B-->>A: I #9829; you" (column 16); comment "# later"
 */
export function splitStatements(line: SourceLine): LineStatements {
  const { text } = line;
  const statements: SourceLine[] = [];
  const push = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const trimmed = raw.trim();
    if (trimmed !== "") {
      statements.push({
        line: line.line,
        column: line.column + from + raw.indexOf(trimmed),
        text: trimmed,
      });
    }
  };
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "#") {
      ENTITY_AT.lastIndex = i;
      if (ENTITY_AT.test(text)) {
        i = ENTITY_AT.lastIndex - 1;
        continue;
      }
      push(start, i);
      return { statements, comment: text.slice(i).trim() };
    }
    if (c === ";") {
      push(start, i);
      start = i + 1;
    }
  }
  push(start, text.length);
  return { statements };
}

/** A label as read: its lines, and whether `wrap:` (true) or `nowrap:` (false) asked. */
export interface LabelText {
  text: string;
  wrap?: boolean;
}

/**
 * Decodes Mermaid label text: a leading `wrap:`/`nowrap:` taken off, `<br>` (any spelling) as a
 * line break, entity codes (`#9829;`, `#infin;`) as their characters; unknown names stay as
 * written.
 *
 * @example
 * readLabel("wrap:I #9829; you<br/>twice"); // { text: "I ♥ you\ntwice", wrap: true }
 */
export function readLabel(raw: string): LabelText {
  let text = raw.trim();
  const prefix = /^:?(no)?wrap:/i.exec(text);
  if (prefix) text = text.slice(prefix[0].length).trim();
  text = text
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/#(\w+);/g, (whole, body: string) => entity(body) ?? whole)
    .split("\n")
    .map((l) => withoutControls(l).trim())
    .join("\n");
  return prefix ? { text, wrap: prefix[1] === undefined } : { text };
}

function entity(body: string): string | undefined {
  if (/^\d+$/.test(body)) {
    const code = Number(body);
    return code <= 0x10ffff && allowed(code) ? String.fromCodePoint(code) : undefined;
  }
  const more = MORE_ENTITIES[body];
  if (more !== undefined) return more;
  const html = decodeHtmlEntities(`&${body};`);
  return html === `&${body};` ? undefined : html;
}

/** Whether XML may hold a character: not a control (but tab), a lone surrogate or U+FFFE/FFFF. */
function allowed(code: number): boolean {
  if (code < 0x20) return code === 0x09;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/** A line without the characters XML cannot hold (a file with them would not load). */
function withoutControls(line: string): string {
  let out = "";
  for (const ch of line) if (allowed(ch.codePointAt(0) ?? 0)) out += ch;
  return out;
}
