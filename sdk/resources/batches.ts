/**
 * `df.batches`, its webhook deliveries, and `df.webhookSecret`: queueing many generations,
 * following them to the end, and managing the key that signs their webhooks.
 */
import { TimeoutError } from "../core/errors.ts";
import { type PagePromise, paginate } from "../core/pagination.ts";
import { type RequestOptions, sleep, type Transport } from "../internal/transport.ts";
import type {
  Batch,
  BatchItem,
  BatchWithItems,
  CreateBatchParams,
  PageParams,
  WebhookDelivery,
  WebhookSecret,
} from "../types.ts";

/** Options of {@link Batches.waitFor}; the request options apply to every poll. */
export interface WaitForBatchOptions extends RequestOptions {
  /** Milliseconds between polls (default 2,000). */
  intervalMs?: number;
  /** Give up with a `TimeoutError` after this many milliseconds in all (default: no limit). */
  timeoutMs?: number;
}

/** The path of a batch, or of something under it; the id is encoded. */
const batchPath = (id: string, rest = "") => `/v1/batches/${encodeURIComponent(id)}${rest}`;

/** `df.batches`: many generations at once, on a queue, with webhooks as items finish. */
export class Batches {
  /** The attempts to deliver a batch's webhooks. */
  readonly deliveries: BatchDeliveries;
  readonly #t: Transport;

  /** Internal: reach it as `df.batches`. */
  constructor(transport: Transport) {
    this.#t = transport;
    this.deliveries = new BatchDeliveries(transport);
  }

  /**
   * Queues one generation per item (1–500) and answers at once (202). Each item ends
   * `succeeded` (a new diagram) or `failed`; the `webhook`, if given, hears about every item
   * and about the end of the batch, signed (check it with `verifyWebhook`). A retry of this
   * call never queues the batch twice: it carries an `Idempotency-Key`.
   *
   * @example
   * const batch = await df.batches.create({
   *   items: [{ prompt: "Login flow", metadata: { page: "auth.md" } }, { prompt: "Order pipeline" }],
   *   webhook: { url: "https://example.com/hooks/drawforge" },
   * });
   */
  create(params: CreateBatchParams, options?: RequestOptions): Promise<Batch> {
    return this.#t.json(
      { method: "POST", path: "/v1/batches", body: params, creates: true },
      options,
    );
  }

  /**
   * The batch's status and counts, and one page of its items in order (`items`,
   * `next_cursor`); {@link Batches.items} goes through every page.
   *
   * @example
   * const { status, counts, items } = await df.batches.retrieve(id, { limit: 50 });
   */
  retrieve(id: string, params: PageParams = {}, options?: RequestOptions): Promise<BatchWithItems> {
    return this.#t.json({ method: "GET", path: batchPath(id), query: params }, options);
  }

  /**
   * The batch's items in order, page by page: `for await` it for every one, or await it for
   * the first page.
   *
   * @example
   * for await (const item of df.batches.items(id)) console.log(item.index, item.status, item.diagram_id);
   */
  items(id: string, params: PageParams = {}, options?: RequestOptions): PagePromise<BatchItem> {
    return paginate((cursor) => this.retrieve(id, { ...params, cursor }, options), params.cursor);
  }

  /**
   * Cancels the items not yet started; items already running finish. The batch completes
   * once they have.
   *
   * @example
   * const { counts } = await df.batches.cancel(id);
   */
  cancel(id: string, options?: RequestOptions): Promise<Batch> {
    return this.#t.json({ method: "DELETE", path: batchPath(id) }, options);
  }

  /**
   * Polls the batch until every item has ended (`completed_at` is set, after completion or a
   * cancellation) and returns it, without items. Aborting `signal` stops the wait
   * (`AbortError`), and so does `timeoutMs` running out (`TimeoutError`).
   *
   * @example
   * const batch = await df.batches.waitFor(id, { intervalMs: 5_000, timeoutMs: 30 * 60_000 });
   * console.log(batch.status, batch.counts.succeeded, batch.counts.failed);
   */
  async waitFor(id: string, options: WaitForBatchOptions = {}): Promise<Batch> {
    const { intervalMs = 2_000, timeoutMs = Number.POSITIVE_INFINITY, ...request } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // One item per poll: the batch's own fields are what is being waited for.
      const { items, next_cursor, ...batch } = await this.retrieve(id, { limit: 1 }, request);
      if (batch.completed_at !== null) return batch;
      const left = deadline - Date.now();
      if (left <= 0) throw new TimeoutError(`batch ${id} did not complete in ${timeoutMs} ms`);
      await sleep(Math.min(intervalMs, left), request.signal);
    }
  }
}

/** `df.batches.deliveries`: every attempt to deliver a batch's webhooks. */
export class BatchDeliveries {
  readonly #t: Transport;

  /** Internal: reach it as `df.batches.deliveries`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * The delivery attempts, newest first, each with the receiver's status and the outcome
   * (`delivered`, `failed`, `gone`). Await it for one page, or `for await` it for all.
   *
   * @example
   * for await (const d of df.batches.deliveries.list(id)) console.log(d.event_type, d.attempt, d.outcome);
   */
  list(
    id: string,
    params: PageParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookDelivery> {
    return paginate(
      (cursor) =>
        this.#t.json(
          { method: "GET", path: batchPath(id, "/deliveries"), query: { ...params, cursor } },
          options,
        ),
      params.cursor,
    );
  }
}

/** `df.webhookSecret`: the `whsec_…` secret that signs your webhooks. */
export class WebhookSecrets {
  readonly #t: Transport;

  /** Internal: reach it as `df.webhookSecret`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Your secret (made on first use), to pass to `verifyWebhook`; during the 24 hours after a
   * rotation, `previous_secret` too.
   *
   * @example
   * const { secret } = await df.webhookSecret.retrieve();
   * const event = await verifyWebhook(body, headers, secret);
   */
  retrieve(options?: RequestOptions): Promise<WebhookSecret> {
    return this.#t.json({ method: "GET", path: "/v1/webhook-secret" }, options);
  }

  /**
   * Makes a new secret. For 24 hours webhooks carry signatures with both, so receivers can
   * switch over; the answer holds the new `secret` and the `previous_secret`. Retries of this
   * call carry the same `Idempotency-Key`, so they never rotate twice.
   *
   * @example
   * const { secret, previous_secret } = await df.webhookSecret.rotate();
   */
  rotate(options?: RequestOptions): Promise<WebhookSecret> {
    return this.#t.json(
      { method: "POST", path: "/v1/webhook-secret/rotate", creates: true },
      options,
    );
  }
}
