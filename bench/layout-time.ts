import { largeSpec } from "../test/fixtures/graph-specs.ts";
import { runElk } from "../worker/drawio/layout/elk.ts";
import { elkPlan } from "../worker/drawio/layout/elk-graph.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { GraphSpecSchema } from "../worker/drawio/layout/spec.ts";
import { median } from "./stats.ts";

/**
 * Warms the engine up as a long-lived Worker isolate is (its first runs compile a lot of code),
 * with seeds that differ from the measured ones.
 */
export async function warmLayout(): Promise<void> {
  for (const size of [50, 200, 50, 200]) await layoutGraph(largeSpec(size, 100 + size));
}

/**
 * The median time (ms, unrounded) to lay out generated specs of `size` nodes (spec → draw.io
 * XML), over `runs` runs with seeds 1…runs.
 *
 * @example
 * await warmLayout(); await layoutTime(200, 15); // 231.4
 */
export async function layoutTime(size: number, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const spec = largeSpec(size, run + 1);
    const started = performance.now();
    await layoutGraph(spec);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** Layout time split between ELK and our own work, each the median over the same runs. */
export interface LayoutTimeSplit {
  total: number;
  elk: number;
  own: number;
}

/**
 * Times {@link layoutTime}'s runs (same sizes, same seeds) and, right after each, ELK alone on
 * the same graph: our own part of each run is its total minus ELK's, so a machine that runs
 * slower for a while slows both sides of the difference alike.
 *
 * @example
 * await warmLayout(); await layoutTimeSplit(200, 15); // { total: 231.4, elk: 198.7, own: 33.1 }
 */
export async function layoutTimeSplit(size: number, runs: number): Promise<LayoutTimeSplit> {
  const totals: number[] = [];
  const elks: number[] = [];
  const owns: number[] = [];
  for (let run = 0; run < runs; run++) {
    const spec = largeSpec(size, run + 1);
    let started = performance.now();
    await layoutGraph(spec);
    const total = performance.now() - started;
    const plan = elkPlan(GraphSpecSchema.parse(spec));
    started = performance.now();
    await runElk(plan.root);
    const elk = performance.now() - started;
    totals.push(total);
    elks.push(elk);
    owns.push(Math.max(0, total - elk));
  }
  return { total: median(totals), elk: median(elks), own: median(owns) };
}
