/**
 * Builds the AI SDK language model for a request from the model settings: an OpenAI-compatible
 * provider, its chat or responses API, and an optional base URL.
 */
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { modelFetch } from "./model-fetch.ts";
import { chooseModel, type ModelSettings } from "./model-settings.ts";

export type { ModelSettings } from "./model-settings.ts";
export { turnLimits } from "./model-settings.ts";

/**
 * The language model for a request: the default, or `requested` when it is in the allow-list.
 * Without `OPENAI_API_KEY` or `OPENAI_BASE_URL` it throws a 503 that says exactly what to set.
 *
 * @example
 * const model = resolveModel(env, body.model);
 */
export function resolveModel(
  settings: ModelSettings,
  requested?: string,
  needs: { images?: boolean } = {},
): { model: LanguageModel; name: string } {
  const { name, key } = chooseModel(settings, requested, needs);
  const provider = createOpenAI({
    apiKey: key,
    ...(settings.OPENAI_BASE_URL?.trim() ? { baseURL: settings.OPENAI_BASE_URL.trim() } : {}),
    // A dropped connection is retried as a 5xx is (the SDK alone would not retry workerd's).
    fetch: modelFetch,
  });
  const model =
    settings.OPENAI_API_MODE === "responses" ? provider.responses(name) : provider.chat(name);
  return { model, name };
}
