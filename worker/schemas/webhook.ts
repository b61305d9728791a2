/**
 * The webhook events a batch sends (an item succeeded, an item failed, the batch ended), as one
 * union told apart by `type`.
 */
import { z } from "@hono/zod-openapi";
import { DiagramLinksSchema } from "./common.ts";

/**
 * The events Drawforge delivers to a batch's webhook (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`). Receivers check the signature first, then branch
 * on `type`; the SDK's `verifyWebhook()` does both.
 */
const Envelope = {
  timestamp: z
    .string()
    .openapi({ format: "date-time", description: "When the event happened (ISO 8601)." }),
};

const Metadata = z
  .record(z.string(), z.unknown())
  .optional()
  .openapi({ description: "The `metadata` the batch item was submitted with, echoed back." });

export const WebhookProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().openapi({ description: "Stable machine-readable code, as in API errors." }),
  })
  .openapi("WebhookProblem", { description: "Why a batch item failed (RFC 9457 members)." });

export const BatchItemSucceededEventSchema = z
  .object({
    type: z.literal("batch.item.succeeded"),
    ...Envelope,
    data: z.object({
      batch_id: z.string(),
      item_index: z.number().int().min(0),
      diagram_id: z.string(),
      version: z.number().int(),
      title: z.string(),
      links: DiagramLinksSchema,
      xml: z.string().optional().openapi({
        description:
          "The diagram's XML when it is under 20 KB (webhooks stay small); otherwise fetch `links.api`.",
      }),
      svg: z.string().optional().openapi({
        description:
          "The first page as an SVG image when it is under 20 KB too; otherwise fetch `links.svg`.",
      }),
      metadata: Metadata,
    }),
  })
  .openapi("BatchItemSucceededEvent", { description: "One item of a batch made its diagram." });

export const BatchItemFailedEventSchema = z
  .object({
    type: z.literal("batch.item.failed"),
    ...Envelope,
    data: z.object({
      batch_id: z.string(),
      item_index: z.number().int().min(0),
      error: WebhookProblemSchema,
      metadata: Metadata,
    }),
  })
  .openapi("BatchItemFailedEvent", { description: "One item of a batch failed for good." });

export const BatchCompletedEventSchema = z
  .object({
    type: z.literal("batch.completed"),
    ...Envelope,
    data: z.object({
      batch_id: z.string(),
      status: z.enum(["completed", "cancelled"]).openapi({
        description: "`cancelled` when the batch was cancelled before every item ran.",
      }),
      counts: z.object({
        queued: z.number().int(),
        running: z.number().int(),
        succeeded: z.number().int(),
        failed: z.number().int(),
        cancelled: z.number().int(),
      }),
    }),
  })
  .openapi("BatchCompletedEvent", { description: "Every item of a batch has ended." });

/** Any webhook event, told apart by `type`. */
export const WebhookEventSchema = z
  .discriminatedUnion("type", [
    BatchItemSucceededEventSchema,
    BatchItemFailedEventSchema,
    BatchCompletedEventSchema,
  ])
  .openapi("WebhookEvent");

export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
