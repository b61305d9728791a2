/**
 * The summary model's jobs around a turn, as the diagram object runs them: folding old
 * messages into the conversation summary and naming a new diagram. The jobs themselves are
 * `agent/summary-jobs.ts`; their tokens are added with `agent/usage.ts`.
 */
import type { AgentLoopResult } from "../agent/loop.ts";
import type { ResolvedModel } from "../agent/model.ts";
import { nameDiagram, summariseConversation } from "../agent/summary-jobs.ts";
import { compactView } from "../drawio/index.ts";
import type { Usage } from "../schemas/version.ts";
import type { Summariser } from "./conversation.ts";

/**
 * The conversation's summariser on the summary model, or none without one (the summary is
 * then clipped lines).
 *
 * @example
 * const { history } = await conversation(store, summariserFor(engine.summary, signal));
 */
export function summariserFor(
  summary: ResolvedModel | undefined,
  signal?: AbortSignal,
): Summariser | undefined {
  if (!summary) return undefined;
  return (previous, aged) => summariseConversation(summary, previous, aged, signal);
}

/**
 * The title of a new diagram the turn drew: the drawing model's own, else one from the summary
 * model; none when the job fails (the prompt's first words stay).
 *
 * @example
 * const title = args.retitle ? await titleOf(engine.summary, prompt, result, signal) : undefined;
 */
export async function titleOf(
  summary: ResolvedModel | undefined,
  prompt: string,
  result: AgentLoopResult,
  signal?: AbortSignal,
): Promise<{ text: string; usage?: Usage } | undefined> {
  if (result.status !== "changed" || !result.document) return undefined;
  if (result.title) return { text: result.title };
  if (!summary) return undefined;
  const view = compactView(result.document, { abbreviateIds: true });
  return nameDiagram(summary, prompt, view, signal);
}
