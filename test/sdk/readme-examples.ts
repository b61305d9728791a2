import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root directory. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** One fenced ```ts block of a Markdown file. */
export interface CodeBlock {
  /** The Markdown file, relative to the repository's root. */
  readme: string;
  /** The line of the opening fence, from 1. */
  line: number;
  /** The block's text, without the fences. */
  code: string;
}

/**
 * Every ```ts block of a Markdown file of the repository, in order.
 *
 * @example
 * const blocks = tsBlocks("README.md"); // [{ readme: "README.md", line: 436, code: "import …" }, …]
 */
export function tsBlocks(readme: string): CodeBlock[] {
  const text = readFileSync(join(ROOT, readme), "utf8");
  const blocks: CodeBlock[] = [];
  for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
    const line = text.slice(0, match.index).split("\n").length;
    blocks.push({ readme, line, code: match[1] ?? "" });
  }
  return blocks;
}

/** Whether a block is SDK code: it imports `@drawforge/sdk`. */
export function usesSdk(block: CodeBlock): boolean {
  return /from\s+["']@drawforge\/sdk["']/.test(block.code);
}
