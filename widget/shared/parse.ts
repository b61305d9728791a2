import type * as z from "zod/mini";

/**
 * Parses what came over a boundary (a `postMessage` from another window, a WebSocket message):
 * a JSON string, checked with the zod schema `pick` chooses for it. Undefined for anything
 * that is not a string, not JSON, or fails the schema.
 *
 * @example
 * const notice = parseJson(event.data, () => VersionNoticeSchema);
 */
export function parseJson<S extends z.ZodMiniType>(
  data: unknown,
  pick: (json: unknown) => S | undefined,
): z.infer<S> | undefined {
  if (typeof data !== "string") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = pick(json)?.safeParse(json);
  return parsed?.success ? parsed.data : undefined;
}
