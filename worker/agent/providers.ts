/**
 * The model providers Drawforge speaks to, as data: each one's name in `provider:model`, the
 * wire protocol and AI SDK package it uses, the settings it reads and which of them it needs.
 * Free of the AI SDK (routes and the README generator read it); `model.ts` builds the models.
 */
import type { ModelSettings } from "../bindings.ts";

/** A model setting's name (`ANTHROPIC_API_KEY`, `DRAWFORGE_MODEL`, …). */
export type SettingName = keyof ModelSettings;

/** How a provider's models are built (`model.ts` has one builder per kind). */
export type ProviderKind =
  | "openai"
  | "azure"
  | "anthropic"
  | "google"
  | "bedrock"
  /** An OpenAI-compatible server, through `@ai-sdk/openai-compatible`. */
  | "compatible";

/** One provider: its settings, what it needs, and what the README says of it. */
export interface ProviderSpec {
  /** The name before the colon in `provider:model`. */
  id: string;
  label: string;
  kind: ProviderKind;
  /** The AI SDK package that speaks to it. */
  sdk: string;
  /** The wire protocol, as the README's table names it. */
  protocol: string;
  /** The setting holding its key, if it takes one. */
  key?: SettingName;
  /** The setting holding its base URL, if one can be set. */
  baseUrl?: SettingName;
  /** Its base URL when the setting is empty (OpenAI-compatible presets). */
  defaultBaseUrl?: string;
  /**
   * What must be set: each entry is one setting, or a list of settings any one of which will
   * do (OpenAI takes a key, or a base URL alone for a local server).
   */
  needs: ReadonlyArray<SettingName | readonly SettingName[]>;
  /** Settings that come in pairs: when the first is set, the second must be too. */
  pairs?: ReadonlyArray<readonly [SettingName, SettingName]>;
  /** Other settings it reads (for the docs). */
  optional?: readonly SettingName[];
  /** Whether it accepts PDFs as files (OpenAI-compatible servers take images only). */
  pdfs: boolean;
  /** A model name to show in examples. */
  example: string;
}

/** A preset for an OpenAI-compatible server, named `<id>` with settings `<ID>_…`. */
function compatible(
  id: string,
  label: string,
  settings: { key?: SettingName; keyRequired?: boolean; baseUrl: SettingName },
  defaultBaseUrl: string | undefined,
  example: string,
): ProviderSpec {
  const needs: SettingName[] = [];
  if (settings.key && settings.keyRequired) needs.push(settings.key);
  if (!defaultBaseUrl) needs.push(settings.baseUrl);
  return {
    id,
    label,
    kind: "compatible",
    sdk: "@ai-sdk/openai-compatible",
    protocol: "OpenAI Chat Completions",
    ...(settings.key ? { key: settings.key } : {}),
    baseUrl: settings.baseUrl,
    ...(defaultBaseUrl ? { defaultBaseUrl } : {}),
    needs,
    ...(settings.key && !settings.keyRequired ? { optional: [settings.key] } : {}),
    pdfs: false,
    example,
  };
}

