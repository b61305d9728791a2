/**
 * The small jobs beside a drawing turn, on the summary model (`DRAWFORGE_SUMMARY_MODEL`, by
 * default the drawing model): folding old messages into the conversation's running summary,
 * naming a new diagram the drawing model left unnamed, and keeping the team's house-style rules. Each is bounded in time and size,
 * and a failure is not the turn's: the caller keeps its fallback.
 */
import { generateText } from "ai";
import type { Usage } from "../schemas/version.ts";
import type { ResolvedModel } from "./model.ts";
import { HOUSE_RULES_PROMPT, SUMMARY_PROMPT, TITLE_PROMPT } from "./prompt.ts";
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

/** Most learned rules the job keeps, and the longest rule. */
const HOUSE_RULES_MAX = 8;
const HOUSE_RULE_MAX_CHARS = 160;

/**
 * The team's learned house-style rules after one exchange: the job reads the rules so far (a
 * person's own are shown as fixed) and what was asked and answered, and answers the whole
 * updated list. Undefined on failure (the rules stay as they were).
 *
 * @example
 * const next = await updateHouseRules(summaryModel, { fixed: [], learned, request, reply });
 * // next.rules: ["Call the database Postgres, not Database."]
 */
export async function updateHouseRules(
  resolved: ResolvedModel,
  input: { fixed: string[]; learned: string[]; request: string; reply: string },
  signal?: AbortSignal,
): Promise<(JobResult & { rules: string[] }) | undefined> {
  const list = (rules: string[]) =>
    rules.length ? rules.map((r) => `- ${r}`).join("\n") : "- none";
  const prompt = [
    ...(input.fixed.length
      ? [`Rules the team wrote (fixed, do not repeat):\n${list(input.fixed)}`]
      : []),
    `Learned rules so far:\n${list(input.learned)}`,
    `The person asked: ${input.request.slice(0, 2_000)}`,
    `The assistant answered: ${input.reply.slice(0, 500)}`,
  ].join("\n\n");
  const answer = await runJob(resolved, HOUSE_RULES_PROMPT, prompt, 400, signal);
  if (!answer) return undefined;
  const bullets = answer.text
    .split("\n")
    .map((line) => /^\s*[-*•]\s+(.+)$/.exec(line)?.[1]?.trim())
    .filter((rule): rule is string => rule !== undefined && rule !== "");
  // An answer that is not a list (a refusal, a chat) changes nothing: only "- none" empties it.
  if (bullets.length === 0) return undefined;
  const rules = bullets
    .filter((rule) => !/^none\.?$/i.test(rule))
    .map((rule) => rule.replace(/\p{Cc}/gu, " ").slice(0, HOUSE_RULE_MAX_CHARS))
    .slice(0, HOUSE_RULES_MAX);
  return { ...answer, rules };
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
