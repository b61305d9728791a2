/** Global setup of the agent project: its scripted model server. */
import type { TestProject } from "vitest/node";
import { serverOrigin } from "../fixtures/free-port.ts";
import { startLlmServer } from "../fixtures/model-server/index.ts";

/**
 * Starts the scripted OpenAI-compatible server the agent tests (test/agent) talk to, on a port
 * the system chooses, and provides its origin as `llmUrl` (vitest.config.ts points the Worker's
 * OPENAI_BASE_URL at it). One script queue serves every request, so that project runs its files
 * one at a time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startLlmServer();
  project.provide("llmUrl", serverOrigin(server));
  return () => new Promise((resolve) => server.close(() => resolve()));
}
