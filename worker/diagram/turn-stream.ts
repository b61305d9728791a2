import { ApiError } from "../http/api-error.ts";

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
