import { env } from "cloudflare:workers";
import { OpenAPIHono } from "@hono/zod-openapi";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../worker/http/app-env.ts";
import { problemResponse } from "../../worker/http/problem.ts";
import { models } from "../../worker/routes/models.ts";
import { api, buildRequest, createDiagram, expectProblem, readResponse } from "./api.ts";

type Bindings = AppEnv["Bindings"];

/**
 * `GET /v1/models` through its own sub-app with some settings replaced (the whole app beside the
 * Worker's would overflow this workerd's test link; auth is covered through the Worker below).
 */
async function modelsWith(overrides: Partial<Record<keyof Bindings, string | undefined>>) {
  const app = new OpenAPIHono<AppEnv>();
  app.use(requestId());
  app.route("/v1", models);
  app.onError((err, c) => problemResponse(c, err));
  const bindings = { ...(env as Bindings), ...overrides } as Bindings;
  return readResponse(await app.fetch(buildRequest("/v1/models"), bindings));
}

async function tokenFor(scope: "view" | "edit"): Promise<string> {
  const id = await createDiagram();
  const res = await api(`/v1/diagrams/${id}/tokens`, { method: "POST", body: { scope } });
  return res.json.token as string;
}

describe("GET /v1/models", () => {
  it("lists the drawing model and the alternatives, with what each accepts and the default", async () => {
    const res = await api("/v1/models");
    expect(res.status).toBe(200);
    // vitest.config.ts: DRAWFORGE_MODEL=scripted, DRAWFORGE_MODELS=scripted-blind,
    // DRAWFORGE_VISION_MODELS=scripted, OPENAI_API_KEY set.
    expect(res.json).toEqual({
      items: [
        {
          id: "openai:scripted",
          provider: "openai",
          model: "scripted",
          jobs: ["draw", "summary", "vision"],
          accepts: { images: true, pdfs: true },
          reasoning: false,
          available: true,
        },
        {
          id: "openai:scripted-blind",
          provider: "openai",
          model: "scripted-blind",
          jobs: [],
          accepts: { images: false, pdfs: false },
          reasoning: false,
          available: true,
        },
      ],
      next_cursor: null,
      default: "openai:scripted",
    });
  });

  it("answers an edit token (the scope that runs turns), not a view token or no one", async () => {
    const edit = await api("/v1/models", { auth: await tokenFor("edit") });
    expect(edit.status).toBe(200);
    expect(edit.json.default).toBe("openai:scripted");
    const view = expectProblem(
      await api("/v1/models", { auth: await tokenFor("view") }),
      403,
      "forbidden",
    );
    expect(view.detail).toContain("edit token");
    expectProblem(await api("/v1/models", { auth: null }), 401, "missing_credentials");
    // The exception is this one read: an edit token still reaches no other route outside its diagram.
    expectProblem(
      await api("/v1/shapes/search?q=lambda", { auth: await tokenFor("edit") }),
      403,
      "forbidden",
    );
  });

  it("answers a widget on an allowed origin with CORS headers", async () => {
    const res = await api("/v1/models", {
      auth: await tokenFor("edit"),
      headers: { origin: "https://docs.example" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://docs.example");
  });

  it("is in the OpenAPI document, typed as the named ModelList", async () => {
    const doc = (await api("/openapi.json", { auth: null })).json;
    const op = doc.paths["/v1/models"].get;
    expect(op.operationId).toBe("listModels");
    expect(op.responses["200"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ModelList",
    );
    expect(doc.components.schemas.ModelOffer.properties).toHaveProperty("accepts");
    expect(op.responses["503"].content["application/problem+json"].schema.$ref).toBe(
      "#/components/schemas/Problem",
    );
  });

  it("answers malformed settings with a 503 naming the setting, never a 500", async () => {
    for (const [overrides, name] of [
      [{ DRAWFORGE_MODELS: "scripted-blind,nowhere:thing" }, "DRAWFORGE_MODELS"],
      [{ DRAWFORGE_MODEL: "openai:" }, "DRAWFORGE_MODEL"],
      [{ DRAWFORGE_VISION_MODEL: "mystery:eyes" }, "DRAWFORGE_VISION_MODEL"],
      [{ DRAWFORGE_TEMPERATURE: "warm" }, "DRAWFORGE_TEMPERATURE"],
      [{ DRAWFORGE_REASONING_EFFORT: "enormous" }, "DRAWFORGE_REASONING_EFFORT"],
    ] as const) {
      const problem = expectProblem(await modelsWith(overrides), 503, "model_settings_invalid");
      expect(problem.setting, JSON.stringify(overrides)).toBe(name);
      expect(problem.detail).toContain(name);
    }
  });

  it("with no model configured lists the default as unavailable, naming what to set", async () => {
    const res = await modelsWith({
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
      DRAWFORGE_MODEL: undefined,
      DRAWFORGE_MODELS: undefined,
      DRAWFORGE_VISION_MODELS: undefined,
    });
    expect(res.status).toBe(200);
    expect(res.json.default).toBe("openai:gpt-4.1-mini");
    expect(res.json.items).toEqual([
      expect.objectContaining({
        id: "openai:gpt-4.1-mini",
        jobs: ["draw", "summary", "vision"],
        available: false,
        missing: ["OPENAI_API_KEY"],
      }),
    ]);
  });

  it("marks a model whose provider lacks its settings, and reasoning models", async () => {
    // Without DRAWFORGE_VISION_MODELS, what takes images is known by model family.
    const res = await modelsWith({
      DRAWFORGE_MODELS: "anthropic:claude-sonnet-4-5,ollama:qwen3:8b",
      DRAWFORGE_VISION_MODELS: undefined,
    });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(
      (res.json.items as { id: string }[]).map((item) => [item.id, item]),
    );
    expect(byId["anthropic:claude-sonnet-4-5"]).toMatchObject({
      available: false,
      missing: ["ANTHROPIC_API_KEY"],
      reasoning: true,
      accepts: { images: true, pdfs: true },
    });
    expect(byId["ollama:qwen3:8b"]).toMatchObject({ model: "qwen3:8b", reasoning: true });
  });
});
