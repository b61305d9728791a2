/**
 * `verifyWebhook`: checking a Standard Webhooks delivery (HMAC signature, timestamp window) with
 * Web Crypto before its event is trusted.
 */
import type { WebhookEvent } from "../types.ts";
import { WebhookVerificationError } from "./errors.ts";

/** The request headers, as `Headers` (fetch, Workers, Deno, Bun) or a plain object (Node). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Options for {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** How far the `webhook-timestamp` may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time in milliseconds, for tests (default `Date.now()`). */
  now?: number;
}

// Pure: a bundle that does not verify webhooks (the widget) can leave it out.
const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Checks a webhook the Standard Webhooks way and returns its typed event: the HMAC-SHA256 of
 * `id.timestamp.body` under your `whsec_…` secret must match one of the `v1,` signatures, and
 * the timestamp must be within five minutes, so a captured delivery cannot be replayed later.
 * Pass the body exactly as received (before any JSON parsing). Throws
 * {@link WebhookVerificationError} otherwise. Uses Web Crypto (`crypto.subtle`).
 *
 * @example
 * const event = await verifyWebhook(await request.text(), request.headers, env.DRAWFORGE_WEBHOOK_SECRET);
 * if (event.type === "batch.item.succeeded") console.log(event.data.diagram_id);
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      "missing webhook-id, webhook-timestamp or webhook-signature",
    );
  }
  const seconds = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const skew = Math.abs((options.now ?? Date.now()) / 1000 - seconds);
  if (!(skew <= (options.toleranceSeconds ?? 300))) {
    throw new WebhookVerificationError(
      "the webhook timestamp is missing, malformed or too far from now",
    );
  }
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  const expected = await sign(secret, concat(encoder.encode(`${id}.${timestamp}.`), body));
  const matches = signatures
    .split(" ")
    .some((entry) => entry.startsWith("v1,") && equal(decodeBase64(entry.slice(3)), expected));
  if (!matches) throw new WebhookVerificationError("no webhook signature matches the secret");
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch (cause) {
    throw new WebhookVerificationError("the webhook body is not JSON", { cause });
  }
  if (typeof (event as { type?: unknown } | null)?.type !== "string") {
    throw new WebhookVerificationError("the webhook body is not an event");
  }
  return event as WebhookEvent;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(" ") : value;
}

async function sign(secret: string, message: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (globalThis.crypto?.subtle === undefined) {
    throw new WebhookVerificationError(
      "verifyWebhook needs Web Crypto (globalThis.crypto); on Node 18 start node with --experimental-global-webcrypto",
    );
  }
  const raw = decodeBase64(secret.startsWith("whsec_") ? secret.slice(6) : secret);
  if (raw.length === 0) throw new WebhookVerificationError("the webhook secret is not base64");
  const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array(0);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Compares in time that depends only on the length, so timing does not leak the signature. */
function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
