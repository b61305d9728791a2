/**
 * Benchmarks the layout engine: median time to lay out generated specs of 50, 200 and 500
 * nodes (spec → ELK → draw.io XML), and the geometry quality over the whole generated set
 * (overlapping vertices and edges through unrelated vertices, as the lint counts them; both
 * must be 0), and the worst accepted input of a kind a user can send: random graphs without
 * groups, each as large as `LAYOUT_LIMITS` still lets through (the most CPU one layout request
 * may take), beside a 2,000-node chain, the costliest accepted input of any kind. Prints figures,
 * then one JSON line.
 *
 *   npm run bench -- layout            full run
 *   npm run bench -- layout --smoke    a quick run for CI
 */
import { graphSpecs, seededRandom } from "../test/fixtures/graph-specs.ts";
import {
  LAYOUT_LIMITS,
  layoutCost,
  runThoroughness,
  runUnits,
} from "../worker/drawio/layout/cost.ts";
import { elkPlan } from "../worker/drawio/layout/elk-graph.ts";
import {
  type GraphSpecInput,
  GraphSpecSchema,
  layoutGraph,
} from "../worker/drawio/layout/index.ts";
import { lintDocument } from "../worker/drawio/lint/index.ts";
import { layoutTime, warmLayout } from "./layout-time.ts";
import { median } from "./stats.ts";

const smoke = process.argv.includes("--smoke");
const RUNS: Record<number, number> = smoke
  ? { 50: 5, 200: 3, 500: 1 }
  : { 50: 31, 200: 15, 500: 7 };

const round = (v: number) => Math.round(v * 10) / 10;

await warmLayout();

const times: Record<number, number> = {};
console.log(`layout time (spec → draw.io XML), median of N runs, different seeds`);
for (const size of [50, 200, 500]) {
  const runs = RUNS[size] as number;
  times[size] = round(await layoutTime(size, runs));
  const target = size === 200 ? " (target ≤ 300)" : "";
  console.log(`  ${String(size).padStart(3)} nodes: ${times[size]} ms over ${runs} runs${target}`);
}

let overlaps = 0;
let crossings = 0;
const specs = graphSpecs();
for (const { name, spec } of specs) {
  const { document } = await layoutGraph(spec);
  const lint = lintDocument(document);
  const o = lint.filter((f) => f.code === "overlap").length;
  const c = lint.filter((f) => f.code === "edge_crosses_vertex").length;
  if (o + c > 0) console.log(`  ${name}: ${o} overlaps, ${c} edges through vertices`);
  overlaps += o;
  crossings += c;
}
console.log(
  `geometry over ${specs.length} generated specs: ${overlaps} overlaps, ${crossings} edges through vertices`,
);

// The worst accepted flat graphs: per shape, the most random edges the estimate lets through.
const NEAR_LIMIT = smoke
  ? [{ nodes: 120, labelled: false }]
  : [
      { nodes: 80, labelled: false },
      { nodes: 120, labelled: false },
      { nodes: 160, labelled: false },
      { nodes: 200, labelled: false },
      { nodes: 100, labelled: true },
    ];
const randomGraph = (nodes: number, edges: number, labelled: boolean): GraphSpecInput => {
  const random = seededRandom(nodes * 7 + edges);
  return {
    nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, label: `Node ${i}` })),
    edges: Array.from({ length: edges }, (_, i) => ({
      from: `n${Math.floor(random() * nodes)}`,
      to: `n${Math.floor(random() * nodes)}`,
      ...(labelled ? { label: `step ${i}` } : {}),
    })),
  };
};
const accepted = (spec: GraphSpecInput) => {
  const { root } = elkPlan(GraphSpecSchema.parse(spec));
  const cost = layoutCost(root);
  const thoroughness = Number(root.layoutOptions?.["elk.layered.thoroughness"]);
  return runUnits(cost, runThoroughness(cost, thoroughness)) <= LAYOUT_LIMITS.units;
};
let worstFlat = 0;
console.log("the worst accepted flat graphs (random edges, as many as the limits let through):");
for (const { nodes, labelled } of NEAR_LIMIT) {
  let low = nodes;
  let high: number = LAYOUT_LIMITS.units;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (accepted(randomGraph(nodes, mid, labelled))) low = mid;
    else high = mid;
  }
  const spec = randomGraph(nodes, low, labelled);
  const runs: number[] = [];
  for (let run = 0; run < (smoke ? 1 : 3); run++) {
    const started = performance.now();
    await layoutGraph(spec);
    runs.push(performance.now() - started);
  }
  const ms = Math.round(median(runs));
  worstFlat = Math.max(worstFlat, ms);
  console.log(`  ${nodes} nodes, ${low} edges${labelled ? ", every edge labelled" : ""}: ${ms} ms`);
}
// Beside them, the costliest accepted input of any kind: a chain as long as the limits allow.
let chainMs: number | undefined;
if (!smoke) {
  const length = 2_000;
  const chain: GraphSpecInput = {
    nodes: Array.from({ length }, (_, i) => ({ id: `n${i}` })),
    edges: Array.from({ length: length - 1 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
  };
  const started = performance.now();
  await layoutGraph(chain);
  chainMs = Math.round(performance.now() - started);
  console.log(`  beside them, a chain of ${length} nodes: ${chainMs} ms`);
}

console.log(
  JSON.stringify({
    layout_50_ms: times[50],
    layout_200_ms: times[200],
    layout_500_ms: times[500],
    overlaps_total: overlaps,
    edge_crossings_total: crossings,
    layout_worst_flat_ms: worstFlat,
    layout_chain_2000_ms: chainMs,
    smoke,
  }),
);
if (overlaps + crossings > 0) process.exitCode = 1;
