/**
 * The model settings read without the AI SDK: which `provider:model` a job or a request gets,
 * what each model accepts (images, PDFs, reasoning), the call settings (temperature, reasoning
 * effort), a turn's time and retry limits, and the models a deployment offers.
 */
import type { ModelSettings } from "../bindings.ts";
import type { Attachment } from "../schemas/agent.ts";
import { ModelChoiceError } from "./model-choice-error.ts";
import {
  missingSettings,
  needsInWords,
  PROVIDERS,
  type ProviderSpec,
  providerById,
  type SettingName,
  setting,
} from "./providers.ts";

// The settings live with the Worker's other bindings; the agent reads them.
export type { ModelSettings };

/** The jobs a model does: drawing turns, conversation summaries and titles, turns with images. */
export type ModelJob = "draw" | "summary" | "vision";

/** The setting that names each job's model. */
const JOB_SETTINGS: Record<ModelJob, SettingName> = {
  draw: "DRAWFORGE_MODEL",
  summary: "DRAWFORGE_SUMMARY_MODEL",
  vision: "DRAWFORGE_VISION_MODEL",
};

/** The drawing model when `DRAWFORGE_MODEL` is not set. */
export const DEFAULT_MODEL = "openai:gpt-4.1-mini";

/** A model resolved from a name: its provider, its own name there, and what it accepts. */
export interface ModelChoice {
  /** `provider:model`, the one name Drawforge gives it. */
  id: string;
  provider: ProviderSpec;
  /** The name the provider knows it by. */
  model: string;
  accepts: { images: boolean; pdfs: boolean };
  /** A reasoning model: no temperature, and the reasoning effort applies. */
  reasoning: boolean;
}

/** Model families known to accept images, matched against the model name. */
const VISION_FAMILIES =
  /(^|[/:.-])(gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o3|o4|chatgpt-4o|claude|gemini|gemma-3|llava|pixtral|qwen[\d.]*-?vl|llama-?3\.2-vision|llama-4|grok-[\d.]*-?vision|grok-4|mistral-(small|medium)-3|nova-(lite|pro|premier))/i;

/** Model families that reason before they answer (and refuse or ignore a temperature). */
const REASONING_FAMILIES =
  /(^|[/:.-])(o1|o3|o4|gpt-5|claude-(3-7|sonnet-4|opus-4|haiku-4)|claude-[\w-]*-4|gemini-(2\.5|3)|deepseek-(r1|reasoner)|qwq|qwen3|magistral|grok-(3-mini|4)|gpt-oss)/i;

/** Efforts `DRAWFORGE_REASONING_EFFORT` may name (the AI SDK's `reasoning` option). */
const EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ReasoningEffort = (typeof EFFORTS)[number];

/** Whether a comma-separated list setting names this model (`*`, its id, or its bare name). */
function listed(value: string | undefined, id: string, model: string): boolean | undefined {
  if (!value) return undefined;
  const names = value.split(",").map((m) => m.trim());
  return names.includes("*") || names.includes(id) || names.includes(model);
}

/**
 * Reads a model name: `provider:model`, or a bare name, which is an `openai` model (the
 * settings before providers). Ollama's tags keep their colon: `ollama:qwen3:8b`. A name whose
 * provider Drawforge does not know is refused, naming `source` (the setting, or the request).
 *
 * @example
 * modelOf({}, "anthropic:claude-sonnet-4-5").provider.id; // "anthropic"
 */
export function modelOf(settings: ModelSettings, name: string, source?: SettingName): ModelChoice {
  const colon = name.indexOf(":");
  // Provider names are lower case; `OpenAI:gpt-4.1` is the same model.
  const providerId = colon < 0 ? "openai" : name.slice(0, colon).toLowerCase();
  const model = colon < 0 ? name : name.slice(colon + 1);
  const provider = providerById(providerId);
  if (!provider || model === "") {
    const why = provider
      ? `"${name}" names no model after "${providerId}:"`
      : `"${name}" names provider "${providerId}", which Drawforge does not know (known: ${PROVIDERS.map((p) => p.id).join(", ")}); a model whose own name has a colon is written with its provider first, e.g. ollama:qwen3:8b`;
    if (source) {
      throw new ModelChoiceError("model_settings_invalid", `${source} ${why}`, { setting: source });
    }
    throw new ModelChoiceError("model_not_allowed", `model ${why}`, {});
  }
  const id = `${provider.id}:${model}`;
  const images =
    listed(setting(settings, "DRAWFORGE_VISION_MODELS"), id, model) ?? VISION_FAMILIES.test(model);
  return {
    id,
    provider,
    model,
    accepts: { images, pdfs: images && provider.pdfs },
    reasoning:
      listed(setting(settings, "DRAWFORGE_REASONING_MODELS"), id, model) ??
      REASONING_FAMILIES.test(model),
  };
}

