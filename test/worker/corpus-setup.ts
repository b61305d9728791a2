import type { TestProject } from "vitest/node";
import { corpusFiles } from "../fixtures/corpus.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real draw.io files of the shared corpus, read in Node for tests inside workerd. */
    corpus: Array<{ name: string; xml: string }>;
  }
}

/** Reads the corpus once in Node (workerd has no file system) and hands it to the tests. */
export default function setup(project: TestProject): void {
  project.provide("corpus", corpusFiles());
}
