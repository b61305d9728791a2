/**
 * Zod to JSON Schema for a model, minus what costs tokens and tells it nothing (the `$schema` URL,
 * string keys, safe-integer bounds, closed objects, bounds no call comes near, `false` defaults).
 */
import { z } from "zod";

/** Bounds zod adds to every integer, which say nothing to a model. */
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A length or count this large is beyond what one tool call writes (a quarter-megabyte of
 * Mermaid): its bound says nothing. A prompt's 20,000 characters stay: a pasted text reaches them.
 */
const FAR = 100_000;

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/**
 * A zod schema as JSON Schema for a model, without what costs tokens on every request and tells
 * a model nothing; see {@link leanJson}. Used for the agent's tools and the MCP server's; input is
 * still checked against the full zod schema.
 *
 * @example
 * leanJsonSchema(z.object({ id: z.string() })); // { type: "object", properties: { id: … }, … }
 */
export function leanJsonSchema(schema: z.ZodType): JsonSchemaObject {
  return leanJson(
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }),
  ) as JsonSchemaObject;
}

/**
 * {@link leanJsonSchema}'s clean-up, for a JSON Schema made elsewhere. It drops the `$schema` URL,
 * `propertyNames: {type: string}` on records, the ±2^53 bounds on integers,
 * `additionalProperties: false` (unknown keys are dropped by the check anyway), a minimum length
 * or count of 1 (a model never sends an empty value on purpose; the check still refuses one),
 * lengths and counts of 100,000 or more, and `default: false` (what an omitted flag means anyway).
 *
 * @example
 * leanJson({ type: "object", properties: {}, additionalProperties: false }); // { type: "object", properties: {} }
 */
export function leanJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(leanJson);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!tellsSomething(key, value)) continue;
    out[key] = key === "properties" ? leanProperties(value) : leanJson(value);
  }
  return out;
}

/** Whether a schema keyword tells a model something worth its tokens. */
function tellsSomething(key: string, value: unknown): boolean {
  switch (key) {
    case "$schema":
      return false;
    case "propertyNames":
      return !isStringType(value);
    case "maximum":
      return value !== SAFE;
    case "minimum":
      return value !== -SAFE;
    case "additionalProperties":
    case "default":
      return value !== false;
    case "minLength":
    case "minItems":
      return value !== 1;
    case "maxLength":
    case "maxItems":
      return typeof value !== "number" || value < FAR;
    default:
      return true;
  }
}

/** A `properties` map: its keys are field names, not keywords, so each value is cleaned alone. */
function leanProperties(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return leanJson(value);
  return Object.fromEntries(
    Object.entries(value).map(([name, schema]) => [name, leanJson(schema)]),
  );
}

function isStringType(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    (value as { type?: unknown }).type === "string"
  );
}
