/**
 * What the agent's prompt costs in o200k tokens: the fixed part of every request (system prompt
 * and tool schemas as sent), and an edit turn's context, with or without a house style, against
 * sending the full XML twice.
 * `tokens.ts` prints these; `test/unit/agent/prompt-budget.test.ts` holds them to their targets.
 */
import { asSchema } from "ai";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { corpusFiles } from "../test/fixtures/corpus.ts";
import { houseContext, SYSTEM_PROMPT, turnContext } from "../worker/agent/prompt.ts";
import { agentTools } from "../worker/agent/tools.ts";
import { WorkingCopy } from "../worker/agent/working-copy.ts";
import { emptyDocument } from "../worker/drawio/model/document.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { STYLE_LIMITS } from "../worker/schemas/style.ts";
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

/** A memory a team builds in a few weeks: five rules, and a theme the layout applies. */
export const TYPICAL_HOUSE = houseContext(
  [
    'Name databases by their engine ("Postgres", not "Database").',
    "Use the AWS 2024 icons for cloud services.",
    "Group services by owning team, one container per team.",
    "Write labels in sentence case, verbs first for steps.",
    "Show queues between services that talk asynchronously.",
  ],
  ["direction (right)", "node style", "edge style"],
);

/** The most the limits let in: every rule at its longest share of the character budget. */
export const FULL_HOUSE = houseContext(
  Array.from({ length: STYLE_LIMITS.rules }, (_, i) =>
    `Rule ${i + 1}: ${"keep the diagram's conventions in every new drawing ".repeat(3)}`.slice(
      0,
      Math.floor(STYLE_LIMITS.ruleChars / STYLE_LIMITS.rules),
    ),
  ),
  ["direction (right)", "node style", "edge style"],
);

/** An edit turn's context against sending the full XML, as medians over the corpus. */
export interface EditContext {
  /** Our context (fixed prompt, house style, compact view, request) / (~4,000 + 2 × the XML). */
  ratio: number;
  /** The house style's share of our context. */
  houseShare: number;
  files: number;
}

/**
 * An edit turn's context (the fixed prompt, the house style if given, the compact view and a
 * short request) against ~4,000 fixed tokens plus the full XML twice (what XML-in-the-prompt
 * tools send), as the median over the corpus. The target is ≤ 0.35.
 *
 * @example
 * editContext((await fixedPromptTokens()).total, FULL_HOUSE).ratio; // 0.33
 */
export function editContext(fixed: number, house?: string): EditContext {
  const ratios: number[] = [];
  const shares: number[] = [];
  const houseTokens = countTokens(house ?? "");
  for (const file of corpusFiles()) {
    const compact = new WorkingCopy(parseDiagram(file.xml)).view();
    const prompt = "Rename the first step";
    const ours = fixed + countTokens(turnContext({ compact, prompt, ...(house ? { house } : {}) }));
    ratios.push(ours / (4_000 + 2 * countTokens(file.xml)));
    shares.push(houseTokens / ours);
  }
  return { ratio: median(ratios), houseShare: median(shares), files: ratios.length };
}
