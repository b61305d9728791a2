/**
 * The summary model's jobs around a turn, as the diagram object runs them: folding old
 * messages into the conversation summary, naming a new diagram, and keeping the tenant's
 * house-style rules. The jobs themselves are `agent/summary-jobs.ts`; their tokens are added
 * with `agent/usage.ts`.
 */
import type { AgentLoopResult } from "../agent/loop.ts";
import type { ResolvedModel } from "../agent/model.ts";
import { nameDiagram, summariseConversation, updateHouseRules } from "../agent/summary-jobs.ts";
import { compactView } from "../drawio/index.ts";
import type { Usage } from "../schemas/version.ts";
import type { StyleMemoryState } from "../tenant/style-memory.ts";
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

/** The tenant's house style as a turn reaches it (`TurnHost.house`). */
export interface HouseAccess {
  read: () => Promise<StyleMemoryState>;
  /** Stores the learned rules unless the memory changed since `revision`; absent: learn nothing. */
  learn?: (rules: string[], revision: number) => Promise<void>;
}

/**
 * The house style for a turn; undefined when the turn does not use it or it cannot be read
 * (logged: a turn never fails for want of its style).
 *
 * @example
 * const memory = await houseMemory(host.house);
 */
export async function houseMemory(
  house: HouseAccess | undefined,
): Promise<StyleMemoryState | undefined> {
  if (!house) return undefined;
  try {
    return await house.read();
  } catch (error) {
    console.error("could not read the house style; the turn goes on without it", error);
    return undefined;
  }
}

/**
 * After a turn that ran, the summary model updates the learned house-style rules from what was
 * asked and answered; returns the job's tokens. Nothing happens without a summary model, for a
 * turn that does not teach the style, or for one that failed.
 *
 * @example
 * const learned = await learnHouseRules(engine.summary, host.house, memory, prompt, result);
 */
export async function learnHouseRules(
  summary: ResolvedModel | undefined,
  house: HouseAccess | undefined,
  memory: StyleMemoryState | undefined,
  prompt: string,
  result: AgentLoopResult,
  signal?: AbortSignal,
): Promise<{ usage: Usage } | undefined> {
  if (!summary || !house?.learn || !memory) return undefined;
  if (result.status !== "changed" && result.status !== "unchanged") return undefined;
  const fixed = memory.rules.filter((r) => r.source === "person").map((r) => r.text);
  const learned = memory.rules.filter((r) => r.source === "conversation").map((r) => r.text);
  const answer = await updateHouseRules(
    summary,
    { fixed, learned, request: prompt, reply: result.text },
    signal,
  );
  if (!answer) return undefined;
  const same =
    answer.rules.length === learned.length && answer.rules.every((r, i) => r === learned[i]);
  if (!same) {
    try {
      await house.learn(answer.rules, memory.revision);
    } catch (error) {
      console.error("could not store the learned house-style rules", error);
    }
  }
  return { usage: answer.usage };
}