/**
 * The model a job runs on: its setting, else the drawing model, else {@link DEFAULT_MODEL}.
 *
 * @example
 * jobModel(env, "summary").id; // DRAWFORGE_SUMMARY_MODEL, or the drawing model
 */
export function jobModel(settings: ModelSettings, job: ModelJob): ModelChoice {
  const own = setting(settings, JOB_SETTINGS[job]);
  if (own) return modelOf(settings, own, JOB_SETTINGS[job]);
  const draw = setting(settings, "DRAWFORGE_MODEL");
  return draw ? modelOf(settings, draw, "DRAWFORGE_MODEL") : modelOf(settings, DEFAULT_MODEL);
}

/**
 * The models a request may name: the drawing and vision models, then `DRAWFORGE_MODELS`, each
 * once. A malformed entry is a 503 naming the setting.
 *
 * @example
 * allowedModels(env).map((m) => m.id); // ["openai:gpt-4.1-mini", "anthropic:claude-…"]
 */
export function allowedModels(settings: ModelSettings): ModelChoice[] {
  const models = [jobModel(settings, "draw"), jobModel(settings, "vision")];
  for (const name of (setting(settings, "DRAWFORGE_MODELS") ?? "").split(",")) {
    if (name.trim()) models.push(modelOf(settings, name.trim(), "DRAWFORGE_MODELS"));
  }
  return models.filter((m, i) => models.findIndex((o) => o.id === m.id) === i);
}

/**
 * The model for a request: the one it names when that is allowed, else the job's (the vision
 * model for a turn with images). Refusals are {@link ModelChoiceError}s (the caller turns them
 * into problems): 503 `model_settings_invalid` for a malformed setting, 503
 * `model_not_configured` naming the provider's missing setting, 422 `model_not_allowed` for a
 * model outside the list, 422 `model_lacks_vision` when attachments need eyes it lacks. Cheap,
 * and free of the AI SDK, so routes can check before they create anything.
 *
 * @example
 * const choice = chooseModel(env, body.model, { images: true, pdfs: false });
 */
export function chooseModel(
  settings: ModelSettings,
  requested?: string,
  needs: { images?: boolean; pdfs?: boolean } = {},
  job: ModelJob = "draw",
): ModelChoice {
  const allowed = allowedModels(settings);
  let choice: ModelChoice;
  if (requested !== undefined) {
    const wanted = modelOf(settings, requested);
    const found = allowed.find((m) => m.id === wanted.id);
    if (!found) {
      const ids = allowed.map((m) => m.id);
      throw new ModelChoiceError(
        "model_not_allowed",
        `model "${requested}" is not offered here; use one of: ${ids.join(", ")} (GET /v1/models says which can run)`,
        { allowed: ids },
      );
    }
    choice = found;
  } else {
    choice = jobModel(settings, needs.images || needs.pdfs ? "vision" : job);
  }
  if ((needs.images && !choice.accepts.images) || (needs.pdfs && !choice.accepts.pdfs)) {
    const what = needs.pdfs && choice.accepts.images ? "PDFs" : "images or PDFs";
    throw new ModelChoiceError(
      "model_lacks_vision",
      `model "${choice.id}" does not accept ${what}: ask for a model that does, or, if this one does, add it to DRAWFORGE_VISION_MODELS (or set DRAWFORGE_VISION_MODEL)`,
      { model: choice.id },
    );
  }
  assertConfigured(settings, choice);
  // Malformed call settings are refused here too, before anything is created.
  callSettings(settings, choice);
  return choice;
}

/** Throws 503 `model_not_configured` naming what to set when a model's provider lacks settings. */
function assertConfigured(settings: ModelSettings, choice: ModelChoice): void {
  const missing = missingSettings(choice.provider, settings);
  if (missing.length === 0) return;
  // Presets that need nothing (Ollama on localhost) do not count as configured.
  const nothingSet =
    setting(settings, "DRAWFORGE_MODEL") === undefined &&
    !PROVIDERS.some((p) => p.needs.length > 0 && missingSettings(p, settings).length === 0);
  const detail = nothingSet
    ? `No model is configured, so AI endpoints are off (everything else works). Set OPENAI_API_KEY (and OPENAI_BASE_URL for an OpenAI-compatible server, DRAWFORGE_MODEL for the model name), or OPENAI_BASE_URL alone for a local server that takes no key (Ollama, LM Studio), or another provider's settings with DRAWFORGE_MODEL=provider:model (anthropic, google, bedrock, azure, …), with \`wrangler secret put\`, or in .dev.vars.`
    : `model "${choice.id}" needs ${choice.provider.label}'s settings: set ${needsInWords(choice.provider)} (missing: ${missing.join(", ")}), with \`wrangler secret put\`, or in .dev.vars.${otherProviderHint(settings)}`;
  throw new ModelChoiceError("model_not_configured", detail, {
    setting: missing[0] as string,
    model: choice.id,
  });
}

