/**
 * The agent's model loop for one turn: tool calls on an in-memory working copy, step and time
 * budgets, retries of passing model failures, and a document to commit or drop.
 */
import {
  APICallError,
  isStepCount,
  type LanguageModel,
  type ModelMessage,
  RetryError,
  streamText,
  type UserContent,
} from "ai";
import {
  type DiagramDocument,
  type HouseTheme,
  hasErrors,
  type LibraryShapes,
  type ShapeNames,
  validateDocument,
} from "../drawio/index.ts";
import type { AnswerOutcome, Attachment, TurnEvent } from "../schemas/agent.ts";
import type { Finding } from "../schemas/diagram.ts";
import type { Usage } from "../schemas/version.ts";
import type { ProviderOptions } from "./model.ts";
import type { CallSettings } from "./model-settings.ts";
import { houseContext, SYSTEM_PROMPT, turnContext } from "./prompt.ts";
import { quietAnswer } from "./quiet-answer.ts";
import { agentTools, type ShapeSearch } from "./tools.ts";
import { addUsage, usageOf } from "./usage.ts";
import { WorkingCopy } from "./working-copy.ts";

/**
 * What the loop reports as it runs: the model's words, its tool calls and the working diagram.
 * They are members of the one {@link TurnEvent} union; the diagram object adds the others
 * (`turn.started`, `version.created`, `usage`, `turn.completed`).
 */
export type AgentLoopEvent = Extract<
  TurnEvent,
  { type: "text.delta" | "tool.call" | "tool.result" | "diagram.preview" | "error" }
>;

/** How the loop ended. Only `changed` carries a document to commit. */
export interface AgentLoopResult {
  status: "changed" | "unchanged" | "failed" | "cancelled";
  document?: DiagramDocument;
  /** The findings of `document` (it has no errors), so nobody validates it again. */
  findings?: Finding[];
  /** The title the model gave a new diagram, if it gave one. */
  title?: string;
  /**
   * The model's closing words (the version message); for an answer with an `outcome`, what
   * happened, in words (a diagram pasted in the text is never part of them).
   */
  text: string;
  /** Set when the answer was not an ordinary one: empty, refused, or a diagram in its text. */
  outcome?: AnswerOutcome;
  usage: Usage;
  steps: number;
  /** What the house style gave the diagram, in words, when it gave anything. */
  house?: string[];
  error?: string;
  /** A failure worth retrying later: the model was overloaded, rate limited or timed out. */
  retryable?: boolean;
}

/** Options for {@link runAgentLoop}. */
export interface AgentLoopOptions {
  model: LanguageModel;
  /** Temperature or reasoning effort for this model (`callSettings`). */
  call?: CallSettings;
  /**
   * Provider options that mark a cache breakpoint (Anthropic's `cacheControl`, Bedrock's
   * `cachePoint`): set on the system prompt (the tools and it, the same for every turn) and on
   * the request (the whole context, which every later step of the turn repeats).
   */
  cacheMark?: ProviderOptions;
  document: DiagramDocument;
  prompt: string;
  /** Earlier turns of the conversation. */
  history?: ModelMessage[];
  /** What a person changed by hand since the agent's last version, as a text diff. */
  manualDiff?: string;
  /**
   * The team's house style: its rules go into the turn context, its theme to the layout of
   * graphs that say nothing else.
   */
  house?: { theme: HouseTheme; rules: string[] };
  /** Most model steps (each may call tools); default 8. */
  maxSteps?: number;
  /** Images and PDFs shown with the request (the model must accept them). */
  attachments?: Attachment[];
  /** Time limits (ms) and retries of failed model calls; by default 300 s, 120 s a step, 2. */
  limits?: { totalMs: number; stepMs: number; maxRetries: number };
  /** The caller's cancellation. */
  signal?: AbortSignal;
  shapes: ShapeSearch & ShapeNames & LibraryShapes;
  onEvent?: (event: AgentLoopEvent) => void;
}

