/**
 * What a turn says when it ends, in words: the reply kept in the conversation (and sent as the
 * turn's `text`), and the message of the version it saved.
 */
import type { AgentLoopResult } from "../agent/loop.ts";

/** How a turn ended, as far as its reply needs to know. */
export interface TurnOutcome {
  status: AgentLoopResult["status"];
  /** The model's words, as they came (a cancelled turn may have said part of its answer). */
  text: string;
  /** Why nothing was saved, when the turn failed. */
  error?: string | undefined;
  /** The version the turn saved, if it saved one. */
  saved?: number | undefined;
  /** The head the diagram was left at. */
  head: number;
  /** The diagram was made for this turn and, nothing being saved, deleted again. */
  discarded: boolean;
}

/**
 * The turn's reply: the model's words, and what became of the diagram when they do not say
 * (a cancelled turn always says it was cancelled, and what was kept).
 *
 * @example
 * replyOf({ status: "cancelled", text: "", head: 3, discarded: false });
 * // "Cancelled: nothing of this turn was saved; the diagram is as it was (version 3)."
 */
export function replyOf(outcome: TurnOutcome): string {
  const text = outcome.text.trim();
  if (outcome.status === "cancelled") {
    const kept = outcome.discarded
      ? "Cancelled: nothing was saved, and the new diagram was not kept."
      : `Cancelled: nothing of this turn was saved; the diagram is as it was (version ${outcome.head}).`;
    return text ? `${text}\n\n${kept}` : kept;
  }
  if (text) return text;
  if (outcome.error) return `I could not finish: ${outcome.error}`;
  if (outcome.saved !== undefined) return `Saved version ${outcome.saved}.`;
  return outcome.discarded ? "I drew nothing, so no diagram was kept." : "No change was needed.";
}

/**
 * A short version message: the model's closing sentence, else the request.
 *
 * @example
 * summaryOf("Added a fraud check. It sits after payment.", "Add a fraud check"); // "Added a fraud check."
 */
export function summaryOf(text: string, prompt: string): string {
  const source = text.trim() || prompt.trim();
  const sentence = source.split(/(?<=[.!?])\s/)[0] ?? source;
  return sentence.length > 200 ? `${sentence.slice(0, 197)}…` : sentence;
}
