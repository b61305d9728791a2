/**
 * Zod schemas for the arguments of BatchObject's RPC methods, checked at run time since queue
 * consumers as well as routes can reach the object.
 */
import { z } from "zod";
import { BatchItemInputSchema } from "../schemas/batch.ts";
import { PROBLEM_CODE_NAMES } from "../schemas/problem-codes.ts";

// Every RPC method of BatchObject checks its argument: the namespace binding is reachable by
// more than our routes (the queue consumers too).

const tenant = z.string().min(1).max(100);
const index = z.number().int().min(0).max(10_000);
const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.enum(PROBLEM_CODE_NAMES),
});

export const CreateBatchInput = z.object({
  tenant,
  id: z.string().min(1).max(100),
  origin: z.string().max(500),
  model: z.string().max(200).optional(),
  style: z.enum(["house", "none"]).optional(),
  webhook: z.object({ url: z.string().max(2048), events: z.array(z.string()) }).optional(),
  items: z
    .array(BatchItemInputSchema.extend({ diagram_id: z.string() }))
    .min(1)
    .max(500),
});
export const ReadBatchInput = z.object({
  tenant,
  after: z.number().int().min(-1).optional(),
  limit: z.number().int().min(1).max(500),
});
export const TenantOnly = z.object({ tenant });
export const ItemInput = z.object({ index });
export const RetryingInput = z.object({
  index,
  error: z.string().max(2000),
  /** The queue's delay before the next attempt, which the item's lease must outlast. */
  delaySeconds: z.number().min(0).max(86_400).optional(),
});
export const FinishInput = z.object({
  index,
  result: z.discriminatedUnion("ok", [
    z.object({
      ok: z.literal(true),
      version: z.number().int(),
      title: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
    z.object({ ok: z.literal(false), error: problem }),
  ]),
});
export type FinishInputType = z.infer<typeof FinishInput>;
export const EventInput = z.object({ eventId: z.string().max(200) });
export const AttemptInput = z.object({
  eventId: z.string().max(200),
  attempt: z.number().int().min(1),
  status: z.number().int().nullable(),
  outcome: z.enum(["delivered", "retry", "failed", "gone"]),
  error: z.string().max(1000).nullable(),
  durationMs: z.number().int().min(0),
  /** For `retry`: the queue's delay before the next attempt. */
  retryInSeconds: z.number().min(0).max(86_400).optional(),
});
export const DeliveriesInput = z.object({
  tenant,
  before: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(100),
});
