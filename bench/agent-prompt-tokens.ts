/**
 * What the agent's prompt costs in o200k tokens: the fixed part of every request (system prompt
 * and tool schemas as sent) and an edit turn's context against sending the full XML twice.
 * `tokens.ts` prints these; `test/unit/agent/prompt-budget.test.ts` holds them to their targets.
 */
import { asSchema } from "ai";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { corpusFiles } from "../test/fixtures/corpus.ts";
import { SYSTEM_PROMPT, turnContext } from "../worker/agent/prompt.ts";
import { agentTools } from "../worker/agent/tools.ts";
import { WorkingCopy } from "../worker/agent/working-copy.ts";
import { emptyDocument } from "../worker/drawio/model/document.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { median } from "./stats.ts";

/** The fixed prompt's tokens: system prompt, every tool's schema, and each tool's share. */
export interface FixedPrompt {
  system: number;
  tools: number;
  total: number;
  perTool: Record<string, number>;
}

/**
 * Counts the fixed prompt: the system prompt, and the tool schemas in the function-calling form
 * OpenAI-style APIs take (name, description, JSON Schema of the input).
 *
 * @example
 * const { total } = await fixedPromptTokens(); // 1,343 after #38
 */
export async function fixedPromptTokens(): Promise<FixedPrompt> {
  const tools = agentTools(new WorkingCopy(emptyDocument()), { search: () => [] }, () => {});
  const payload = await Promise.all(
    Object.entries(tools).map(async ([name, t]) => ({
      type: "function",
      function: {
        name,
        description: t.description,
        parameters: await asSchema(t.inputSchema as Parameters<typeof asSchema>[0]).jsonSchema,
      },
    })),
  );
  const system = countTokens(SYSTEM_PROMPT);
  const toolTokens = countTokens(JSON.stringify(payload));
  const perTool = Object.fromEntries(
    payload.map((entry) => [entry.function.name, countTokens(JSON.stringify(entry))]),
  );
  return { system, tools: toolTokens, total: system + toolTokens, perTool };
}

/**
 * The median, over the corpus, of an edit turn's context (fixed prompt, `extra` tokens such as a
 * house style, the compact view and a short request) against ~4,000 fixed tokens plus the full
 * XML twice (what XML-in-the-prompt tools send). The target is ≤ 0.35.
 *
 * @example
 * editContextRatio((await fixedPromptTokens()).total); // { median: 0.305, files: 93 }
 */
export function editContextRatio(fixed: number, extra = 0): { median: number; files: number } {
  const ratios = corpusFiles().map((file) => {
    const compact = new WorkingCopy(parseDiagram(file.xml)).view();
    const ours =
      fixed + extra + countTokens(turnContext({ compact, prompt: "Rename the first step" }));
    return ours / (4_000 + 2 * countTokens(file.xml));
  });
  return { median: median(ratios), files: ratios.length };
}
