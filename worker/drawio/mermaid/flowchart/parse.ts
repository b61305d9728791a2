/**
 * The flowchart parser: the header's direction, then each statement — nodes and links,
 * `subgraph` … `end`, `direction`, `classDef`, `class`, `style`, `linkStyle`, `click`,
 * — into a {@link FlowModel}. Anything else is a `mermaid_syntax` error
 * at its line and column.
 */
import type { Direction } from "../../layout/spec.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import { readLink } from "./links.ts";
import { FlowModel } from "./model.ts";
import { readNode } from "./nodes.ts";
import { type Chunk, chunksOf, readQuoted, Scanner } from "./scan.ts";

/** The layout direction of each direction Mermaid writes (`LR` → "right"). */
export const DIRECTIONS: Readonly<Record<string, Direction>> = {
  TB: "down",
  TD: "down",
  BT: "up",
  RL: "left",
  LR: "right",
  ">": "right",
  "<": "left",
  "^": "up",
  v: "down",
};
const DIRECTION = /(TB|TD|BT|RL|LR)(?=\s|;|$)/y;
const KEYWORD = /(subgraph|end|direction|classDef|class|style|linkStyle|click)(?=\s|;|$)/y;
const WORD = /[^\s;]+/y;

/** A flowchart read: what it declares and the direction its header gives. */
export interface ParsedFlowchart {
  model: FlowModel;
  direction: Direction;
}

/**
 * Parses a flowchart's statements.
 *
 * @example
 * parseFlowchart(readMermaid("flowchart LR\n  A --> B")).model.edges.length; // 1
 */
export function parseFlowchart(source: MermaidSource): ParsedFlowchart {
  const model = new FlowModel();
  const { header, headerRest } = source;
  const offset = header.text.length - headerRest.length;
  const first: Chunk = {
    text: headerRest,
    parts: [{ start: 0, at: { ...header, column: header.column + offset } }],
  };
  const s = new Scanner(first);
  let direction: Direction = "down";
  const written = s.match(/(TB|TD|BT|RL|LR|[<>^v])(?=\s|;|$)/y)?.[1];
  if (written !== undefined) direction = DIRECTIONS[written] as Direction;
  else if (!s.atEnd() && s.peek() !== ";") {
    throw s.fail(`expected a direction (TB, TD, BT, RL or LR), found ${s.describe()}`);
  }
  statements(s, model);
  for (const chunk of chunksOf(source.lines)) statements(new Scanner(chunk), model);
  const open = model.open[model.open.length - 1];
  if (open) {
    throw mermaidSyntax(open.at, `subgraph "${open.id}" is never closed: add a line with end`);
  }
  return { model, direction };
}

/** Statements separated by `;` up to the end of a chunk. */
function statements(s: Scanner, model: FlowModel): void {
  for (;;) {
    s.skipSpaces();
    if (s.atEnd()) return;
    if (s.eat(";")) continue;
    statement(s, model);
    s.skipSpaces();
    if (s.atEnd()) return;
    if (!s.eat(";")) {
      throw s.fail(
        `expected a link (-->, ---, -.->, ==>, ~~~), & or the end of the statement, found ${s.describe()}`,
      );
    }
  }
}

function statement(s: Scanner, model: FlowModel): void {
  const at = s.pos;
  const keyword = s.match(KEYWORD)?.[1];
  if (keyword === undefined) vertexStatement(s, model);
  else KEYWORDS[keyword]?.(s, model, at);
}

/** The statements that start with a keyword, by keyword (`at` is where the keyword starts). */
const KEYWORDS: Readonly<Record<string, (s: Scanner, model: FlowModel, at: number) => void>> = {
  subgraph: (s, model) => {
    const { id, title } = subgraphHeader(s, model);
    model.openGroup(id, title, s);
  },
  end: (s, model, at) => model.closeGroup(s, at),
  direction: (s, model) => direction(s, model),
  classDef: (s, model) => classDef(s, model),
  class: (s, model, at) => classStatement(s, model, at),
  style: (s, model) => style(s, model),
  linkStyle: (s, model) => linkStyle(s, model),
  click: (s, model) => {
    s.skipSpaces();
    if (!s.match(WORD)) throw s.fail("expected the id of the node clicked");
    s.pos = s.text.length;
    model.notes.add("click actions (links, callbacks, tooltips) are not carried over");
  },
};

/** `A --> B & C -- text --> D`: nodes, and links between each group and the next. */
function vertexStatement(s: Scanner, model: FlowModel): void {
  const first = readNode(s, model);
  if (first === undefined) {
    // `e1@{ animate: true }` set a link's options: nothing may follow.
    s.skipSpaces();
    if (!s.atEnd() && s.peek() !== ";") throw s.fail("nothing may follow a link's @{ … }");
    return;
  }
  let from = nodeGroup(s, model, first);
  for (;;) {
    const before = s.pos;
    s.skipSpaces();
    const at = s.pos;
    const link = readLink(s, model);
    if (link === undefined) {
      s.pos = before;
      return;
    }
    if (link.label !== undefined && link.label.length > 2_000) {
      throw s.fail("a label may have at most 2,000 characters", at);
    }
    s.skipSpaces();
    if (s.atEnd() || s.peek() === ";") throw s.fail("this link has no node after it", at);
    const to = nodeGroup(s, model, node(s, model));
    model.link(from, to, link, s, at);
    from = to;
  }
}

