/**
 * The Worker's one environment type: generated bindings plus optional settings, model secrets
 * and the OAuth helpers, shared by routes, Durable Objects and the queue consumer.
 */
import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";

/** Secrets and settings that may be absent (so `wrangler types` cannot promise them). */
export interface Settings {
  /** Comma-separated API keys; each key is one tenant. */
  API_KEYS?: string;
  /** HMAC secret for widget tokens (default: derived from `API_KEYS`). */
  TOKEN_SECRET?: string;
  /** Comma-separated origins allowed to call the API from a browser. */
  ALLOWED_ORIGINS?: string;
  /** `off` disables per-key rate limiting. */
  RATE_LIMIT?: string;
  /** Seconds clients are told to wait after a 429 (the rate limiter's period). */
  RATE_LIMIT_PERIOD?: string;
  /** `1` lets webhooks go to http, private and loopback addresses (local development, tests). */
  ALLOW_PRIVATE_WEBHOOKS?: string;
  /** Multiplies queue retry delays (tests use 0); default 1. */
  RETRY_DELAY_SCALE?: string;
  /**
   * Multiplies how long the batch object waits before it takes an item or a webhook event back
   * from a worker that may have died (tests shorten it); default 1. See `worker/batch/leases.ts`.
   */
  BATCH_LEASE_SCALE?: string;
  /** How long a webhook receiver has to answer, in ms (default 15,000). */
  WEBHOOK_TIMEOUT_MS?: string;
  /** `1` serves the demo page at `/`, which mints widget tokens without an API key. */
  DEMO_PAGE?: string;
  /**
   * The draw.io the Worker's pages embed (the demo page, the editor page of `links.editor`,
   * publication pages, the MCP App viewer): an absolute URL of a self-hosted draw.io, or a path
   * on this deployment (`/drawio/?offline=1`: the copy `npm run assets:build` puts in the static
   * assets). Empty: diagrams.net.
   */
  DRAWIO_URL?: string;
}

/**
 * The model settings, from secrets and vars (all optional: without a provider's settings its
 * models answer 503 naming what to set). Which provider reads which is `agent/providers.ts`.
 */
export interface ModelSettings {
  /** OpenAI's key, or the key of the OpenAI-compatible server at `OPENAI_BASE_URL`. */
  OPENAI_API_KEY?: string;
  /** Any OpenAI-compatible endpoint (OpenRouter, DeepSeek, Ollama, vLLM, LM Studio, …). */
  OPENAI_BASE_URL?: string;
  /** `responses` uses the Responses API; by default Chat Completions, which most servers speak. */
  OPENAI_API_MODE?: string;
  /** Azure OpenAI: the key, and the resource name or a base URL; models are deployment names. */
  AZURE_API_KEY?: string;
  AZURE_RESOURCE_NAME?: string;
  AZURE_BASE_URL?: string;
  /** Azure OpenAI's API version (default `v1`). */
  AZURE_API_VERSION?: string;
  /** Anthropic's key, and a base URL for a proxy (default `https://api.anthropic.com/v1`). */
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  /** Google Gemini's key, and a base URL (default the Generative Language API's `v1beta`). */
  GOOGLE_GENERATIVE_AI_API_KEY?: string;
  GOOGLE_BASE_URL?: string;
  /** Amazon Bedrock: the region, and an API key or an access key pair (with a session token). */
  AWS_REGION?: string;
  AWS_BEARER_TOKEN_BEDROCK?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  AWS_SESSION_TOKEN?: string;
  /** Bedrock's runtime URL, for a proxy or a VPC endpoint. */
  BEDROCK_BASE_URL?: string;
  /** OpenAI-compatible servers known by name (`ollama:qwen3`): their URLs and keys. */
  OLLAMA_BASE_URL?: string;
  OLLAMA_API_KEY?: string;
  LMSTUDIO_BASE_URL?: string;
  VLLM_BASE_URL?: string;
  VLLM_API_KEY?: string;
  DEEPSEEK_API_KEY?: string;
  DEEPSEEK_BASE_URL?: string;
  OPENROUTER_API_KEY?: string;
  OPENROUTER_BASE_URL?: string;
  QWEN_API_KEY?: string;
  QWEN_BASE_URL?: string;
  GROQ_API_KEY?: string;
  GROQ_BASE_URL?: string;
  MISTRAL_API_KEY?: string;
  MISTRAL_BASE_URL?: string;
  XAI_API_KEY?: string;
  XAI_BASE_URL?: string;
  /** Any other OpenAI-compatible server, as provider `compatible`. */
  COMPATIBLE_BASE_URL?: string;
  COMPATIBLE_API_KEY?: string;
  /** The drawing model, `provider:model` (a bare name is an `openai` model). */
  DRAWFORGE_MODEL?: string;
  /** Comma-separated `provider:model`s a request may ask for by name. */
  DRAWFORGE_MODELS?: string;
  /** The model for conversation summaries and titles (default: the drawing model). */
  DRAWFORGE_SUMMARY_MODEL?: string;
  /** The model for turns that bring images or PDFs (default: the drawing model). */
  DRAWFORGE_VISION_MODEL?: string;
  /**
   * Comma-separated models that accept images and PDFs (`*` for all). Unset: models whose names
   * belong to well-known vision families (gpt-4o, gpt-4.1, gpt-5, o3, o4, claude, gemini, …).
   */
  DRAWFORGE_VISION_MODELS?: string;
  /**
   * Comma-separated reasoning models (`*` for all): they get no temperature and do get the
   * reasoning effort. Unset: well-known reasoning families (o3, o4, gpt-5, claude-sonnet-4, …).
   */
  DRAWFORGE_REASONING_MODELS?: string;
  /** How hard reasoning models think: `minimal`, `low`, `medium`, `high` (default: theirs). */
  DRAWFORGE_REASONING_EFFORT?: string;
  /** Sampling temperature for models that take one (0–2; default: the provider's). */
  DRAWFORGE_TEMPERATURE?: string;
  /** Longest a whole turn may take, in seconds (default 300). */
  DRAWFORGE_TURN_TIMEOUT_S?: string;
  /** Longest one model step (the call, its retries and its tools) may take, in seconds (default 120). */
  DRAWFORGE_STEP_TIMEOUT_S?: string;
  /** Retries of a model call that failed with 408/409/429/5xx or a network error (default 2). */
  DRAWFORGE_MODEL_RETRIES?: string;
}

/**
 * What the Worker, its queue consumer and its Durable Objects are given: the bindings
 * `wrangler types` generates from `wrangler.toml`, plus the settings and model secrets that may
 * be absent. The one environment type: routes, objects and the consumer all take it.
 *
 * @example
 * function allowsPrivateWebhooks(env: Bindings): boolean {
 *   return env.ALLOW_PRIVATE_WEBHOOKS === "1";
 * }
 */
export type Bindings = Env & Settings & ModelSettings & OAuthBinding;

/** What the OAuth provider adds for its pages' handler (`worker/auth/oauth.ts`), only there. */
export interface OAuthBinding {
  OAUTH_PROVIDER?: OAuthHelpers;
}
