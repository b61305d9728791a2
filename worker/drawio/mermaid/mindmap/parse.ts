/**
 * Reads a Mermaid mind map: one node per line, its parent found from the indentation (the
 * closest earlier node indented less), a shape from its brackets, and `::icon(…)` / `:::class`
 * lines decorating the node above them. Markdown strings may run over several lines.
 */
import {
  checkDepth,
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { mermaidBreaks } from "../syntax.ts";
import type { MindmapModel, MindmapNode, MindmapShape } from "./model.ts";

/** Each opening bracket, longest first, with its closing bracket and the shape they draw. */
const BRACKETS: readonly (readonly [string, string, MindmapShape])[] = [
  ["((", "))", "circle"],
  ["))", "((", "bang"],
  ["{{", "}}", "hexagon"],
  ["(", ")", "rounded"],
  [")", "(", "cloud"],
  ["[", "]", "square"],
];

/** A node line's id, label and shape. */
interface NodeText {
  id: string;
  label: string;
  shape: MindmapShape;
}

/**
 * Reads the tree of a mind map. The first node is the root; a later node indented no more than
 * the root is refused (a mind map has one root), as is an unclosed bracket or text after one.
 *
 * @example
 * parseMindmap(readMermaid("mindmap\n  root((Plan))\n    Scope")).root.children[0]?.label; // "Scope"
 */
export function parseMindmap(source: MermaidSource): MindmapModel {
  const nodes: MindmapNode[] = [];
  const notes: string[] = [...source.notes];
  const stack: { indent: number; node: MindmapNode }[] = [];
  const lines = joinMarkdownLines(source.lines);
  for (const at of lines) {
    const last = nodes[nodes.length - 1];
    if (decorate(at, last)) continue;
    if (nodes.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    const indent = at.column - 1;
    const root = stack[0];
    if (root && indent <= root.indent) {
      throw mermaidSyntax(
        at,
        `a mind map has one root (line ${root.node.at.line}): indent this node more than the root`,
      );
    }
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.node;
    const depth = parent ? parent.depth + 1 : 0;
    checkDepth(at, depth + 1, "mind map levels");
    const node: MindmapNode = {
      ...readNode(at),
      index: nodes.length,
      classes: [],
      children: [],
      depth,
      section:
        parent === undefined ? -1 : parent.depth === 0 ? parent.children.length : parent.section,
      at,
    };
    parent?.children.push(node);
    nodes.push(node);
    stack.push({ indent, node });
  }
  const root = nodes[0];
  if (root === undefined)
    throw mermaidSyntax(source.header, "a mind map needs a root node on the line after `mindmap`");
  return { root, nodes, notes };
}

/** Applies an `::icon(…)` or `:::class` line to the node above it; false for other lines. */
function decorate(at: SourceLine, node: MindmapNode | undefined): boolean {
  const icon = at.text.startsWith("::icon(");
  const classes = !icon && at.text.startsWith(":::");
  if (!icon && !classes) return false;
  if (node === undefined)
    throw mermaidSyntax(at, "an icon or class decorates a node: write the node first");
  if (classes) {
    node.classes.push(
      ...at.text
        .slice(3)
        .trim()
        .split(/\s+/)
        .filter((c) => c !== ""),
    );
    return true;
  }
  const close = at.text.indexOf(")");
  if (close < 0) throw mermaidSyntax(at, "::icon( is never closed with )", at.text.length);
  if (close !== at.text.length - 1) {
    throw mermaidSyntax(at, "nothing may follow ::icon(…) on its line", close + 1);
  }
  node.icon = at.text.slice(7, close).trim();
  return true;
}

/** The id, label and shape of a node line (`id[label]`, `id((label))`, or plain text). */
function readNode(at: SourceLine): NodeText {
  const text = at.text;
  const open = text.search(/[([{)]/);
  if (open < 0) return { id: text, label: mermaidBreaks(text), shape: "default" };
  const bracket = BRACKETS.find(([o]) => text.startsWith(o, open));
  if (bracket === undefined) {
    throw mermaidSyntax(at, "a hexagon opens with {{ and closes with }}", open);
  }
  const [opener, closer, shape] = bracket;
  const start = open + opener.length;
  const { label, end } = readLabel(at, start, closer, opener, open);
  const rest = text.slice(end + closer.length);
  if (rest.trim() !== "") {
    const blank = rest.length - rest.trimStart().length;
    throw mermaidSyntax(
      at,
      `nothing may follow the node's closing ${closer}`,
      end + closer.length + blank,
    );
  }
  const id = text.slice(0, open).trim();
  return { id: id === "" ? label : id, label, shape };
}

/**
 * The label between a node's brackets, quoted (`"…"`, `` "`…`" ``) or not, and where its
 * closing bracket starts. An unclosed bracket or quote is refused at its column.
 */
function readLabel(
  at: SourceLine,
  start: number,
  closer: string,
  opener: string,
  open: number,
): { label: string; end: number } {
  const text = at.text;
  const body = text.slice(start).trimStart();
  const from = text.length - body.length;
  const quote = body.startsWith('"`') ? '`"' : body.startsWith('"') ? '"' : undefined;
  if (quote !== undefined) {
    const inner = from + (quote === '`"' ? 2 : 1);
    const stop = text.indexOf(quote, inner);
    if (stop < 0)
      throw mermaidSyntax(at, `the string that starts here is never closed with ${quote}`, from);
    const after = stop + quote.length;
    const end = text.indexOf(closer, after);
    if (end < 0 || text.slice(after, end).trim() !== "") {
      throw mermaidSyntax(
        at,
        `the node opened with ${opener} is never closed with ${closer}`,
        open,
      );
    }
    return { label: mermaidBreaks(text.slice(inner, stop)), end };
  }
  const end = text.lastIndexOf(closer);
  if (end < start) {
    throw mermaidSyntax(at, `the node opened with ${opener} is never closed with ${closer}`, open);
  }
  return { label: mermaidBreaks(text.slice(start, end)), end };
}

/**
 * The lines with each markdown string that runs over several lines (`` "`…`" `` opened and not
 * closed on its line) joined into its first line, its lines kept apart by `\n`.
 */
function joinMarkdownLines(lines: readonly SourceLine[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i] as SourceLine;
    const open = at.text.indexOf('"`');
    if (open < 0 || at.text.includes('`"', open + 2)) {
      out.push(at);
      continue;
    }
    let text = at.text;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const next = (lines[j] as SourceLine).text;
      text += `\n${next}`;
      if (next.includes('`"')) break;
    }
    if (j >= lines.length)
      throw mermaidSyntax(at, 'the markdown string that starts here is never closed with `"', open);
    out.push({ ...at, text });
    i = j;
  }
  return out;
}
