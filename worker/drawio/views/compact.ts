/**
 * The compact view: a page as one short line per cell (id, shape, label, geometry, a few style
 * facts) for a language model to read instead of XML, with optional abbreviated ids.
 */

import { DrawioError } from "../errors.ts";
import { cellId, getCellAttribute } from "../model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { type CellSummary, quoteLabel, summarizeCell } from "./summary.ts";

/** Options for {@link compactView} and {@link compactPage}. */
export interface CompactOptions {
  /** The page to show (index; default 0). */
  page?: number;
  /** Longest label shown, in characters (default 60); longer labels end with `…`. */
  maxLabel?: number;
  /**
   * Write ids that share the page's common generated prefix (`3nuBFxr9cyL0pnOWT2aG-17`) as
   * `~17`, declared in the header (default false). Roughly halves the tokens of pages drawn in
   * draw.io; whoever reads ids back from the model must accept both forms ({@link expandId}).
   */
  abbreviateIds?: boolean;
  /** With `abbreviateIds`: the prefix to abbreviate (default: {@link idPrefixOf} the page). */
  idPrefix?: string | undefined;
}

/** The legend line, so that a model can read the view without other instructions. */
const LEGEND =
  '# vertex: id shape "label" x,y wxh facts {props} · edge: id: source -> target "label" [labelCellId:"text"] facts · indented = inside the container above, x,y relative to it · facts: fill=colour, dashed, img (icon), pts=N waypoints, rel (relative geometry), rot=deg, hidden';

/** The deepest indentation of the view; deeper cells name their container instead. */
const MAX_INDENT = 16;

/** The sigil of abbreviated ids. */
const SIGIL = "~";

/**
 * A token-lean text view of one page for a language model: a header naming the page (and the
 * other pages) with a legend, then one line per cell, depth first as draw.io stores them: a
 * `layer` line heads its cells and cells inside a container are indented under it.
 *
 * @example
 * compactView(parseDiagram(xml));
 * // # page 0 "Page-1" (of 2; others: 1 "Auth") · 3 vertices, 1 edge, 1 layer
 * // # vertex: id shape "label" x,y wxh facts {props} · edge: …
 * // layer 1
 * // lane swimlane "Team" 0,0 400x200
 * //   a rounded "Start" 40,40 120x60 fill=#dae8fc
 * //   b rhombus "OK?" 240,30 80x80 {link=https://example.com}
 * //   e1: a -> b "go" [e1-label:"yes"] dashed pts=1
 */
export function compactView(doc: DiagramDocument, options: CompactOptions = {}): string {
  const index = options.page ?? 0;
  const page = doc.pages[index];
  if (!page) {
    throw new DrawioError(
      "page_not_found",
      `there is no page ${index}; the document has ${doc.pages.length}`,
    );
  }
  const others: string[] = [];
  doc.pages.forEach((other, i) => {
    if (i !== index) others.push(`${i} ${JSON.stringify(pageName(other, i))}`);
  });
  const where = others.length > 0 ? ` (of ${doc.pages.length}; others: ${others.join(", ")})` : "";
  return renderPage(
    page,
    `# page ${index} ${JSON.stringify(pageName(page, index))}${where}`,
    options,
  );
}

/**
 * The compact view of a single page (see {@link compactView}), without the other pages' names.
 *
 * @example
 * compactPage(doc.pages[1], { maxLabel: 40 }).split("\n")[0]; // '# page "Auth" · 12 vertices, 9 edges, 1 layer'
 */
export function compactPage(page: DiagramPage, options: CompactOptions = {}): string {
  return renderPage(page, `# page ${JSON.stringify(pageName(page, 0))}`, options);
}

function pageName(page: DiagramPage, index: number): string {
  return page.attributes.name ?? page.attributes.id ?? `Page-${index + 1}`;
}

