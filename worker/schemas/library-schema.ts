/**
 * Naming a schema of the draw.io library for the OpenAPI document, whatever order the modules
 * were loaded in.
 */
import type { z } from "@hono/zod-openapi";

/**
 * The library's schema, named as a component of the OpenAPI document. zod gives a schema its
 * methods when the schema is made, and the library (plain zod) may be loaded before
 * `@hono/zod-openapi` adds `.openapi`; so a fresh copy, made now, is the one named.
 *
 * @example
 * export const GraphSchema = namedLibrarySchema(GraphSpecSchema, "GraphSpec", { description: "…" });
 */
export function namedLibrarySchema<T extends z.ZodType>(
  schema: T,
  name: string,
  metadata?: Parameters<z.ZodType["openapi"]>[1],
): T {
  return schema.clone().openapi(name, metadata);
}
