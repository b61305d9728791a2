/**
 * The layout judge, side by side with Graphviz dot: lays out the generated specs of
 * `test/fixtures/graph-specs.ts` and the quality specs (checkout flow, state machine, swimlanes,
 * AWS, Kubernetes, a 60-node DAG, a 150-node random graph) with our engine and with dot (same
 * node sizes, same direction, groups as clusters), measures both with the same judge
 * (`bench/quality/judge.ts`) and times our layout at 200 and 500 nodes. Per spec it also prints
 * the ratios of #39: our crossings over dot's, and our layout time (spec → drawn page) over dot's
 * (DOT text → drawn JSON), both timed in this process as the median of a few warm runs (`ms`:
 * ours), and, for specs with groups, ELK's run alone over dot's whole layout (`elk/dot`; not
 * for pools, which run ELK more than once). Specs without groups are marked `flat`: there the
 * goal is a crossings ratio of at most 1 each, and the layout is all ours (no ELK run): their
 * median time ratio is printed apart. Prints a table, then one JSON line.
 *
 *   npm run bench -- quality               full run
 *   npm run bench -- quality --smoke       fewer timing runs (CI)
 *   npm run bench -- quality --verbose     every finding, per spec
 *   npm run bench -- quality --only=aws    only the specs whose name contains "aws"
 */
import { shapeCatalog } from "../shape-libraries/catalog.ts";
import { graphSpecs, type NamedSpec } from "../test/fixtures/graph-specs.ts";
import { qualitySpecs } from "../test/fixtures/quality-specs.ts";
import type { Direction } from "../worker/drawio/geometry/direction.ts";
import { runElk } from "../worker/drawio/layout/elk.ts";
import { elkPlan } from "../worker/drawio/layout/elk-graph.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { withLibraryShapes } from "../worker/drawio/layout/library-nodes.ts";
import { poolOf } from "../worker/drawio/layout/pool/index.ts";
import { relayoutPage } from "../worker/drawio/layout/relayout/index.ts";
import { GraphSpecSchema } from "../worker/drawio/layout/spec.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { layoutTimeSplit, warmLayout } from "./layout-time.ts";
import { dotLayout } from "./quality/dot-layout.ts";
import { type Judgement, judge } from "./quality/judge.ts";
import { median } from "./stats.ts";

const smoke = process.argv.includes("--smoke");
const verbose = process.argv.includes("--verbose");
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const RUNS: Record<number, number> = smoke ? { 200: 5, 500: 3 } : { 200: 15, 500: 7 };
/**
 * Timed runs per spec, for the time ratio to dot (after the judged run, which warms both): at
 * least `min`, and more while our runs have taken less than `ms` in all (up to `max`), so that
 * a small spec's median is not one garbage collection's pause.
 */
const SPEC_RUNS = smoke ? { min: 1, ms: 40, max: 9 } : { min: 3, ms: 150, max: 31 };
/** The layout time goals of #14 (spec → XML, ELK included), shown beside the figures. */
const TOTAL_GOAL_MS: Record<number, number> = { 200: 500, 500: 3000 };
/** The gate: our own work around ELK (total minus ELK's run on the same graphs), about 3× today's. */
const OWN_LIMIT_MS: Record<number, number> = { 200: 200, 500: 600 };
const shapes = shapeCatalog();

type Counted = Omit<Judgement, "details">;
const KEYS: (keyof Counted)[] = [
  "crossings",
  "shared",
  "against",
  "dangling",
  "ambiguous",
  "overlaps",
  "throughVertex",
];
const zero = (): Counted => Object.fromEntries(KEYS.map((k) => [k, 0])) as unknown as Counted;
const add = (into: Counted, from: Counted) => {
  for (const k of KEYS) into[k] += from[k];
};

const ratio = (x: number, y: number) => (y === 0 ? (x === 0 ? 1 : Infinity) : x / y);
const fixed = (value: number | undefined) =>
  (value === undefined ? "–" : value === Infinity ? "inf" : value.toFixed(2)).padStart(6);

