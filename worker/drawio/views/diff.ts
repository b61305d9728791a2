/**
 * What changed between two versions of a page or document, cell by cell and field by field,
 * and its text form.
 */

import { cellId } from "../model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { finiteNumber } from "../model/numbers.ts";
import { labelToText } from "../text/label-text.ts";
import { isElement, sourceOf, type XmlElement, type XmlNode, type XmlText } from "../xml/nodes.ts";
import { findRootId, formatCellLine } from "./compact.ts";
import { type CellSummary, cellFields, quoteLabel, summarizeCell } from "./summary.ts";

/** One changed field of a cell; `undefined` means the field is not set on that side. */
export interface FieldChange {
  /** `kind`, `label`, `parent`, `source`, `target`, `shape`, `style.<key>`, `x`, `y`,
   * `width`, `height`, `points`, `sourcePoint`, `targetPoint` or `attr.<name>`. */
  field: string;
  before: string | undefined;
  after: string | undefined;
}

/**
 * What changed between two versions of a page, cells matched by id.
 *
 * @example
 * diffPages(before, after);
 * // { added: [{ id: "9", kind: "vertex", … }], removed: [], changed: [{ id: "2", changes: [{ field: "label", before: "A", after: "B" }] }] }
 */
export interface PageDiff {
  /** Cells only in `after`, in its document order. */
  added: CellSummary[];
  /** Cells only in `before`, in its document order. */
  removed: CellSummary[];
  /** Cells in both whose fields differ, in `after`'s document order. */
  changed: Array<{ id: string; changes: FieldChange[] }>;
}

/** Fields compared as numbers, so that `10` and `10.0` are the same. */
const NUMERIC: ReadonlySet<string> = new Set(["x", "y", "width", "height"]);

/**
 * Compares two versions of a page in one pass over each (cells matched by id through a map).
 *
 * @example
 * const diff = diffPages(parseDiagram(a).pages[0], parseDiagram(b).pages[0]);
 * formatDiff(diff); // '~ 2: label "Start" → "Begin"; fillColor #fff → #f00'
 */
export function diffPages(before: DiagramPage, after: DiagramPage): PageDiff {
  const beforeCells = keyed(before.cells);
  const afterCells = keyed(after.cells);
  const diff: PageDiff = { added: [], removed: [], changed: [] };
  const beforeRoot = findRootId(before);
  const afterRoot = findRootId(after);
  for (const [key, cell] of beforeCells) {
    if (!afterCells.has(key)) diff.removed.push(summarizeCell(cell, beforeRoot));
  }
  for (const [key, cell] of afterCells) {
    const old = beforeCells.get(key);
    if (old === undefined) {
      diff.added.push(summarizeCell(cell, afterRoot));
      continue;
    }
    if (old === cell) continue;
    const source = sourceOf(old);
    if ((source !== undefined && source === sourceOf(cell)) || sameTree(old, cell)) continue;
    const changes = compareFields(cellFields(old), cellFields(cell));
    if (changes.length > 0) diff.changed.push({ id: cellId(cell) ?? "", changes });
  }
  return diff;
}

/** Cells by id, in document order; a repeated id is keyed by its occurrence so none is lost. */
function keyed(cells: readonly XmlElement[]): Map<string, XmlElement> {
  const out = new Map<string, XmlElement>();
  for (const cell of cells) {
    const id = cellId(cell) ?? "";
    let key = id;
    for (let n = 2; out.has(key); n++) key = `${id}\u0000${n}`;
    out.set(key, cell);
  }
  return out;
}

/** Deep equality of two elements (attribute order ignored): the cheap test most cells pass. */
function sameTree(a: XmlElement, b: XmlElement): boolean {
  if (a.name !== b.name || a.children.length !== b.children.length) return false;
  let count = 0;
  for (const key in a.attrs) {
    if (a.attrs[key] !== b.attrs[key]) return false;
    count++;
  }
  for (const _ in b.attrs) count--;
  if (count !== 0) return false;
  for (let i = 0; i < a.children.length; i++) {
    const x = a.children[i] as XmlNode;
    const y = b.children[i] as XmlNode;
    if (isElement(x) !== isElement(y)) return false;
    if (isElement(x) ? !sameTree(x, y as XmlElement) : x.text !== (y as XmlText).text) return false;
  }
  return true;
}

