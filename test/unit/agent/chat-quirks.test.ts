/**
 * Chat Completions quirks of OpenAI-compatible servers, through the real AI SDK providers and
 * `modelFetch`: arguments as a JSON object, tool calls without id or index (streamed), and
 * without id or type (plain JSON).
 */
import { createServer, type Server } from "node:http";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, isStepCount, type LanguageModel, streamText, tool } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { modelFetch } from "../../../worker/agent/model-fetch.ts";
import { serverOrigin } from "../../fixtures/free-port.ts";

type Chunk = Record<string, unknown>;

/** A streamed chunk of choice 0 with these tool-call pieces. */
function calls(...toolCalls: unknown[]): Chunk {
  return { id: "chatcmpl-q", choices: [{ index: 0, delta: { tool_calls: toolCalls } }] };
}
const END: Chunk = {
  id: "chatcmpl-q",
  choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }],
};

/** Streams that name two `add` calls, 1+2 then 3+4, each in one server's quirky way. */
const QUIRKS: Record<string, Chunk[]> = {
  "arguments as a JSON object (Ollama)": [
    calls({
      index: 0,
      id: "a1",
      type: "function",
      function: { name: "add", arguments: { a: 1, b: 2 } },
    }),
    calls({
      index: 1,
      id: "a2",
      type: "function",
      function: { name: "add", arguments: { a: 3, b: 4 } },
    }),
    END,
  ],
  "calls without ids or indexes, arguments in pieces": [
    calls({ type: "function", function: { name: "add", arguments: '{"a":' } }),
    calls({ function: { arguments: '1,"b":2}' } }),
    calls({ type: "function", function: { name: "add", arguments: '{"a":3,' } }),
    calls({ function: { arguments: '"b":4}' } }),
    END,
  ],
};

/** The same two calls as one plain JSON answer: no ids, no types, arguments as objects. */
const PLAIN = {
  id: "chatcmpl-p",
  choices: [
    {
      index: 0,
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        content: null,
        tool_calls: [
          { function: { name: "add", arguments: { a: 1, b: 2 } } },
          { function: { name: "add", arguments: { a: 3, b: 4 } } },
        ],
      },
    },
  ],
};

let server: Server;
let base = "";
let quirk = "";
/** Every request body the server was sent. */
const sent: Array<{ stream?: boolean; messages: Array<Record<string, unknown>> }> = [];