/**
 * With no `DRAWFORGE_MODEL`, the default is an OpenAI model: when another provider is the one
 * configured, say how to pick one of its models instead.
 */
function otherProviderHint(settings: ModelSettings): string {
  if (setting(settings, "DRAWFORGE_MODEL") !== undefined) return "";
  const configured = PROVIDERS.find(
    (p) => p.id !== "openai" && p.needs.length > 0 && missingSettings(p, settings).length === 0,
  );
  return configured
    ? ` Or, to use ${configured.label}, whose settings are present, set DRAWFORGE_MODEL to one of its models, e.g. ${configured.example}.`
    : "";
}

/** What a model call is given besides the prompt: a temperature, or a reasoning effort. */
export interface CallSettings {
  temperature?: number;
  reasoning?: ReasoningEffort;
}

/**
 * The call settings for a model: a reasoning model gets the reasoning effort and never a
 * temperature (several providers refuse one); any other model gets the temperature. Malformed
 * values are a 503 naming the setting.
 *
 * @example
 * streamText({ model, ...callSettings(env, choice), … });
 */
export function callSettings(settings: ModelSettings, choice: ModelChoice): CallSettings {
  const effort = setting(settings, "DRAWFORGE_REASONING_EFFORT");
  if (effort !== undefined && !EFFORTS.includes(effort as ReasoningEffort)) {
    throw new ModelChoiceError(
      "model_settings_invalid",
      `DRAWFORGE_REASONING_EFFORT is "${effort}"; use one of: ${EFFORTS.join(", ")}`,
      { setting: "DRAWFORGE_REASONING_EFFORT" },
    );
  }
  const raw = setting(settings, "DRAWFORGE_TEMPERATURE");
  const temperature = raw === undefined ? undefined : Number(raw);
  if (temperature !== undefined && !(temperature >= 0 && temperature <= 2)) {
    throw new ModelChoiceError(
      "model_settings_invalid",
      `DRAWFORGE_TEMPERATURE is "${raw}"; use a number from 0 to 2`,
      { setting: "DRAWFORGE_TEMPERATURE" },
    );
  }
  if (choice.reasoning) return effort ? { reasoning: effort as ReasoningEffort } : {};
  return temperature === undefined ? {} : { temperature };
}

/** One model a deployment offers, as `GET /v1/models` lists it. */
export interface ModelOffer {
  id: string;
  provider: string;
  model: string;
  /** The jobs it is the model for (`draw`, `vision`, `summary`); empty for an alternative. */
  jobs: ModelJob[];
  accepts: { images: boolean; pdfs: boolean };
  reasoning: boolean;
  /** Whether its provider's settings are present; when not, `missing` names them. */
  available: boolean;
  missing?: string[];
}

/**
 * The models a request may name, with what each accepts and whether it can run; refuses like
 * {@link chooseModel} when the settings are malformed.
 *
 * @example
 * const offers = offeredModels(env).filter((m) => m.available);
 */
export function offeredModels(settings: ModelSettings): ModelOffer[] {
  const jobs = (Object.keys(JOB_SETTINGS) as ModelJob[]).map((job) => ({
    job,
    id: jobModel(settings, job).id,
  }));
  return allowedModels(settings).map((m) => {
    const missing = missingSettings(m.provider, settings);
    return {
      id: m.id,
      provider: m.provider.id,
      model: m.model,
      jobs: jobs.filter((j) => j.id === m.id).map((j) => j.job),
      accepts: m.accepts,
      reasoning: m.reasoning,
      available: missing.length === 0,
      ...(missing.length ? { missing } : {}),
    };
  });
}

/**
 * What a turn's attachments ask of its model: eyes for images, and PDF reading for PDFs.
 *
 * @example
 * attachmentNeeds([{ media_type: "application/pdf", data: "…" }]); // { pdfs: true }
 */
export function attachmentNeeds(attachments: readonly Attachment[] | undefined): {
  images?: boolean;
  pdfs?: boolean;
} {
  const list = attachments ?? [];
  const pdfs = list.some((a) => a.media_type === "application/pdf");
  const images = list.some((a) => a.media_type !== "application/pdf");
  return { ...(images ? { images } : {}), ...(pdfs ? { pdfs } : {}) };
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