/** Nodes joined by `&`, the first already read. */
function nodeGroup(s: Scanner, model: FlowModel, first: string): string[] {
  const ids = [first];
  for (;;) {
    const before = s.pos;
    s.skipSpaces();
    if (!s.eat("&")) {
      s.pos = before;
      return ids;
    }
    s.skipSpaces();
    ids.push(node(s, model));
  }
}

/** A node where only a node may stand (not a link's `e1@{ … }`). */
function node(s: Scanner, model: FlowModel): string {
  const at = s.pos;
  const id = readNode(s, model);
  if (id === undefined) throw s.fail("a link's id cannot stand for a node here", at);
  return id;
}

/**
 * The id and title of `subgraph`, `subgraph id`, `subgraph id [title]`, `subgraph "title"` or
 * `subgraph A title` (a title with blanks and no id: the subgraph gets an id of its own).
 */
function subgraphHeader(s: Scanner, model: FlowModel): { id?: string; title: string } {
  s.skipSpaces();
  const at = s.pos;
  const checked = (title: string, where: number) => {
    if (title.length > 2_000) throw s.fail("a title may have at most 2,000 characters", where);
    return title;
  };
  const own = (text: string) => (/\s/.test(text) || text === "" ? {} : { id: text });
  if (s.atEnd() || s.peek() === ";") return { title: "" };
  if (s.peek() === '"') {
    const quoted = readQuoted(s);
    const title = checked(model.text(quoted.text, quoted.markdown), at);
    return { ...own(title), title };
  }
  while (!s.atEnd() && s.peek() !== "[" && s.peek() !== ";") s.pos++;
  const id = s.text.slice(at, s.pos).trim();
  if (!s.eat("[")) return { ...own(id), title: checked(model.text(id, false), at) };
  s.skipSpaces();
  const titleAt = s.pos;
  const title = model.label(
    s,
    (from) => s.text.indexOf("]", from),
    () => s.fail("this title never ends: close it with ]", titleAt - 1),
  );
  if (!s.eat("]")) throw s.fail(`expected ] to close the title, found ${s.describe()}`);
  return { ...(id === "" ? {} : { id }), title: checked(title, titleAt) };
}

function direction(s: Scanner, model: FlowModel): void {
  s.skipSpaces();
  const dir = s.match(DIRECTION)?.[1];
  if (dir === undefined) throw s.fail(`expected TB, TD, BT, RL or LR, found ${s.describe()}`);
  const group = model.open[model.open.length - 1];
  if (group) group.direction = dir;
  else
    model.notes.add(
      `direction ${dir} outside a subgraph is ignored, as in Mermaid: the header sets the direction`,
    );
}

function classDef(s: Scanner, model: FlowModel): void {
  s.skipSpaces();
  const names = s.match(/[\p{L}\p{N}_-]+(?:,[\p{L}\p{N}_-]+)*/uy)?.[0];
  if (names === undefined) throw s.fail(`expected a class name, found ${s.describe()}`);
  const { text, at } = s.untilSemicolon();
  const css = model.css(text, s, at);
  for (const name of names.split(",")) model.classDefs.set(name, css);
}

function classStatement(s: Scanner, model: FlowModel, at: number): void {
  s.skipSpaces();
  const idsAt = s.pos;
  const ids = s.match(WORD)?.[0];
  s.skipSpaces();
  const classes = s.match(WORD)?.[0];
  if (ids === undefined || classes === undefined) {
    throw s.fail(
      "expected class followed by node ids and a class name, such as class A,B done",
      at,
    );
  }
  model.classUses.push({ ids: ids.split(","), classes: classes.split(","), s, at: idsAt });
}

function style(s: Scanner, model: FlowModel): void {
  s.skipSpaces();
  const idAt = s.pos;
  const id = s.match(WORD)?.[0];
  if (id === undefined) throw s.fail("expected the id of the node to style");
  const { text, at } = s.untilSemicolon();
  const css = model.css(text, s, at);
  if (model.groups.has(id)) {
    model.notes.add(`styles on subgraphs are not carried over (style ${id})`);
    return;
  }
  // As in Mermaid, styling a node nobody wrote yet declares it.
  const node = model.node(id, s, idAt, false);
  node?.style.push(css);
}

function linkStyle(s: Scanner, model: FlowModel): void {
  s.skipSpaces();
  const listAt = s.pos;
  const list = s.match(/default(?=\s)|\d+(?:\s*,\s*\d+)*/y)?.[0];
  if (list === undefined) throw s.fail(`expected default or link numbers, found ${s.describe()}`);
  const targets = list === "default" ? [] : list.split(",").map((n) => Number(n.trim()));
  for (const n of targets) {
    if (n >= model.edges.length) {
      const count = model.edges.length;
      throw s.fail(
        `there is no link ${n}: links are numbered from 0 in the order written, and ${count === 0 ? "none is" : `only 0 to ${count - 1} are`} declared before this line`,
        listAt,
      );
    }
  }
  s.skipSpaces();
  const curve = s.match(/interpolate\s+(\w+)/y);
  if (curve) {
    model.notes.add(
      `link curves (interpolate ${curve[1]}) are not carried over: draw.io links are drawn with right-angle bends`,
    );
    s.skipSpaces();
    if (s.atEnd() || s.peek() === ";") return;
  }
  const { text, at } = s.untilSemicolon();
  const css = model.css(text, s, at);
  if (list === "default") model.defaultLinkStyle.push(css);
  for (const n of targets) model.edges[n]?.style.push(css);
}
