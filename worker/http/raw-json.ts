/**
 * Answering with JSON text that is already serialised (from a cache), typed for the route as if
 * built with `c.json`.
 */
import type { TypedResponse } from "hono";

/**
 * A JSON response from text that is already serialised, typed as the value it holds, so that a
 * route can answer from a cache without parsing and re-stringifying.
 *
 * @example
 * return rawJson<Diagram>(cachedJson, { etag: '"3"' });
 */
export function rawJson<T>(
  json: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Response & TypedResponse<T, 200, "json"> {
  const res = new Response(json, {
    status: 200,
    headers: { ...headers, "content-type": "application/json" },
  });
  return res as Response & TypedResponse<T, 200, "json">;
}
