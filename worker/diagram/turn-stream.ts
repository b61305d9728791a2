import type { ModelSettings } from "../agent/model-settings.ts";
import { ApiError } from "../http/api-error.ts";
import type { streamTurn, TurnHost } from "./turns.ts";

/** How a turn ended, as its last Server-Sent Event says. */
export interface TurnCompletion {
  status: "changed" | "unchanged" | "failed" | "cancelled";
  version: number;
  text: string;
  steps: number;
  usage: { input: number; output: number; cached: number };
  error?: string;
  /** Set on failures worth retrying later (model overloaded, rate limited, timed out). */
  retryable?: boolean;
  /** The diagram was made for this turn and deleted again when it saved nothing. */
  discarded?: boolean;
}

/**
 * Reads a turn's event stream to its end and returns its `turn.completed` data. A stream that
 * ends without one (the object crashed) is a 502: nothing was saved.
 *
 * @example
 * const done = await turnCompletion(started.stream);
 */
export async function turnCompletion(stream: ReadableStream<Uint8Array>): Promise<TurnCompletion> {
  const text = await new Response(stream).text();
  let last: TurnCompletion | undefined;
  for (const block of text.split("\n\n")) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event === "turn.completed" && data) last = JSON.parse(data) as TurnCompletion;
  }
  if (!last) {
    throw new ApiError(502, "turn_failed", "the turn ended without a result; nothing was saved");
  }
  return last;
}

/** What {@link startTurn} passes on to the turn, besides the model and its limits. */
export type TurnArgs = Omit<Parameters<typeof streamTurn>[1], "model" | "limits"> & {
  model?: string | undefined;
  /** Overrides `DRAWFORGE_MODEL_RETRIES` (a queue that retries itself sends 0). */
  retries?: number | undefined;
};

/**
 * Picks the model and starts a turn as a Server-Sent Events stream. The agent stack (AI SDK,
 * provider, tools) is imported here, on a diagram's first turn, not with every request.
 *
 * @example
 * const { stream, done, model } = await startTurn(env, host, { ...args, row, signal });
 */
export async function startTurn(settings: ModelSettings, host: TurnHost, args: TurnArgs) {
  const [models, turns] = await Promise.all([import("../agent/model.ts"), import("./turns.ts")]);
  const { model, retries, ...rest } = args;
  const chosen = models.resolveModel(settings, model, {
    images: (args.attachments?.length ?? 0) > 0,
  });
  const limits = models.turnLimits(settings);
  const started = turns.streamTurn(host, {
    ...rest,
    model: chosen.model,
    limits: retries === undefined ? limits : { ...limits, maxRetries: retries },
  });
  return { ...started, model: chosen.name };
}
