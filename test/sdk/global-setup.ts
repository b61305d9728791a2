import type { TestProject } from "vitest/node";
import { serverOrigin } from "../fixtures/free-port.ts";
import { startLlmServer } from "../fixtures/model-server/index.ts";
import { startLocalWorker } from "../support/local-worker.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the real Worker listens, e.g. `http://127.0.0.1:41234`. */
    sdkBaseUrl: string;
    /** The scripted model server the Worker's agent talks to (`POST /__script`). */
    sdkLlmUrl: string;
  }
}

/**
 * The tenants the SDK tests use: A and B, and one each for the house-style tests (a tenant's
 * style applies to all its turns, so those tests keep it to themselves).
 */
export const SDK_KEYS = ["sdk-key-a", "sdk-key-b", "sdk-key-style", "sdk-key-house"] as const;

/**
 * Starts what the SDK tests talk to: the real Worker under wrangler (workerd, fresh storage in a
 * temporary directory, its own port) with the scripted OpenAI-compatible model server of
 * `test/fixtures/model-server/` behind its agent.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const llm = await startLlmServer();
  const llmUrl = serverOrigin(llm);
  const worker = await startLocalWorker(
    {
      API_KEYS: SDK_KEYS.join(","),
      RATE_LIMIT: "off",
      OPENAI_API_KEY: "scripted-model-key",
      OPENAI_BASE_URL: `${llmUrl}/v1`,
      DRAWFORGE_MODEL: "scripted",
      // Batch webhooks go to a receiver on 127.0.0.1 over http, and failed items and
      // deliveries are retried without waiting (test/sdk/agent.test.ts, "batches").
      ALLOW_PRIVATE_WEBHOOKS: "1",
      RETRY_DELAY_SCALE: "0",
    },
    // Failures the tests provoke on purpose would flood the output; set it to "log" to debug.
    (process.env.DRAWFORGE_SDK_WORKER_LOG ?? "none") as "none",
  );
  project.provide("sdkBaseUrl", worker.url);
  project.provide("sdkLlmUrl", llmUrl);
  return async () => {
    await worker.dispose();
    await new Promise<void>((resolve) => llm.close(() => resolve()));
  };
}
