/**
 * Benchmarks the layout engine: median time to lay out generated specs of 50, 200 and 500
 * nodes (spec → ELK → draw.io XML), and the geometry quality over the whole generated set
 * (overlapping vertices and edges through unrelated vertices, as the lint counts them; both
 * must be 0). Prints figures, then one JSON line.
 *
 *   npm run bench -- layout            full run
 *   npm run bench -- layout --smoke    a quick run for CI
 */
import { graphSpecs } from "../test/fixtures/graph-specs.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { lintDocument } from "../worker/drawio/lint/index.ts";
import { layoutTime, warmLayout } from "./layout-time.ts";

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

console.log(
  JSON.stringify({
    layout_50_ms: times[50],
    layout_200_ms: times[200],
    layout_500_ms: times[500],
    overlaps_total: overlaps,
    edge_crossings_total: crossings,
    smoke,
  }),
);
if (overlaps + crossings > 0) process.exitCode = 1;
