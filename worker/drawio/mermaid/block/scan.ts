/**
 * Reading the items of one statement line: blocks with their bracket shapes and spans,
 * `space` cells, and the links between blocks (`-->`, `---`, `-- "label" -->`).
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";
import { mermaidBreaks } from "../syntax.ts";
import type { BlockShape } from "./model.ts";

/** A block as a line writes it: id, and label, shape, span where given. */
export interface BlockToken {
  type: "block";
  id: string;
  label?: string;
  shape?: BlockShape;
  span?: number;
  directions: string[];
  column: number;
}

/** A link between the blocks before and after it. */
export interface LinkToken {
  type: "link";
  label: string;
  startArrow: string;
  endArrow: string;
  line: "solid" | "dotted" | "thick";
  column: number;
}

/** An empty cell. */
export interface SpaceToken {
  type: "space";
  span: number;
  column: number;
}

export type Token = BlockToken | LinkToken | SpaceToken;

const ID = /[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*/uy;
const SPACE = /space(?::(\d+))?(?![\p{L}\p{N}_-])/uy;
const SPAN = /:(\d+)/y;
const LINK_END = /(-{2,}>|-{3,}|-{2,}[xo]|={2,}>|={3,}|\.+->?)/y;
const LINK = /(<)?(-{2,}>|-{3,}|-{2,}[xo](?![\p{L}\p{N}_])|={2,}>|={3,}|-\.+->?)/uy;
const LABELLED = /(<)?(--|==|-\.)\s*"([^"]*)"\s*/y;
const ARROW_DIRS = /\(\s*([a-z]+(?:\s*,\s*[a-z]+)*)\s*\)/y;
const DIRECTIONS = new Set(["right", "left", "up", "down", "x", "y"]);

/** Bracket forms, longest opening first; some openings close in two ways. */
const BRACKETS: readonly { open: string; close: readonly (readonly [string, BlockShape])[] }[] = [
  { open: "(((", close: [[")))", "double-circle"]] },
  { open: "((", close: [["))", "circle"]] },
  { open: "([", close: [["])", "stadium"]] },
  { open: "(", close: [[")", "round"]] },
  { open: "[[", close: [["]]", "subroutine"]] },
  { open: "[(", close: [[")]", "cylinder"]] },
  {
    open: "[/",
    close: [
      ["/]", "lean-right"],
      ["\\]", "trapezoid"],
    ],
  },
  {
    open: "[\\",
    close: [
      ["\\]", "lean-left"],
      ["/]", "trapezoid-top"],
    ],
  },
  { open: "[", close: [["]", "square"]] },
  { open: "{{", close: [["}}", "hexagon"]] },
  { open: "{", close: [["}", "rhombus"]] },
  { open: "<[", close: [["]>", "arrow"]] },
  { open: ">", close: [["]", "asymmetric"]] },
];

/**
 * The items of a line, in order. Text that is none of them is refused at its column.
 *
 * @example
 * scanLine({ line: 2, column: 3, text: 'a["A"]:2 space b --> c' });
 */
export function scanLine(at: SourceLine): Token[] {
  const text = at.text;
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < text.length) {
    if (/\s/.test(text[pos] as string)) {
      pos++;
      continue;
    }
    const link = readLink(text, pos, at);
    if (link) {
      tokens.push(link.token);
      pos = link.end;
      continue;
    }
    SPACE.lastIndex = pos;
    const space = SPACE.exec(text);
    if (space) {
      tokens.push({ type: "space", span: Math.max(1, Number(space[1] ?? 1)), column: pos });
      pos = SPACE.lastIndex;
      continue;
    }
    const block = readBlock(text, pos, at);
    tokens.push(block.token);
    pos = block.end;
  }
  return tokens;
}

function readLink(
  text: string,
  pos: number,
  at: SourceLine,
): { token: LinkToken; end: number } | undefined {
  LABELLED.lastIndex = pos;
  const labelled = LABELLED.exec(text);
  if (labelled) {
    LINK_END.lastIndex = LABELLED.lastIndex;
    const end = LINK_END.exec(text);
    if (!end)
      throw mermaidSyntax(at, "a labelled link ends with -->, --- or ==>", LABELLED.lastIndex);
    const op = `${labelled[2]}${end[1]}`;
    return {
      token: linkToken(labelled[1] === "<", op, labelled[3] ?? "", pos),
      end: LINK_END.lastIndex,
    };
  }
  LINK.lastIndex = pos;
  const plain = LINK.exec(text);
  if (!plain) return undefined;
  return { token: linkToken(plain[1] === "<", plain[2] ?? "", "", pos), end: LINK.lastIndex };
}

