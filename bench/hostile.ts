/**
 * Times every hostile input of issue #31 (`test/fixtures/hostile/`) against the real Worker
 * (`unstable_startWorker`, workerd, fresh storage): on the render, convert, layout, XPath and
 * public paths, each answer's time and the slowest `GET /healthz` answered meanwhile (a case
 * that holds the isolate up shows there). Prints a row per case, then one JSON line. Exits
 * non-zero on a 5xx, an unexpected status, a failed check, or (unless `--no-goal`) a case over
 * the goal of 2 s for its answer or its probe.
 *
 *   node bench/hostile.ts                   every case
 *   node bench/hostile.ts --issue           only the cases that reproduce a finding of the issue
 *   node bench/hostile.ts --only PNG        cases whose name contains "PNG" (--skip: do not)
 *   node bench/hostile.ts --timeout 20000   give up on an answer after 20 s (default 60 s)
 *   node bench/hostile.ts --fresh           a new Worker for each case (slow; for a baseline
 *                                           where one hang would spoil every case after it)
 */
import { HOSTILE_CASES, type HostileCase } from "../test/fixtures/hostile/index.ts";
import { type HostileResult, HostileRunner } from "../test/support/hostile-runner.ts";
import { startLocalWorker } from "../test/support/local-worker.ts";

const GOAL_MS = 2_000;
const KEY = "hostile-bench-key";

const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const skip = args.includes("--skip") ? args[args.indexOf("--skip") + 1] : undefined;
const timeoutMs = args.includes("--timeout") ? Number(args[args.indexOf("--timeout") + 1]) : 60_000;
const cases = HOSTILE_CASES.filter(
  (c) =>
    (!args.includes("--issue") || c.issue !== undefined) &&
    (only === undefined || c.name.toLowerCase().includes(only.toLowerCase())) &&
    (skip === undefined || !c.name.toLowerCase().includes(skip.toLowerCase())),
);

/** Runs `list` on one Worker (or, with `--fresh`, each case on a new one: a hang spoils nothing after it). */
async function runAll(list: readonly HostileCase[], report: (r: HostileResult) => void) {
  const groups = args.includes("--fresh") ? list.map((c) => [c]) : [list];
  for (const group of groups) {
    const worker = await startLocalWorker({ API_KEYS: KEY, RATE_LIMIT: "off" });
    try {
      const runner = new HostileRunner({ origin: worker.url, key: KEY, timeoutMs });
      await runner.warmUp();
      for (const hostile of group) report(await runner.run(hostile));
    } finally {
      await worker.dispose();
    }
  }
}

const results: HostileResult[] = [];
console.log(`${cases.length} hostile cases against the local Worker (goal ≤ ${GOAL_MS} ms)\n`);
console.log(
  `${"case".padEnd(78)} ${"path".padEnd(7)} ${"status".padEnd(9)} ${"answer".padStart(8)} ${"probe".padStart(8)}`,
);
await runAll(cases, (result) => {
  results.push(result);
  const statuses = [...new Set(result.statuses)].join("/");
  const over = result.ms > GOAL_MS || result.probeMs > GOAL_MS ? "  over goal" : "";
  const problems = result.problems.length ? `  ✗ ${result.problems.join("; ")}` : "";
  console.log(
    `${result.name.slice(0, 78).padEnd(78)} ${result.path.padEnd(7)} ${statuses.padEnd(9)} ${`${result.ms} ms`.padStart(8)} ${`${result.probeMs} ms`.padStart(8)}${over}${problems}`,
  );
});

const slowest = results.reduce<HostileResult | undefined>(
  (a, b) => (a && a.ms >= b.ms ? a : b),
  undefined,
);
const worstProbe = results.reduce<HostileResult | undefined>(
  (a, b) => (a && a.probeMs >= b.probeMs ? a : b),
  undefined,
);
const failed = results.filter((r) => r.problems.length > 0);
const overGoal = results.filter((r) => r.ms > GOAL_MS || r.probeMs > GOAL_MS);
const serverErrors = results.reduce((n, r) => n + r.statuses.filter((s) => s >= 500).length, 0);
const byPath = Object.fromEntries(
  [...new Set(results.map((r) => r.path))].map((path) => [
    path,
    Math.max(...results.filter((r) => r.path === path).map((r) => Math.max(r.ms, r.probeMs))),
  ]),
);
console.log(
  `\nslowest answer ${slowest?.ms} ms (${slowest?.name}); worst probe ${worstProbe?.probeMs} ms (${worstProbe?.name})`,
);
console.log(
  JSON.stringify({
    cases: results.length,
    slowest_answer_ms: slowest?.ms ?? 0,
    worst_probe_ms: worstProbe?.probeMs ?? 0,
    worst_ms_by_path: byPath,
    over_goal: overGoal.length,
    server_errors: serverErrors,
    failed: failed.length,
  }),
);
if (failed.length > 0 || (!args.includes("--no-goal") && overGoal.length > 0)) process.exit(1);
