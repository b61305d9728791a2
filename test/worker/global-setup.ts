import type { TestProject } from "vitest/node";
import { corpusFiles } from "../fixtures/corpus.ts";
import { startLlmServer } from "./llm-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real draw.io files of the shared corpus, read in Node for tests inside workerd. */
    corpus: Array<{ name: string; xml: string }>;
  }
}

/**
 * Reads the corpus once in Node (workerd has no file system) and hands it to the tests, and
 * starts the scripted OpenAI-compatible server the agent tests talk to.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide("corpus", corpusFiles());
  const server = await startLlmServer();
  return () => new Promise((resolve) => server.close(() => resolve()));
}
