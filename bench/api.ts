/**
 * Benchmarks the HTTP API end to end on a local `wrangler dev` (workerd, fresh storage): the
 * latency and throughput of `GET /healthz` (the floor: routing and nothing else), reading a
 * 1,000-cell diagram (`GET /v1/diagrams/{id}`) and appending a version with one `set_label`
 * operation (`POST /v1/diagrams/{id}/operations`). Each endpoint gets ~50 sequential warm-up
 * requests, then an autocannon run; latencies are computed from every 2xx response's own timing
 * (autocannon's histogram rounds to whole milliseconds). Prints a table, then one JSON line with
 * each endpoint's p50 as a ratio of the healthz p50 (targets: read ≤ 1.5, operations ≤ 3).
 * Exits non-zero if any measured request failed or answered non-2xx. Client and Worker share
 * the machine, so compare ratios rather than absolute figures across machines. Needs Node 22
 * (npm scripts and `npx node` use the pinned one).
 *
 *   node bench/api.ts                      10 s per endpoint, 10 connections
 *   node bench/api.ts --smoke              2 s per endpoint, a quick check
 *   node bench/api.ts --duration 30 --connections 20
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/fixtures/free-port.ts";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";

/** The parts of autocannon 9 used here; it ships no types, so it is `require`d and cast. */
interface AutocannonResult {
  errors: number; // timeouts included
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): unknown;
}
type Autocannon = (options: {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  duration: number;
  connections: number;
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const API_KEY = "bench-key";
const WARMUP = 50;
const root = fileURLToPath(new URL("..", import.meta.url));

function flag(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}
const smoke = process.argv.includes("--smoke");
const duration = flag("--duration") ?? (smoke ? 2 : 10);
const connections = flag("--connections") ?? 10;

let worker: ChildProcess | undefined;
let stateDir: string | undefined;

/** Signals the wrangler process group; true while any of it is still alive. */
function signalWorker(signal: NodeJS.Signals | 0): boolean {
  if (worker?.pid === undefined) return false;
  try {
    process.kill(-worker.pid, signal);
    return true;
  } catch {
    return false; // the whole group is gone
  }
}

/** Kills the wrangler process group and removes its storage; safe to call more than once. */
function cleanup(): void {
  signalWorker("SIGTERM");
  worker = undefined;
  if (stateDir) rmSync(stateDir, { recursive: true, force: true, maxRetries: 3 });
  stateDir = undefined;
}

/** Like {@link cleanup}, but waits (up to 5 s, then SIGKILL) for wrangler and workerd to exit. */
async function shutdown(): Promise<void> {
  signalWorker("SIGTERM");
  for (let waited = 0; waited < 5000 && signalWorker(0); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signalWorker("SIGKILL");
  cleanup();
}
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

/** Starts `wrangler dev` and resolves with its base URL once `/healthz` answers 200. */
async function startWorker(): Promise<string> {
  const port = await freePort();
  stateDir = mkdtempSync(join(tmpdir(), "drawforge-bench-"));
  // Exactly these vars, in an env file of its own: a developer's .dev.vars stays out.
  const envFile = join(stateDir, "worker.env");
  writeFileSync(envFile, `API_KEYS=${API_KEY}\nRATE_LIMIT=off\n`);
  const args = ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1"];
  // Its debugger too, not wrangler's default 9229 (which another checkout may hold).
  args.push("--inspector-port", String(await freePort()));
  args.push("--persist-to", join(stateDir, "state"), "--env-file", envFile);
  args.push("--log-level", "warn");
  const child = spawn("npx", args, {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  worker = child;
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer /healthz with 200 within 60 s:\n${output}`);
}

interface Target {
  key: "healthz" | "get" | "ops";
  path: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}
interface Measured {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  statuses: string;
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(base: string, target: Target): Promise<Measured> {
  const init = { method: target.method, headers: target.headers, body: target.body };
  for (let i = 0; i < WARMUP; i++) {
    const res = await fetch(base + target.path, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`warm-up ${target.path}: ${res.status} ${text.slice(0, 500)}`);
  }
  const times: number[] = [];
  const { method, headers, body } = target;
  const run = autocannon({ url: base + target.path, method, headers, body, duration, connections });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await run;
  times.sort((a, b) => a - b);
  const precise = times.length > 0;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  return {
    p50: precise ? percentile(times, 50) : result.latency.p50,
    p99: precise ? percentile(times, 99) : result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

async function main(): Promise<number> {
  const base = await startWorker();
  const auth = { authorization: `Bearer ${API_KEY}` };
  const json = { ...auth, "content-type": "application/json" };
  const xml = syntheticDiagram({ cells: 1000 });
  const created = await fetch(`${base}/v1/diagrams`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ title: "bench", xml }),
  });
  const text = await created.text();
  if (created.status !== 201) throw new Error(`POST /v1/diagrams: ${created.status} ${text}`);
  const { id } = JSON.parse(text) as { id?: unknown };
  if (typeof id !== "string") throw new Error(`POST /v1/diagrams: no id in ${text.slice(0, 300)}`);
  const vertex = [...xml.matchAll(/<mxCell\b[^>]*>/g)]
    .map(([tag]) => (/\bvertex="1"/.test(tag) ? /\bid="([^"]+)"/.exec(tag)?.[1] : undefined))
    .find((cell) => cell !== undefined && cell !== "0" && cell !== "1");
  if (!vertex) throw new Error("no vertex in the synthetic diagram");
  const body = JSON.stringify({ operations: [{ op: "set_label", id: vertex, value: "bench" }] });

  const targets: Target[] = [
    { key: "healthz", method: "GET", path: "/healthz", headers: {} },
    { key: "get", method: "GET", path: `/v1/diagrams/${id}`, headers: auth },
    { key: "ops", method: "POST", path: `/v1/diagrams/${id}/operations`, headers: json, body },
  ];
  const results: Measured[] = [];
  for (const target of targets) results.push(await measure(base, target));
  const [health, get, ops] = results as [Measured, Measured, Measured];

  const round = (n: number) => Number(n.toFixed(2));
  console.log(
    `Drawforge API on wrangler dev, 1,000-cell diagram, ${duration} s × ${connections} connections per endpoint after ${WARMUP} warm-up requests`,
  );
  const row = (name: string, cells: (string | number)[]) =>
    `  ${name.padEnd(34)}${cells.map((cell) => String(cell).padStart(10)).join("")}`;
  console.log(row("endpoint", ["requests", "p50 ms", "p99 ms", "req/s", "non-2xx", "errors"]));
  const figures: Record<string, number> = {};
  targets.forEach(({ key, method, path }, i) => {
    const name = `${method} ${path.replace(id, "{id}")}`;
    const r = results[i] as Measured;
    const cells = [r.requests, r.p50.toFixed(2), r.p99.toFixed(2), r.rps.toFixed(1)];
    console.log(`${row(name, [...cells, r.non2xx, r.errors])}   status ${r.statuses}`);
    figures[`${key}_p50_ms`] = round(r.p50);
    figures[`${key}_p99_ms`] = round(r.p99);
    figures[`${key}_rps`] = round(r.rps);
  });
  const getRatio = round(get.p50 / health.p50);
  const opsRatio = round(ops.p50 / health.p50);
  console.log(
    `p50 / healthz p50: get ${getRatio} (target ≤ 1.5), operations ${opsRatio} (target ≤ 3)`,
  );
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (failed > 0) console.log(`FAILED: ${failed} measured requests were non-2xx or errors`);
  console.log(JSON.stringify({ ...figures, get_p50_ratio: getRatio, ops_p50_ratio: opsRatio }));
  return failed > 0 ? 1 : 0;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  })
  .then(async (code) => {
    await shutdown();
    process.exit(code);
  });
