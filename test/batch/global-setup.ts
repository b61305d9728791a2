/** Global setup of the batch project: its rule-answering model server and webhook receiver. */
import type { TestProject } from "vitest/node";
import { serverOrigin } from "../fixtures/free-port.ts";
import { startLlmServer } from "../fixtures/model-server/index.ts";
import { startReceiver } from "./receiver.ts";

/**
 * Starts the batch tests' model server (answering by rule) and their webhook receiver, each on
 * a port the system chooses, and provides their origins as `llmUrl` (the Worker's
 * OPENAI_BASE_URL, see vitest.config.ts) and `receiverUrl`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const llm = await startLlmServer();
  const llmUrl = serverOrigin(llm);
  await fetch(`${llmUrl}/__auto`, { method: "POST", body: JSON.stringify({ delayMs: 0 }) });
  const receiver = await startReceiver();
  project.provide("llmUrl", llmUrl);
  project.provide("receiverUrl", serverOrigin(receiver));
  const close = (s: { close: (cb: () => void) => void }) =>
    new Promise<void>((resolve) => s.close(() => resolve()));
  return async () => {
    await Promise.all([close(llm), close(receiver)]);
  };
}
