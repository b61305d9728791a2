/**
 * Schemas of batch generation: the create request and its items, batch and item status with counts,
 * webhook deliveries and the signing secret.
 */
import { z } from "@hono/zod-openapi";
import { DIRECTIONS } from "../drawio/index.ts";
import { listOf } from "./common.ts";
import { StyleChoiceSchema } from "./style.ts";
import { WebhookProblemSchema } from "./webhook.ts";

/** The most items one batch may hold. */
export const MAX_BATCH_ITEMS = 500;

export const WEBHOOK_EVENT_TYPES = [
  "batch.item.succeeded",
  "batch.item.failed",
  "batch.completed",
] as const;

export const BatchItemInputSchema = z
  .object({
    prompt: z.string().trim().min(1).max(20_000),
    title: z.string().trim().min(1).max(200).optional(),
    theme: z.enum(["default", "minimal", "dark"]).optional(),
    direction: z.enum(DIRECTIONS).optional(),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "Yours: echoed back in the item's webhooks (at most 4 KB)." }),
  })
  .strict()
  .openapi("BatchItemInput");

export const CreateBatchSchema = z
  .object({
    items: z.array(BatchItemInputSchema).min(1).max(MAX_BATCH_ITEMS),
    webhook: z
      .object({
        url: z.url().max(2048).openapi({ example: "https://example.com/hooks/drawforge" }),
        events: z
          .array(z.enum(WEBHOOK_EVENT_TYPES))
          .min(1)
          .optional()
          .openapi({ description: "Which events to send (default: all)." }),
      })
      .strict()
      .optional(),
    model: z.string().max(200).optional(),
    style: StyleChoiceSchema.optional().openapi({
      description:
        "`house` (default): the items' diagrams get the team's house style where their prompts say nothing else (batch items apply it; they teach it nothing). `none`: the built-in defaults.",
    }),
  })
  .strict()
  .openapi("CreateBatch");

export const BatchStatusSchema = z
  .enum(["queued", "running", "completed", "cancelled"])
  .openapi("BatchStatus");
export const ItemStatusSchema = z
  .enum(["queued", "running", "succeeded", "failed", "cancelled"])
  .openapi("BatchItemStatus");

/** Where a batch item is: queued, running, or ended one of three ways. */
export type ItemStatus = z.infer<typeof ItemStatusSchema>;

export const BatchCountsSchema = z
  .object({
    queued: z.number().int(),
    running: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  })
  .openapi("BatchCounts");

export const BatchItemSchema = z
  .object({
    index: z.number().int(),
    status: ItemStatusSchema,
    prompt: z.string(),
    diagram_id: z.string().nullable(),
    version: z.number().int().nullable(),
    title: z.string().nullable(),
    attempts: z.number().int(),
    error: WebhookProblemSchema.nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi("BatchItem");

export const BatchSchema = z
  .object({
    id: z.string(),
    status: BatchStatusSchema,
    counts: BatchCountsSchema,
    created_at: z.string(),
    completed_at: z.string().nullable(),
    webhook: z
      .object({ url: z.string(), events: z.array(z.string()), disabled: z.boolean() })
      .nullable(),
  })
  .openapi("Batch");

export const BatchWithItemsSchema = BatchSchema.extend({
  items: z.array(BatchItemSchema),
  next_cursor: z.string().nullable(),
}).openapi("BatchWithItems");

export const BatchParamsSchema = z.object({
  id: z
    .string()
    .regex(/^b_[A-Za-z0-9_-]{10,40}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "b_Fz3kq0XbY7cR2mWq9tLs1A" }),
});

export const DeliverySchema = z
  .object({
    id: z.number().int(),
    event_id: z.string().openapi({ description: "The `webhook-id` (the same on every retry)." }),
    event_type: z.string(),
    attempt: z.number().int(),
    status: z.number().int().nullable().openapi({ description: "The receiver's HTTP status." }),
    outcome: z.enum(["delivered", "failed", "gone"]),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    at: z.string(),
  })
  .openapi("WebhookDelivery");

export const DeliveryListSchema = listOf(DeliverySchema, "WebhookDeliveryList");

export const WebhookSecretSchema = z
  .object({
    secret: z.string().openapi({ example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
    previous_secret: z.string().optional().openapi({
      description: "Until 24 h after a rotation, webhooks are signed with both secrets.",
    }),
  })
  .openapi("WebhookSecret");
