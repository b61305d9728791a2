/**
 * Zod to JSON Schema for a model, minus what costs tokens and tells it nothing (the `$schema` URL,
 * string keys, safe-integer bounds).
 */
import { z } from "zod";

/** Bounds zod adds to every integer, which say nothing to a model. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/**
 * A zod schema as JSON Schema for a model, without what costs tokens on every request and tells
 * a model nothing: the `$schema` URL, `propertyNames: {type: string}` on records, and the ±2^53
 * bounds on integers. Used for the agent's tools and the MCP server's; input is still checked
 * against the full zod schema.
 *
 * @example
 * leanJsonSchema(z.object({ id: z.string() })); // { type: "object", properties: { id: … }, … }
 */
export function leanJsonSchema(schema: z.ZodType): JsonSchemaObject {
  return leanJson(
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }),
  ) as JsonSchemaObject;
}

/** {@link leanJsonSchema}'s clean-up, for a JSON Schema made elsewhere. */
export function leanJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(leanJson);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    if (key === "propertyNames" && isStringType(value)) continue;
    if ((key === "maximum" && value === SAFE) || (key === "minimum" && value === -SAFE)) continue;
    out[key] = leanJson(value);
  }
  return out;
}

function isStringType(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    (value as { type?: unknown }).type === "string"
  );
}