function renderPage(page: DiagramPage, title: string, options: CompactOptions): string {
  const rootId = findRootId(page);
  const summaries = page.cells.map((cell) => summarizeCell(cell, rootId));
  const byId = new Map<string, CellSummary>();
  for (const s of summaries) if (!byId.has(s.id)) byId.set(s.id, s);

  // Labels that sit on an edge (vertices whose parent is an edge) go on the edge's line.
  const edgeLabels = new Map<string, CellSummary[]>();
  const children = new Map<string, CellSummary[]>();
  for (const s of summaries) {
    if (s.parent === undefined) continue;
    const folded = s.kind === "vertex" && byId.get(s.parent)?.kind === "edge";
    const index = folded ? edgeLabels : children;
    const list = index.get(s.parent);
    if (list) list.push(s);
    else index.set(s.parent, [s]);
  }

  const prefix = options.abbreviateIds
    ? "idPrefix" in options
      ? options.idPrefix
      : idPrefixOf(page)
    : undefined;
  const ids = prefix ? (id: string) => abbreviate(id, prefix) : undefined;
  const maxLabel = options.maxLabel ?? 60;
  const lines: string[] = [];
  const shown = new Set<CellSummary>();
  const emit = (s: CellSummary, depth: number, parentShown: boolean): void => {
    shown.add(s);
    const folded = edgeLabels.get(s.id) ?? [];
    for (const label of folded) shown.add(label);
    // Past MAX_INDENT levels the indentation stops growing and the line names its parent:
    // 50,000 cells nested in each other would otherwise indent by 2.5 billion spaces.
    const deep = depth > MAX_INDENT;
    const line = formatCellLine(s, {
      maxLabel,
      edgeLabels: folded,
      parentShown: parentShown && !deep,
      ids,
    });
    lines.push(depth > 0 ? "  ".repeat(Math.min(depth, MAX_INDENT)) + line : line);
  };
  // Depth first from the root with an explicit stack: deep nesting must not overflow.
  const stack: Array<[CellSummary, number]> = [];
  const pushChildren = (id: string, depth: number): void => {
    const list = children.get(id) ?? [];
    for (let i = list.length - 1; i >= 0; i--) stack.push([list[i] as CellSummary, depth]);
  };
  if (rootId !== undefined) pushChildren(rootId, 0);
  while (stack.length > 0) {
    const [s, depth] = stack.pop() as [CellSummary, number];
    if (shown.has(s)) continue;
    // A vertex or edge straight on the root is not on any layer: name its parent.
    emit(s, depth, s.parent !== rootId || s.kind === "layer" || s.kind === "cell");
    pushChildren(s.id, s.kind === "layer" ? 0 : depth + 1);
  }
  // Whatever the walk did not reach (unknown parent, cycles, a second root) still gets a line.
  for (const s of summaries) if (!shown.has(s) && s.kind !== "root") emit(s, 0, false);

  let vertices = 0;
  let edges = 0;
  let layers = 0;
  for (const s of summaries) {
    if (s.kind === "edge") edges++;
    else if (s.kind === "layer") layers++;
    else if (s.kind === "vertex" && byId.get(s.parent ?? "")?.kind !== "edge") vertices++;
  }
  const head = `${title} · ${plural(vertices, "vertex", "vertices")}, ${plural(edges, "edge", "edges")}, ${plural(layers, "layer", "layers")}`;
  const idLine = prefix
    ? [`# ${SIGIL}N stands for the id ${JSON.stringify(`${prefix}N`)} (tools accept both)`]
    : [];
  return [head, LEGEND, ...idLine, ...lines].join("\n");
}

/**
 * The id of the page's root cell: the first cell without a parent.
 *
 * @example
 * findRootId(parseDiagram(xml).pages[0]); // "0"
 */
export function findRootId(page: DiagramPage): string | undefined {
  for (const cell of page.cells) {
    if (getCellAttribute(cell, "parent") === undefined) return cellId(cell);
  }
  return undefined;
}

/**
 * The prefix that draw.io-generated ids of the page share (`<random>-` before a number), when at
 * least three ids use it and no id starts with `~`; the one with most ids wins.
 *
 * @example
 * idPrefixOf(page); // "3nuBFxr9cyL0pnOWT2aG-"
 */
