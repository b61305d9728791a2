/**
 * Mermaid conversion time beside the layout engine alone. A generated 200-node system
 * (test/fixtures/graph-specs.ts `largeSpec`) is written as a Mermaid flowchart; the graph it
 * describes is the spec the converter builds from it (its nodes in Mermaid's order, with the
 * shapes Mermaid names), and laying that spec out is the baseline. `convertMermaid` on the text
 * (read → parse → spec → the same layout) is measured beside it. Medians of wall time in one
 * process (CPU-bound, single-threaded), interleaved so both see the same machine. Goal (#20):
 * conversion ≤ layout + 20 ms. Prints figures, then one JSON line.
 *
 *   npm run bench -- mermaid            16 runs
 *   npm run bench -- mermaid --smoke    4 runs, printed only (CI)
 */
import { largeSpec } from "../test/fixtures/graph-specs.ts";
import { mermaidOfSpec } from "../test/fixtures/mermaid-of-spec.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { parseFlowchart } from "../worker/drawio/mermaid/flowchart/parse.ts";
import { flowchartSpec } from "../worker/drawio/mermaid/flowchart/spec.ts";
import { convertMermaid } from "../worker/drawio/mermaid/index.ts";
import { readMermaid } from "../worker/drawio/mermaid/source.ts";
import { warmLayout } from "./layout-time.ts";
import { median } from "./stats.ts";

const smoke = process.argv.includes("--smoke");
const runs = smoke ? 4 : 16;
await warmLayout();
// The converter's own code warmed up too, as in a long-lived isolate.
await convertMermaid(mermaidOfSpec(largeSpec(50, 99)) ?? "");
const layoutMs: number[] = [];
const convertMs: number[] = [];
const parseMs: number[] = [];
for (let run = 0; run < runs; run++) {
  const text = mermaidOfSpec(largeSpec(200, run + 1));
  if (text === undefined) throw new Error("the generated spec has what Mermaid cannot say");
  const { model, direction } = parseFlowchart(readMermaid(text));
  const spec = flowchartSpec(model, direction, "default");
  // Which goes first alternates, so neither always pays for the other's garbage.
  const timeLayout = async () => {
    const started = performance.now();
    await layoutGraph(spec);
    layoutMs.push(performance.now() - started);
  };
  const timeConvert = async () => {
    const started = performance.now();
    const result = await convertMermaid(text);
    convertMs.push(performance.now() - started);
    return result;
  };
  let converted: Awaited<ReturnType<typeof convertMermaid>>;
  if (run % 2 === 0) {
    await timeLayout();
    converted = await timeConvert();
  } else {
    converted = await timeConvert();
    await timeLayout();
  }
  const started = performance.now();
  flowchartSpec(parseFlowchart(readMermaid(text)).model, direction, "default");
  parseMs.push(performance.now() - started);
  if (converted.nodes !== spec.nodes.length) {
    throw new Error(`converted ${converted.nodes} nodes, the spec has ${spec.nodes.length}`);
  }
}
const layout = median(layoutMs);
const convert = median(convertMs);
const goal = layout + 20;
const parse = median(parseMs);
console.log(`200-node flowchart, median of ${runs}:`);
console.log(`  read + parse + spec    ${parse.toFixed(1)} ms`);
console.log(`  layoutGraph(spec)      ${layout.toFixed(1)} ms`);
console.log(
  `  convertMermaid(text)   ${convert.toFixed(1)} ms (goal ≤ layout + 20 = ${goal.toFixed(1)}${convert <= goal ? "" : ": NOT MET"})`,
);
console.log(
  JSON.stringify({
    mermaid_200_ms: Number(convert.toFixed(1)),
    layout_200_ms: Number(layout.toFixed(1)),
    mermaid_overhead_ms: Number((convert - layout).toFixed(1)),
    mermaid_parse_200_ms: Number(parse.toFixed(1)),
  }),
);
// Four runs are too few to judge a 20 ms margin on a busy machine: the smoke run only prints.
if (convert > goal && !smoke) process.exitCode = 1;
