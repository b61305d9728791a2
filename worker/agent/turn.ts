import { isStepCount, type LanguageModel, type ModelMessage, streamText } from "ai";
import { compactView } from "../drawio/compact.ts";
import { hasErrors } from "../drawio/findings.ts";
import type { DiagramDocument } from "../drawio/model.ts";
import { validateDocument } from "../drawio/validate.ts";
import type { ShapeNames } from "../drawio/validate-shapes.ts";
import { SYSTEM_PROMPT, turnContext } from "./prompt.ts";
import { agentTools, type ShapeSearch } from "./tools.ts";
import { WorkingCopy } from "./working-copy.ts";

/** What a turn reports as it runs (the same events go to SSE clients and live widgets). */
export type TurnEvent =
  | { type: "turn.started" }
  | { type: "text.delta"; text: string }
  | { type: "tool.call"; tool: string; input: unknown }
  | { type: "tool.result"; tool: string; output: string }
  | { type: "diagram.preview"; xml: string }
  | { type: "error"; message: string };

/** Token usage of a turn. */
export interface TurnUsage {
  input: number;
  output: number;
  cached: number;
}

/** How a turn ended. Only `changed` carries a document to commit. */
export interface TurnResult {
  status: "changed" | "unchanged" | "failed" | "cancelled";
  document?: DiagramDocument;
  /** The model's closing words (the version message). */
  text: string;
  usage: TurnUsage;
  steps: number;
  error?: string;
}

/** Options for {@link runTurn}. */
export interface TurnOptions {
  model: LanguageModel;
  document: DiagramDocument;
  prompt: string;
  /** Earlier turns of the conversation. */
  history?: ModelMessage[];
  /** What a person changed by hand since the agent's last version, as a text diff. */
  manualDiff?: string;
  /** Most model steps (each may call tools); default 8. */
  maxSteps?: number;
  signal?: AbortSignal;
  shapes: ShapeSearch & ShapeNames;
  onEvent?: (event: TurnEvent) => void;
}

/**
 * Runs one agent turn on an in-memory working copy: the model reads and changes the diagram
 * through tools, every change checked (and raw XML repaired) on the way. The result carries the
 * final document only when the turn finished within its step budget, changed something and
 * left no validation error; otherwise nothing is to be committed and the last version stays
 * as it was.
 *
 * @example
 * const result = await runTurn({ model, document, prompt: "Add a fraud check", shapes });
 * if (result.status === "changed") commit(result.document, result.text);
 */
export async function runTurn(options: TurnOptions): Promise<TurnResult> {
  const emit = options.onEvent ?? (() => {});
  const maxSteps = options.maxSteps ?? 8;
  const copy = new WorkingCopy(options.document, { shapes: options.shapes });
  const usage: TurnUsage = { input: 0, output: 0, cached: 0 };
  let text = "";
  let steps = 0;
  let lastFinish: string | undefined;
  let failure: string | undefined;
  emit({ type: "turn.started" });
  const result = streamText({
    model: options.model,
    system: SYSTEM_PROMPT,
    messages: [
      ...(options.history ?? []),
      {
        role: "user",
        content: turnContext({
          compact: compactView(options.document),
          prompt: options.prompt,
          ...(options.manualDiff ? { manualDiff: options.manualDiff } : {}),
        }),
      },
    ],
    tools: agentTools(copy, options.shapes, () =>
      emit({ type: "diagram.preview", xml: copy.xml() }),
    ),
    stopWhen: isStepCount(maxSteps),
    maxRetries: 2,
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
          usage.input += part.usage.inputTokens ?? 0;
          usage.output += part.usage.outputTokens ?? 0;
          usage.cached += part.usage.inputTokenDetails?.cacheReadTokens ?? 0;
          break;
        case "error":
          failure = part.error instanceof Error ? part.error.message : String(part.error);
          break;
        case "abort":
          return { status: "cancelled", text, usage, steps };
        default:
          break;
      }
    }
  } catch (error) {
    if (options.signal?.aborted) return { status: "cancelled", text, usage, steps };
    failure = error instanceof Error ? error.message : String(error);
  }
  if (options.signal?.aborted) return { status: "cancelled", text, usage, steps };
  if (failure === undefined && lastFinish === "tool-calls" && steps >= maxSteps) {
    failure = `the model was still working after ${maxSteps} steps; nothing was saved`;
  }
  if (failure !== undefined) {
    emit({ type: "error", message: failure });
    return { status: "failed", text, usage, steps, error: failure };
  }
  if (!copy.changed) return { status: "unchanged", text, usage, steps };
  if (hasErrors(validateDocument(copy.document))) {
    const error = "the diagram still had errors at the end of the turn; nothing was saved";
    emit({ type: "error", message: error });
    return { status: "failed", text, usage, steps, error };
  }
  return { status: "changed", document: copy.document, text: text.trim(), usage, steps };
}