function compareFields(a: Map<string, string>, b: Map<string, string>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, before] of a) {
    const after = b.get(field);
    if (!same(field, before, after)) changes.push({ field, before, after });
  }
  for (const [field, after] of b) {
    if (!a.has(field) && !same(field, undefined, after)) {
      changes.push({ field, before: undefined, after });
    }
  }
  return changes;
}

function same(field: string, a: string | undefined, b: string | undefined): boolean {
  if (a === b) return true;
  if (NUMERIC.has(field)) return finiteNumber(a ?? "0", 0) === finiteNumber(b ?? "0", 0);
  // `rounded=1` already shows as its own style key.
  if (field === "shape")
    return (a === "rect" || a === "rounded") && (b === "rect" || b === "rounded");
  return false;
}

/** Options for {@link formatDiff}. */
export interface FormatDiffOptions {
  /** Longest label or value shown (default 60). */
  maxLabel?: number;
  /** The layer whose cells need no `in=` on added/removed lines (default `"1"`). */
  defaultLayer?: string;
}

/**
 * A diff in the compact-view line format: `+ ` added cells, `- ` removed cells, `~ id: …` changed
 * fields (`x,y` and `wxh` pairs joined); `no changes` when there are none.
 *
 * @example
 * formatDiff(diffPages(before, after));
 * // + 9 rect "New step" 40,200 120x60
 * // - 4: 2 -> 3
 * // ~ 2: label "A" → "B"; fillColor #fff → #f00; at 10,20 → 40,20
 */
export function formatDiff(diff: PageDiff, options: FormatDiffOptions = {}): string {
  const max = options.maxLabel ?? 60;
  const lineOptions = { maxLabel: max, defaultLayer: options.defaultLayer ?? "1" };
  const lines: string[] = [];
  for (const s of diff.added) lines.push(`+ ${formatCellLine(s, lineOptions)}`);
  for (const s of diff.removed) lines.push(`- ${formatCellLine(s, lineOptions)}`);
  for (const { id, changes } of diff.changed) {
    lines.push(`~ ${id}: ${formatChanges(changes, max).join("; ")}`);
  }
  return lines.length === 0 ? "no changes" : lines.join("\n");
}

function formatChanges(changes: readonly FieldChange[], max: number): string[] {
  const byField = new Map(changes.map((c) => [c.field, c]));
  const out: string[] = [];
  const pairs: Array<[string, string, string, string]> = [
    ["x", "y", "at", ","],
    ["width", "height", "size", "x"],
  ];
  const done = new Set<string>();
  for (const change of changes) {
    if (done.has(change.field)) continue;
    const pair = pairs.find(([a, b]) => change.field === a || change.field === b);
    const other = pair && byField.get(change.field === pair[0] ? pair[1] : pair[0]);
    if (pair && other) {
      const [first, second] = change.field === pair[0] ? [change, other] : [other, change];
      const side = (key: "before" | "after") =>
        `${first[key] ?? "0"}${pair[3]}${second[key] ?? "0"}`;
      out.push(`${pair[2]} ${side("before")} → ${side("after")}`);
      done.add(other.field);
      continue;
    }
    out.push(formatChange(change, max));
  }
  return out;
}

