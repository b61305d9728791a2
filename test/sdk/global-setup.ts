import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { unstable_startWorker } from "wrangler";
import { startLlmServer } from "../worker/llm-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the real Worker listens, e.g. `http://127.0.0.1:41234`. */
    sdkBaseUrl: string;
    /** The scripted model server the Worker's agent talks to (`POST /__script`). */
    sdkLlmUrl: string;
  }
}

/** Not the worker tests' 47213: both suites may run at once. */
const LLM_PORT = Number(process.env.DRAWFORGE_SDK_LLM_PORT ?? 47214);

/** The two tenants the SDK tests use. */
export const SDK_KEYS = ["sdk-key-a", "sdk-key-b"] as const;

/**
 * Starts what the SDK tests talk to: the real Worker under wrangler (workerd, fresh storage in a
 * temporary directory, its own port) with the scripted OpenAI-compatible model server of
 * `test/worker/llm-server.ts` behind its agent.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The Request.cf lookup needs the internet and only adds a warning when it is missing.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
  const dir = mkdtempSync(join(tmpdir(), "drawforge-sdk-"));
  const llm = await startLlmServer(LLM_PORT);
  // Vars come from an env file of our own, which also keeps the developer's .dev.vars out.
  const envFile = join(dir, "sdk-test.env");
  writeFileSync(
    envFile,
    [
      `API_KEYS=${SDK_KEYS.join(",")}`,
      "RATE_LIMIT=off",
      "OPENAI_API_KEY=scripted-model-key",
      `OPENAI_BASE_URL=http://127.0.0.1:${LLM_PORT}/v1`,
      "DRAWFORGE_MODEL=scripted",
      // Batch webhooks go to a receiver on 127.0.0.1 over http, and failed items and
      // deliveries are retried without waiting (test/sdk/agent.test.ts, "batches").
      "ALLOW_PRIVATE_WEBHOOKS=1",
      "RETRY_DELAY_SCALE=0",
    ].join("\n"),
  );
  const worker = await unstable_startWorker({
    config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)),
    envFiles: [envFile],
    dev: {
      server: { hostname: "127.0.0.1", port: 0 },
      inspector: false,
      persist: join(dir, "state"),
      watch: false,
      // Failures the tests provoke on purpose would flood the output; set it to "log" to debug.
      logLevel: (process.env.DRAWFORGE_SDK_WORKER_LOG ?? "none") as "none",
    },
  });
  await worker.ready;
  const url = await worker.url;
  project.provide("sdkBaseUrl", url.origin);
  project.provide("sdkLlmUrl", `http://127.0.0.1:${LLM_PORT}`);
  return async () => {
    await worker.dispose();
    await new Promise<void>((resolve) => llm.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
}