const specs: NamedSpec[] = [...qualitySpecs(), ...graphSpecs()].filter(
  (s) => only === undefined || s.name.includes(only),
);
const ours = zero();
const relaid = zero();
const dot = zero();
const dotFailed: string[] = [];
/** Per spec with a dot drawing: the two ratios of #39, and whether the spec has no groups. */
const perSpec: { name: string; flat: boolean; ours: number; dot: number; time: number }[] = [];
/** Per spec with groups laid out in one ELK run (not a pool): ELK's run alone over dot's. */
const elkRatios: number[] = [];
const header = `${"spec".padEnd(28)} ${"crossings".padStart(11)} ${"against".padStart(9)} ${"shared".padStart(8)} ${"x/dot".padStart(6)} ${"t/dot".padStart(6)} ${"ms".padStart(6)} ${"elk/dot".padStart(7)}  other (ours)`;
console.log(`layout quality, ours vs Graphviz dot (${specs.length} specs)`);
console.log(header);
for (const { name, spec } of specs) {
  const parsed = GraphSpecSchema.parse(spec);
  const direction = parsed.direction as Direction;
  const mine = await layoutGraph(spec, { shapes });
  const a = judge(mine.document, direction);
  let b: Judgement | undefined;
  let timeRatio: number | undefined;
  let oursMedian: number | undefined;
  let elkRatio: number | undefined;
  try {
    const input = withLibraryShapes(parsed, shapes);
    const theirs = await dotLayout(input);
    b = judge(parseDiagram(theirs.xml), direction);
    const oursMs: number[] = [];
    const dotMs: number[] = [];
    const elkMs: number[] = [];
    // Graphs without groups never reach ELK; pools run it more than once.
    const usesElk = input.groups.length > 0 && poolOf(input) === undefined;
    let spent = 0;
    for (let run = 0; run < SPEC_RUNS.max && (run < SPEC_RUNS.min || spent < SPEC_RUNS.ms); run++) {
      const started = performance.now();
      await layoutGraph(spec, { shapes });
      oursMs.push(performance.now() - started);
      spent += oursMs[oursMs.length - 1] as number;
      dotMs.push((await dotLayout(input)).ms);
      if (!usesElk) continue;
      // ELK's run alone on the graph layoutGraph hands it.
      const plan = elkPlan(input);
      const elkStarted = performance.now();
      await runElk(plan.root);
      elkMs.push(performance.now() - elkStarted);
    }
    oursMedian = median(oursMs);
    const dotMedian = Math.max(median(dotMs), 0.01);
    timeRatio = oursMedian / dotMedian;
    if (usesElk) {
      elkRatio = median(elkMs) / dotMedian;
      elkRatios.push(elkRatio);
    }
  } catch (error) {
    dotFailed.push(`${name}: ${(error as Error).message}`);
  }
  add(ours, a);
  // Re-layout ("tidy up") of the same drawing, as POST /v1/diagrams/{id}/layout runs it.
  const tidied = await relayoutPage(mine.document, { direction });
  const c = judge(tidied.document, direction);
  add(relaid, c);
  const flat = parsed.groups.length === 0;
  if (b) {
    add(dot, b);
    perSpec.push({ name, flat, ours: a.crossings, dot: b.crossings, time: timeRatio ?? 0 });
  }
  const crossingRatio = b ? ratio(a.crossings, b.crossings) : undefined;
  const pair = (k: keyof Counted, width: number) => `${a[k]}/${b ? b[k] : "–"}`.padStart(width);
  const other = (["dangling", "ambiguous", "overlaps", "throughVertex"] as const)
    .filter((k) => a[k] > 0)
    .map((k) => `${k} ${a[k]}`)
    .join(", ");
  console.log(
    `${name.padEnd(28)} ${pair("crossings", 11)} ${pair("against", 9)} ${pair("shared", 8)} ${fixed(crossingRatio)} ${fixed(timeRatio)} ${(oursMedian === undefined ? "–" : oursMedian.toFixed(0)).padStart(6)} ${fixed(elkRatio).padStart(7)}  ${flat ? "flat " : ""}${other}`,
  );
  if (verbose) {
    for (const line of a.details) console.log(`    ${line}`);
    const changed = KEYS.filter((k) => c[k] !== a[k]).map((k) => `${k} ${c[k]}`);
    if (changed.length > 0) console.log(`    re-layout: ${changed.join(", ")}`);
  }
}
const flatSpecs = perSpec.filter((s) => s.flat);
const flatOurs = flatSpecs.reduce((sum, s) => sum + s.ours, 0);
const flatDot = flatSpecs.reduce((sum, s) => sum + s.dot, 0);
const flatOver = flatSpecs.filter((s) => ratio(s.ours, s.dot) > 1);
const timeMedian = median(perSpec.map((s) => s.time));
const elkMedian = median(elkRatios);
const flatTimeMedian = median(flatSpecs.map((s) => s.time));
console.log(
  `#39, per spec against dot: ${flatOver.length} of ${flatSpecs.length} specs without groups cross more than dot (${flatOver.map((s) => `${s.name} ${s.ours}/${s.dot}`).join(", ") || "none"}); crossings over those specs ${flatOurs}/${flatDot}; layout time over dot's, median over ${perSpec.length} specs, ${timeMedian.toFixed(2)}× (goals: none over, at most 1×); over the ${flatSpecs.length} specs without groups (our own engine, no ELK) ${flatTimeMedian.toFixed(2)}×; ELK's run alone ${elkMedian.toFixed(2)}× (median over the ${elkRatios.length} specs with groups laid out in one run)`,
);
console.log(
  `totals, ours/dot: crossings ${ours.crossings}/${dot.crossings}, against the flow ${ours.against}/${dot.against}, shared segments ${ours.shared}/${dot.shared}, dangling ends ${ours.dangling}/${dot.dangling}, ambiguous labels ${ours.ambiguous}/${dot.ambiguous}`,
);
console.log(
  `re-layout of our drawings: crossings ${relaid.crossings}, against the flow ${relaid.against}, shared segments ${relaid.shared}, dangling ends ${relaid.dangling}, ambiguous labels ${relaid.ambiguous}, overlaps ${relaid.overlaps}, edges through vertices ${relaid.throughVertex}`,
);
for (const failure of dotFailed) console.log(`dot could not lay out ${failure}`);

