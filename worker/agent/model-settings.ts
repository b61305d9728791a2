/**
 * The model settings read without the AI SDK: which model a request gets, whether it takes
 * images, and a turn's time and retry limits.
 */
import type { ModelSettings } from "../bindings.ts";
import { ModelChoiceError } from "./model-choice-error.ts";

// The settings live with the Worker's other bindings; the agent reads them.
export type { ModelSettings };

/** Model families known to accept images, matched against the model name. */
const VISION_FAMILIES =
  /(^|[/:-])(gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o3|o4|chatgpt-4o|claude|gemini|gemma-3|llava|pixtral|qwen[\d.]*-?vl|llama-?3\.2-vision|llama-4|grok-[\d.]*-?vision|mistral-(small|medium)-3)/i;

/**
 * Whether a model accepts image and PDF attachments: listed in `DRAWFORGE_VISION_MODELS`
 * (`*` for every model), or, when that is unset, of a well-known vision family.
 *
 * @example
 * if (attachments.length && !acceptsImages(env, name)) throw …
 */
export function acceptsImages(settings: ModelSettings, name: string): boolean {
  const listed = settings.DRAWFORGE_VISION_MODELS?.trim();
  if (!listed) return VISION_FAMILIES.test(name);
  const names = listed.split(",").map((m) => m.trim());
  return names.includes("*") || names.includes(name);
}

/** How long a turn may run and how often a failed model call is retried. */
export interface TurnLimits {
  totalMs: number;
  stepMs: number;
  maxRetries: number;
}

/**
 * The turn limits from the settings, with defaults (300 s a turn, 120 s a step, 2 retries).
 * Out-of-range or malformed values fall back to the defaults rather than disabling a limit.
 *
 * @example
 * const { totalMs, stepMs, maxRetries } = turnLimits(env);
 */
export function turnLimits(settings: ModelSettings): TurnLimits {
  const number = (value: string | undefined, fallback: number, max: number): number => {
    const n = Number(value?.trim() || Number.NaN);
    return Number.isFinite(n) && n >= 0 && n <= max ? n : fallback;
  };
  return {
    totalMs: number(settings.DRAWFORGE_TURN_TIMEOUT_S, 300, 3600) * 1000,
    stepMs: number(settings.DRAWFORGE_STEP_TIMEOUT_S, 120, 3600) * 1000,
    maxRetries: Math.floor(number(settings.DRAWFORGE_MODEL_RETRIES, 2, 10)),
  };
}

/** The default model when `DRAWFORGE_MODEL` is not set. */
export const DEFAULT_MODEL = "gpt-4.1-mini";

/**
 * Checks the model settings and picks the model name for a request: the default, or `requested`
 * when it is in the allow-list. Without `OPENAI_API_KEY` or `OPENAI_BASE_URL` it throws a 503
 * that says exactly what to set; a base URL alone is a local server that takes no key (Ollama,
 * LM Studio, vLLM), and `key` is then empty. Cheap, and free of the AI SDK, so routes can check before they create anything.
 *
 * With `needs.images`, a model that does not accept images is refused with 422. Refusals are
 * {@link ModelChoiceError}s, which the caller turns into problems (`modelProblem`).
 *
 * @example
 * const { name, key } = chooseModel(env, body.model, { images: body.attachments !== undefined });
 */
export function chooseModel(
  settings: ModelSettings,
  requested?: string,
  needs: { images?: boolean } = {},
): { name: string; key: string } {
  const key = settings.OPENAI_API_KEY?.trim() ?? "";
  if (!key && !settings.OPENAI_BASE_URL?.trim()) {
    throw new ModelChoiceError(
      "model_not_configured",
      "No model is configured, so AI endpoints are off (everything else works). Set OPENAI_API_KEY " +
        "(and OPENAI_BASE_URL for an OpenAI-compatible server, DRAWFORGE_MODEL for the model name), " +
        "or OPENAI_BASE_URL alone for a local server that takes no key (Ollama, LM Studio), " +
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
    throw new ModelChoiceError(
      "model_not_allowed",
      `model "${name}" is not allowed here; use one of: ${[...allowed].join(", ")}`,
      { allowed: [...allowed] },
    );
  }
  if (needs.images && !acceptsImages(settings, name)) {
    throw new ModelChoiceError(
      "model_lacks_vision",
      `model "${name}" does not accept images or PDFs: ask for a model that does, or, if this one ` +
        "does, add it to DRAWFORGE_VISION_MODELS",
      { model: name },
    );
  }
  return { name, key };
}
