/**
 * The `Idempotency-Key` middleware for API POSTs: a keyed request runs once and a retry gets
 * the stored 2xx answer back, with the tenant object holding the records.
 */
import type { MiddlewareHandler } from "hono";
import { sha256, toHex } from "../auth/encoding.ts";
import { unwrap } from "../durable/outcome.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { LIMITS } from "../schemas/limits.ts";

/** Response headers worth replaying; the rest are per-response. */
const REPLAYED_HEADERS = ["content-type", "etag", "location"];

/**
 * `Idempotency-Key` for POSTs: the first request with a key runs and its 2xx response is kept
 * for 24 h; a retry with the same key and body gets that response again (marked
 * `Idempotent-Replayed: true`) instead of doing the work twice. The same key with another body
 * is a 422; a retry while the first is still running is a 409. Failed requests keep nothing,
 * so they can be retried.
 *
 * @example
 * app.use("/v1/*", authenticate(), idempotency());
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async function idempotencyMiddleware(c, next) {
    const key = c.req.header("idempotency-key");
    if (c.req.method !== "POST" || key === undefined) return next();
    if (
      key.length === 0 ||
      key.length > LIMITS.idempotencyKeyChars ||
      !/^[\x21-\x7e]+$/.test(key)
    ) {
      throw new ApiError(
        422,
        "invalid_idempotency_key",
        `Idempotency-Key must be 1–${LIMITS.idempotencyKeyChars} printable ASCII characters`,
      );
    }
    const body = c.req.raw.body === null ? "" : await c.req.text();
    const fingerprint = toHex(await sha256(`${c.req.method} ${c.req.path}\n${body}`));
    const tenant = c.env.TENANT.getByName(c.get("principal").tenant);
    const started = unwrap(await tenant.begin({ key, fingerprint, now: Date.now() }));
    switch (started.kind) {
      case "replay": {
        const headers = new Headers(started.response.headers);
        headers.set("idempotent-replayed", "true");
        return new Response(started.response.body, { status: started.response.status, headers });
      }
      case "in_progress":
        throw new ApiError(
          409,
          "idempotency_in_progress",
          "a request with this Idempotency-Key is still running; retry shortly",
          {},
          { "retry-after": "1" },
        );
      case "mismatch":
        throw new ApiError(
          422,
          "idempotency_key_reused",
          "this Idempotency-Key was used with a different request; use a new key for a new request",
        );
      case "proceed":
        break;
    }
    await next();
    const res = c.res;
    if (res.status < 200 || res.status >= 300) {
      unwrap(await tenant.release({ key }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const remember = async (text: string) => {
      unwrap(await tenant.complete({ key, response: { status: res.status, headers, body: text } }));
    };
    const streaming = (res.headers.get("content-type") ?? "").includes("text/event-stream");
    if (!streaming || res.body === null) {
      await remember(await res.clone().text());
      return;
    }
    // A stream goes to the client as it happens; its copy is kept once it has ended. A turn
    // that failed or was cancelled keeps nothing, so that a retry with the key runs again.
    const [toClient, toKeep] = res.body.tee();
    c.res = new Response(toClient, res);
    c.executionCtx.waitUntil(
      new Response(toKeep).text().then(
        async (text) => {
          if (/"type":"turn\.completed","status":"(failed|cancelled)"/.test(text)) {
            unwrap(await tenant.release({ key }));
          } else {
            await remember(text);
          }
        },
        async () => {
          unwrap(await tenant.release({ key }));
        },
      ),
    );
  };
}
