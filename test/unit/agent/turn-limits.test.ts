import { APICallError } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { runAgentLoop } from "../../../worker/agent/loop.ts";
import { chooseModel, modelOf, turnLimits } from "../../../worker/agent/model-settings.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import { call, say, scriptedModel } from "./scripted-model.ts";

const shapes = shapeCatalog();
const GRAPH = {
  nodes: [
    { id: "a", label: "A" },
    { id: "b", label: "B" },
  ],
  edges: [{ from: "a", to: "b" }],
};
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A scripted model that also records the prompts it was sent. */
function recordingModel(steps: Parameters<typeof scriptedModel>[0]) {
  const inner = scriptedModel(steps);
  const prompts: unknown[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      prompts.push(options.prompt);
      return inner.doStream(options);
    },
  });
  return { model, prompts };
}

describe("turn attachments, titles, timeouts and retries", () => {
  it("shows images (by URL or base64) and PDFs to the model with the request", async () => {
    const { model, prompts } = recordingModel([say("I see a whiteboard.")]);
    await runAgentLoop({
      model,
      document: emptyDocument(),
      prompt: "Redraw this whiteboard",
      shapes,
      attachments: [
        { url: "https://example.com/board.jpg" },
        { data: PNG, media_type: "image/png" },
        { data: "JVBERi0xLjQK", media_type: "application/pdf" },
      ],
    });
    const user = (prompts[0] as Array<{ role: string; content: unknown }>).find(
      (m) => m.role === "user",
    );
    const parts = user?.content as Array<Record<string, unknown>>;
    expect(parts.map((p) => p.type)).toEqual(["text", "file", "file", "file"]);
    expect(String(parts[0]?.text)).toContain("Request: Redraw this whiteboard");
    expect(String(parts[1]?.mediaType)).toMatch(/^image/);
    expect(JSON.stringify(parts[1]?.data)).toContain("https://example.com/board.jpg");
    expect(parts[2]).toMatchObject({ mediaType: "image/png" });
    expect(parts[3]).toMatchObject({ mediaType: "application/pdf" });
  });

  it("takes the title the model gives a new diagram", async () => {
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("create_from_graph", { graph: GRAPH, title: "  A to B  " })],
        say("Drew it."),
      ]),
      document: emptyDocument(),
      prompt: "a to b",
      shapes,
    });
    expect(result.status).toBe("changed");
    expect(result.title).toBe("A to B");
  });

  it("fails, saving nothing, when the model does not answer within the step limit", async () => {
    const model = new MockLanguageModelV4({
      doStream: ({ abortSignal }) =>
        new Promise((_, reject) => {
          abortSignal?.addEventListener("abort", () => reject(abortSignal.reason));
        }),
    });
    const started = Date.now();
    const result = await runAgentLoop({
      model,
      document: emptyDocument(),
      prompt: "anything",
      shapes,
      limits: { totalMs: 5_000, stepMs: 150, maxRetries: 0 },
    });
    expect(result.status).toBe("failed");
    expect(result.document).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("retries a 429 after the server's retry-after, then finishes", async () => {
    let attempts = 0;
    const inner = scriptedModel([[call("create_from_graph", { graph: GRAPH })], say("Done.")]);
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        attempts++;
        if (attempts === 1) {
          throw new APICallError({
            message: "rate limited",
            url: "http://model.test/v1/chat/completions",
            requestBodyValues: {},
            statusCode: 429,
            responseHeaders: { "retry-after-ms": "20" },
            isRetryable: true,
          });
        }
        return inner.doStream(options);
      },
    });
    const result = await runAgentLoop({
      model,
      document: emptyDocument(),
      prompt: "a to b",
      shapes,
      limits: { totalMs: 10_000, stepMs: 5_000, maxRetries: 2 },
    });
    expect(result.status).toBe("changed");
    expect(attempts).toBe(3);
  });

  it("gives up after the retries, saving nothing", async () => {
    let attempts = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => {
        attempts++;
        throw new APICallError({
          message: "overloaded",
          url: "http://model.test/v1/chat/completions",
          requestBodyValues: {},
          statusCode: 503,
          responseHeaders: { "retry-after-ms": "5" },
          isRetryable: true,
        });
      },
    });
    const result = await runAgentLoop({
      model,
      document: emptyDocument(),
      prompt: "anything",
      shapes,
      limits: { totalMs: 10_000, stepMs: 5_000, maxRetries: 1 },
    });
    expect(result.status).toBe("failed");
    expect(attempts).toBe(2);
  });
});

describe("model capabilities and limits from settings", () => {
  it("knows vision models by family, or from DRAWFORGE_VISION_MODELS", () => {
    const acceptsImages = (settings: Record<string, string>, name: string) =>
      modelOf(settings, name).accepts.images;
    expect(acceptsImages({}, "gpt-4.1-mini")).toBe(true);
    expect(acceptsImages({}, "openrouter:openai/gpt-4o")).toBe(true);
    expect(acceptsImages({}, "bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0")).toBe(true);
    expect(acceptsImages({}, "deepseek-chat")).toBe(false);
    expect(acceptsImages({ DRAWFORGE_VISION_MODELS: "deepseek-chat" }, "deepseek-chat")).toBe(true);
    expect(
      acceptsImages(
        { DRAWFORGE_VISION_MODELS: "deepseek:deepseek-chat" },
        "deepseek:deepseek-chat",
      ),
    ).toBe(true);
    expect(acceptsImages({ DRAWFORGE_VISION_MODELS: "x" }, "gpt-4o")).toBe(false);
    expect(acceptsImages({ DRAWFORGE_VISION_MODELS: "*" }, "anything")).toBe(true);
    // OpenAI-compatible servers take images, not PDFs.
    expect(modelOf({}, "ollama:llava").accepts).toEqual({ images: true, pdfs: false });
    expect(modelOf({}, "anthropic:claude-sonnet-4-5").accepts).toEqual({
      images: true,
      pdfs: true,
    });
  });

  it("refuses attachments for a model without vision with 422 model_lacks_vision", () => {
    const settings = { OPENAI_API_KEY: "k", DRAWFORGE_MODEL: "deepseek-chat" };
    expect(() => chooseModel(settings, undefined, { images: true })).toThrow(
      expect.objectContaining({ status: 422, code: "model_lacks_vision" }),
    );
    expect(chooseModel(settings, undefined, { images: false }).id).toBe("openai:deepseek-chat");
    const local = { OLLAMA_BASE_URL: "http://127.0.0.1:1/v1", DRAWFORGE_MODEL: "ollama:llava" };
    expect(chooseModel(local, undefined, { images: true }).id).toBe("ollama:llava");
    expect(() => chooseModel(local, undefined, { pdfs: true })).toThrow(/does not accept PDFs/);
  });

  it("reads time limits and retries, falling back to defaults on nonsense", () => {
    expect(turnLimits({})).toEqual({ totalMs: 300_000, stepMs: 120_000, maxRetries: 2 });
    expect(
      turnLimits({
        DRAWFORGE_TURN_TIMEOUT_S: "60",
        DRAWFORGE_STEP_TIMEOUT_S: "abc",
        DRAWFORGE_MODEL_RETRIES: "-1",
      }),
    ).toEqual({ totalMs: 60_000, stepMs: 120_000, maxRetries: 2 });
  });
});
