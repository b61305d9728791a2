/** What the JSON Schema a model is sent leaves out, and what it keeps, on the real tool inputs. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { leanJson, leanJsonSchema } from "../../../worker/schemas/lean-json-schema.ts";
import { ModelOperationSchema } from "../../../worker/schemas/model-inputs.ts";

/** Every keyword used anywhere in a JSON Schema, with the values it has. */
function keywords(node: unknown, found = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (Array.isArray(node)) for (const item of node) keywords(item, found);
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties") {
        for (const field of Object.values(value as object)) keywords(field, found);
        continue;
      }
      found.set(key, [...(found.get(key) ?? []), value]);
      keywords(value, found);
    }
  }
  return found;
}

describe("leanJsonSchema", () => {
  it("drops closed objects, bounds no call comes near, lengths of at least 1 and false defaults", () => {
    const schema = leanJsonSchema(
      z.object({
        operations: z.array(ModelOperationSchema).min(1).max(200),
        mermaid: z.string().min(1).max(262_144),
        replace: z.boolean().default(false),
        count: z.number().int(),
      }),
    );
    const found = keywords(schema);
    expect(found.get("additionalProperties") ?? []).not.toContain(false);
    expect(found.has("minLength")).toBe(false);
    expect(found.has("minItems")).toBe(false);
    expect(found.get("maxLength")).toBeUndefined();
    expect(found.has("default")).toBe(false);
    expect(found.has("$schema")).toBe(false);
    expect(found.has("minimum") || found.has("maximum")).toBe(false);
  });

  it("keeps what a model needs: near bounds, real defaults, record value types, required fields", () => {
    const schema = leanJsonSchema(
      z.object({
        operations: z.array(ModelOperationSchema).min(1).max(200),
        title: z.string().max(80).optional(),
        prompt: z.string().max(20_000),
        limit: z.number().int().min(1).max(10).default(5),
        direction: z.enum(["down", "right"]).default("down"),
        strict: z.boolean().default(true),
      }),
    );
    expect(schema).toMatchObject({
      required: ["operations", "prompt"],
      properties: {
        operations: { maxItems: 200, items: { required: ["op"] } },
        title: { maxLength: 80 },
        prompt: { maxLength: 20_000 },
        limit: { minimum: 1, maximum: 10, default: 5 },
        direction: { default: "down", enum: ["down", "right"] },
        strict: { default: true },
      },
    });
    expect(schema).toMatchObject({
      properties: {
        operations: {
          items: {
            properties: { style: { additionalProperties: { type: ["string", "number", "null"] } } },
          },
        },
      },
    });
  });

  it("reads field names as names, not keywords", () => {
    const schema = leanJson({
      type: "object",
      properties: { default: { type: "boolean" }, minLength: { type: "integer" } },
      additionalProperties: false,
    });
    expect(schema).toEqual({
      type: "object",
      properties: { default: { type: "boolean" }, minLength: { type: "integer" } },
    });
  });
});
