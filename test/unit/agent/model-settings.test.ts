import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { resolveModel } from "../../../worker/agent/model.ts";
import { ModelChoiceError } from "../../../worker/agent/model-choice-error.ts";
import {
  callSettings,
  chooseModel,
  jobModel,
  modelOf,
  offeredModels,
} from "../../../worker/agent/model-settings.ts";
import { PROVIDERS } from "../../../worker/agent/providers.ts";
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
    // A bare name is an openai model; every model has one name, provider:model.
    expect(chooseModel(settings).id).toBe("openai:small");
    expect(chooseModel(settings, "vision").id).toBe("openai:vision");
    expect(chooseModel(settings, "openai:vision").id).toBe("openai:vision");
    expect(() => chooseModel(settings, "other")).toThrow(/not offered/);
    try {
      chooseModel(settings, "other");
    } catch (error) {
      expect(modelProblem(error)).toMatchObject({
        status: 422,
        code: "model_not_allowed",
        extra: { allowed: ["openai:small", "openai:big", "openai:vision"] },
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

describe("providers", () => {
  const all = {
    OPENAI_API_KEY: "k",
    ANTHROPIC_API_KEY: "k",
    GOOGLE_GENERATIVE_AI_API_KEY: "k",
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "id",
    AWS_SECRET_ACCESS_KEY: "secret",
    AZURE_API_KEY: "k",
    AZURE_RESOURCE_NAME: "acme",
    DRAWFORGE_MODELS:
      "anthropic:claude-sonnet-4-5,google:gemini-2.5-flash,bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0,azure:gpt-41,ollama:qwen3:8b,deepseek:deepseek-chat",
  };

  it("builds each provider's own AI SDK model from provider:model", () => {
    const providerOf = (name: string) =>
      (resolveModel(all, name).model as { provider: string }).provider;
    expect(providerOf("anthropic:claude-sonnet-4-5")).toBe("anthropic.messages");
    expect(providerOf("google:gemini-2.5-flash")).toBe("google.generative-ai");
    expect(providerOf("bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0")).toBe(
      "amazon-bedrock",
    );
    expect(providerOf("azure:gpt-41")).toBe("azure.responses");
    // Ollama's tag keeps its colon; the preset's default URL needs no setting.
    const ollama = resolveModel(all, "ollama:qwen3:8b");
    expect(ollama.choice.model).toBe("qwen3:8b");
    expect((ollama.model as { provider: string }).provider).toBe("ollama.chat");
  });

  it("marks the system prompt for caching where the provider needs a mark", () => {
    expect(resolveModel(all, "anthropic:claude-sonnet-4-5").cacheMark).toEqual({
      anthropic: { cacheControl: { type: "ephemeral" } },
    });
    expect(
      resolveModel(all, "bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0").cacheMark,
    ).toEqual({ bedrock: { cachePoint: { type: "default" } } });
    // OpenAI and Gemini cache a repeated prefix on their own.
    expect(resolveModel(all).cacheMark).toEqual({});
    expect(resolveModel(all, "google:gemini-2.5-flash").cacheMark).toEqual({});
  });

  it("answers a missing key with 503 naming the setting, at request time", () => {
    const settings = { OPENAI_API_KEY: "k", DRAWFORGE_MODELS: "anthropic:claude-sonnet-4-5" };
    expect(() => chooseModel(settings, "anthropic:claude-sonnet-4-5")).toThrow(
      expect.objectContaining({
        status: 503,
        code: "model_not_configured",
        extra: { setting: "ANTHROPIC_API_KEY", model: "anthropic:claude-sonnet-4-5" },
      }),
    );
    // The default model still works.
    expect(chooseModel(settings).id).toBe("openai:gpt-4.1-mini");
    // Bedrock needs a region and either an API key or a key pair.
    const bedrock = { AWS_ACCESS_KEY_ID: "id", DRAWFORGE_MODEL: "bedrock:amazon.nova-pro-v1:0" };
    expect(() => chooseModel(bedrock)).toThrow(/missing: AWS_REGION, AWS_SECRET_ACCESS_KEY/);
  });

  it("answers an unknown provider in a setting with 503 naming the setting", () => {
    for (const [name, value] of [
      ["DRAWFORGE_MODEL", "antropic:claude-sonnet-4-5"],
      ["DRAWFORGE_MODELS", "gpt-4.1,antropic:claude"],
      ["DRAWFORGE_SUMMARY_MODEL", "nope:small"],
    ] as const) {
      const settings = { OPENAI_API_KEY: "k", [name]: value };
      const problem = () =>
        name === "DRAWFORGE_SUMMARY_MODEL" ? jobModel(settings, "summary") : chooseModel(settings);
      expect(problem).toThrow(
        expect.objectContaining({
          status: 503,
          code: "model_settings_invalid",
          extra: { setting: name },
        }),
      );
    }
    // In a request, an unknown provider is just a model not offered.
    expect(() => chooseModel({ OPENAI_API_KEY: "k" }, "antropic:claude")).toThrow(
      expect.objectContaining({ status: 422, code: "model_not_allowed" }),
    );
  });

  it("gives each job its model, defaulting to the drawing model", () => {
    const settings = {
      ...all,
      DRAWFORGE_MODEL: "anthropic:claude-sonnet-4-5",
      DRAWFORGE_SUMMARY_MODEL: "google:gemini-2.5-flash",
      DRAWFORGE_VISION_MODEL: "openai:gpt-4.1",
    };
    expect(jobModel(settings, "draw").id).toBe("anthropic:claude-sonnet-4-5");
    expect(jobModel(settings, "summary").id).toBe("google:gemini-2.5-flash");
    expect(chooseModel(settings, undefined, { images: true }).id).toBe("openai:gpt-4.1");
    expect(jobModel({ DRAWFORGE_MODEL: "anthropic:claude-opus-4-1" }, "summary").id).toBe(
      "anthropic:claude-opus-4-1",
    );
    // A request's own choice wins over the vision job.
    expect(chooseModel(settings, "anthropic:claude-sonnet-4-5", { images: true }).id).toBe(
      "anthropic:claude-sonnet-4-5",
    );
  });

  it("gives reasoning models their effort and no temperature; others the temperature", () => {
    const settings = { DRAWFORGE_REASONING_EFFORT: "low", DRAWFORGE_TEMPERATURE: "0.3" };
    expect(callSettings(settings, modelOf(settings, "openai:o4-mini"))).toEqual({
      reasoning: "low",
    });
    expect(callSettings(settings, modelOf(settings, "anthropic:claude-sonnet-4-5"))).toEqual({
      reasoning: "low",
    });
    expect(callSettings(settings, modelOf(settings, "openai:gpt-4.1-mini"))).toEqual({
      temperature: 0.3,
    });
    const listed = { ...settings, DRAWFORGE_REASONING_MODELS: "ollama:my-thinker" };
    expect(callSettings(listed, modelOf(listed, "ollama:my-thinker"))).toEqual({
      reasoning: "low",
    });
    expect(() => callSettings({ DRAWFORGE_REASONING_EFFORT: "lots" }, modelOf({}, "o3"))).toThrow(
      expect.objectContaining({ code: "model_settings_invalid" }),
    );
    expect(() => chooseModel({ OPENAI_API_KEY: "k", DRAWFORGE_TEMPERATURE: "hot" })).toThrow(
      /DRAWFORGE_TEMPERATURE/,
    );
  });

  it("lists what the deployment offers, with what each accepts and whether it can run", () => {
    const offers = offeredModels({
      OPENAI_API_KEY: "k",
      DRAWFORGE_MODEL: "gpt-4.1-mini",
      DRAWFORGE_MODELS: "anthropic:claude-sonnet-4-5,deepseek:deepseek-reasoner",
    });
    expect(offers).toEqual([
      {
        id: "openai:gpt-4.1-mini",
        provider: "openai",
        model: "gpt-4.1-mini",
        jobs: ["draw", "summary", "vision"],
        accepts: { images: true, pdfs: true },
        reasoning: false,
        available: true,
      },
      expect.objectContaining({
        id: "anthropic:claude-sonnet-4-5",
        jobs: [],
        reasoning: true,
        available: false,
        missing: ["ANTHROPIC_API_KEY"],
      }),
      expect.objectContaining({
        id: "deepseek:deepseek-reasoner",
        accepts: { images: false, pdfs: false },
        reasoning: true,
      }),
    ]);
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
      expect(chooseModel(settings).id).toBe("openai:qwen3");
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

describe("every provider of the registry", () => {
  /** Settings that meet a provider's needs, each value naming its setting. */
  const filled = (provider: (typeof PROVIDERS)[number]) =>
    Object.fromEntries(
      [
        ...provider.needs.map((n) => (typeof n === "string" ? n : n[0])),
        ...(provider.pairs ?? []).map((p) => p[1]),
      ].map((name) => [name, name === "AWS_REGION" ? "us-east-1" : `value-of-${name}`]),
    );

  it.each(PROVIDERS.map((p) => [p.id, p] as const))(
    "%s: refused naming its settings, then built and sent where its settings say",
    async (_id, provider) => {
      const model = `${provider.id}:m`;
      if (provider.needs.length > 0) {
        expect(() => resolveModel({ DRAWFORGE_MODEL: model })).toThrow(
          expect.objectContaining({ status: 503, code: "model_not_configured" }),
        );
      }
      if (provider.kind !== "compatible") return;
      // An OpenAI-compatible preset calls its base URL's /chat/completions with its key.
      const seen: { url?: string; authorization?: string } = {};
      const server = createServer((req, res) => {
        seen.url = req.url;
        seen.authorization = req.headers.authorization;
        req.resume();
        res.statusCode = 400;
        res.end('{"error":{"message":"stop here"}}');
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const settings = {
          ...filled(provider),
          [provider.baseUrl as string]: `http://127.0.0.1:${port}/base/v1`,
          DRAWFORGE_MODEL: model,
        };
        const { model: built } = resolveModel(settings);
        expect((built as { provider: string }).provider).toBe(`${provider.id}.chat`);
        await generateText({ model: built, prompt: "hi", maxRetries: 0 }).catch(() => {});
        expect(seen.url).toBe("/base/v1/chat/completions");
        if (provider.key && provider.needs.includes(provider.key)) {
          expect(seen.authorization).toBe(`Bearer value-of-${provider.key}`);
        }
      } finally {
        server.close();
      }
    },
  );
});

describe("settings a person gets slightly wrong", () => {
  it("takes a provider name in any case", () => {
    const settings = { ANTHROPIC_API_KEY: "k", DRAWFORGE_MODEL: "Anthropic:claude-sonnet-4-5" };
    expect(chooseModel(settings).id).toBe("anthropic:claude-sonnet-4-5");
    expect(chooseModel(settings, "ANTHROPIC:claude-sonnet-4-5").id).toBe(
      "anthropic:claude-sonnet-4-5",
    );
  });

  it("points at DRAWFORGE_MODEL when only another provider's key is set", () => {
    expect(() => chooseModel({ ANTHROPIC_API_KEY: "k" })).toThrow(
      /missing: OPENAI_API_KEY.*Anthropic, whose settings are present, set DRAWFORGE_MODEL .* e\.g\. anthropic:claude-sonnet-4-5/,
    );
  });
});
