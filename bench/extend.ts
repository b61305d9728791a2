/**
 * "Extend, don't redraw" (issue #32): applies edits of each kind (append after a shape, insert
 * into a link, the same replacing the link, link two unconnected shapes, add inside a container
 * or lane, a chain of three) to the corpus files and to generated layouts, once with
 * `add_graph` (ours) and once as plain `add` operations with the coordinates a model would
 * write (baseline), and measures both from absolute coordinates. Prints a row per case, a
 * summary per kind, then one JSON line; exits 1 when a goal is missed.
 *
 *   npm run bench -- extend                 full run
 *   npm run bench -- extend --smoke         a handful of files (CI)
 *   npm run bench -- extend --no-goal       print only, never fail
 *   npm run bench -- extend --baseline-only the baseline alone
 */
import { shapeCatalog } from "../shape-libraries/catalog.ts";
import { type Applied, applyEdit, hasAddGraph, type Peer } from "./extend/apply-edit.ts";
import { corpusCases, type ExtendCase, generatedCases, timingCases } from "./extend/cases.ts";
import { measureExtend } from "./extend/measure.ts";
import { addOneByAddGraph, measureRelayoutOrder } from "./extend/relayout-order.ts";
import { printCases, printSummary } from "./extend/report.ts";
import { type CaseResult, figuresOf, type Outcome, tally } from "./extend/tally.ts";
import { percentile } from "./stats.ts";

const smoke = process.argv.includes("--smoke");
const noGoal = process.argv.includes("--no-goal");
const ours = !process.argv.includes("--baseline-only") && hasAddGraph();
const shapes = shapeCatalog();
const TIMED_EDITS = smoke ? 20 : 40;

function outcomeOf(peer: Peer, c: ExtendCase): Outcome {
  const applied: Applied = applyEdit(peer, c.doc, c.page, c.edit, shapes);
  if (!applied.ok) return { accepted: false, code: applied.code, message: applied.message };
  const before = c.doc.pages[c.page];
  if (!before) throw new Error(`${c.source} has no page ${c.page}`);
  const groups = new Map(c.edit.graph.nodes.flatMap((n) => (n.group ? [[n.id, n.group]] : [])));
  return { accepted: true, figures: measureExtend(before, applied.page, groups) };
}

/** Median `applyOperations` CPU time over edits of every kind on a 1,000-cell page (warm). */
function timing(peer: Peer = "ours"): number | undefined {
  const { doc, edits } = timingCases(TIMED_EDITS);
  // One round to warm up, one timed.
  for (const edit of edits) applyEdit(peer, doc, 0, edit, shapes);
  const times = edits.flatMap((edit) => {
    const applied = applyEdit(peer, doc, 0, edit, shapes);
    return applied.ok ? [applied.ms] : [];
  });
  return times.length === 0 ? undefined : percentile(times, 50);
}

/**
 * The re-layout order figure: the share of pairs of shapes whose order a tidy-up changes after
 * `add_graph` adds one node to each generated layout (`bench/extend/relayout-order.ts`).
 */
async function relayoutOrder(): Promise<number> {
  return (await measureRelayoutOrder(addOneByAddGraph)).share;
}

const cases = [...corpusCases(smoke), ...(await generatedCases(smoke, shapes))];
const results: CaseResult[] = cases.map((c) => ({
  case: c,
  baseline: outcomeOf("baseline", c),
  ...(ours ? { ours: outcomeOf("ours", c) } : {}),
}));

console.log(
  `extend: ${cases.length} edits on ${new Set(cases.map((c) => c.source)).size} pages, each figure ours/baseline`,
);
if (!ours) console.log("add_graph is not in this build (or --baseline-only): ours is not run");
printCases(results);
printSummary(results, ours);

const oursMs = ours ? timing() : undefined;
const order = smoke ? undefined : await relayoutOrder();
const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 100) / 100);
console.log(
  `applyOperations on a 1,000-cell page, p50 of ${TIMED_EDITS} edits of every kind: ${round(oursMs) ?? "–"} ms`,
);

const mine = tally(results.flatMap((r) => r.ours ?? []));
const base = tally(results.map((r) => r.baseline));
const figures = {
  ...(ours ? figuresOf("extend", mine) : {}),
  extend_ms_p50: round(oursMs),
  relayout_order_changes: order === undefined ? null : Math.round(order * 10_000) / 10_000,
  ...figuresOf("baseline", base),
  cases: cases.length,
  files: new Set(cases.filter((c) => !c.generated).map((c) => c.source)).size,
  generated: new Set(cases.filter((c) => c.generated).map((c) => c.source)).size,
  add_graph: ours,
  smoke,
};

// Without add_graph there is nothing of ours to judge: that alone is the missed goal.
const goals: Array<[string, boolean]> = !ours
  ? [["add_graph is built", false]]
  : [
      ["extend_moved_total = 0", mine.moved === 0],
      ["extend_overlaps_total = 0", mine.overlaps === 0],
      ["extend_through_total = 0", mine.through === 0],
      ["extend_outside_total = 0", mine.outside === 0],
      ["extend_shared_total = 0", mine.shared === 0],
      ["extend_dangling_total = 0", mine.dangling === 0],
      ["extend_distance_ratio ≤ 1.5", (mine.distanceRatio ?? Number.POSITIVE_INFINITY) <= 1.5],
      ["extend_accepted_share ≥ 0.98", mine.edits > 0 && mine.accepted / mine.edits >= 0.98],
      ["extend_ms_p50 ≤ 50", oursMs !== undefined && oursMs <= 50],
      ["relayout_order_changes ≤ 0.05", order === undefined || order <= 0.05],
    ];
const missed = goals.filter(([, met]) => !met).map(([name]) => name);
if (missed.length > 0) console.log(`goals missed: ${missed.join(", ")}`);
console.log(JSON.stringify(figures));
if (missed.length > 0 && !noGoal) process.exitCode = 1;
