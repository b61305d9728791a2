/**
 * Middleware that reads and checks a request body (size, JSON content type, UTF-8, syntax) before
 * any route validator sees it.
 */
import type { MiddlewareHandler } from "hono";
import { LIMITS } from "../schemas/limits.ts";
import { ApiError } from "./api-error.ts";

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads request bodies before validation: at most `maxBytes` (413 past it, even without a
 * `Content-Length`), JSON only (415 otherwise), strict UTF-8 (400 `invalid_utf8`) and
 * well-formed JSON (400 `malformed_json`). The decoded text is handed to Hono's body cache, so
 * the route validators read it from there.
 *
 * @example
 * app.use("/v1/*", jsonBody());
 */
export function jsonBody({ maxBytes = LIMITS.bodyBytes }: { maxBytes?: number } = {}) {
  return async function jsonBodyMiddleware(c, next) {
    const req = c.req.raw;
    if (req.body === null || req.method === "GET" || req.method === "HEAD") return next();
    const declared = Number(req.headers.get("content-length") ?? "-1");
    if (declared > maxBytes) throw tooLarge(maxBytes);
    // With a declared length the runtime reads the body natively; without one, read it in
    // pieces and stop at the limit.
    const bytes =
      declared >= 0
        ? new Uint8Array(await req.arrayBuffer())
        : await readAtMost(req.body, maxBytes);
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    if (bytes.byteLength === 0) {
      // An empty body reads as `{}`: optional bodies are then fine, required fields are named.
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve("{}");
      return next();
    }
    const type = req.headers.get("content-type") ?? "";
    if (!JSON_TYPE.test(type)) {
      throw new ApiError(
        415,
        "unsupported_media_type",
        `send the body as JSON with "Content-Type: application/json" (got ${JSON.stringify(type || "none")})`,
      );
    }
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      throw new ApiError(400, "invalid_utf8", "the request body is not valid UTF-8");
    }
    try {
      JSON.parse(text);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      throw new ApiError(400, "malformed_json", `the request body is not valid JSON: ${reason}`);
    }
    // Hono caches body promises under the reader's name; the validators read `text` from here.
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
    return next();
  } satisfies MiddlewareHandler;
}

async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    413,
    "payload_too_large",
    `the request body is larger than ${maxBytes / 1024 / 1024} MB`,
    { limit_bytes: maxBytes },
  );
}
