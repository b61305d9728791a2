/**
 * The scripted model server against the real AI SDK providers, one per wire protocol it speaks:
 * text streams in pieces, several tool calls in one step, a tool-result round trip, reasoning
 * kept apart from text, refusals, failures, chat quirks, realistic prompt caching, and the
 * summary and title jobs answered by rule.
 */
import type { Server } from "node:http";
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createAzure } from "@ai-sdk/azure";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  generateText,
  type LanguageModel,
  type SystemModelMessage,
  stepCountIs,
  streamText,
  tool,
} from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { serverOrigin } from "../fixtures/free-port.ts";
import {
  type ProtocolName,
  type RecordedRequest,
  type ScriptStep,
  startLlmServer,
} from "../fixtures/model-server/index.ts";

// The providers warn about the made-up model names; that is not what these tests look at.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** A system prompt long enough (over 1,024 tokens) for providers to cache. */
const LONG_SYSTEM = "Draw each diagram carefully, with short labels and clear edges. ".repeat(120);

let server: Server;
let url = "";
beforeAll(async () => {
  server = await startLlmServer();
  url = serverOrigin(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Each provider as the registry will build it, and what it does with reasoning. */
const PROVIDERS: Array<{
  name: string;
  protocol: ProtocolName;
  model: () => LanguageModel;
  /** Whether the provider surfaces the protocol's reasoning as reasoning. */
  reasoning: boolean;
  /** Whether the provider reports reasoning tokens. */
  reasoningTokens: boolean;
  /** The finish reason a refusal gives. */
  refusal?: string;
  /** The provider options that put a cache breakpoint on a message, for marker caching. */
  cacheMarker?: SystemModelMessage["providerOptions"];
}> = [
  {
    name: "openai chat",
    protocol: "chat",
    model: () => createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).chat("scripted"),
    // OpenAI's own chat model has no reasoning text; the compatible one reads reasoning_content.
    reasoning: false,
    reasoningTokens: true,
  },
  {
    name: "openai-compatible",
    protocol: "chat",
    model: () =>
      createOpenAICompatible({ name: "ollama", baseURL: `${url}/v1`, includeUsage: true })(
        "scripted",
      ),
    reasoning: true,
    reasoningTokens: true,
  },
  {
    name: "openai responses",
    protocol: "responses",
    model: () => createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).responses("scripted"),
    reasoning: true,
    reasoningTokens: true,
  },
  {
    name: "azure",
    protocol: "responses",
    model: () => createAzure({ apiKey: "test", baseURL: `${url}/openai/v1` }).responses("scripted"),
    reasoning: true,
    reasoningTokens: true,
    // @ai-sdk/azure 4.0.85 bundles @ai-sdk/openai 4.0.81, whose Responses model does not map a
    // refusal to content-filter: the refusal arrives as text with "stop".
    refusal: "stop",
  },
  {
    name: "anthropic",
    protocol: "anthropic",
    model: () => createAnthropic({ apiKey: "test", baseURL: `${url}/v1` })("claude-scripted"),
    reasoning: true,
    reasoningTokens: true,
    cacheMarker: { anthropic: { cacheControl: { type: "ephemeral" } } },
  },
  {
    name: "google",
    protocol: "gemini",
    model: () =>
      createGoogleGenerativeAI({ apiKey: "test", baseURL: `${url}/v1beta` })("gemini-scripted"),
    reasoning: true,
    reasoningTokens: true,
  },
  {
    name: "bedrock",
    protocol: "bedrock",
    model: () =>
      createAmazonBedrock({
        region: "us-east-1",
        accessKeyId: "test",
        secretAccessKey: "test",
        baseURL: url,
      })("scripted.model-v1:0"),
    reasoning: true,
    // Converse reports no reasoning tokens; the provider leaves them undefined.
    reasoningTokens: false,
    cacheMarker: { bedrock: { cachePoint: { type: "default" } } },
  },
];

async function script(steps: ScriptStep[]): Promise<void> {
  const res = await fetch(`${url}/__script`, { method: "POST", body: JSON.stringify(steps) });
  expect(res.status).toBe(200);
}

async function recorded(list: "requests" | "jobs" = "requests"): Promise<RecordedRequest[]> {
  return (await (await fetch(`${url}/__${list}`)).json()) as RecordedRequest[];
}

const addTool = tool({
  description: "Adds two numbers.",
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => `sum ${a + b}`,
});

describe.each(PROVIDERS)("$name against the scripted server", (provider) => {
  it("streams text in pieces, and records the request in its protocol", async () => {
    const text = "Hello there, this answer arrives in several small pieces.";
    await script([{ text }]);
    const result = streamText({ model: provider.model(), system: "Be brief.", prompt: "hi" });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(text);
    expect(await result.finishReason).toBe("stop");
    const [request] = await recorded();
    expect(request?.protocol).toBe(provider.protocol);
    expect(request?.normalized).toMatchObject({
      system: "Be brief.",
      messages: [{ role: "user", text: "hi" }],
      stream: true,
    });
  });

  it("streams several tool calls in one step, then takes the results back", async () => {
    await script([
      {
        tools: [
          { name: "add", args: { a: 1, b: 2 } },
          { name: "add", args: { a: 30, b: 4 } },
        ],
      },
      { text: "Both sums are done." },
    ]);
    const result = streamText({
      model: provider.model(),
      prompt: "add twice",
      tools: { add: addTool },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe("Both sums are done.");
    const [first] = await result.steps;
    expect(first?.finishReason).toBe("tool-calls");
    expect(first?.toolCalls.map((c) => c.input)).toEqual([
      { a: 1, b: 2 },
      { a: 30, b: 4 },
    ]);
    const [, second] = await recorded();
    const messages = second?.normalized.messages ?? [];
    expect(messages.find((m) => m.role === "assistant")?.toolCalls).toEqual(["add", "add"]);
    const results = messages.filter((m) => m.role === "tool").flatMap((m) => m.toolResults);
    expect(results.join(" ")).toContain("sum 3");
    expect(results.join(" ")).toContain("sum 34");
    expect(second?.normalized.tools).toEqual(["add"]);
  });

  it("answers generateText with a whole body: tool calls, then text", async () => {
    await script([
      {
        tools: [
          { name: "add", args: { a: 2, b: 2 } },
          { name: "add", args: { a: 5, b: 5 } },
        ],
      },
      { text: "Four and ten." },
    ]);
    const result = await generateText({
      model: provider.model(),
      prompt: "add",
      tools: { add: addTool },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("Four and ten.");
    expect(result.steps[0]?.toolCalls.map((c) => c.input)).toEqual([
      { a: 2, b: 2 },
      { a: 5, b: 5 },
    ]);
    expect((await recorded()).map((r) => r.normalized.stream)).toEqual([false, false]);
  });

  it("sends reasoning as reasoning, never as text, with reasoning tokens in usage", async () => {
    const reasoning = "The user wants a short answer; I will give one.";
    await script([{ text: "Short answer.", reasoning }]);
    const result = streamText({ model: provider.model(), prompt: "think" });
    expect(await result.text).toBe("Short answer.");
    expect(await result.reasoningText).toBe(provider.reasoning ? reasoning : undefined);
    const usage = await result.usage;
    if (provider.reasoningTokens)
      expect(usage.outputTokenDetails.reasoningTokens).toBeGreaterThan(0);
    await script([{ text: "Short answer.", reasoning }]);
    const whole = await generateText({ model: provider.model(), prompt: "think" });
    expect(whole.text).toBe("Short answer.");
    expect(whole.reasoningText).toBe(provider.reasoning ? reasoning : undefined);
  });

  it("refuses with the provider's content-filter finish reason", async () => {
    await script([{ refusal: "I can't help with that." }]);
    const result = streamText({ model: provider.model(), prompt: "something bad" });
    await result.consumeStream();
    expect(await result.finishReason).toBe(provider.refusal ?? "content-filter");
  });

  it("fails with a scripted status, and when the connection drops mid-stream", async () => {
    await script([{ status: 400 }]);
    await expect(
      generateText({ model: provider.model(), prompt: "x", maxRetries: 0 }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await script([{ drop: "during" }]);
    const result = streamText({
      model: provider.model(),
      prompt: "x",
      maxRetries: 0,
      onError: () => {},
    });
    // Some providers put the broken stream's error in the stream, others throw it from it.
    const errors: unknown[] = [];
    try {
      for await (const part of result.fullStream)
        if (part.type === "error") errors.push(part.error);
    } catch (error) {
      errors.push(error);
    }
    expect(String(errors[0])).toMatch(/terminated|other side closed|Failed to process/i);
  });

  it("answers by rule in auto mode, and finishes after a tool result", async () => {
    await script([]);
    await fetch(`${url}/__auto`, { method: "POST", body: JSON.stringify({ delayMs: 0 }) });
    try {
      const drawn: unknown[] = [];
      const result = await generateText({
        model: provider.model(),
        prompt: "Request: Cart pays order",
        tools: {
          create_from_graph: tool({
            inputSchema: z.object({ graph: z.unknown() }),
            execute: ({ graph }) => {
              drawn.push(graph);
              return "ok";
            },
          }),
        },
        stopWhen: stepCountIs(3),
      });
      expect(result.text).toBe("Drew it.");
      expect(JSON.stringify(drawn)).toContain('"label":"Cart"');
    } finally {
      await fetch(`${url}/__auto`, { method: "POST", body: "null" });
    }
  });

  it("answers the summary and title jobs by rule, apart from the script", async () => {
    await script([{ text: "a drawing turn" }]);
    const title = await generateText({
      model: provider.model(),
      system: "You name conversations in a few words.",
      prompt: "Checkout flow with retries",
    });
    expect(title.text).toBe("Scripted title");
    const summary = await generateText({
      model: provider.model(),
      system: "You condense a conversation into bullet points.",
      prompt: "We drew the checkout flow and then added a retry loop",
    });
    expect(summary.text).toBe("- summary: We drew the checkout flow and");
    expect(await recorded()).toEqual([]);
    expect((await recorded("jobs")).map((j) => j.protocol)).toEqual([
      provider.protocol,
      provider.protocol,
    ]);
    const turn = await generateText({ model: provider.model(), prompt: "draw" });
    expect(turn.text).toBe("a drawing turn");
  });

  it("receives an image attachment as an image part", async () => {
    await script([{ text: "A single pixel." }]);
    await generateText({
      model: provider.model(),
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image", image: PIXEL, mediaType: "image/png" },
          ],
        },
      ],
    });
    const [request] = await recorded();
    expect(request?.normalized.messages).toMatchObject([
      { role: "user", text: "What is this?", images: 1, files: 0 },
    ]);
  });

  it("reports cached prompt tokens as the provider would (realistic usage)", async () => {
    await fetch(`${url}/__usage`, { method: "POST", body: JSON.stringify({ realistic: true }) });
    try {
      const ask = async (prompt: string, marked: boolean) => {
        await script([{ text: "ok" }]);
        const result = await generateText({
          model: provider.model(),
          messages: [
            {
              role: "system",
              content: LONG_SYSTEM,
              ...(marked && provider.cacheMarker ? { providerOptions: provider.cacheMarker } : {}),
            },
            { role: "user", content: prompt },
          ],
          tools: { add: addTool },
          allowSystemInMessages: true,
        });
        const [request] = await recorded();
        return { usage: result.usage, markers: request?.normalized.cacheMarkers ?? 0 };
      };
      const first = await ask("first question", false);
      const second = await ask("second question", false);
      expect(first.usage.inputTokens).toBeGreaterThan(1024);
      expect(first.usage.inputTokenDetails.cacheReadTokens ?? 0).toBe(0);
      if (!provider.cacheMarker) {
        // Automatic prefix caching: the tools and system prompt were seen before.
        expect(second.usage.inputTokenDetails.cacheReadTokens).toBeGreaterThanOrEqual(1024);
        return;
      }
      // Breakpoints only: nothing without one, then written once and read the next time.
      expect(second.usage.inputTokenDetails.cacheReadTokens ?? 0).toBe(0);
      const written = await ask("third question", true);
      const read = await ask("fourth question", true);
      expect(written.markers).toBe(1);
      expect(written.usage.inputTokenDetails.cacheWriteTokens).toBeGreaterThan(1024);
      expect(read.usage.inputTokenDetails.cacheReadTokens).toBe(
        written.usage.inputTokenDetails.cacheWriteTokens,
      );
    } finally {
      await fetch(`${url}/__usage`, { method: "POST", body: JSON.stringify({ realistic: false }) });
    }
  });
});

describe.each([
  ["openai chat", () => createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).chat("scripted")],
  [
    "openai-compatible",
    () => createOpenAICompatible({ name: "ollama", baseURL: `${url}/v1` })("scripted"),
  ],
])("Chat Completions quirks reach %s unfixed", (_, model: () => LanguageModel) => {
  const twoCalls = [
    { name: "add", args: { a: 1, b: 2 } },
    { name: "add", args: { a: 3, b: 4 } },
  ];

  it("arguments as an object: the SDK rejects each chunk and sees no tool call", async () => {
    await script([{ tools: twoCalls, quirks: { argsAsObject: true } }]);
    const result = streamText({
      model: model(),
      prompt: "add",
      tools: { add: addTool },
      includeRawChunks: true,
      onError: () => {},
    });
    const raw: string[] = [];
    const errors: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "raw") raw.push(JSON.stringify(part.rawValue));
      if (part.type === "error") errors.push(String(part.error));
    }
    expect(raw.join()).toContain('"arguments":{"a":1,"b":2}');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("AI_TypeValidationError");
    expect((await result.steps)[0]?.toolCalls).toEqual([]);
    await script([{ tools: twoCalls, quirks: { argsAsObject: true } }]);
    await expect(
      generateText({ model: model(), prompt: "add", tools: { add: addTool }, maxRetries: 0 }),
    ).rejects.toThrow(/Invalid JSON response/);
  });

  it("tool calls without ids: the SDK makes ids up and the round trip works", async () => {
    await script([{ tools: twoCalls, quirks: { noIds: true } }, { text: "done" }]);
    const result = streamText({
      model: model(),
      prompt: "add",
      tools: { add: addTool },
      includeRawChunks: true,
      stopWhen: stepCountIs(3),
    });
    const raw: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "raw") raw.push(JSON.stringify(part.rawValue));
    }
    expect(raw.join()).toContain('"tool_calls":[{"index":0,"type":"function"');
    const calls = (await result.steps)[0]?.toolCalls ?? [];
    expect(calls.map((c) => c.input)).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
    expect(calls[0]?.toolCallId).toMatch(/\w{8,}/);
    expect(await result.text).toBe("done");
  });
});
