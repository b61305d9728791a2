import type { Rect } from "./cell.ts";
import type { Finding } from "./findings.ts";
import { type LayoutCell, PageLayout } from "./geometry.ts";
import { lintCrossings } from "./lint-crossings.ts";
import { describeCell, lintLabels, plainLabel, quoteId } from "./lint-labels.ts";
import type { DiagramDocument, DiagramPage } from "./model.ts";
import { getStyleValue } from "./style.ts";

/** The finding codes the geometry lint produces, in the order findings about one cell appear. */
export type LintCode = "overlap" | "edge_crosses_vertex" | "outside_container" | "label_overflow";

const LINT_CODES: readonly LintCode[] = [
  "overlap",
  "edge_crosses_vertex",
  "outside_container",
  "label_overflow",
];

/** Options for {@link lintPage} and {@link lintDocument}. */
export interface LintOptions {
  /** Rules to run (default: all). */
  rules?: readonly LintCode[];
  /** Sibling rectangles must overlap by more than this many px on both axes (default 4). */
  overlapTolerance?: number;
  /** Vertices are shrunk by this many px on each side before edges are tested (default 4). */
  crossingInset?: number;
  /** Children may stick out of their container by this many px (default 1). */
  containerTolerance?: number;
}

type Report = (cell: LayoutCell, code: LintCode, message: string, secondary?: number) => void;

/**
 * Finds layout problems on one page — overlapping siblings, edges drawn through unrelated
 * vertices, children outside their container, labels too big for their shape — as warnings
 * whose messages say which cells to change and how. Findings come in document order.
 *
 * @example
 * const findings = lintPage(parseDiagram(xml).pages[0]);
 * findings[0]; // { code: "overlap", severity: "warning", message: 'vertices "a" ("API") and "b" …', cellId: "b" }
 */
export function lintPage(page: DiagramPage, options: LintOptions = {}): Finding[] {
  const layout = new PageLayout(page);
  const rules = new Set(options.rules ?? LINT_CODES);
  const found: Array<{ finding: Finding; key: [number, number, number] }> = [];
  const report: Report = (cell, code, message, secondary = -1) =>
    found.push({
      finding: { code, severity: "warning", message, cellId: cell.id },
      key: [cell.index, LINT_CODES.indexOf(code), secondary],
    });
  if (rules.has("overlap")) lintOverlaps(layout, options.overlapTolerance ?? 4, report);
  if (rules.has("edge_crosses_vertex")) {
    lintCrossings(layout, options.crossingInset ?? 4, (edge, message, vertexIndex) =>
      report(edge, "edge_crosses_vertex", message, vertexIndex),
    );
  }
  if (rules.has("outside_container")) {
    lintContainment(layout, options.containerTolerance ?? 1, report);
  }
  if (rules.has("label_overflow")) {
    lintLabels(layout, (cell, message) => report(cell, "label_overflow", message));
  }
  found.sort((p, q) => p.key[0] - q.key[0] || p.key[1] - q.key[1] || p.key[2] - q.key[2]);
  return found.map((f) => f.finding);
}

/**
 * Lints every page; findings carry the page index when the document has more than one page.
 *
 * @example
 * lintDocument(parseDiagram(xml)).filter((f) => f.code === "overlap");
 */
export function lintDocument(doc: DiagramDocument, options: LintOptions = {}): Finding[] {
  const multi = doc.pages.length > 1;
  return doc.pages.flatMap((page, i) =>
    lintPage(page, options).map((f) => (multi ? { ...f, page: i } : f)),
  );
}

/**
 * Sort-and-sweep over each parent's labelled children. Unlabelled shapes are left out: their
 * overlaps are drawing (floor plans, icons, decorations), while two labels colliding is what
 * makes a diagram unreadable.
 */
