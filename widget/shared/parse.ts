/**
 * `parseJson`: reading a JSON message from another window or a socket safely, checked against a
 * valibot schema, undefined when it does not fit.
 */
import * as v from "valibot";

/**
 * Parses what came over a boundary (a `postMessage` from another window, a WebSocket message):
 * a JSON string, checked with the valibot schema `pick` chooses for it. Undefined for anything
 * that is not a string, not JSON, or fails the schema.
 *
 * @example
 * const notice = parseJson(event.data, () => VersionNoticeSchema);
 */
export function parseJson<S extends v.GenericSchema>(
  data: unknown,
  pick: (json: unknown) => S | undefined,
): v.InferOutput<S> | undefined {
  if (typeof data !== "string") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const schema = pick(json);
  const parsed = schema && v.safeParse(schema, json);
  return parsed?.success ? parsed.output : undefined;
}