/**
 * Runs the agent's model loop for one turn on an in-memory working copy: the model reads and
 * changes the diagram through tools, every change checked (and raw XML repaired) on the way.
 * The result carries the final document only when the turn finished within its step budget,
 * changed something and left no validation error; otherwise nothing is to be committed and the
 * last version stays as it was. It runs inside the diagram object (`diagram/turn-host.ts` hosts
 * it); nothing here knows about storage, streams or RPC.
 *
 * @example
 * const result = await runAgentLoop({ model, document, prompt: "Add a fraud check", shapes });
 * if (result.status === "changed") commit(result.document, result.text);
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const emit = options.onEvent ?? (() => {});
  const maxSteps = options.maxSteps ?? 8;
  const copy = new WorkingCopy(options.document, {
    shapes: options.shapes,
    ...(options.house ? { house: options.house.theme } : {}),
  });
  let usage: Usage = { input: 0, output: 0, cached: 0 };
  let text = "";
  let steps = 0;
  let lastFinish: string | undefined;
  let rawFinish: string | undefined;
  let toolCalls = 0;
  let failure: string | undefined;
  let retryable = false;
  const limits = options.limits ?? { totalMs: 300_000, stepMs: 120_000, maxRetries: 2 };
  const house = options.house && houseContext(options.house.rules, themeParts(options.house.theme));
  const request = turnContext({
    compact: copy.view(),
    prompt: options.prompt,
    ...(options.manualDiff ? { manualDiff: options.manualDiff } : {}),
    ...(house ? { house } : {}),
  });
  const result = streamText({
    model: options.model,
    ...options.call,
    // Static, and before everything that changes: the provider may cache tools + this prompt.
    instructions: {
      role: "system",
      content: SYSTEM_PROMPT,
      ...(options.cacheMark ? { providerOptions: options.cacheMark } : {}),
    },
    messages: [
      ...(options.history ?? []),
      {
        role: "user",
        content: userContent(request, options.attachments ?? []),
        ...(options.cacheMark ? { providerOptions: options.cacheMark } : {}),
      },
    ],
    tools: agentTools(copy, options.shapes, () =>
      emit({ type: "diagram.preview", xml: copy.xml() }),
    ),
    stopWhen: isStepCount(maxSteps),
    // The SDK retries 408/409/429/5xx and network errors with exponential backoff, honouring
    // the server's retry-after; the step limit covers a call with all its retries.
    maxRetries: limits.maxRetries,
    timeout: { totalMs: limits.totalMs, stepMs: limits.stepMs },
    // Attachment URLs go to the model as they are: the Worker never fetches a caller's URL
    // (no requests to internal addresses on anyone's behalf).
    experimental_download: async (urls) => urls.map(() => null),
    ...(options.signal ? { abortSignal: options.signal } : {}),
  });
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case "text-delta":
          text += part.text;
          emit({ type: "text.delta", text: part.text });
          break;
        case "tool-call":
          toolCalls++;
          emit({ type: "tool.call", tool: part.toolName, input: part.input });
          break;
        case "tool-result":
          emit({ type: "tool.result", tool: part.toolName, output: String(part.output) });
          break;
        case "tool-error":
          emit({
            type: "tool.result",
            tool: part.toolName,
            output: `Error: ${String(part.error)}`,
          });
          break;
        case "finish-step":
          steps++;
          lastFinish = part.finishReason;
          rawFinish = part.rawFinishReason;
          usage = addUsage(usage, usageOf(part.usage));
          break;
        case "error":
          failure = failureText(part.error);
          retryable = isTransient(part.error);
          break;
        case "abort":
          if (options.signal?.aborted) return { status: "cancelled", text, usage, steps };
          failure = `the model did not answer in time (limits: ${limits.totalMs / 1000} s a turn, ${limits.stepMs / 1000} s a step)`;
          retryable = true;
          break;
        default:
          break;
      }
    }
  } catch (error) {
    if (options.signal?.aborted) return { status: "cancelled", text, usage, steps };
    if (failure === undefined) {
      failure = failureText(error);
      retryable = isTransient(error);
    }
  }
  if (options.signal?.aborted) return { status: "cancelled", text, usage, steps };
  if (failure === undefined && lastFinish === "tool-calls" && steps >= maxSteps) {
    failure = `the model was still working after ${maxSteps} step${maxSteps === 1 ? "" : "s"}; nothing was saved`;
  }
  if (failure !== undefined) {
    emit({ type: "error", message: failure });
    return { status: "failed", text, usage, steps, error: failure, retryable };
  }
  // A refusal, an empty answer, or a diagram written as text instead of drawn with a tool.
  const answer = copy.changed
    ? { text }
    : await quietAnswer(
        copy,
        { text, finish: lastFinish, rawFinish, toolCalls },
        { shapes: options.shapes },
      );
  const outcome = answer.outcome ? { outcome: answer.outcome } : {};
  if (!copy.changed) return { status: "unchanged", text: answer.text, usage, steps, ...outcome };
  const findings = validateDocument(copy.document, { shapes: options.shapes });
  if (hasErrors(findings)) {
    const error = "the diagram still had errors at the end of the turn; nothing was saved";
    emit({ type: "error", message: error });
    return { status: "failed", text, usage, steps, error };
  }
  return {
    status: "changed",
    document: copy.document,
    findings,
    text: answer.text.trim(),
    usage,
    steps,
    ...outcome,
    ...(copy.title ? { title: copy.title } : {}),
    ...(copy.houseApplied.size > 0 ? { house: [...copy.houseApplied] } : {}),
  };
}

/** What the layout applies of a house theme, in the turn context's words. */
function themeParts(theme: HouseTheme): string[] {
  const parts: string[] = [];
  if (theme.direction) parts.push(`direction (${theme.direction})`);
  if (theme.node || theme.kinds) parts.push("node style");
  if (theme.edge) parts.push("edge style");
  return parts;
}

/**
 * Whether a model failure may go away on its own: a retryable HTTP status (408, 409, 429, 5xx),
 * retries that ran out on one, a network error (also one behind the SDK's "Failed to process
 * successful response", a stream cut off mid-answer) or a timeout. Anything else (a 400, a bad
 * key, a model that does not exist) will fail the same way again.
 */
function isTransient(error: unknown): boolean {
  if (RetryError.isInstance(error)) return isTransient(error.lastError);
  if (APICallError.isInstance(error)) return error.isRetryable || isTransient(error.cause);
  if (error instanceof Error) {
    return (
      error.name === "TimeoutError" ||
      error.name === "AbortError" ||
      (error.name === "TypeError" && /fetch|network|connect/i.test(error.message))
    );
  }
  return false;
}

/** A model failure in words: the SDK's message, and the cause it wrapped when it adds one. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (APICallError.isInstance(error) && cause instanceof Error) {
    const inner = failureText(cause);
    if (!error.message.includes(inner)) return `${error.message}: ${inner}`;
  }
  return error.message;
}

/** The request as the model receives it: text, then the images and PDFs. */
function userContent(text: string, attachments: Attachment[]): UserContent {
  if (attachments.length === 0) return text;
  return [
    { type: "text", text },
    ...attachments.map((a) => {
      const source = a.url !== undefined ? new URL(a.url) : (a.data ?? "");
      return a.media_type === "application/pdf"
        ? { type: "file" as const, data: source, mediaType: a.media_type }
        : {
            type: "image" as const,
            image: source,
            ...(a.media_type ? { mediaType: a.media_type } : {}),
          };
    }),
  ];
}
