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
  /**
   * Comma-separated models that accept images and PDFs (`*` for all). Unset: models whose names
   * belong to well-known vision families (gpt-4o, gpt-4.1, gpt-5, o3, o4, claude, gemini, …).
   */
  DRAWFORGE_VISION_MODELS?: string;
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
