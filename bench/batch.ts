/**
 * Batch generation end to end: the real Worker under wrangler (local queues), a model server
 * that answers every call after a fixed 500 ms, and a webhook receiver. Submits 200 items
 * (`--smoke`: 20) and measures the wall time to the last webhook, items per second, and how
 * long each item's webhook took to arrive after the item finished.
 *
 *   npm run bench -- batch [--smoke]
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serverOrigin } from "../test/fixtures/free-port.ts";
import { startLlmServer } from "../test/fixtures/model-server/index.ts";
import { startLocalWorker } from "../test/support/local-worker.ts";
import { percentile } from "./stats.ts";

const smoke = process.argv.includes("--smoke");
const ITEMS = smoke ? 20 : 200;
const MODEL_DELAY_MS = 500;
const KEY = "bench-key";

const llm = await startLlmServer();
const llmUrl = serverOrigin(llm);
await fetch(`${llmUrl}/__auto`, {
  method: "POST",
  body: JSON.stringify({ delayMs: MODEL_DELAY_MS }),
});

// Webhooks: when each arrived, and when its item finished (the event's timestamp).
const arrivals: Array<{ type: string; latencyMs: number; at: number }> = [];
let resolveDone: () => void = () => {};
const allDone = new Promise<void>((resolve) => {
  resolveDone = resolve;
});
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString("utf8");
  });
  req.on("end", () => {
    const now = Date.now();
    const event = JSON.parse(body) as { type: string; timestamp: string };
    arrivals.push({ type: event.type, latencyMs: now - Date.parse(event.timestamp), at: now });
    res.statusCode = 204;
    res.end();
    if (arrivals.length >= ITEMS + 1) resolveDone();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
const receiverPort = (receiver.address() as AddressInfo).port;

const worker = await startLocalWorker({
  API_KEYS: KEY,
  RATE_LIMIT: "off",
  OPENAI_API_KEY: "bench",
  OPENAI_BASE_URL: `${llmUrl}/v1`,
  DRAWFORGE_MODEL: "scripted",
  ALLOW_PRIVATE_WEBHOOKS: "1",
});
try {
  const base = worker.url;
  const started = Date.now();
  const res = await fetch(`${base}/v1/batches`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      items: Array.from({ length: ITEMS }, (_, i) => ({
        prompt: `Service ${i} writes to queue ${i}`,
      })),
      webhook: { url: `http://127.0.0.1:${receiverPort}/hook` },
    }),
  });
  if (res.status !== 202) throw new Error(`batch refused: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const timeout = setTimeout(() => resolveDone(), 300_000);
  await allDone;
  clearTimeout(timeout);
  const wallS = (Date.now() - started) / 1000;
  const batch = (await (
    await fetch(`${base}/v1/batches/${id}?limit=1`, { headers: { authorization: `Bearer ${KEY}` } })
  ).json()) as { status: string; counts: Record<string, number> };
  const latencies = arrivals.filter((a) => a.type !== "batch.completed").map((a) => a.latencyMs);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `${ITEMS} items, model answering each call after ${MODEL_DELAY_MS} ms (2 calls an item): ${batch.status}, ${JSON.stringify(batch.counts)}`,
  );
  console.log(
    `wall ${wallS.toFixed(1)} s (target ≤ 30 s for 200), ${(ITEMS / wallS).toFixed(1)} items/s; webhook latency after the item finished p50 ${p50} ms, p99 ${p99} ms`,
  );
  if (batch.counts.succeeded !== ITEMS) throw new Error("not every item succeeded");
  console.log(
    JSON.stringify({
      batch_items: ITEMS,
      [`batch_${ITEMS}_wall_s`]: Math.round(wallS * 10) / 10,
      items_per_s: Math.round((ITEMS / wallS) * 10) / 10,
      webhook_p50_ms: p50,
      webhook_p99_ms: p99,
      smoke,
    }),
  );
} finally {
  await worker.dispose();
  await new Promise<void>((resolve) => llm.close(() => resolve()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
}
