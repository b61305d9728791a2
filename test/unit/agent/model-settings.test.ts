import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { resolveModel } from "../../../worker/agent/model.ts";
import { ModelChoiceError } from "../../../worker/agent/model-choice-error.ts";
import { chooseModel } from "../../../worker/agent/model-settings.ts";
import { modelProblem } from "../../../worker/diagram/problems.ts";
import { ApiError } from "../../../worker/http/api-error.ts";

describe("model settings", () => {
  it("refuses with 503 and the names to set when no key is configured", () => {
    try {
      chooseModel({});
      throw new Error("expected a refusal");
    } catch (error) {
      expect(error).toBeInstanceOf(ModelChoiceError);
      // The API answers it as the same problem: 503 model_not_configured, the same message.
      const problem = modelProblem(error);
      expect(problem).toBeInstanceOf(ApiError);
      expect((problem as ApiError).status).toBe(503);
      expect((problem as ApiError).code).toBe("model_not_configured");
      expect((problem as ApiError).message).toMatch(
        /OPENAI_API_KEY.*OPENAI_BASE_URL.*DRAWFORGE_MODEL/,
      );
    }
  });

  it("uses the default model, and others only from the allow-list", () => {
    const settings = {
      OPENAI_API_KEY: "k",
      DRAWFORGE_MODEL: "small",
      DRAWFORGE_MODELS: "big, vision",
    };
    expect(chooseModel(settings).name).toBe("small");
    expect(chooseModel(settings, "vision").name).toBe("vision");
    expect(() => chooseModel(settings, "other")).toThrow(/not allowed/);
    try {
      chooseModel(settings, "other");
    } catch (error) {
      expect(modelProblem(error)).toMatchObject({
        status: 422,
        code: "model_not_allowed",
        extra: { allowed: ["big", "vision", "small"] },
      });
    }
  });

  it("builds a Chat Completions model by default and a Responses model on request", () => {
    const chat = resolveModel({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" });
    expect(chat.model).toMatchObject({ provider: "openai.chat" });
    const responses = resolveModel({ OPENAI_API_KEY: "k", OPENAI_API_MODE: "responses" });
    expect(responses.model).toMatchObject({ provider: "openai.responses" });
  });
});

describe("a local OpenAI-compatible server without a key (Ollama, LM Studio)", () => {
  it("is configured by OPENAI_BASE_URL alone, and the agent's model talks to it", async () => {
    const seen: { path?: string; authorization?: string } = {};
    const server = createServer((req, res) => {
      seen.path = req.url;
      seen.authorization = req.headers.authorization;
      req.resume();
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            id: "c1",
            object: "chat.completion",
            created: 0,
            model: "qwen3",
            choices: [
              { index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "stop" },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const settings = { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, DRAWFORGE_MODEL: "qwen3" };
      expect(chooseModel(settings)).toEqual({ name: "qwen3", key: "" });
      const { model } = resolveModel(settings);
      const { text } = await generateText({ model, prompt: "hi" });
      expect(text).toBe("hello");
      expect(seen.path).toBe("/v1/chat/completions");
      // No key of anyone's is sent to a server that takes none.
      expect(seen.authorization ?? "Bearer").toBe("Bearer");
    } finally {
      server.close();
    }
  });
});
