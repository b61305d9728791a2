/**
 * Relation statements of class diagrams (`Customer "1" --> "*" Ticket : buys`) and the
 * draw.io arrowheads of each relation type, as draw.io's UML sidebar draws them.
 */
import { skipBlanks } from "../syntax.ts";
import type { Marker } from "./model.ts";

/** A relation statement, split into its parts; columns are 0-based in the statement. */
export interface RelationText {
  left: string;
  right: string;
  leftColumn: number;
  rightColumn: number;
  start: Marker;
  end: Marker;
  dashed: boolean;
  startText?: string;
  endText?: string;
  label?: string;
}

const LEFT: Record<string, Marker> = {
  "<|": "extension",
  "*": "composition",
  o: "aggregation",
  "<": "dependency",
  "()": "lollipop",
};
const RIGHT: Record<string, Marker> = {
  "|>": "extension",
  "*": "composition",
  o: "aggregation",
  ">": "dependency",
  "()": "lollipop",
};
const OPERATOR = /^(<\||\*|o|<|\(\))?(--|\.\.)(\|>|\*|o|>|\(\))?/;
const NAME_CHAR = /[^\s"`:<>|*()[\]{},;]/u;

/** Where a relation statement went wrong: the message and its 0-based column. */
export class RelationError {
  readonly message: string;
  readonly column: number;

  constructor(message: string, column: number) {
    this.message = message;
    this.column = column;
  }
}

/**
 * Reads `A "1" <|-- "*" B : label`. Returns undefined when the text is no relation (no
 * operator after the first name); throws a {@link RelationError} when it starts as one but
 * goes wrong.
 *
 * @example
 * readRelation("Animal <|-- Duck"); // { left: "Animal", right: "Duck", start: "extension", end: "none", … }
 */
export function readRelation(text: string): RelationText | undefined {
  const first = readName(text, 0);
  if (!first) return undefined;
  let pos = skipBlanks(text, first.end);
  const startText = quoted(text, pos);
  if (startText) pos = skipBlanks(text, startText.end);
  const op = OPERATOR.exec(text.slice(pos));
  if (!op) {
    if (startText)
      throw new RelationError(
        "expected a relation such as <|--, *--, o--, -->, --, ..> or .. after the cardinality",
        pos,
      );
    return undefined;
  }
  let [operator, head, line, tail] = op as unknown as [
    string,
    string | undefined,
    string,
    string | undefined,
  ];
  // `A --oak` is a link to the class `oak`, not an aggregation.
  if (tail === "o" && NAME_CHAR.test(text[pos + operator.length] ?? " ")) {
    operator = operator.slice(0, -1);
    tail = undefined;
  }
  pos = skipBlanks(text, pos + operator.length);
  const endText = quoted(text, pos);
  if (endText) pos = skipBlanks(text, endText.end);
  const second = readName(text, pos);
  if (!second) throw new RelationError("a relation needs a class after its arrow", pos);
  pos = skipBlanks(text, second.end);
  if (pos < text.length && text[pos] !== ":") {
    throw new RelationError('expected ": label" or the end of the line after the relation', pos);
  }
  const label = pos < text.length ? text.slice(pos + 1).trim() : "";
  return {
    left: first.name,
    right: second.name,
    leftColumn: first.start,
    rightColumn: second.start,
    start: head ? (LEFT[head] as Marker) : "none",
    end: tail ? (RIGHT[tail] as Marker) : "none",
    dashed: line === "..",
    ...(startText ? { startText: startText.text } : {}),
    ...(endText ? { endText: endText.text } : {}),
    ...(label ? { label } : {}),
  };
}

/**
 * A class name at `pos`: `` `any text` `` (backticks kept), or name characters (letters, digits, `_`, `-`, `.`,
 * `~generics~`), stopping before a relation operator (`--`, `..`).
 */
export function readName(
  text: string,
  pos: number,
): { name: string; start: number; end: number } | undefined {
  if (text[pos] === "`") {
    const close = text.indexOf("`", pos + 1);
    if (close <= pos + 1) return undefined;
    return { name: text.slice(pos, close + 1), start: pos, end: close + 1 };
  }
  let end = pos;
  while (end < text.length && NAME_CHAR.test(text[end] as string)) {
    if (end > pos && (text.startsWith("--", end) || text.startsWith("..", end))) break;
    end++;
  }
  return end > pos ? { name: text.slice(pos, end), start: pos, end } : undefined;
}

function quoted(text: string, pos: number): { text: string; end: number } | undefined {
  if (text[pos] !== '"') return undefined;
  const close = text.indexOf('"', pos + 1);
  if (close < 0) throw new RelationError('this quoted text never ends: close it with "', pos);
  return { text: text.slice(pos + 1, close), end: close + 1 };
}

/**
 * The draw.io style keys of a relation's two ends: a hollow triangle for inheritance and
 * realization, filled and hollow diamonds for composition and aggregation, an open arrow for
 * association and dependency, nothing for a plain link; dashed for `..`.
 *
 * @example
 * relationStyle({ start: "extension", end: "none", dashed: false });
 * // { startArrow: "block", startFill: 0, startSize: 14, endArrow: "none", …, dashed: null }
 */
export function relationStyle(r: {
  start: Marker;
  end: Marker;
  dashed: boolean;
}): Record<string, string | number | null> {
  return {
    ...markerKeys("start", r.start),
    ...markerKeys("end", r.end),
    dashed: r.dashed ? 1 : null,
  };
}

function markerKeys(end: "start" | "end", marker: Marker): Record<string, string | number> {
  const [arrow, fill, size] = MARKERS[marker];
  return { [`${end}Arrow`]: arrow, [`${end}Fill`]: fill, [`${end}Size`]: size };
}

const MARKERS: Record<Marker, [arrow: string, fill: number, size: number]> = {
  none: ["none", 0, 6],
  extension: ["block", 0, 14],
  composition: ["diamondThin", 1, 14],
  aggregation: ["diamondThin", 0, 14],
  dependency: ["open", 0, 12],
  // The interface's circle is its own node; its line has no head.
  lollipop: ["none", 0, 6],
};
