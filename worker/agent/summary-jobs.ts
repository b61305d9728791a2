/**
 * The small jobs beside a drawing turn, on the summary model (`DRAWFORGE_SUMMARY_MODEL`, by
 * default the drawing model): folding old messages into the conversation's running summary,
 * and naming a new diagram the drawing model left unnamed. Each is bounded in time and size,
 * and a failure is not the turn's: the caller keeps its fallback.
 */
import { generateText } from "ai";
import type { Usage } from "../schemas/version.ts";
import type { ResolvedModel } from "./model.ts";
import { SUMMARY_PROMPT, TITLE_PROMPT } from "./prompt.ts";
import { usageOf } from "./usage.ts";

/** Longest a job may take, retries included. */
const JOB_TIMEOUT_MS = 20_000;
/** Longest summary kept, in characters, and longest title. */
export const SUMMARY_MAX_CHARS = 2_000;
const TITLE_MAX_CHARS = 80;
/** Most characters of aged messages one summary job reads. */
const FOLD_MAX_CHARS = 12_000;

/** A job's answer and the tokens it cost (counted into the turn's usage). */
export interface JobResult {
  text: string;
  usage: Usage;
}

/** One message of the conversation as the summary job reads it. */
export interface SummarisedMessage {
  role: "user" | "assistant";
  content: string;
}

/**
 * The running summary with `messages` folded in; undefined when the model failed or answered
 * nothing (the caller keeps its own summary then).
 *
 * @example
 * const next = await summariseConversation(summaryModel, previous, aged, signal);
 */
export async function summariseConversation(
  resolved: ResolvedModel,
  previous: string | undefined,
  messages: SummarisedMessage[],
  signal?: AbortSignal,
): Promise<JobResult | undefined> {
  const lines = messages.map(
    (m) => `${m.role === "user" ? "User" : "Assistant"}: ${m.content.slice(0, 1_500)}`,
  );
  // A long-neglected history folds in its newest messages; the oldest are clipped away.
  const folded = lines.join("\n");
  const recent = folded.length > FOLD_MAX_CHARS ? `…${folded.slice(-FOLD_MAX_CHARS)}` : folded;
  const prompt = [
    previous ? `Summary so far:\n${previous}` : "There is no summary yet.",
    `Messages to fold in:\n${recent}`,
  ].join("\n\n");
  const answer = await runJob(resolved, SUMMARY_PROMPT, prompt, 600, signal);
  if (!answer) return undefined;
  return { ...answer, text: answer.text.slice(0, SUMMARY_MAX_CHARS) };
}

/**
 * A title for a new diagram from its request and compact view; undefined on failure.
 *
 * @example
 * const title = await nameDiagram(summaryModel, "checkout flow with retries", compact);
 */
export async function nameDiagram(
  resolved: ResolvedModel,
  request: string,
  compact: string,
  signal?: AbortSignal,
): Promise<JobResult | undefined> {
  const prompt = `Request: ${request.slice(0, 2_000)}\n\nDiagram:\n${compact.slice(0, 3_000)}`;
  const answer = await runJob(resolved, TITLE_PROMPT, prompt, 60, signal);
  if (!answer) return undefined;
  const title = answer.text
    .split("\n")[0]
    ?.replace(/^["'“”«»\s]+|["'“”«»\s.]+$/g, "")
    .slice(0, TITLE_MAX_CHARS);
  return title ? { ...answer, text: title } : undefined;
}

/** One bounded call to the summary model; undefined (logged) when it fails or says nothing. */
async function runJob(
  resolved: ResolvedModel,
  instructions: string,
  prompt: string,
  maxOutputTokens: number,
  signal: AbortSignal | undefined,
): Promise<JobResult | undefined> {
  try {
    const result = await generateText({
      model: resolved.model,
      ...resolved.call,
      instructions,
      prompt,
      // Reasoning models spend output tokens thinking first: leave them room.
      maxOutputTokens: resolved.choice.reasoning ? maxOutputTokens + 2_000 : maxOutputTokens,
      maxRetries: 1,
      timeout: JOB_TIMEOUT_MS,
      ...(signal ? { abortSignal: signal } : {}),
    });
    const usage = usageOf(result.usage);
    const text = result.text.trim();
    return text ? { text, usage } : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`the ${resolved.name} summary-model job failed`, error);
    return undefined;
  }
}
