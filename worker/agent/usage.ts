/**
 * Token usage as Drawforge records it: read from the AI SDK's usage of a call, and summed over
 * a turn's steps and its jobs. `reasoning` appears only once a model reasoned.
 */
import type { LanguageModelUsage } from "ai";
import type { Usage } from "../schemas/version.ts";

/**
 * One call's usage as Drawforge records it.
 *
 * @example
 * const usage = usageOf(result.usage);
 */
export function usageOf(sdk: LanguageModelUsage): Usage {
  const usage: Usage = {
    input: sdk.inputTokens ?? 0,
    output: sdk.outputTokens ?? 0,
    cached: sdk.inputTokenDetails?.cacheReadTokens ?? 0,
  };
  const reasoning = sdk.outputTokenDetails?.reasoningTokens;
  if (reasoning) usage.reasoning = reasoning;
  return usage;
}

/**
 * Usage summed over calls (a turn's steps, its jobs); absent parts count nothing.
 *
 * @example
 * const total = addUsage(result.usage, summaryUsage, title?.usage);
 */
export function addUsage(...parts: Array<Usage | undefined>): Usage {
  const sum: Usage = { input: 0, output: 0, cached: 0 };
  for (const part of parts) {
    if (!part) continue;
    sum.input += part.input;
    sum.output += part.output;
    sum.cached += part.cached;
    if (part.reasoning) sum.reasoning = (sum.reasoning ?? 0) + part.reasoning;
  }
  return sum;
}
