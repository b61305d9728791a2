/**
 * Parsing a block diagram: statement lines (`columns`, `block … end`, `style`, `classDef`,
 * `class`, and lines of blocks, spaces and links) into a {@link BlockDiagram}.
 */
import { ClassDefs, type CssStyle, readCss } from "../class-defs.ts";
import {
  checkDepth,
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import type { Block, BlockDiagram, BlockEdge, Composite } from "./model.ts";
import { type BlockToken, scanLine } from "./scan.ts";

/** The most columns a grid may have: wider grids are not drawings people read. */
const MAX_COLUMNS = 200;

interface Context {
  diagram: BlockDiagram;
  stack: Composite[];
  at: SourceLine;
  /** `style` and `class` lines, applied once every block is known. */
  styles: { id: string; css?: CssStyle; classes?: string[]; at: SourceLine; column: number }[];
}

/**
 * Reads a block diagram's statements.
 *
 * @example
 * parseBlockDiagram(readMermaid("block-beta\n  columns 2\n  a b")).root.children.length; // 2
 */
export function parseBlockDiagram(source: MermaidSource): BlockDiagram {
  const root: Composite = composite("root", source.header, 1);
  root.columns = undefined;
  const diagram: BlockDiagram = {
    root,
    byId: new Map(),
    edges: [],
    spaces: 0,
    classDefs: new ClassDefs(),
    notes: [],
  };
  const context: Context = { diagram, stack: [root], at: source.header, styles: [] };
  if (source.headerRest !== "") {
    throw mermaidSyntax(
      source.header,
      `unexpected "${source.headerRest}" after ${source.header.text.split(/\s/)[0]}`,
      source.header.text.indexOf(source.headerRest),
    );
  }
  for (const at of source.lines) {
    context.at = at;
    statement(context, at);
  }
  if (context.stack.length > 1) {
    const open = context.stack[context.stack.length - 1] as Composite;
    throw mermaidSyntax(open.at, `block ${open.id} is never closed with end`);
  }
  applyStyles(context);
  return diagram;
}

function composite(id: string, at: SourceLine, span: number): Composite {
  return {
    kind: "composite",
    id,
    label: "",
    span,
    columns: undefined,
    children: [],
    classes: [],
    css: [],
    at,
  };
}

function statement(context: Context, at: SourceLine): void {
  const text = at.text;
  const current = context.stack[context.stack.length - 1] as Composite;
  let m = /^columns\s+(\S+)$/.exec(text);
  if (m) {
    const value = m[1] as string;
    if (value === "auto") current.columns = undefined;
    else if (/^\d+$/.test(value) && Number(value) >= 1)
      current.columns = Math.min(MAX_COLUMNS, Number(value));
    else throw mermaidSyntax(at, "columns takes a number or auto", text.indexOf(value));
    return;
  }
  if (/^block(?=$|:)/.test(text)) {
    openBlock(context, at);
    return;
  }
  if (text === "end") {
    if (context.stack.length === 1) throw mermaidSyntax(at, "end closes no block");
    context.stack.pop();
    return;
  }
  m = /^style\s+([^\s,]+)\s+(.+)$/.exec(text);
  if (m) {
    const column = text.indexOf(m[2] as string);
    const { style, unsupported } = readCss(m[2] as string, at, column);
    note(context, unsupported, `style ${m[1]}`);
    context.styles.push({
      id: m[1] as string,
      css: style,
      at,
      column: text.indexOf(m[1] as string),
    });
    return;
  }
  m = /^classDef\s+(\S+)\s+(.+?);?$/.exec(text);
  if (m) {
    const { style, unsupported } = readCss(m[2] as string, at, text.indexOf(m[2] as string));
    note(context, unsupported, `classDef ${m[1]}`);
    context.diagram.classDefs.define((m[1] as string).split(","), style);
    return;
  }
  m = /^class\s+(\S+)\s+(\S+?);?$/.exec(text);
  if (m) {
    for (const id of (m[1] as string).split(",")) {
      context.styles.push({
        id,
        classes: [m[2] as string],
        at,
        column: text.indexOf(m[1] as string),
      });
    }
    return;
  }
  if (/^(click|link)\s/.test(text)) {
    context.diagram.notes.push(
      `line ${at.line}: "${text}" was read but draw.io blocks carry no click action`,
    );
    return;
  }
  items(context, at, current);
}

function note(context: Context, unsupported: readonly string[], where: string): void {
  if (unsupported.length === 0) return;
  context.diagram.notes.push(
    `${where}: ${unsupported.join(", ")} has no draw.io counterpart and was left out`,
  );
}

/** `block`, `block:id`, `block:id:2`, `block:id["label"]:2`: a composite block opens. */
function openBlock(context: Context, at: SourceLine): void {
  const m = /^block(?::([\p{L}\p{N}_][\p{L}\p{N}_.-]*)(?:\["([^"]*)"\])?)?(?::(\d+))?$/u.exec(
    at.text,
  );
  if (!m)
    throw mermaidSyntax(at, "a composite block opens as block, block:id or block:id:columns", 5);
  checkDepth(at, context.stack.length, "composite blocks");
  const parent = context.stack[context.stack.length - 1] as Composite;
  const id = m[1] ?? `block-${at.line}`;
  if (m[1] !== undefined && context.diagram.byId.has(id))
    throw mermaidSyntax(at, `block ${id} is declared twice`, 6);
  const block = composite(id, at, Math.max(1, Number(m[3] ?? 1)));
  block.label = m[2] ?? "";
  count(context, at);
  context.diagram.byId.set(id, block);
  parent.children.push(block);
  context.stack.push(block);
}

function count(context: Context, at: SourceLine): void {
  if (context.diagram.byId.size >= MAX_MERMAID_NODES) throw tooManyNodes(at);
}

/** A line of blocks, spaces and links. */
function items(context: Context, at: SourceLine, current: Composite): void {
  const tokens = scanLine(at);
  let previous: BlockToken | undefined;
  let pending: Extract<ReturnType<typeof scanLine>[number], { type: "link" }> | undefined;
  for (const token of tokens) {
    if (token.type === "space") {
      if (pending) throw mermaidSyntax(at, "a link ends at a block, not a space", token.column);
      context.diagram.spaces++;
      current.children.push({ kind: "space", span: token.span });
      previous = undefined;
      continue;
    }
    if (token.type === "link") {
      if (!previous || pending)
        throw mermaidSyntax(at, "a link joins two blocks: A --> B", token.column);
      pending = token;
      continue;
    }
    declare(context, at, current, token);
    if (pending && previous) {
      const edge: BlockEdge = {
        from: previous.id,
        to: token.id,
        label: pending.label,
        startArrow: pending.startArrow,
        endArrow: pending.endArrow,
        line: pending.line,
        at,
      };
      context.diagram.edges.push(edge);
      pending = undefined;
    }
    previous = token;
  }
  if (pending) throw mermaidSyntax(at, "the link has no block at its end", pending.column);
}

/** Adds a block to the grid the first time it is named; later mentions update its label and shape. */
function declare(context: Context, at: SourceLine, current: Composite, token: BlockToken): void {
  const known = context.diagram.byId.get(token.id);
  if (known) {
    if (known.kind === "block") {
      if (token.label !== undefined) known.label = token.label;
      if (token.shape !== undefined) known.shape = token.shape;
      if (token.shape === "arrow") known.directions = token.directions;
      if (token.span !== undefined) known.span = token.span;
    }
    return;
  }
  count(context, at);
  const block: Block = {
    kind: "block",
    id: token.id,
    label: token.label ?? token.id,
    shape: token.shape ?? "square",
    span: token.span ?? 1,
    directions: token.directions,
    classes: [],
    css: [],
    at,
  };
  context.diagram.byId.set(block.id, block);
  current.children.push(block);
}

function applyStyles(context: Context): void {
  for (const s of context.styles) {
    const target = context.diagram.byId.get(s.id);
    if (!target) throw mermaidSyntax(s.at, `${s.id} is no block of the diagram`, s.column);
    if (s.css) target.css.push(s.css);
    for (const name of s.classes ?? []) {
      target.classes.push(name);
      if (!context.diagram.classDefs.has(name)) {
        context.diagram.notes.push(
          `class ${name} is used on ${s.id} but never defined with classDef`,
        );
      }
    }
  }
}
