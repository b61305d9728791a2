/**
 * `/v1/batches`: queue many generations at once, follow or cancel them, list webhook deliveries;
 * plus reading and rotating the webhook secret.
 */
import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { chooseModel } from "../agent/model-settings.ts";
import { randomToken } from "../auth/encoding.ts";
import { unwrap } from "../diagram/client.ts";
import { modelProblem } from "../diagram/problems.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { decodeCursor, encodeCursor, listBody } from "../http/cursors.ts";
import { publicUrlProblem } from "../http/public-url.ts";
import { validationHook } from "../http/validation-hook.ts";
import {
  BatchParamsSchema,
  BatchSchema,
  BatchWithItemsSchema,
  CreateBatchSchema,
  DeliveryListSchema,
  WEBHOOK_EVENT_TYPES,
  WebhookSecretSchema,
} from "../schemas/batch.ts";
import { errorResponses, IdempotencyHeaderSchema, PageQuerySchema } from "../schemas/common.ts";

const tags = ["Batches"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
/** Queue messages per `sendBatch` call (the platform's limit). */
const SEND_CHUNK = 100;
/** Metadata per item is echoed in every webhook; keep it small. */
const MAX_METADATA_BYTES = 4096;

/** Batch generation on a queue, and the webhook signing secret. */
export const batches = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const createBatch = createRoute({
  operationId: "createBatch",
  method: "post",
  path: "/batches",
  tags,
  summary: "Generate many diagrams",
  description:
    "Queues one generation per item (1–500). Each item ends `succeeded` (a new diagram) or `failed` (with the reason); the webhook, if given, hears about each item and about the batch's end, signed per Standard Webhooks with the secret from `GET /v1/webhook-secret`.",
  request: {
    headers: IdempotencyHeaderSchema,
    body: { required: true, content: { "application/json": { schema: CreateBatchSchema } } },
  },
  responses: {
    202: json(BatchSchema, "The batch, queued."),
    ...errorResponses(400, 413, 415, 422, 503),
  },
});

batches.openapi(createBatch, async (c) => {
  const body = c.req.valid("json");
  const tenant = c.get("principal").tenant;
  try {
    chooseModel(c.env, body.model);
    // Every item also runs the summary model's jobs: a broken setting refuses the batch now.
    chooseModel(c.env, undefined, {}, "summary");
  } catch (error) {
    throw modelProblem(error);
  }
  if (body.webhook) {
    const problem = publicUrlProblem(body.webhook.url, c.env.ALLOW_PRIVATE_WEBHOOKS === "1");
    if (problem) {
      throw new ApiError(422, "webhook_url_refused", `webhook.url ${problem}`, {
        url: body.webhook.url,
      });
    }
  }
  body.items.forEach((item, i) => {
    if (item.metadata && JSON.stringify(item.metadata).length > MAX_METADATA_BYTES) {
      throw new ApiError(
        422,
        "invalid_request",
        `items.${i}.metadata: at most ${MAX_METADATA_BYTES} bytes`,
      );
    }
  });
  const id = `b_${randomToken(22)}`;
  const batch = c.env.BATCH.getByName(id);
  const created = unwrap(
    await batch.create({
      tenant,
      id,
      origin: new URL(c.req.url).origin,
      ...(body.model ? { model: body.model } : {}),
      ...(body.style ? { style: body.style } : {}),
      ...(body.webhook
        ? {
            webhook: {
              url: body.webhook.url,
              events: body.webhook.events ?? [...WEBHOOK_EVENT_TYPES],
            },
          }
        : {}),
      // Each item's diagram id is fixed now, so a redelivered message never makes a second one.
      items: body.items.map((item) => ({ ...item, diagram_id: `d_${randomToken(22)}` })),
    }),
  );
  for (let i = 0; i < body.items.length; i += SEND_CHUNK) {
    const indexes = body.items.slice(i, i + SEND_CHUNK).map((_, k) => i + k);
    await c.env.BATCH_ITEMS.sendBatch(indexes.map((index) => ({ body: { batchId: id, index } })));
  }
  return c.json(created, 202);
});

const getBatch = createRoute({
  operationId: "getBatch",
  method: "get",
  path: "/batches/{id}",
  tags,
  summary: "A batch and its items",
  description: "The batch's status and counts, and one page of its items in order.",
  request: { params: BatchParamsSchema, query: PageQuerySchema },
  responses: {
    200: json(BatchWithItemsSchema, "The batch."),
    ...errorResponses(403, 404, 422),
  },
});

batches.openapi(getBatch, async (c) => {
  const { id } = c.req.valid("param");
  const { cursor, limit } = c.req.valid("query");
  const after = decodeCursor(cursor, "i", 0);
  const read = unwrap(
    await c.env.BATCH.getByName(id).read({
      tenant: c.get("principal").tenant,
      limit,
      ...(after === undefined ? {} : { after }),
    }),
  );
  const { next, ...rest } = read;
  return c.json({ ...rest, next_cursor: next === null ? null : encodeCursor(next, "i") }, 200);
});

const cancelBatch = createRoute({
  operationId: "cancelBatch",
  method: "delete",
  path: "/batches/{id}",
  tags,
  summary: "Cancel a batch",
  description: "Cancels the items not yet started; items already running finish.",
  request: { params: BatchParamsSchema },
  responses: { 200: json(BatchSchema, "The batch."), ...errorResponses(403, 404, 422) },
});

batches.openapi(cancelBatch, async (c) => {
  const { id } = c.req.valid("param");
  const batch = unwrap(
    await c.env.BATCH.getByName(id).cancel({ tenant: c.get("principal").tenant }),
  );
  return c.json(batch, 200);
});

const listDeliveries = createRoute({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/batches/{id}/deliveries",
  tags,
  summary: "Webhook delivery attempts",
  description: "Every attempt to deliver the batch's webhooks, newest first.",
  request: { params: BatchParamsSchema, query: PageQuerySchema },
  responses: {
    200: json(DeliveryListSchema, "One page of attempts."),
    ...errorResponses(403, 404, 422),
  },
});

batches.openapi(listDeliveries, async (c) => {
  const { id } = c.req.valid("param");
  const { cursor, limit } = c.req.valid("query");
  const before = decodeCursor(cursor);
  const page = unwrap(
    await c.env.BATCH.getByName(id).deliveries({
      tenant: c.get("principal").tenant,
      limit,
      ...(before === undefined ? {} : { before }),
    }),
  );
  return c.json(listBody(page), 200);
});

const getSecret = createRoute({
  operationId: "getWebhookSecret",
  method: "get",
  path: "/webhook-secret",
  tags,
  summary: "The webhook signing secret",
  description: "Your tenant's `whsec_…` secret (made on first use), to verify webhook signatures.",
  responses: { 200: json(WebhookSecretSchema, "The secret."), ...errorResponses(403) },
});

batches.openapi(getSecret, async (c) => {
  const tenant = c.env.TENANT.getByName(c.get("principal").tenant);
  return c.json(unwrap(await tenant.webhookSecret({ now: Date.now() })), 200);
});

const rotateSecret = createRoute({
  operationId: "rotateWebhookSecret",
  method: "post",
  path: "/webhook-secret/rotate",
  tags,
  summary: "Rotate the webhook signing secret",
  description:
    "Makes a new secret. For 24 hours webhooks carry signatures with both, so receivers can switch over.",
  request: { headers: IdempotencyHeaderSchema },
  responses: {
    200: json(WebhookSecretSchema, "The new secret and the previous one."),
    ...errorResponses(403),
  },
});

batches.openapi(rotateSecret, async (c) => {
  const tenant = c.env.TENANT.getByName(c.get("principal").tenant);
  return c.json(unwrap(await tenant.rotateWebhookSecret({ now: Date.now() })), 200);
});
