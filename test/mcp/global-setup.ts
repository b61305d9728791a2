import type { TestProject } from "vitest/node";
import { serverOrigin } from "../fixtures/free-port.ts";
import { startLlmServer } from "../fixtures/model-server/index.ts";
import { startLocalWorker } from "../support/local-worker.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the real Worker listens, e.g. `http://127.0.0.1:41234`; MCP is at `/mcp`. */
    mcpBaseUrl: string;
    /** The scripted model server behind the Worker's agent (`POST /__script`). */
    mcpLlmUrl: string;
  }
}

/**
 * The tenants the MCP tests use: A and B, and one each for the house-style tests (a tenant's
 * style reaches every turn it runs, so those tests keep it to themselves).
 */
export const MCP_KEYS = ["mcp-key-a", "mcp-key-b", "mcp-key-style", "mcp-key-house"] as const;

/**
 * Starts what the MCP tests talk to: the real Worker under wrangler (workerd, fresh storage) and
 * the scripted OpenAI-compatible model server behind its agent.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const llm = await startLlmServer();
  const llmUrl = serverOrigin(llm);
  const worker = await startLocalWorker(
    {
      API_KEYS: MCP_KEYS.join(","),
      RATE_LIMIT: "off",
      OPENAI_API_KEY: "scripted-model-key",
      OPENAI_BASE_URL: `${llmUrl}/v1`,
      DRAWFORGE_MODEL: "scripted",
    },
    (process.env.DRAWFORGE_MCP_WORKER_LOG ?? "none") as "none",
  );
  project.provide("mcpBaseUrl", worker.url);
  project.provide("mcpLlmUrl", llmUrl);
  return async () => {
    await worker.dispose();
    await new Promise<void>((resolve) => llm.close(() => resolve()));
  };
}
