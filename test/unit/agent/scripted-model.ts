import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

type Part = Record<string, unknown> & { type: string };

let calls = 0;

/** A tool call the scripted model makes. */
export function call(toolName: string, input: unknown): Part {
  calls++;
  return { type: "tool-call", toolCallId: `call-${calls}`, toolName, input: JSON.stringify(input) };
}

/** Text the scripted model writes. */
export function say(text: string): Part[] {
  return [
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: text },
    { type: "text-end", id: "t" },
  ];
}

/**
 * A step's end, as providers report it: `content-filter` is a refusal (OpenAI's `refusal`,
 * Anthropic's `stop_reason: "refusal"`), `raw` the provider's own word for it.
 */
export function finish(unified: string, raw?: string): Part {
  return {
    type: "finish",
    finishReason: { unified, raw },
    usage: {
      inputTokens: { total: 100, noCache: 80, cacheRead: 20, cacheWrite: undefined },
      outputTokens: { total: 10, text: 10, reasoning: undefined },
    },
  };
}

/**
 * A language model that answers each step with the next scripted list of parts (tool calls
 * and/or text, and its own `finish` if it has one), as a stream, the way a real provider would.
 *
 * @example
 * const model = scriptedModel([[call("read_diagram", {})], say("Done.")]);
 */
export function scriptedModel(steps: Array<Part[] | Error>): MockLanguageModelV4 {
  let index = 0;
  return new MockLanguageModelV4({
    doStream: async () => {
      const step = steps[Math.min(index, steps.length - 1)];
      index++;
      if (step instanceof Error) throw step;
      const parts = step ?? [];
      const toolCalls = parts.some((p) => p.type === "tool-call");
      // A step that ends itself (a refusal) keeps its end; others end as their calls say.
      const end = parts.some((p) => p.type === "finish")
        ? []
        : [finish(toolCalls ? "tool-calls" : "stop")];
      return { stream: simulateReadableStream({ chunks: [...parts, ...end] as never[] }) };
    },
  });
}
