import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Received, startReceiver } from "../batch/receiver.ts";
import { freePort, serverOrigin } from "../fixtures/free-port.ts";
import { startLlmServer } from "../fixtures/model-server/index.ts";

// Issue #15: a 20-item batch against a scripted model, the Worker process killed (SIGKILL, no
// goodbye) 2.5 s later, started again on the same state. Every item must end, each diagram be
// made once, and every webhook event be delivered.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const KEY = "crash-test-key";
const ITEMS = 20;

let dir = "";
let llm: Server;
let receiver: Server;
let llmUrl = "";
let receiverUrl = "";
let worker: ChildProcess | undefined;
let origin = "";

/** Starts `wrangler dev` on the persisted state in `dir`, in a process group of its own. */
async function startWorker(): Promise<void> {
  const port = await freePort();
  worker = spawn(
    join(ROOT, "node_modules/.bin/wrangler"),
    [
      "dev",
      "--config",
      join(ROOT, "wrangler.toml"),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      // Not wrangler's default 9229 (or the next free one it probes for): two checkouts'
      // crash tests would race for it.
      "--inspector-port",
      String(await freePort()),
      "--persist-to",
      join(dir, "state"),
      "--env-file",
      join(dir, "worker.env"),
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    },
  );
  origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error("wrangler dev did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Kills the Worker's whole process group at once: wrangler and workerd, no clean shutdown. */
async function killWorker(): Promise<void> {
  const child = worker;
  if (!child?.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGKILL");
  await exited;
  worker = undefined;
}

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
  });
  return {
    status: res.status,
    // biome-ignore lint/suspicious/noExplicitAny: response bodies are arbitrary JSON
    json: (await res.json()) as any,
  };
}

async function received(name: string): Promise<Received[]> {
  return (await (await fetch(`${receiverUrl}/__received/${name}`)).json()) as Received[];
}

describe("a batch survives the Worker process being killed", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "drawforge-crash-"));
    llm = await startLlmServer();
    llmUrl = serverOrigin(llm);
    // Every model answer takes a while, so that items are mid-turn when the process dies.
    await fetch(`${llmUrl}/__auto`, {
      method: "POST",
      body: JSON.stringify({ delayMs: 1200 }),
    });
    receiver = await startReceiver();
    receiverUrl = serverOrigin(receiver);
    writeFileSync(
      join(dir, "worker.env"),
      [
        `API_KEYS=${KEY}`,
        "RATE_LIMIT=off",
        "OPENAI_API_KEY=test",
        `OPENAI_BASE_URL=${llmUrl}/v1`,
        "DRAWFORGE_MODEL=scripted",
        "ALLOW_PRIVATE_WEBHOOKS=1",
        "RETRY_DELAY_SCALE=0",
        "WEBHOOK_TIMEOUT_MS=2000",
        // Leases of seconds instead of minutes: queued 12 s, running 7.2 s.
        "BATCH_LEASE_SCALE=0.02",
      ].join("\n"),
    );
    await startWorker();
  }, 90_000);

  afterAll(async () => {
    await killWorker();
    await new Promise((r) => llm?.close(r));
    await new Promise((r) => receiver?.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it("ends every item, makes each diagram once and delivers every webhook event", async () => {
    const created = await call("/v1/batches", {
      method: "POST",
      body: JSON.stringify({
        items: Array.from({ length: ITEMS }, (_, i) => ({ prompt: `Crash flow number ${i}` })),
        webhook: { url: `${receiverUrl}/ok/crash` },
      }),
    });
    expect(created.status).toBe(202);
    const id = created.json.id as string;
    // Kill it mid-batch: as soon as items are running, before they have all finished.
    let before = await call(`/v1/batches/${id}?limit=100`);
    for (let i = 0; i < 200 && before.json.counts.running === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      before = await call(`/v1/batches/${id}?limit=100`);
    }
    console.log(`crash test: before the kill ${JSON.stringify(before.json.counts)}`);
    await killWorker();
    await startWorker();

    const until = Date.now() + 120_000;
    let batch = await call(`/v1/batches/${id}?limit=100`);
    while (!batch.json.completed_at && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      batch = await call(`/v1/batches/${id}?limit=100`);
    }
    expect(batch.json.completed_at, JSON.stringify(batch.json.counts)).toBeTruthy();
    // The kill caught the batch half way, or the test proves nothing.
    expect(before.json.counts.succeeded).toBeLessThan(ITEMS);
    const items = batch.json.items as Array<{
      status: string;
      diagram_id: string;
      version: number;
    }>;
    expect(items).toHaveLength(ITEMS);
    expect(items.every((item) => item.status === "succeeded")).toBe(true);
    // One diagram per item, drawn once: the agent's version is version 2.
    for (const item of items) {
      const diagram = await call(`/v1/diagrams/${item.diagram_id}`);
      expect(diagram.status).toBe(200);
      expect(diagram.json.version).toBe(2);
    }
    // Every event arrives (at least once; a repeat carries the same webhook-id).
    const hookUntil = Date.now() + 30_000;
    let hooks = await received("crash");
    const ids = () => new Set(hooks.map((h) => h.headers["webhook-id"]));
    while (ids().size < ITEMS + 1 && Date.now() < hookUntil) {
      await new Promise((r) => setTimeout(r, 500));
      hooks = await received("crash");
    }
    expect(ids().size).toBe(ITEMS + 1);
    const types = hooks.map((h) => JSON.parse(h.body).type as string);
    expect(types.filter((t) => t === "batch.completed").length).toBeGreaterThanOrEqual(1);
    expect(
      new Set(
        hooks
          .filter((h) => JSON.parse(h.body).type === "batch.item.succeeded")
          .map((h) => JSON.parse(h.body).data.item_index),
      ).size,
    ).toBe(ITEMS);
    console.log(
      `crash test: ${before.json.counts.succeeded} of ${ITEMS} done before the kill; ${hooks.length} webhook requests for ${ids().size} events`,
    );
  }, 240_000);
});