export function idPrefixOf(page: DiagramPage): string | undefined {
  const counts = new Map<string, number>();
  for (const cell of page.cells) {
    const id = cellId(cell) ?? "";
    if (id.startsWith(SIGIL)) return undefined;
    const match = /^(.{4,}-)\d+$/.exec(id);
    if (match) counts.set(match[1] as string, (counts.get(match[1] as string) ?? 0) + 1);
  }
  let best: string | undefined;
  let bestCount = 2;
  for (const [prefix, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && prefix < best)) {
      best = prefix;
      bestCount = count;
    }
  }
  return best;
}

/**
 * An id as the model may have copied it from an abbreviated view, in full.
 *
 * @example
 * expandId("~17", "3nuBFxr9cyL0pnOWT2aG-"); // "3nuBFxr9cyL0pnOWT2aG-17"
 * expandId("a1", "3nuBFxr9cyL0pnOWT2aG-");  // "a1"
 */
export function expandId(id: string, prefix: string | undefined): string {
  return prefix !== undefined && id.startsWith(SIGIL) ? prefix + id.slice(SIGIL.length) : id;
}

function abbreviate(id: string, prefix: string): string {
  if (!id.startsWith(prefix)) return id;
  const rest = id.slice(prefix.length);
  return /^\d+$/.test(rest) ? SIGIL + rest : id;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Options for {@link formatCellLine}. */
export interface LineOptions {
  /** The layer whose children need no `in=` (default `"1"`). */
  defaultLayer?: string;
  /** True when the reader already sees the parent (indentation), false to always name it. */
  parentShown?: boolean;
  /** Longest label shown, in characters (default 60). */
  maxLabel?: number;
  /** How ids are written (for abbreviated views); as stored by default. */
  ids?: ((id: string) => string) | undefined;
  /** Edge-label cells folded into an edge's line. */
  edgeLabels?: readonly CellSummary[];
}

/** Longest custom property value shown. */
const MAX_PROP = 32;

/**
 * One compact line for a cell:
 * vertices `id shape "label" x,y wxh in=parent facts {props}`, edges
 * `id: source -> target "label" [labelId:"text"] facts`, layers `layer id "name"`.
 *
 * @example
 * formatCellLine(summarizeCell(cell, "0")); // '5 rounded "Start" 40,20 120x60 fill=#dae8fc'
 */
export function formatCellLine(s: CellSummary, options: LineOptions = {}): string {
  const max = options.maxLabel ?? 60;
  const id = options.ids ?? ((value: string) => value);
  const ref = (value: string | undefined) => (value === undefined ? "?" : id(value));
  const parts: string[] = [];
  if (s.kind === "layer") parts.push(`layer ${id(s.id)}`);
  else if (s.kind === "edge") parts.push(`${id(s.id)}: ${ref(s.source)} -> ${ref(s.target)}`);
  else parts.push(id(s.id), s.kind === "vertex" ? (s.shape ?? "rect") : s.kind);
  if (s.label !== "") parts.push(quoteLabel(s.label, max));
  for (const folded of options.edgeLabels ?? []) {
    parts.push(`[${id(folded.id)}:${quoteLabel(folded.label, max)}]`);
  }
  if (s.rect !== undefined) parts.push(s.rect);
  const parentShown = options.parentShown ?? s.parent === (options.defaultLayer ?? "1");
  if (s.kind !== "layer" && s.kind !== "root" && !parentShown) parts.push(`in=${ref(s.parent)}`);
  parts.push(...s.facts);
  if (s.props.length > 0) {
    parts.push(`{${s.props.map(([k, v]) => `${k}=${propValue(v)}`).join(" ")}}`);
  }
  return parts.join(" ");
}

function propValue(value: string): string {
  const text = value.replace(/\s+/g, " ").trim();
  const cut = text.length > MAX_PROP ? `${text.slice(0, MAX_PROP - 1)}…` : text;
  return /^[^\s"{}=]+$/.test(cut) ? cut : JSON.stringify(cut);
}
