/**
 * How much of the agent's prompt each provider serves from its cache: three turns of one
 * conversation (draw, edit, read) through `runAgentLoop` and each provider's real AI SDK
 * package, against the scripted model server in realistic-usage mode, which counts every
 * request's prompt (o200k) and serves from a simulated cache what that provider would (OpenAI,
 * Azure and Gemini: a repeated prefix of 1,024 tokens or more; Anthropic and Bedrock: only up to
 * a cache mark the request carries). The share says whether our requests are cacheable: static
 * tools and system prompt first, the marks where a provider needs them.
 */
import type { AddressInfo } from "node:net";
import type { ModelMessage } from "ai";
import { shapeCatalog } from "../shape-libraries/catalog.ts";
import type { ScriptStep } from "../test/fixtures/model-server/index.ts";
import { startLlmServer } from "../test/fixtures/model-server/index.ts";
import { runAgentLoop } from "../worker/agent/loop.ts";
import { resolveModel } from "../worker/agent/model.ts";
import type { ModelSettings } from "../worker/agent/model-settings.ts";
import { emptyDocument } from "../worker/drawio/model/document.ts";

/** One provider as a deployment would configure it, against the server at `u`. */
interface CacheCase {
  name: string;
  settings: (u: string) => ModelSettings;
}

const CASES: CacheCase[] = [
  {
    name: "openai (Chat Completions)",
    settings: (u) => ({
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: `${u}/v1`,
      DRAWFORGE_MODEL: "openai:gpt-4.1-mini",
    }),
  },
  {
    name: "openai (Responses)",
    settings: (u) => ({
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: `${u}/v1`,
      OPENAI_API_MODE: "responses",
      DRAWFORGE_MODEL: "openai:gpt-4.1-mini",
    }),
  },
  {
    name: "azure",
    settings: (u) => ({
      AZURE_API_KEY: "k",
      AZURE_BASE_URL: `${u}/openai/v1`,
      DRAWFORGE_MODEL: "azure:gpt-41",
    }),
  },
  {
    name: "anthropic",
    settings: (u) => ({
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: `${u}/v1`,
      DRAWFORGE_MODEL: "anthropic:claude-sonnet-4-5",
    }),
  },
  {
    name: "google",
    settings: (u) => ({
      GOOGLE_GENERATIVE_AI_API_KEY: "k",
      GOOGLE_BASE_URL: `${u}/v1beta`,
      DRAWFORGE_MODEL: "google:gemini-2.5-flash",
    }),
  },
  {
    name: "bedrock (Claude)",
    settings: (u) => ({
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "k",
      AWS_SECRET_ACCESS_KEY: "s",
      BEDROCK_BASE_URL: u,
      DRAWFORGE_MODEL: "bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    }),
  },
  {
    name: "ollama",
    settings: (u) => ({ OLLAMA_BASE_URL: `${u}/v1`, DRAWFORGE_MODEL: "ollama:qwen3:8b" }),
  },
];

const GRAPH = {
  nodes: ["Browser", "CDN", "API", "Auth", "Orders", "Postgres"].map((label, i) => ({
    id: `n${i}`,
    label,
  })),
  edges: [0, 1, 2, 3, 4].map((i) => ({ from: `n${i}`, to: `n${i + 1}` })),
};

/** The conversation: each turn's prompt and the model's scripted steps. */
const TURNS: Array<{ prompt: string; steps: ScriptStep[] }> = [
  {
    prompt: "A web shop's request path from browser to database",
    steps: [
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH, title: "Request path" } }] },
      { text: "Drew the request path." },
    ],
  },
  {
    prompt: "Call the database Postgres 16",
    steps: [{ tools: [{ name: "read_diagram", args: {} }] }, { text: "Renamed it." }],
  },
  {
    prompt: "What does the API talk to?",
    steps: [{ tools: [{ name: "read_diagram", args: {} }] }, { text: "Auth and Orders." }],
  },
];

/** Prompt tokens sent and served from cache, per provider. */
export interface CacheShare {
  provider: string;
  input: number;
  cached: number;
  share: number;
}

/**
 * Runs the conversation once per provider and returns each one's cached share of the prompt.
 *
 * @example
 * for (const row of await promptCacheShares()) console.log(row.provider, row.share);
 */
export async function promptCacheShares(): Promise<CacheShare[]> {
  const shares: CacheShare[] = [];
  for (const c of CASES) {
    const server = await startLlmServer({ realisticUsage: true });
    const u = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const resolved = resolveModel(c.settings(u));
      let document = emptyDocument();
      const history: ModelMessage[] = [];
      let input = 0;
      let cached = 0;
      for (const turn of TURNS) {
        await fetch(`${u}/__script`, { method: "POST", body: JSON.stringify(turn.steps) });
        const result = await runAgentLoop({
          model: resolved.model,
          call: resolved.call,
          cacheMark: resolved.cacheMark,
          document,
          prompt: turn.prompt,
          history: [...history],
          shapes: shapeCatalog(),
          limits: { totalMs: 30_000, stepMs: 15_000, maxRetries: 0 },
        });
        if (result.status === "failed") throw new Error(`${c.name}: ${result.error}`);
        if (result.document) document = result.document;
        history.push(
          { role: "user", content: turn.prompt },
          { role: "assistant", content: result.text },
        );
        input += result.usage.input;
        cached += result.usage.cached;
      }
      shares.push({ provider: c.name, input, cached, share: input ? cached / input : 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }
  return shares;
}