function linkToken(start: boolean, op: string, label: string, column: number): LinkToken {
  const last = op[op.length - 1];
  const endArrow = last === ">" ? "block" : last === "x" ? "cross" : last === "o" ? "oval" : "none";
  return {
    type: "link",
    label: mermaidBreaks(label),
    startArrow: start ? "block" : "none",
    endArrow,
    line: op.includes(".") ? "dotted" : op.includes("=") ? "thick" : "solid",
    column,
  };
}

/** A block at `pos`: id, optional bracket shape with its label, block-arrow directions, span. */
function readBlock(text: string, pos: number, at: SourceLine): { token: BlockToken; end: number } {
  ID.lastIndex = pos;
  const id = ID.exec(text);
  if (!id)
    throw mermaidSyntax(
      at,
      `"${text[pos]}" cannot start a block: write an id such as A, or A["label"]`,
      pos,
    );
  const token: BlockToken = { type: "block", id: id[0], directions: [], column: pos };
  let end = ID.lastIndex;
  const bracket = BRACKETS.find((b) => text.startsWith(b.open, end));
  if (bracket) {
    const label = readLabel(text, end + bracket.open.length, bracket.close, at, end);
    token.label = label.text;
    token.shape = label.shape;
    end = label.end;
    if (label.shape === "arrow") {
      ARROW_DIRS.lastIndex = end;
      const dirs = ARROW_DIRS.exec(text);
      if (!dirs)
        throw mermaidSyntax(at, 'a block arrow names its direction: <["label"]>(right)', end);
      token.directions = (dirs[1] ?? "").split(",").map((d) => d.trim());
      const wrong = token.directions.find((d) => !DIRECTIONS.has(d));
      if (wrong)
        throw mermaidSyntax(
          at,
          `"${wrong}" is not a block arrow direction: right, left, up, down, x or y`,
          end + 1,
        );
      end = ARROW_DIRS.lastIndex;
    }
  }
  SPAN.lastIndex = end;
  const span = SPAN.exec(text);
  if (span) {
    token.span = Math.max(1, Number(span[1]));
    end = SPAN.lastIndex;
  }
  if (end < text.length && !/[\s<=.-]/.test(text[end] as string)) {
    throw mermaidSyntax(at, `unexpected "${text[end]}" after block ${token.id}`, end);
  }
  return { token, end };
}

/** The label inside a bracket (quoted or not) and the shape its closing bracket gives. */
function readLabel(
  text: string,
  from: number,
  closes: readonly (readonly [string, BlockShape])[],
  at: SourceLine,
  opened: number,
): { text: string; shape: BlockShape; end: number } {
  let pos = from;
  let label: string;
  if (text[pos] === '"') {
    const close = text.indexOf('"', pos + 1);
    if (close === -1) throw mermaidSyntax(at, "the label's quote is never closed", pos);
    label = text.slice(pos + 1, close);
    pos = close + 1;
    const found = closes.find(([c]) => text.startsWith(c, pos));
    if (!found)
      throw mermaidSyntax(
        at,
        `the shape opened here closes with ${closes.map(([c]) => c).join(" or ")}`,
        opened,
      );
    return { text: clean(label), shape: found[1], end: pos + found[0].length };
  }
  let best: { index: number; close: string; shape: BlockShape } | undefined;
  for (const [close, shape] of closes) {
    const index = text.indexOf(close, pos);
    if (index !== -1 && (best === undefined || index < best.index)) best = { index, close, shape };
  }
  if (!best)
    throw mermaidSyntax(
      at,
      `the shape opened here closes with ${closes.map(([c]) => c).join(" or ")}`,
      opened,
    );
  label = text.slice(pos, best.index);
  return { text: clean(label), shape: best.shape, end: best.index + best.close.length };
}

/** A label as drawn: Mermaid's line breaks, `&nbsp;` as a blank. */
function clean(label: string): string {
  return mermaidBreaks(label.replace(/&nbsp;/g, " "));
}
