/**
 * Slims a zod tool-input schema into a token-cheap JSON Schema for the model; the input is
 * still checked against the full schema.
 */
import { jsonSchema, type Schema, zodSchema } from "ai";
import type { z } from "zod";
import { leanJson } from "../schemas/lean-json-schema.ts";

/**
 * A tool input schema as the model is sent it, without what costs tokens on every request and
 * tells a model nothing (`leanJson` lists what: the `$schema` URL, closed objects, safe-integer
 * bounds, …). Input is still checked against the full zod schema.
 *
 * @example
 * tool({ inputSchema: leanSchema(z.object({ id: z.string() })), execute });
 */
export function leanSchema<T>(schema: z.ZodType<T>): Schema<T> {
  const full = zodSchema(schema);
  type JsonSchema = Awaited<Schema["jsonSchema"]>;
  return jsonSchema<T>(async () => leanJson(await full.jsonSchema) as JsonSchema, {
    validate: (value) => full.validate?.(value) ?? { success: true, value: value as T },
  });
}
