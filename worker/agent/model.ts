/**
 * Builds the AI SDK language model for a request from the model settings: the provider its
 * `provider:model` name points at (`providers.ts`), its call settings, and where its provider
 * caches the static system prompt.
 */
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createAzure } from "@ai-sdk/azure";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel, SystemModelMessage } from "ai";
import { modelFetch } from "./model-fetch.ts";
import {
  type CallSettings,
  callSettings,
  chooseModel,
  type ModelChoice,
  type ModelJob,
  type ModelSettings,
} from "./model-settings.ts";
import { setting } from "./providers.ts";

export type { ModelSettings } from "./model-settings.ts";
export { turnLimits } from "./model-settings.ts";

/** Provider options, by provider (the AI SDK's `providerOptions`). */
export type ProviderOptions = NonNullable<SystemModelMessage["providerOptions"]>;

/** A model ready to call: the SDK's model, its choice, its call settings and cache marks. */
export interface ResolvedModel {
  model: LanguageModel;
  choice: ModelChoice;
  /** `provider:model`. */
  name: string;
  call: CallSettings;
  /**
   * Provider options that make the provider cache the prompt up to the message carrying them:
   * Anthropic's `cacheControl`, Bedrock's `cachePoint`. Empty for providers that cache
   * prefixes on their own (OpenAI, Azure, Gemini).
   */
  cacheMark: ProviderOptions;
}

/**
 * The language model for a request: the one it names when allowed, else the job's. Throws the
 * refusals of {@link chooseModel} (503 naming the setting to fix, 422 for a model not offered).
 *
 * @example
 * const { model, call, cacheMark } = resolveModel(env, body.model, { images: true });
 */
export function resolveModel(
  settings: ModelSettings,
  requested?: string,
  needs: { images?: boolean; pdfs?: boolean } = {},
  job: ModelJob = "draw",
): ResolvedModel {
  const choice = chooseModel(settings, requested, needs, job);
  return {
    model: languageModel(settings, choice),
    choice,
    name: choice.id,
    call: callSettings(settings, choice),
    cacheMark: cacheMarkOf(choice),
  };
}

/** Anthropic models cache what a breakpoint closes; on Bedrock, Claude and Nova do. */
function cacheMarkOf(choice: ModelChoice): ProviderOptions {
  if (choice.provider.kind === "anthropic") {
    return { anthropic: { cacheControl: { type: "ephemeral" } } };
  }
  if (choice.provider.kind === "bedrock" && /anthropic|nova/i.test(choice.model)) {
    return { bedrock: { cachePoint: { type: "default" } } };
  }
  return {};
}

/** The AI SDK model for a configured choice. */
function languageModel(settings: ModelSettings, choice: ModelChoice): LanguageModel {
  const { provider, model } = choice;
  const key = provider.key ? setting(settings, provider.key) : undefined;
  const base =
    (provider.baseUrl ? setting(settings, provider.baseUrl) : undefined) ?? provider.defaultBaseUrl;
  // Every provider's requests go through modelFetch: a dropped connection is retried as a 5xx.
  const common = { fetch: modelFetch, ...(base ? { baseURL: base } : {}) };
  switch (provider.kind) {
    case "openai": {
      const openai = createOpenAI({ apiKey: key ?? "", ...common });
      return setting(settings, "OPENAI_API_MODE") === "responses"
        ? openai.responses(model)
        : openai.chat(model);
    }
    case "azure": {
      const resourceName = setting(settings, "AZURE_RESOURCE_NAME");
      const apiVersion = setting(settings, "AZURE_API_VERSION");
      return createAzure({
        apiKey: key ?? "",
        ...common,
        ...(resourceName && !base ? { resourceName } : {}),
        ...(apiVersion ? { apiVersion } : {}),
      }).responses(model);
    }
    case "anthropic":
      return createAnthropic({ apiKey: key ?? "", ...common })(model);
    case "google":
      return createGoogleGenerativeAI({ apiKey: key ?? "", ...common })(model);
    case "bedrock":
      return createAmazonBedrock({ ...common, ...bedrockCredentials(settings) })(model);
    case "compatible":
      return createOpenAICompatible({
        name: provider.id,
        baseURL: base ?? "",
        fetch: modelFetch,
        ...(key ? { apiKey: key } : {}),
        includeUsage: true,
      }).chatModel(model);
  }
}

/** Bedrock's region and credentials: its API key, or an access key pair. */
function bedrockCredentials(settings: ModelSettings): {
  region: string;
  apiKey?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
} {
  const region = setting(settings, "AWS_REGION") ?? "";
  const apiKey = setting(settings, "AWS_BEARER_TOKEN_BEDROCK");
  if (apiKey) return { region, apiKey };
  const sessionToken = setting(settings, "AWS_SESSION_TOKEN");
  return {
    region,
    accessKeyId: setting(settings, "AWS_ACCESS_KEY_ID") ?? "",
    secretAccessKey: setting(settings, "AWS_SECRET_ACCESS_KEY") ?? "",
    ...(sessionToken ? { sessionToken } : {}),
  };
}
