/**
 * Reading a Mermaid kanban board: columns (the least indented lines), the cards indented under
 * them, each `id[Text]` (or `[Text]`, or a bare id) with its `@{ … }` metadata.
 */

import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { mermaidBreaks } from "../syntax.ts";

/** A card's metadata as Mermaid reads it. */
export interface CardMeta {
  ticket?: string;
  assigned?: string;
  priority?: string;
}

/** A card (or a column's own title): its id and text, and for cards their metadata. */
export interface KanbanItem {
  id: string;
  text: string;
  meta: CardMeta;
  at: SourceLine;
}

/** A column and its cards in order. */
export interface KanbanColumn extends KanbanItem {
  cards: KanbanItem[];
}

/** A kanban board read from its source. */
export interface KanbanModel {
  columns: KanbanColumn[];
  notes: string[];
}

const SHAPES: readonly [string, string][] = [
  ["((", "))"],
  ["{{", "}}"],
  ["))", "(("],
  ["[", "]"],
  ["(", ")"],
  [")", "("],
];

/** The priorities Mermaid draws a stripe for. */
export const PRIORITIES = ["Very High", "High", "Medium", "Low", "Very Low"] as const;

/**
 * Reads the board: a line indented no more than the first is a column, a line indented more is
 * a card of the column above it. A card before any column, an unclosed bracket, or metadata that
 * is not `key: value` pairs, are refused at their column.
 *
 * @example
 * parseKanban(readMermaid("kanban\n todo[Todo]\n   a[Write docs]")).columns[0].cards[0].text; // "Write docs"
 */
export function parseKanban(source: MermaidSource): KanbanModel {
  const model: KanbanModel = { columns: [], notes: [] };
  const base = source.lines[0]?.column ?? 1;
  let cards = 0;
  for (const at of source.lines) {
    const item = readItem(at, model.notes);
    if (at.column <= base) {
      model.columns.push({ ...item, cards: [] });
      continue;
    }
    const column = model.columns.at(-1);
    if (!column) throw mermaidSyntax(at, "a card must sit under a column");
    if (++cards > MAX_MERMAID_NODES) throw tooManyNodes(at);
    column.cards.push(item);
  }
  return model;
}

/** One line's item: `id`, its bracketed text and `@{ … }` metadata. */
function readItem(at: SourceLine, notes: string[]): KanbanItem {
  const text = at.text;
  const metaAt = text.indexOf("@{");
  const head = (metaAt < 0 ? text : text.slice(0, metaAt)).trimEnd();
  const meta = metaAt < 0 ? {} : readMeta(text.slice(metaAt), at, metaAt, notes);
  const id = /^[^\s[({)]*/.exec(head)?.[0] ?? "";
  const rest = head.slice(id.length).trim();
  if (rest === "") {
    if (id === "") throw mermaidSyntax(at, "expected a column or card such as id[Text]");
    return { id, text: id, meta, at };
  }
  const shape = SHAPES.find(
    ([open, close]) =>
      rest.startsWith(open) && rest.endsWith(close) && rest.length >= open.length + close.length,
  );
  if (!shape)
    throw mermaidSyntax(
      at,
      "the text must be closed by the bracket that opens it: id[Text]",
      head.length - rest.length,
    );
  if (shape[0] !== "[")
    notes.push(
      `line ${at.line}: "${rest}" is drawn as a card, its ${shape[0]}…${shape[1]} shape is not kept`,
    );
  let label = rest.slice(shape[0].length, rest.length - shape[1].length).trim();
  if (/^".*"$/s.test(label)) label = label.slice(1, -1);
  return { id: id === "" ? label : id, text: mermaidBreaks(label), meta, at };
}

/** `@{ ticket: MC-2037, assigned: 'knsv', priority: 'High' }`: the keys Mermaid shows. */
function readMeta(text: string, at: SourceLine, offset: number, notes: string[]): CardMeta {
  const close = text.lastIndexOf("}");
  if (close < 0 || text.slice(close + 1).trim() !== "") {
    throw mermaidSyntax(at, "metadata is closed with }: @{ assigned: 'knsv' }", offset);
  }
  const meta: CardMeta = {};
  let pos = 2;
  for (const part of splitOutsideQuotes(text.slice(2, close))) {
    const column = offset + pos + (part.length - part.trimStart().length);
    pos += part.length + 1;
    if (part.trim() === "") continue;
    const m = /^\s*(\w+)\s*:\s*(.*?)\s*$/s.exec(part);
    if (!m) throw mermaidSyntax(at, `"${part.trim()}" is not key: value`, column);
    const key = m[1] as string;
    const value = (m[2] as string).replace(/^(['"])(.*)\1$/s, "$2");
    if (key === "ticket" || key === "assigned" || key === "priority") meta[key] = value;
    else if (key === "label")
      notes.push(`line ${at.line}: metadata label "${value}" is not drawn; the bracketed text is`);
    else
      notes.push(
        `line ${at.line}: metadata ${key} is not drawn by Mermaid's kanban and is left out`,
      );
  }
  if (meta.priority !== undefined && !(PRIORITIES as readonly string[]).includes(meta.priority)) {
    notes.push(
      `line ${at.line}: priority "${meta.priority}" is none of ${PRIORITIES.join(", ")}; it is kept in the stripe's tooltip and data, with no colour`,
    );
  }
  return meta;
}

function splitOutsideQuotes(text: string): string[] {
  const parts: string[] = [];
  let quote = "";
  let current = "";
  for (const ch of text) {
    if (quote !== "") {
      if (ch === quote) quote = "";
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === ",") {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}
