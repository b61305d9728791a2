/**
 * Schemas of `GET /v1/models`: one model the deployment offers (what it is for, what it
 * accepts, whether it can run), and the list with the default.
 */
import { z } from "@hono/zod-openapi";
import { NextCursorSchema } from "./common.ts";

/** One model a request may name, as `GET /v1/models` lists it. */
export const ModelOfferSchema = z
  .object({
    id: z.string().openapi({
      description:
        "`provider:model`: the name to send as `model` in `POST /v1/generate` or `…/messages`.",
      example: "anthropic:claude-sonnet-4-5",
    }),
    provider: z.string().openapi({ example: "anthropic" }),
    model: z.string().openapi({
      description: "The name the provider knows it by.",
      example: "claude-sonnet-4-5",
    }),
    jobs: z.array(z.enum(["draw", "summary", "vision"])).openapi({
      description:
        "The jobs this deployment gives it: `draw` (turns that name no model), `vision` (such turns with attachments), `summary` (conversation summaries and titles). Empty for a model a request may pick.",
      example: ["draw", "vision"],
    }),
    accepts: z
      .object({
        images: z.boolean().openapi({ description: "Takes image attachments." }),
        pdfs: z.boolean().openapi({ description: "Takes PDF attachments." }),
      })
      .openapi({ description: "The attachments a turn on this model may carry." }),
    reasoning: z.boolean().openapi({
      description:
        "A reasoning model: it thinks before it answers (slower; `DRAWFORGE_REASONING_EFFORT` applies, a temperature does not).",
    }),
    available: z.boolean().openapi({
      description:
        "Whether its provider is configured; a turn on a model that is not is refused with 503 `model_not_configured`.",
    }),
    missing: z
      .array(z.string())
      .optional()
      .openapi({
        description: "When not `available`: the settings its operator must set.",
        example: ["ANTHROPIC_API_KEY"],
      }),
  })
  .openapi("ModelOffer");

/** Every model offered, on one page, and the one a turn gets when it names none. */
export const ModelListSchema = z
  .object({
    items: z.array(ModelOfferSchema),
    next_cursor: NextCursorSchema,
    default: z.string().openapi({
      description:
        "The `id` of the drawing model, used when a turn names no `model` (turns with attachments get the item whose `jobs` has `vision`).",
      example: "openai:gpt-4.1-mini",
    }),
  })
  .openapi("ModelList");
