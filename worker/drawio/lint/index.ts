/**
 * The geometry lint: overlapping shapes, edges through shapes, children outside their
 * container, labels too big for their shape. Findings are warnings, capped like every list
 * ({@link FindingList}); the lint stops once its list is full or its work budget
 * ({@link LINT_BUDGET}) is spent, and says so in the list's last finding.
 */
import { WorkBudget } from "../budget.ts";
import { type Finding, FindingList } from "../check/findings.ts";
import { type LayoutCell, PageLayout } from "../geometry/page-layout.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { getStyleValue } from "../model/style.ts";
import { lintCrossings, vertexCrossingTest } from "./crossings.ts";
import { describeCell, lintLabels, quoteId } from "./labels.ts";
import { isPlacedVertex, lintOverlaps } from "./overlaps.ts";

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
  /**
   * Only findings about these cells (default: all). Edges not named are not even followed, so
   * asking about one edge costs the page's shapes, not every edge's route.
   */
  cells?: ReadonlySet<string>;
}

/**
 * Units of work one lint may do (a pair of shapes compared, a shape tested against an edge's
 * segment, 64 characters of a label read), for one page or a whole document: about a fifth of
 * a second. Linting 5,000 cells and 1,750 random edges costs about 60,000 units; the budget is
 * for what grows with the square of the cells (shapes nested in each other all overlap).
 */
export const LINT_BUDGET = 4_000_000;
/** How far (px) inside a shape's border an edge must run to count as crossing it. */
const DEFAULT_CROSSING_INSET = 4;

/** Reports a finding; false once the lint must stop (its list is full). */
type Report = (cell: LayoutCell, code: LintCode, message: string, secondary?: number) => boolean;

/** What the rules of one lint share: where findings go, what work is left, when to stop. */
interface LintRun {
  report: Report;
  budget: WorkBudget;
  /** True once the list is full or the budget spent. */
  stopped(): boolean;
}

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
  const list = new FindingList();
  lintInto(page, options, list, new WorkBudget(LINT_BUDGET));
  return list.toArray();
}

/**
 * A test of single edges by the `edge_crosses_vertex` rule, for passes that try new drawings
 * of edges on a page whose shapes stay put: the page's shapes are read once, and each edge
 * (`layout.withElement(edge, element)`) is tested as `lintPage` would report it with that rule.
 *
 * @example
 * const crosses = edgeCrossingTest(layout);
 * if (!crosses(layout.withElement(edge, redrawn))) keep(redrawn);
 */
export function edgeCrossingTest(layout: PageLayout): (edge: LayoutCell) => boolean {
  return vertexCrossingTest(layout, DEFAULT_CROSSING_INSET, LINT_BUDGET);
}

/**
 * Lints every page into one capped list; findings carry the page index when the document has
 * more than one page.
 *
 * @example
 * lintDocument(parseDiagram(xml)).filter((f) => f.code === "overlap");
 */
export function lintDocument(doc: DiagramDocument, options: LintOptions = {}): Finding[] {
  const list = new FindingList();
  const budget = new WorkBudget(LINT_BUDGET);
  const multi = doc.pages.length > 1;
  for (const [i, page] of doc.pages.entries()) {
    if (multi) list.page = i;
    if (!lintInto(page, options, list, budget)) break;
  }
  return list.toArray();
}

/** Lints one page into `list`, sorted in document order; false when the lint had to stop. */
function lintInto(
  page: DiagramPage,
  options: LintOptions,
  list: FindingList,
  budget: WorkBudget,
): boolean {
  const layout = new PageLayout(page);
  const rules = new Set(options.rules ?? LINT_CODES);
  const from = list.kept.length;
  const keys: Array<[number, number, number]> = [];
  const run: LintRun = {
    report: (cell, code, message, secondary = -1) => {
      if (options.cells && !options.cells.has(cell.id)) return true;
      if (list.add({ code, severity: "warning", message, cellId: cell.id })) {
        keys.push([cell.index, LINT_CODES.indexOf(code), secondary]);
      }
      return !list.full;
    },
    budget,
    stopped: () => list.full || budget.spent,
  };
  if (rules.has("overlap")) {
    lintOverlaps(
      layout,
      options.overlapTolerance ?? 4,
      (second, message, first) => run.report(second, "overlap", message, first.index),
      budget,
    );
  }
  if (rules.has("edge_crosses_vertex") && !run.stopped()) {
    lintCrossings(
      layout,
      options.crossingInset ?? DEFAULT_CROSSING_INSET,
      (edge, message, vertexIndex) => run.report(edge, "edge_crosses_vertex", message, vertexIndex),
      budget,
      options.cells,
    );
  }
  if (rules.has("outside_container") && !run.stopped()) {
    lintContainment(layout, options.containerTolerance ?? 1, run);
  }
  if (rules.has("label_overflow") && !run.stopped()) {
    lintLabels(layout, (cell, message) => run.report(cell, "label_overflow", message), budget);
  }
  list.sortSince(from, (p, q) => {
    const a = keys[p] as [number, number, number];
    const b = keys[q] as [number, number, number];
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  });
  if (list.full) list.stop();
  if (budget.spent) {
    list.close({
      code: "lint_incomplete",
      severity: "warning",
      message: `the lint stopped after ${budget.used.toLocaleString("en-US")} units of work (its budget is ${LINT_BUDGET.toLocaleString("en-US")}): shapes nested in or stacked on each other by the thousand, or edges with that many waypoints, cost it more than one request may spend; the findings above are what it found before it stopped`,
    });
  }
  return !run.stopped();
}

function lintContainment(layout: PageLayout, tol: number, run: LintRun): void {
  for (const cell of layout.cells) {
    if (!run.budget.tryCharge(1)) return;
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
    const more = run.report(
      cell,
      "outside_container",
      `vertex ${describeCell(cell)} sticks out of the ${sides.join(" and ")} side of its container ${describeCell(parent)}: its x=${Math.round(r.x)}, y=${Math.round(r.y)}, width=${Math.round(r.width)}, height=${Math.round(r.height)} are relative to ${quoteId(parent.id)}, which is ${Math.round(p.width)}×${Math.round(p.height)}; ${fix}`,
    );
    if (!more) return;
  }
}

/** A merged table cell (rowspan/colspan) reaches into the rows and columns after its own. */
function spansTableCells(cell: LayoutCell): boolean {
  const rows = Number(getStyleValue(cell.style, "rowspan") ?? 1);
  const cols = Number(getStyleValue(cell.style, "colspan") ?? 1);
  return rows > 1 || cols > 1;
}