// Timing, as bench/layout.ts measures it: warm isolate, different seeds per run. ELK's own run on
// the same graph is timed right after each run: most of the time is ELK's, and this VM's speed
// swings by 1.5× and more within an hour, so the gate holds our own part (each run's total minus
// ELK's) and the totals are shown against their goals.
await warmLayout();
const times: Record<number, number> = {};
const ownTimes: Record<number, number> = {};
for (const size of [200, 500]) {
  const runs = RUNS[size] as number;
  const split = await layoutTimeSplit(size, runs);
  times[size] = Math.round(split.total);
  const elk = Math.round(split.elk);
  ownTimes[size] = Math.round(split.own);
  const total = TOTAL_GOAL_MS[size] as number;
  console.log(
    `layout time, ${size} nodes: ${times[size]} ms (median of ${runs} runs; goal ${total}: ${times[size] <= total ? "met" : "not met"}), of which ELK's own run ${elk} ms and ours ${ownTimes[size]} ms (limit ${OWN_LIMIT_MS[size]})`,
  );
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const figures = {
  shared_segments_total: ours.shared,
  crossings_ratio_vs_dot: round3(ratio(ours.crossings, dot.crossings)),
  against_flow_ratio_vs_dot: round3(ratio(ours.against, dot.against)),
  dangling_ends_total: ours.dangling,
  ambiguous_labels_total: ours.ambiguous,
  overlaps_total: ours.overlaps,
  edge_crossings_total: ours.throughVertex,
  layout_200_ms: times[200],
  layout_500_ms: times[500],
  layout_own_200_ms: ownTimes[200],
  layout_own_500_ms: ownTimes[500],
  flat_specs_over_dot: flatOver.length,
  flat_crossings_ratio_vs_dot: round3(ratio(flatOurs, flatDot)),
  layout_time_ratio_vs_dot: round3(timeMedian),
  flat_layout_time_ratio_vs_dot: round3(flatTimeMedian),
  elk_time_ratio_vs_dot: round3(elkMedian),
  edge_edge_crossings: ours.crossings,
  dot_edge_edge_crossings: dot.crossings,
  dot_shared_segments_total: dot.shared,
  relayout_crossings_ratio_vs_dot: round3(ratio(relaid.crossings, dot.crossings)),
  relayout_against_flow_ratio_vs_dot: round3(ratio(relaid.against, dot.against)),
  relayout_shared_segments_total: relaid.shared,
  relayout_dangling_ends_total: relaid.dangling,
  relayout_ambiguous_labels_total: relaid.ambiguous,
  specs: specs.length,
  smoke,
};
console.log(JSON.stringify(figures));
// The goals of the judge; with --only the ratios are left out (a few specs prove nothing).
const failed =
  figures.shared_segments_total > 0 ||
  figures.dangling_ends_total > 0 ||
  figures.ambiguous_labels_total > 0 ||
  figures.overlaps_total > 0 ||
  figures.edge_crossings_total > 0 ||
  figures.relayout_shared_segments_total > 0 ||
  figures.relayout_dangling_ends_total > 0 ||
  figures.relayout_ambiguous_labels_total > 0 ||
  (only === undefined &&
    (figures.crossings_ratio_vs_dot > 0.9 ||
      figures.against_flow_ratio_vs_dot > 1 ||
      figures.relayout_crossings_ratio_vs_dot > 0.9 ||
      figures.relayout_against_flow_ratio_vs_dot > 1)) ||
  (ownTimes[200] ?? 0) > (OWN_LIMIT_MS[200] as number) ||
  (ownTimes[500] ?? 0) > (OWN_LIMIT_MS[500] as number);
if (failed) process.exitCode = 1;
