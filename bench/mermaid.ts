/**
 * Mermaid conversion time beside the layout engine alone: the same generated 200-node system
 * (test/fixtures/graph-specs.ts `largeSpec`) as a graph spec through `layoutGraph`, and written
 * as a Mermaid flowchart through `convertMermaid` (parse → spec → the same layout). Medians of
 * wall time in one process (CPU-bound, single-threaded), interleaved so both see the same
 * machine. Goal (#20): conversion ≤ layout + 20 ms. Prints figures, then one JSON line.
 *
 *   npm run bench -- mermaid            15 runs
 *   npm run bench -- mermaid --smoke    3 runs
 */
import { largeSpec } from "../test/fixtures/graph-specs.ts";
import { mermaidOfSpec } from "../test/fixtures/mermaid-of-spec.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { convertMermaid } from "../worker/drawio/mermaid/index.ts";
import { warmLayout } from "./layout-time.ts";
import { median } from "./stats.ts";

const runs = process.argv.includes("--smoke") ? 3 : 15;
await warmLayout();
const layoutMs: number[] = [];
const convertMs: number[] = [];
for (let run = 0; run < runs; run++) {
  const spec = largeSpec(200, run + 1);
  const text = mermaidOfSpec(spec);
  if (text === undefined) throw new Error("the generated spec has what Mermaid cannot say");
  let started = performance.now();
  await layoutGraph(spec);
  layoutMs.push(performance.now() - started);
  started = performance.now();
  const converted = await convertMermaid(text);
  convertMs.push(performance.now() - started);
  if (converted.nodes !== spec.nodes.length) {
    throw new Error(`converted ${converted.nodes} nodes, the spec has ${spec.nodes.length}`);
  }
}
const layout = median(layoutMs);
const convert = median(convertMs);
const goal = layout + 20;
console.log(`200-node flowchart, median of ${runs}:`);
console.log(`  layoutGraph(spec)      ${layout.toFixed(1)} ms`);
console.log(
  `  convertMermaid(text)   ${convert.toFixed(1)} ms (goal ≤ layout + 20 = ${goal.toFixed(1)}${convert <= goal ? "" : ": NOT MET"})`,
);
console.log(
  JSON.stringify({
    mermaid_200_ms: Number(convert.toFixed(1)),
    layout_200_ms: Number(layout.toFixed(1)),
    mermaid_overhead_ms: Number((convert - layout).toFixed(1)),
  }),
);
if (convert > goal) process.exitCode = 1;