beforeAll(async () => {
  // The first request of a turn gets the quirky calls; one that carries tool results, "Done.".
  // `/v1/cut/chat/completions` sends a first chunk, then drops the connection.
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const request = JSON.parse(body) as (typeof sent)[number];
      sent.push(request);
      const answered = request.messages.some((m) => m.role === "tool");
      if (!request.stream) {
        res.setHeader("content-type", "application/json");
        const done = {
          choices: [{ index: 0, finish_reason: "stop", message: { content: "Done." } }],
        };
        res.end(JSON.stringify(answered ? done : PLAIN));
        return;
      }
      res.setHeader("content-type", "text/event-stream");
      const send = (chunk: Chunk) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (req.url?.startsWith("/v1/cut/")) {
        send(calls({ index: 0, id: "c", function: { name: "add", arguments: "{" } }));
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      if (answered) {
        send({ choices: [{ index: 0, delta: { content: "Done." }, finish_reason: "stop" }] });
      } else {
        for (const chunk of QUIRKS[quirk] ?? []) send(chunk);
      }
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `${serverOrigin(server)}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Fetch = typeof globalThis.fetch;

/** The two providers that speak Chat Completions: each makes a model on a base URL and fetch. */
const PROVIDERS: Array<[string, (fetch: Fetch, url?: string) => LanguageModel]> = [
  [
    "@ai-sdk/openai (chat)",
    (fetch, url = base) => createOpenAI({ apiKey: "k", baseURL: url, fetch }).chat("m"),
  ],
  [
    "@ai-sdk/openai-compatible",
    (fetch, url = base) => createOpenAICompatible({ name: "local", baseURL: url, fetch })("m"),
  ],
];

/** Runs a two-step turn with an `add` tool; returns the sums it computed and what went wrong. */
async function turn(model: LanguageModel, stream: boolean) {
  const sums: string[] = [];
  const tools = {
    add: tool({
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => {
        sums.push(`${a}+${b}`);
        return String(a + b);
      },
    }),
  };
  const errors: unknown[] = [];
  const settings = { model, prompt: "Add", tools, stopWhen: isStepCount(3), maxRetries: 0 };
  let text = "";
  if (stream) {
    // Errors arrive as parts of the stream; the default onError would only log them.
    const result = streamText({ ...settings, onError: () => {} });
    try {
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") text += part.text;
        if (part.type === "error") errors.push(part.error);
      }
    } catch (error) {
      if (!errors.includes(error)) errors.push(error);
    }
  } else {
    try {
      text = (await generateText(settings)).text;
    } catch (error) {
      errors.push(error);
    }
  }
  return { sums, errors, text };
}

/** The tool calls the model's second request sent back, with the ids of their results. */
function echoedCalls() {
  const messages = sent.at(-1)?.messages ?? [];
  const assistant = messages.find((m) => m.role === "assistant") as {
    tool_calls: Array<{ id: string; function: { arguments: string } }>;
  };
  const results = messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id);
  return { calls: assistant.tool_calls, results };
}

describe("Chat Completions quirks, standardised in the provider's fetch", () => {
  for (const name of Object.keys(QUIRKS)) {
    for (const [label, provider] of PROVIDERS) {
      it(`${label}, streamed: ${name}`, async () => {
        quirk = name;
        const { sums, errors, text } = await turn(provider(modelFetch), true);
        expect(errors).toEqual([]);
        expect(sums).toEqual(["1+2", "3+4"]);
        expect(text).toBe("Done.");
        const { calls: echoed, results } = echoedCalls();
        expect(echoed.map((c) => JSON.parse(c.function.arguments))).toEqual([
          { a: 1, b: 2 },
          { a: 3, b: 4 },
        ]);
        const ids = echoed.map((c) => c.id);
        expect(new Set(ids).size).toBe(2);
        expect(results).toEqual(ids);
      });
    }
  }

  for (const [label, provider] of PROVIDERS) {
    it(`${label}, plain JSON: no ids, no types, arguments as objects`, async () => {
      const { sums, errors, text } = await turn(provider(modelFetch), false);
      expect(errors).toEqual([]);
      expect(sums).toEqual(["1+2", "3+4"]);
      expect(text).toBe("Done.");
      const { calls: echoed, results } = echoedCalls();
      expect(new Set(echoed.map((c) => c.id)).size).toBe(2);
      expect(results).toEqual(echoed.map((c) => c.id));
    });
  }

  it("is needed: without it, the providers fail the turn on arguments sent as an object", async () => {
    quirk = "arguments as a JSON object (Ollama)";
    for (const [, provider] of PROVIDERS) {
      const { sums, errors } = await turn(provider(fetch), true);
      expect(sums).toEqual([]);
      expect(String(errors[0])).toMatch(/Type validation failed/);
      const plain = await turn(provider(fetch), false);
      expect(String(plain.errors[0])).toMatch(/Invalid JSON response/);
    }
  });

  it("keeps a connection lost mid-answer the retryable APICallError of modelFetch", async () => {
    for (const [, provider] of PROVIDERS) {
      const { errors } = await turn(provider(modelFetch, `${base}/cut`), true);
      expect(errors).toHaveLength(1);
      // The provider wraps what failed its read ("Failed to process successful response").
      const lost = (errors[0] as Error).cause;
      expect(APICallError.isInstance(lost)).toBe(true);
      expect((lost as APICallError).isRetryable).toBe(true);
      expect((lost as Error).message).toMatch(/was lost while it answered/);
    }
  });
});