/** Every provider, in the order the README lists them. */
export const PROVIDERS: readonly ProviderSpec[] = [
  {
    id: "openai",
    label: "OpenAI (and any OpenAI-compatible server at OPENAI_BASE_URL)",
    kind: "openai",
    sdk: "@ai-sdk/openai",
    protocol: "OpenAI Chat Completions, or Responses with OPENAI_API_MODE=responses",
    key: "OPENAI_API_KEY",
    baseUrl: "OPENAI_BASE_URL",
    needs: [["OPENAI_API_KEY", "OPENAI_BASE_URL"]],
    optional: ["OPENAI_API_MODE"],
    pdfs: true,
    example: "openai:gpt-4.1-mini",
  },
  {
    id: "azure",
    label: "Azure OpenAI",
    kind: "azure",
    sdk: "@ai-sdk/azure",
    protocol: "OpenAI Responses (Azure v1 API)",
    key: "AZURE_API_KEY",
    baseUrl: "AZURE_BASE_URL",
    needs: ["AZURE_API_KEY", ["AZURE_RESOURCE_NAME", "AZURE_BASE_URL"]],
    optional: ["AZURE_API_VERSION"],
    pdfs: true,
    example: "azure:my-gpt-4.1-deployment",
  },
  {
    id: "anthropic",
    label: "Anthropic",
    kind: "anthropic",
    sdk: "@ai-sdk/anthropic",
    protocol: "Anthropic Messages",
    key: "ANTHROPIC_API_KEY",
    baseUrl: "ANTHROPIC_BASE_URL",
    needs: ["ANTHROPIC_API_KEY"],
    pdfs: true,
    example: "anthropic:claude-sonnet-4-5",
  },
  {
    id: "google",
    label: "Google Gemini",
    kind: "google",
    sdk: "@ai-sdk/google",
    protocol: "Gemini generateContent",
    key: "GOOGLE_GENERATIVE_AI_API_KEY",
    baseUrl: "GOOGLE_BASE_URL",
    needs: ["GOOGLE_GENERATIVE_AI_API_KEY"],
    pdfs: true,
    example: "google:gemini-2.5-flash",
  },
  {
    id: "bedrock",
    label: "Amazon Bedrock",
    kind: "bedrock",
    sdk: "@ai-sdk/amazon-bedrock",
    protocol: "Bedrock Converse",
    baseUrl: "BEDROCK_BASE_URL",
    needs: ["AWS_REGION", ["AWS_BEARER_TOKEN_BEDROCK", "AWS_ACCESS_KEY_ID"]],
    pairs: [["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]],
    optional: ["AWS_SESSION_TOKEN"],
    pdfs: true,
    example: "bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0",
  },
  compatible(
    "ollama",
    "Ollama",
    { key: "OLLAMA_API_KEY", baseUrl: "OLLAMA_BASE_URL" },
    "http://localhost:11434/v1",
    "ollama:qwen3",
  ),
  compatible(
    "lmstudio",
    "LM Studio",
    { baseUrl: "LMSTUDIO_BASE_URL" },
    "http://localhost:1234/v1",
    "lmstudio:qwen3-8b",
  ),
  compatible(
    "vllm",
    "vLLM",
    { key: "VLLM_API_KEY", baseUrl: "VLLM_BASE_URL" },
    undefined,
    "vllm:Qwen/Qwen3-32B",
  ),
  compatible(
    "deepseek",
    "DeepSeek",
    { key: "DEEPSEEK_API_KEY", keyRequired: true, baseUrl: "DEEPSEEK_BASE_URL" },
    "https://api.deepseek.com/v1",
    "deepseek:deepseek-chat",
  ),
  compatible(
    "openrouter",
    "OpenRouter",
    { key: "OPENROUTER_API_KEY", keyRequired: true, baseUrl: "OPENROUTER_BASE_URL" },
    "https://openrouter.ai/api/v1",
    "openrouter:anthropic/claude-sonnet-4.5",
  ),
  compatible(
    "qwen",
    "Qwen (Alibaba Cloud Model Studio)",
    { key: "QWEN_API_KEY", keyRequired: true, baseUrl: "QWEN_BASE_URL" },
    "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
    "qwen:qwen-plus",
  ),
  compatible(
    "groq",
    "Groq",
    { key: "GROQ_API_KEY", keyRequired: true, baseUrl: "GROQ_BASE_URL" },
    "https://api.groq.com/openai/v1",
    "groq:llama-3.3-70b-versatile",
  ),
  compatible(
    "mistral",
    "Mistral",
    { key: "MISTRAL_API_KEY", keyRequired: true, baseUrl: "MISTRAL_BASE_URL" },
    "https://api.mistral.ai/v1",
    "mistral:mistral-medium-latest",
  ),
  compatible(
    "xai",
    "xAI",
    { key: "XAI_API_KEY", keyRequired: true, baseUrl: "XAI_BASE_URL" },
    "https://api.x.ai/v1",
    "xai:grok-4",
  ),
  compatible(
    "compatible",
    "any other OpenAI-compatible server",
    { key: "COMPATIBLE_API_KEY", baseUrl: "COMPATIBLE_BASE_URL" },
    undefined,
    "compatible:my-model",
  ),
];

/**
 * The provider named `id`, or undefined.
 *
 * @example
 * providerById("anthropic")?.key; // "ANTHROPIC_API_KEY"
 */
export function providerById(id: string): ProviderSpec | undefined {
  return PROVIDERS.find((p) => p.id === id);
}

/** A setting's value, trimmed; undefined when empty. */
export function setting(settings: ModelSettings, name: SettingName): string | undefined {
  const value = settings[name]?.trim();
  return value ? value : undefined;
}

/**
 * The settings a provider still needs, one per unmet need (for a choice of settings, the
 * first); empty when it is configured.
 *
 * @example
 * missingSettings(providerById("anthropic")!, {}); // ["ANTHROPIC_API_KEY"]
 */
export function missingSettings(provider: ProviderSpec, settings: ModelSettings): SettingName[] {
  const missing: SettingName[] = [];
  for (const need of provider.needs) {
    const names: readonly SettingName[] = typeof need === "string" ? [need] : need;
    if (!names.some((name) => setting(settings, name) !== undefined)) {
      missing.push(names[0] as SettingName);
    }
  }
  for (const [first, second] of provider.pairs ?? []) {
    if (setting(settings, first) && !setting(settings, second)) missing.push(second);
  }
  return missing;
}

/**
 * How to configure a provider, in words: the settings it needs ("OPENAI_API_KEY or
 * OPENAI_BASE_URL"), for the README and for the 503 that names them.
 *
 * @example
 * needsInWords(providerById("anthropic")!); // "ANTHROPIC_API_KEY"
 */
export function needsInWords(provider: ProviderSpec): string {
  const parts = provider.needs.map((need) => (typeof need === "string" ? need : need.join(" or ")));
  for (const [first, second] of provider.pairs ?? []) {
    parts.push(`${second} with ${first}`);
  }
  if (parts.length === 0) return "nothing";
  return parts.join(", and ");
}
