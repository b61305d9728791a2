import { largeSpec } from "../test/fixtures/graph-specs.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
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
