/**
 * Reads a Mermaid treemap: `"Section"` lines and `"Leaf": 12` lines whose indentation gives the
 * hierarchy, `:::class` marks, `classDef` styles and the `title`.
 */
import { ClassDefs, readCss } from "../class-defs.ts";
import {
  checkDepth,
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import type { TreeItem, Treemap } from "./model.ts";

const ITEM =
  /^(?:"([^"]*)"|'([^']*)')\s*(?::::([\w-]+))?\s*(?::\s*([+-]?[\d.,_]+)\s*(?::::([\w-]+))?)?\s*;?$/;
const CLASS_DEF = /^classDef\s+([\w-]+(?:\s*,\s*[\w-]+)*)\s+(.*?);?$/;
const TITLE = /^title(?:\s+(.*))?$/;

/**
 * The treemap a source holds; text it cannot read is refused with its line and column.
 *
 * @example
 * parseTreemap(readMermaid('treemap-beta\n"A"\n  "B": 3')).leaves; // 1
 */
export function parseTreemap(source: MermaidSource): Treemap {
  const model: Treemap = {
    roots: [],
    classDefs: new ClassDefs(),
    sections: 0,
    leaves: 0,
    notes: [...source.notes],
    ...(source.title === undefined ? {} : { title: source.title }),
  };
  const stack: { indent: number; item: TreeItem }[] = [];
  for (const at of source.lines) {
    if (readStatement(at, model)) continue;
    const item = readItem(at);
    const indent = at.column - 1;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1)?.item;
    if (parent?.value !== undefined) {
      throw mermaidSyntax(
        at,
        `"${parent.label}" has a value, so it is a leaf and cannot hold items; remove its value to make it a section`,
      );
    }
    checkDepth(at, stack.length + 1, "treemap sections");
    if (model.sections + model.leaves >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    if (item.value === undefined) model.sections++;
    else model.leaves++;
    (parent ? parent.children : model.roots).push(item);
    stack.push({ indent, item });
  }
  for (const root of model.roots) total(root, model.notes);
  return model;
}

function readStatement(at: SourceLine, model: Treemap): boolean {
  const title = TITLE.exec(at.text);
  if (title) {
    const text = (title[1] ?? "").trim().replace(/^"(.*)"$/, "$1");
    if (text !== "") model.title = text;
    return true;
  }
  const def = CLASS_DEF.exec(at.text);
  if (!def) return false;
  const names = (def[1] as string).split(",").map((n) => n.trim());
  const css = readCss(def[2] as string, at, at.text.indexOf(def[2] as string));
  model.classDefs.define(names, css.style);
  for (const key of css.unsupported) {
    model.notes.push(
      `line ${at.line}: the style "${key}" of classDef ${names.join(", ")} has no draw.io counterpart and was not applied`,
    );
  }
  return true;
}

function readItem(at: SourceLine): TreeItem {
  const m = ITEM.exec(at.text);
  if (!m) {
    const quoted = /^["']/.test(at.text);
    throw mermaidSyntax(
      at,
      quoted
        ? 'expected "Section" or "Leaf": value, optionally followed by :::class'
        : 'a treemap item is a quoted name: "Section" or "Leaf": value',
      quoted ? Math.max(0, endOfName(at.text)) : 0,
    );
  }
  const classes = [m[3], m[5]].filter((c): c is string => c !== undefined);
  const item: TreeItem = { label: m[1] ?? m[2] ?? "", total: 0, classes, children: [], at };
  if (m[4] !== undefined) {
    const value = Number(m[4].replace(/[,_]/g, ""));
    if (!Number.isFinite(value)) {
      throw mermaidSyntax(at, `"${m[4]}" is not a number`, at.text.indexOf(m[4]));
    }
    item.value = value;
  }
  return item;
}

/** Where the quoted name ends: the column offset of the first non-blank after it. */
function endOfName(text: string): number {
  const close = text.indexOf(text[0] as string, 1);
  if (close < 0) return text.length;
  return close + 1 + (/^\s*/.exec(text.slice(close + 1))?.[0].length ?? 0);
}

function total(item: TreeItem, notes: string[]): number {
  if (item.value !== undefined) {
    if (item.value <= 0) {
      notes.push(
        `line ${item.at.line}: "${item.label}" has the value ${item.value}; a treemap draws areas, so it is drawn as a thin sliver`,
      );
    }
    item.total = Math.max(0, item.value);
    return item.total;
  }
  item.total = item.children.reduce((sum, child) => sum + total(child, notes), 0);
  return item.total;
}
