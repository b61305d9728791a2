import { jsonSchema, type Schema, zodSchema } from "ai";
import type { z } from "zod";

/** Bounds zod adds to every integer, which say nothing to a model. */
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A tool input schema as the model is sent it, without what costs tokens on every request and
 * tells a model nothing: the `$schema` URL, `propertyNames: {type: string}` on records, and the
 * ±2^53 bounds on integers. Input is still checked against the full zod schema.
 *
 * @example
 * tool({ inputSchema: leanSchema(z.object({ id: z.string() })), execute });
 */
export function leanSchema<T>(schema: z.ZodType<T>): Schema<T> {
  const full = zodSchema(schema);
  type JsonSchema = Awaited<Schema["jsonSchema"]>;
  return jsonSchema<T>(async () => tidy(await full.jsonSchema) as JsonSchema, {
    validate: (value) => full.validate?.(value) ?? { success: true, value: value as T },
  });
}

function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    if (key === "propertyNames" && isStringType(value)) continue;
    if ((key === "maximum" && value === SAFE) || (key === "minimum" && value === -SAFE)) continue;
    out[key] = tidy(value);
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