function lintOverlaps(layout: PageLayout, tol: number, report: Report): void {
  const groups = new Map<LayoutCell | undefined, LayoutCell[]>();
  for (const cell of layout.cells) {
    if (!isPlacedVertex(layout, cell) || cell.rect.width <= 0 || cell.rect.height <= 0) continue;
    if (plainLabel(cell) === "") continue;
    const group = groups.get(cell.parent);
    if (group) group.push(cell);
    else groups.set(cell.parent, [cell]);
  }
  for (const group of groups.values()) {
    group.sort((a, b) => a.rect.x - b.rect.x || a.index - b.index);
    let active: LayoutCell[] = [];
    for (const cell of group) {
      const r = cell.rect;
      active = active.filter((o) => o.rect.x + o.rect.width - r.x > tol);
      for (const other of active) {
        const [first, second] = other.index < cell.index ? [other, cell] : [cell, other];
        const a = first.rect;
        const b = second.rect;
        const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (ox <= tol || oy <= tol || isBackdrop(a, b, tol) || isBackdrop(b, a, tol)) continue;
        const gap = 20;
        const x =
          b.x + b.width / 2 >= a.x + a.width / 2 ? a.x + a.width + gap : a.x - b.width - gap;
        const y =
          b.y + b.height / 2 >= a.y + a.height / 2 ? a.y + a.height + gap : a.y - b.height - gap;
        const moves =
          ox <= oy
            ? [`x=${Math.round(x)}`, `y=${Math.round(y)}`]
            : [`y=${Math.round(y)}`, `x=${Math.round(x)}`];
        report(
          second,
          "overlap",
          `vertices ${describeCell(first)} and ${describeCell(second)} overlap by ${Math.round(ox)}×${Math.round(oy)} px; move ${quoteId(second.id)} to ${moves[0]} (or ${moves[1]}) so they no longer intersect, or move ${quoteId(first.id)} instead`,
          first.index,
        );
      }
      active.push(cell);
    }
  }
}

/** A small shape lying wholly on a much larger one is deliberate layering, not a collision. */
function isBackdrop(outer: Rect, inner: Rect, tol: number): boolean {
  return (
    inner.x >= outer.x - tol &&
    inner.y >= outer.y - tol &&
    inner.x + inner.width <= outer.x + outer.width + tol &&
    inner.y + inner.height <= outer.y + outer.height + tol &&
    inner.width * inner.height <= 0.5 * outer.width * outer.height
  );
}

function lintContainment(layout: PageLayout, tol: number, report: Report): void {
  for (const cell of layout.cells) {
    const parent = cell.parent;
    if (!isPlacedVertex(layout, cell) || !parent?.vertex || !parent.geometry) continue;
    if (spansTableCells(cell)) continue;
    const p = parent.rect;
    const r = cell.rect;
    if (p.width <= 0 && p.height <= 0) continue;
    const sides: string[] = [];
    if (r.x < -tol) sides.push("left");
    if (r.y < -tol) sides.push("top");
    if (r.x + r.width > p.width + tol) sides.push("right");
    if (r.y + r.height > p.height + tol) sides.push("bottom");
    if (sides.length === 0) continue;
    const fix =
      r.width <= p.width && r.height <= p.height
        ? `move it inside (x from 0 to ${Math.round(p.width - r.width)}, y from 0 to ${Math.round(p.height - r.height)}) or enlarge ${quoteId(parent.id)}`
        : `enlarge ${quoteId(parent.id)} to at least ${Math.round(r.width)}×${Math.round(r.height)} and move ${quoteId(cell.id)} inside, or make ${quoteId(cell.id)} smaller`;
    report(
      cell,
      "outside_container",
      `vertex ${describeCell(cell)} sticks out of the ${sides.join(" and ")} side of its container ${describeCell(parent)}: its x=${Math.round(r.x)}, y=${Math.round(r.y)}, width=${Math.round(r.width)}, height=${Math.round(r.height)} are relative to ${quoteId(parent.id)}, which is ${Math.round(p.width)}×${Math.round(p.height)}; ${fix}`,
    );
  }
}

function isPlacedVertex(layout: PageLayout, cell: LayoutCell): boolean {
  return (
    cell.vertex &&
    cell.geometry !== undefined &&
    !cell.relative &&
    layout.isVisible(cell) &&
    !cell.parent?.edge
  );
}

/** A merged table cell (rowspan/colspan) reaches into the rows and columns after its own. */
function spansTableCells(cell: LayoutCell): boolean {
  const rows = Number(getStyleValue(cell.style, "rowspan") ?? 1);
  const cols = Number(getStyleValue(cell.style, "colspan") ?? 1);
  return rows > 1 || cols > 1;
}
