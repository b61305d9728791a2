import { startLlmServer } from "./llm-server.ts";

/**
 * Starts the scripted OpenAI-compatible server the agent tests (test/agent) talk to. One
 * script queue serves every request, so that project runs its files one at a time.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await startLlmServer();
  return () => new Promise((resolve) => server.close(() => resolve()));
}
