/**
 * Benchmarks the MCP server (`/mcp`) on a local `wrangler dev` (workerd, fresh storage):
 *
 * - `tools_list_tokens`: the `tools/list` answer an assistant keeps in its context, in o200k
 *   tokens, for the default list and for every tool (`/mcp?tools=all`); the target is under
 *   2,500 for the default.
 * - the latency of one `tools/call` of `read_diagram` (the compact view of a 1,000-cell
 *   diagram), of the same read over REST (`GET /v1/diagrams/{id}?format=compact`), and of
 *   `GET /healthz` (the floor), each as sequential requests after a warm-up; the p50s are
 *   reported as ratios to `/healthz`.
 *
 * Prints a table and one JSON line. Client and Worker share the machine: compare ratios.
 *
 *   node bench/mcp.ts            200 requests per endpoint
 *   node bench/mcp.ts --smoke    40 requests per endpoint
 */
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";
import { startLocalWorker } from "../test/support/local-worker.ts";
import { percentile } from "./stats.ts";

const API_KEY = "bench-key";
const smoke = process.argv.includes("--smoke");
const REQUESTS = smoke ? 40 : 200;
const WARMUP = smoke ? 10 : 30;

const worker = await startLocalWorker({ API_KEYS: API_KEY, RATE_LIMIT: "off" });
try {
  const auth = { authorization: `Bearer ${API_KEY}` };
  const rpc = (body: unknown, query = "") =>
    fetch(`${worker.url}/mcp${query}`, {
      method: "POST",
      headers: {
        ...auth,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify(body),
    });
  /** The JSON-RPC result of a POST answered as one Server-Sent Event. */
  const result = async (res: Response): Promise<Record<string, unknown>> => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status}: ${text}`);
    const data = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => line.slice(6))
      .join("");
    const message = JSON.parse(data) as { result?: Record<string, unknown>; error?: unknown };
    if (!message.result) throw new Error(JSON.stringify(message.error));
    return message.result;
  };

  const listed = async (query: string) => {
    const { tools } = await result(
      await rpc({ jsonrpc: "2.0", id: 1, method: "tools/list" }, query),
    );
    return { count: (tools as unknown[]).length, tokens: encode(JSON.stringify({ tools })).length };
  };
  const core = await listed("");
  const all = await listed("?tools=all");

  const created = await fetch(`${worker.url}/v1/diagrams`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ xml: syntheticDiagram({ cells: 1_000 }), title: "Bench" }),
  });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };

  const call = {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "read_diagram", arguments: { id } },
  };
  const endpoints: Record<string, () => Promise<void>> = {
    healthz: async () => {
      const res = await fetch(`${worker.url}/healthz`);
      if (!res.ok) throw new Error(`healthz: ${res.status}`);
      await res.arrayBuffer();
    },
    "REST compact read": async () => {
      const res = await fetch(`${worker.url}/v1/diagrams/${id}?format=compact`, { headers: auth });
      if (!res.ok) throw new Error(`REST read: ${res.status}`);
      await res.arrayBuffer();
    },
    "MCP read_diagram": async () => {
      const answer = await result(await rpc(call));
      if (answer.isError) throw new Error(`read_diagram: ${JSON.stringify(answer.content)}`);
    },
  };
  const p50: Record<string, number> = {};
  const rows: string[][] = [];
  for (const [name, run] of Object.entries(endpoints)) {
    for (let i = 0; i < WARMUP; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    p50[name] = percentile(times, 50);
    rows.push([name, p50[name].toFixed(2), percentile(times, 99).toFixed(2)]);
  }
  const floor = p50.healthz ?? 1;
  console.log(
    `tools/list: default ${core.count} tools, ${core.tokens} tokens (o200k); all ${all.count} tools, ${all.tokens} tokens`,
  );
  console.log(
    `\n${"endpoint".padEnd(20)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"× healthz".padStart(12)}`,
  );
  for (const [name, median, tail] of rows) {
    const ratio = (Number(median) / floor).toFixed(2);
    console.log(
      `${String(name).padEnd(20)}${String(median).padStart(10)}${String(tail).padStart(10)}${ratio.padStart(12)}`,
    );
  }
  console.log(
    JSON.stringify({
      suite: "mcp",
      requests: REQUESTS,
      tools_list_tokens: core.tokens,
      tools_list_tokens_all: all.tokens,
      default_tools: core.count,
      all_tools: all.count,
      healthz_p50_ms: Number(floor.toFixed(3)),
      read_diagram_p50_ratio: Number(((p50["MCP read_diagram"] ?? 0) / floor).toFixed(2)),
      rest_read_p50_ratio: Number(((p50["REST compact read"] ?? 0) / floor).toFixed(2)),
    }),
  );
  if (core.tokens >= 2_500) {
    console.error(`the default tools/list is ${core.tokens} tokens: over the 2,500 target`);
    process.exitCode = 1;
  }
} finally {
  await worker.dispose();
}
