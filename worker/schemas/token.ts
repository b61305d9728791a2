/**
 * Schemas of widget tokens: the scope, the mint request with its lifetime, and the token handed
 * back.
 */
import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";

export const TokenScopeSchema = z
  .enum(["view", "edit"])
  .openapi("TokenScope", { description: "`view` reads; `edit` also saves versions and restores." });

export const CreateTokenSchema = z
  .object({
    scope: TokenScopeSchema,
    ttl_seconds: z
      .number()
      .int()
      .min(60)
      .max(LIMITS.tokenTtlSeconds.max)
      .default(LIMITS.tokenTtlSeconds.default)
      .openapi({ description: "Lifetime, 60 s to 24 h (default 1 h)." }),
  })
  .strict()
  .openapi("CreateToken");

export const WidgetTokenSchema = z
  .object({
    token: z
      .string()
      .openapi({ description: "Use as `Authorization: Bearer <token>` from a browser." }),
    diagram_id: z.string(),
    scope: TokenScopeSchema,
    expires_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WidgetToken");

export type TokenScope = z.infer<typeof TokenScopeSchema>;