function formatChange({ field, before, after }: FieldChange, max: number): string {
  const name = field.replace(/^(style|attr)\./, "");
  if (field === "label") {
    const a = labelText(before);
    const b = labelText(after);
    if (a === b) return `label ${quoteLabel(b, max)} (formatting)`;
    return `label ${quoteLabel(a, max)} → ${quoteLabel(b, max)}`;
  }
  const show = (value: string | undefined) => {
    if (value === undefined) return "unset";
    return /^[^\s"]{1,40}$/.test(value) ? value : quoteLabel(value, Math.min(max, 40));
  };
  return `${name} ${show(before)} → ${show(after)}`;
}

/** Labels are shown as plain text; markup is assumed when the value looks like HTML. */
function labelText(raw: string | undefined): string {
  if (raw === undefined) return "";
  return labelToText(raw, /<[a-z/!]|&[#a-z0-9]+;/i.test(raw));
}

/** A page of one side of a document diff. */
export interface PageRef {
  index: number;
  id: string | undefined;
  name: string | undefined;
}

/**
 * What changed between two documents: pages matched by id, then by name, then (pages with
 * neither, as in bare models) by position.
 *
 * @example
 * diffDocuments(a, b);
 * // { addedPages: [{ index: 1, id: "p2", name: "Auth" }], removedPages: [], pages: [{ before, after, diff }] }
 */
export interface DocumentDiff {
  addedPages: PageRef[];
  removedPages: PageRef[];
  /** Every page present on both sides, in `after`'s order, with its (possibly empty) diff. */
  pages: Array<{ before: PageRef; after: PageRef; diff: PageDiff }>;
}

/**
 * Compares two documents page by page (see {@link DocumentDiff} for how pages are matched).
 *
 * @example
 * formatDocumentDiff(diffDocuments(parseDiagram(a), parseDiagram(b)));
 */
export function diffDocuments(before: DiagramDocument, after: DiagramDocument): DocumentDiff {
  const anonymous = new Map<PageRef, string>();
  const refs = (doc: DiagramDocument): PageRef[] =>
    doc.pages.map((p, index) => {
      const ref = { index, id: p.attributes.id, name: p.attributes.name };
      if (ref.id === undefined && ref.name === undefined) anonymous.set(ref, String(index));
      return ref;
    });
  const left = refs(before);
  const right = refs(after);
  const match = new Map<number, PageRef>();
  const taken = new Set<PageRef>();
  const pair = (key: (ref: PageRef) => string | undefined) => {
    const open = new Map<string, PageRef>();
    for (const ref of left) {
      const k = key(ref);
      if (k !== undefined && !taken.has(ref) && !open.has(k)) open.set(k, ref);
    }
    for (const ref of right) {
      const k = key(ref);
      const found = k === undefined || match.has(ref.index) ? undefined : open.get(k);
      if (found === undefined) continue;
      match.set(ref.index, found);
      taken.add(found);
      open.delete(k as string);
    }
  };
  pair((ref) => ref.id);
  pair((ref) => ref.name);
  pair((ref) => anonymous.get(ref));
  const diff: DocumentDiff = { addedPages: [], removedPages: [], pages: [] };
  for (const ref of right) {
    const old = match.get(ref.index);
    if (old === undefined) diff.addedPages.push(ref);
    else {
      const pages = [before.pages[old.index], after.pages[ref.index]] as [DiagramPage, DiagramPage];
      diff.pages.push({ before: old, after: ref, diff: diffPages(...pages) });
    }
  }
  diff.removedPages = left.filter((ref) => !taken.has(ref));
  return diff;
}

/**
 * A document diff as text: `+ page`/`- page` lines, then a `page N "name"` line (noting a rename)
 * above each changed page's {@link formatDiff} lines; `no changes` when there are none.
 *
 * @example
 * formatDocumentDiff(diff);
 * // + page 1 "Auth"
 * // page 0 "Overview"
 * // ~ 2: label "A" → "B"
 */
export function formatDocumentDiff(diff: DocumentDiff, options: FormatDiffOptions = {}): string {
  const title = (ref: PageRef) => {
    const name = ref.name ?? ref.id;
    return name === undefined ? `page ${ref.index}` : `page ${ref.index} ${JSON.stringify(name)}`;
  };
  const lines: string[] = [];
  for (const ref of diff.addedPages) lines.push(`+ ${title(ref)}`);
  for (const ref of diff.removedPages) lines.push(`- ${title(ref)}`);
  for (const { before, after, diff: page } of diff.pages) {
    const renamed = before.name !== after.name;
    const empty = page.added.length + page.removed.length + page.changed.length === 0;
    if (empty && !renamed) continue;
    lines.push(
      renamed ? `${title(after)} (was ${JSON.stringify(before.name ?? "")})` : title(after),
    );
    if (!empty) lines.push(formatDiff(page, options));
  }
  return lines.length === 0 ? "no changes" : lines.join("\n");
}
