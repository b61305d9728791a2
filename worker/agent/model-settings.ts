import { ApiError } from "../http/api-error.ts";

/** The model settings, from secrets and vars (all optional: without a key AI endpoints say 503). */
export interface ModelSettings {
  OPENAI_API_KEY?: string;
  /** Any OpenAI-compatible endpoint (OpenRouter, DeepSeek, Ollama, vLLM, LM Studio, …). */
  OPENAI_BASE_URL?: string;
  /** `responses` uses the Responses API; by default Chat Completions, which most servers speak. */
  OPENAI_API_MODE?: string;
  /** The default model name. */
  DRAWFORGE_MODEL?: string;
  /** Comma-separated models a request may ask for by name. */
  DRAWFORGE_MODELS?: string;
}

/** The default model when `DRAWFORGE_MODEL` is not set. */
export const DEFAULT_MODEL = "gpt-4.1-mini";

/**
 * Checks the model settings and picks the model name for a request: the default, or `requested`
 * when it is in the allow-list. Without `OPENAI_API_KEY` it throws a 503 that says exactly what
 * to set. Cheap, and free of the AI SDK, so routes can check before they create anything.
 *
 * @example
 * const { name, key } = chooseModel(env, body.model);
 */
export function chooseModel(
  settings: ModelSettings,
  requested?: string,
): { name: string; key: string } {
  const key = settings.OPENAI_API_KEY?.trim();
  if (!key) {
    throw new ApiError(
      503,
      "model_not_configured",
      "No model is configured, so AI endpoints are off (everything else works). Set OPENAI_API_KEY " +
        "(and OPENAI_BASE_URL for an OpenAI-compatible server, DRAWFORGE_MODEL for the model name) " +
        "with `wrangler secret put`, or in .dev.vars.",
    );
  }
  const fallback = settings.DRAWFORGE_MODEL?.trim() || DEFAULT_MODEL;
  const allowed = new Set(
    (settings.DRAWFORGE_MODELS ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean),
  );
  allowed.add(fallback);
  const name = requested ?? fallback;
  if (!allowed.has(name)) {
    throw new ApiError(
      422,
      "model_not_allowed",
      `model "${name}" is not allowed here; use one of: ${[...allowed].join(", ")}`,
      {
        allowed: [...allowed],
      },
    );
  }
  return { name, key };
}
