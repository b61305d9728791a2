/**
 * The renderer against the hostile pages of `test/fixtures/hostile/` (long labels, embedded SVG
 * images with blur filters, an edge with 100,000 waypoints, a PNG at the pixel cap full of
 * gradients and shadows, tens of thousands of cells, stencils or table rows), in process and
 * step by step, drawn as the render routes draw it: `prepareXml` (what `POST /v1/render` checks), then
 * `renderSvg`, then for PNG cases the rasteriser (`fit` as a public link asks). Each case runs in
 * a child process with a deadline, so one that hangs is reported, not waited for.
 *
 *   node bench/render-hostile.ts                every case (60 s deadline each)
 *   node bench/render-hostile.ts waypoints      the cases whose names contain a word
 *   node bench/render-hostile.ts --deadline 20  another deadline, in seconds
 *
 * Prints one line per case: the answer (`ok`, or the error code a route would answer with) and
 * the time of each step; a JSON line at the end with the slowest case. Fails past 2 s.
 */

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { renderCases } from "./render-hostile-cases.ts";

const GOAL_MS = 2_000;
const args = process.argv.slice(2);
const deadlineAt = args.indexOf("--deadline");
const deadline = deadlineAt === -1 ? 60 : Number(args[deadlineAt + 1]);
const words = args.filter(
  (a, i) => !a.startsWith("--") && (deadlineAt === -1 || i !== deadlineAt + 1),
);
const child = fileURLToPath(new URL("./render-hostile-one.ts", import.meta.url));

const cases = renderCases().filter(
  (c) => words.length === 0 || words.some((w) => c.name.includes(w)),
);
let worst = { name: "", ms: 0 };
let failed = false;
for (const { name } of cases) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ["--max-old-space-size=1024", child, name], {
    encoding: "utf8",
    timeout: deadline * 1000,
  });
  const wall = performance.now() - started;
  let line: string;
  let ms: number;
  if (run.error || run.status !== 0) {
    ms = wall;
    const why = run.error ? `killed after ${deadline} s` : run.stderr.trim().split("\n").at(-1);
    line = `${name.slice(0, 70).padEnd(70)} FAILED ${why}`;
    failed = true;
  } else {
    const result = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as {
      answer: string;
      steps: Record<string, number>;
      total: number;
    };
    ms = result.total;
    const steps = Object.entries(result.steps)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(", ");
    line = `${name.slice(0, 70).padEnd(70)} ${String(Math.round(ms)).padStart(6)} ms  ${result.answer.padEnd(22)} (${steps})`;
    if (result.answer.startsWith("500")) failed = true;
  }
  if (ms > worst.ms) worst = { name, ms };
  if (ms > GOAL_MS) failed = true;
  console.log(line);
}
console.log(JSON.stringify({ render_hostile_worst_ms: Math.round(worst.ms), worst: worst.name }));
if (failed) process.exitCode = 1;
