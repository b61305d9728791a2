/**
 * The batch Durable Object: a batch's items and webhook events, queued and leased so each item
 * ends once and no work is lost when the process running it dies.
 */
import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../bindings.ts";
import { migrate } from "../durable/migrate.ts";
import { handle, handleAsync, type RpcInput } from "../durable/outcome.ts";
import { pageOf } from "../durable/paging.ts";
import { ApiError } from "../http/api-error.ts";
import { problemObject } from "../http/problem.ts";
import { BatchLedger, OPEN } from "./batch-ledger.ts";
import { type DeliveryView, type ItemRow, itemView } from "./batch-rows.ts";
import { type Leases, leasesFor, MAX_REQUEUES } from "./leases.ts";
import { BATCH_MIGRATIONS } from "./migrations.ts";
import * as In from "./rpc-schemas.ts";

/** The queue message of one batch item. */
export interface ItemMessage {
  batchId: string;
  index: number;
}

/** The queue message that asks for one webhook delivery. */
export interface WebhookMessage {
  batchId: string;
  eventId: string;
}

/** Queue messages per `sendBatch` call (the platform's limit). */
const SEND_CHUNK = 100;

/**
 * One batch's bookkeeping: its items and their states, and its webhook events with every
 * delivery attempt. Each state change happens once (a redelivered queue message finds the item
 * already finished), and each event is recorded before it is sent, with an id every retry keeps.
 * Every open item holds a lease (see `leases.ts`); the object's alarm puts an item whose lease
 * ran out back on the queue, or fails it after {@link MAX_REQUEUES}, so no item stays open when
 * the process that ran it dies or its queue message is lost. Events handed to the queue and
 * never attempted are sent again the same way.
 *
 * @example
 * const batch = env.BATCH.getByName(id);
 * await batch.create({ tenant, id, origin, items });
 */
export class BatchObject extends DurableObject<Bindings> {
  readonly #sql: SqlStorage;
  readonly #ledger: BatchLedger;
  readonly #leases: Leases;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.#sql = ctx.storage.sql;
    this.#ledger = new BatchLedger(this.#sql);
    this.#leases = leasesFor(env);
    migrate(ctx.storage, BATCH_MIGRATIONS);
    // Items of batches made before leases existed get one now; the alarm takes it from there.
    ctx.blockConcurrencyWhile(async () => {
      this.#sql.exec(
        `UPDATE items SET lease_until = ? WHERE lease_until IS NULL AND status IN ${OPEN}`,
        Date.now() + this.#leases.queued(this.#ledger.itemCount()),
      );
      if ((await ctx.storage.getAlarm()) === null) await this.#schedule();
    });
  }

  create(input: RpcInput<typeof In.CreateBatchInput>) {
    return handleAsync(In.CreateBatchInput, input, async (args) => {
      if (this.#ledger.batch())
        throw new ApiError(409, "already_exists", `batch ${args.id} exists`);
      const now = new Date().toISOString();
      // The route sends the items' messages next; if it dies first, the leases bring them back.
      const leaseUntil = Date.now() + this.#leases.queued(args.items.length);
      this.ctx.storage.transactionSync(() => {
        this.#sql.exec(
          `INSERT INTO batch (singleton, id, owner, origin, model, style, webhook_url, webhook_events, created_at)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args.id,
          args.tenant,
          args.origin,
          args.model ?? null,
          args.style ?? null,
          args.webhook?.url ?? null,
          args.webhook ? JSON.stringify(args.webhook.events) : null,
          now,
        );
        args.items.forEach((item, idx) => {
          this.#sql.exec(
            `INSERT INTO items (idx, prompt, title, theme, direction, metadata, status, diagram_id, lease_until)
             VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
            idx,
            item.prompt,
            item.title ?? null,
            item.theme ?? null,
            item.direction ?? null,
            item.metadata ? JSON.stringify(item.metadata) : null,
            item.diagram_id,
            leaseUntil,
          );
        });
      });
      await this.#schedule();
      return this.#ledger.summary(this.#ledger.own(args.tenant));
    });
  }

  /** The batch with one page of its items, in order. */
  read(input: RpcInput<typeof In.ReadBatchInput>) {
    return handle(In.ReadBatchInput, input, (args) => {
      const batch = this.#ledger.own(args.tenant);
      const rows = this.#sql
        .exec<ItemRow>(
          "SELECT * FROM items WHERE idx > ? ORDER BY idx LIMIT ?",
          args.after ?? -1,
          args.limit + 1,
        )
        .toArray();
      const page = pageOf(rows, args.limit, (r) => r.idx);
      return { ...this.#ledger.summary(batch), items: page.items.map(itemView), next: page.next };
    });
  }

  /** Cancels the items not yet started; the running ones finish. */
  cancel(input: RpcInput<typeof In.TenantOnly>) {
    return handleAsync(In.TenantOnly, input, async (args) => {
      this.#ledger.own(args.tenant);
      this.ctx.storage.transactionSync(() => {
        this.#sql.exec("UPDATE batch SET cancelled = 1");
        this.#sql.exec(
          "UPDATE items SET status = 'cancelled', finished_at = ? WHERE status = 'queued'",
          new Date().toISOString(),
        );
        this.#ledger.completeIfDone();
      });
      await this.#flush();
      await this.#schedule();
      return this.#ledger.summary(this.#ledger.own(args.tenant));
    });
  }

  /** A consumer takes an item: what to run, or nothing when it has already ended. */
  begin(input: RpcInput<typeof In.ItemInput>) {
    return handleAsync(In.ItemInput, input, async (args) => {
      const batch = this.#ledger.batch();
      const item = this.#ledger.item(args.index);
      if (!batch || !item || (item.status !== "queued" && item.status !== "running")) {
        // A redelivery: also send whatever an earlier run recorded but could not enqueue.
        await this.#flush();
        return { run: false as const };
      }
      this.#sql.exec(
        "UPDATE items SET status = 'running', attempts = attempts + 1, lease_until = ? WHERE idx = ?",
        Date.now() + this.#leases.running(),
        args.index,
      );
      await this.#schedule();
      return {
        run: true as const,
        tenant: batch.owner,
        origin: batch.origin,
        model: batch.model,
        style: batch.style,
        prompt: item.prompt,
        title: item.title,
        theme: item.theme,
        direction: item.direction,
        diagramId: item.diagram_id,
        attempts: item.attempts + 1,
      };
    });
  }

  /**
   * Remembers why an attempt failed, for the final error if the retries run out, and holds the
   * item's lease over the queue's retry delay.
   */
  retrying(input: RpcInput<typeof In.RetryingInput>) {
    return handleAsync(In.RetryingInput, input, async (args) => {
      this.#sql.exec(
        `UPDATE items SET last_error = ?, lease_until = ? WHERE idx = ? AND status IN ${OPEN}`,
        args.error,
        Date.now() + this.#leases.retrying(args.delaySeconds ?? 0),
        args.index,
      );
      await this.#schedule();
      return null;
    });
  }

  /** An item has ended: record it once, with its webhook (and the batch's when it was the last). */
  finish(input: RpcInput<typeof In.FinishInput>) {
    return handleAsync(In.FinishInput, input, async (args) => {
      if (!this.#ledger.batch() || !this.#ledger.item(args.index)) {
        throw new ApiError(404, "not_found", "no such batch item");
      }
      this.ctx.storage.transactionSync(() => this.#ledger.end(args.index, args.result));
      await this.#flush();
      await this.#schedule();
      return null;
    });
  }

  /**
   * An item whose queue retries ran out (the dead-letter consumer): failed with the cause of its
   * last attempt, which `retrying` recorded.
   */
  giveUp(input: RpcInput<typeof In.ItemInput>) {
    return handleAsync(In.ItemInput, input, async (args) => {
      const item = this.#ledger.item(args.index);
      if (!this.#ledger.batch() || !item)
        throw new ApiError(404, "not_found", "no such batch item");
      const cause = item.last_error ? `; the last attempt failed: ${item.last_error}` : "";
      const error = problemObject({
        status: 503,
        code: "retries_exhausted",
        detail: `gave up after ${item.attempts} attempt${item.attempts === 1 ? "" : "s"}${cause}`,
      });
      this.ctx.storage.transactionSync(() => this.#ledger.end(args.index, { ok: false, error }));
      await this.#flush();
      await this.#schedule();
      return null;
    });
  }

  /**
   * Takes back what outlived its lease: items whose process died or whose queue message was
   * lost go back on the queue (or fail, after {@link MAX_REQUEUES}); events handed to the queue
   * and never attempted are sent again.
   */
  override async alarm(): Promise<void> {
    const batch = this.#ledger.batch();
    if (!batch) return;
    const now = Date.now();
    const expired = this.#sql
      .exec<{ idx: number; requeues: number; attempts: number }>(
        `SELECT idx, requeues, attempts FROM items WHERE status IN ${OPEN} AND lease_until <= ? ORDER BY idx`,
        now,
      )
      .toArray();
    const requeue: number[] = [];
    this.ctx.storage.transactionSync(() => {
      for (const item of expired) {
        if (batch.cancelled) {
          this.#ledger.end(item.idx, undefined);
        } else if (item.requeues >= MAX_REQUEUES) {
          this.#ledger.end(item.idx, {
            ok: false,
            error: problemObject({
              status: 503,
              code: "item_lost",
              detail: `the item was taken back ${item.requeues} times from a worker that stopped (or a queue message that never arrived) after ${item.attempts} attempt${item.attempts === 1 ? "" : "s"}; gave up`,
            }),
          });
        } else {
          requeue.push(item.idx);
          this.#sql.exec(
            "UPDATE items SET status = 'queued', requeues = requeues + 1, lease_until = ? WHERE idx = ?",
            now + this.#leases.queued(this.#ledger.itemCount()),
            item.idx,
          );
        }
      }
      this.#sql.exec(
        "UPDATE events SET enqueued = 0 WHERE state = 'pending' AND enqueued = 1 AND due_at <= ?",
        now,
      );
    });
    for (let i = 0; i < requeue.length; i += SEND_CHUNK) {
      const chunk = requeue.slice(i, i + SEND_CHUNK);
      // If this throws, the transaction above stands and the alarm is retried; the leases
      // of the items not sent have already run out again by then, so they are taken back.
      await this.env.BATCH_ITEMS.sendBatch(
        chunk.map((index) => ({ body: { batchId: batch.id, index } satisfies ItemMessage })),
      );
    }
    await this.#flush();
    await this.#schedule();
  }

  /** What a webhook consumer needs to deliver one event, or why it should not. */
  delivery(input: RpcInput<typeof In.EventInput>) {
    return handle(In.EventInput, input, (args) => {
      const batch = this.#ledger.batch();
      const event = this.#sql
        .exec<{ body: string; state: string }>(
          "SELECT body, state FROM events WHERE id = ?",
          args.eventId,
        )
        .toArray()[0];
      if (!batch || !event || !batch.webhook_url) return { deliver: false as const };
      if (event.state !== "pending") return { deliver: false as const };
      if (batch.webhook_disabled) {
        this.#sql.exec("UPDATE events SET state = 'gone' WHERE id = ?", args.eventId);
        return { deliver: false as const };
      }
      return {
        deliver: true as const,
        tenant: batch.owner,
        url: batch.webhook_url,
        body: event.body,
      };
    });
  }

  /** Records one delivery attempt; a 410 turns the batch's webhook off. */
  recordAttempt(input: RpcInput<typeof In.AttemptInput>) {
    return handleAsync(In.AttemptInput, input, async (args) => {
      const state = { delivered: "delivered", failed: "failed", gone: "gone", retry: "pending" }[
        args.outcome
      ];
      this.ctx.storage.transactionSync(() => {
        this.#sql.exec(
          "INSERT INTO attempts (event_id, attempt, status, outcome, error, duration_ms, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          args.eventId,
          args.attempt,
          args.status,
          args.outcome === "retry" ? "failed" : args.outcome,
          args.error,
          args.durationMs,
          new Date().toISOString(),
        );
        this.#sql.exec(
          "UPDATE events SET state = ?, due_at = ? WHERE id = ?",
          state,
          Date.now() + this.#leases.event(args.retryInSeconds ?? 0),
          args.eventId,
        );
        if (args.outcome === "gone") {
          this.#sql.exec("UPDATE batch SET webhook_disabled = 1");
          this.#sql.exec("UPDATE events SET state = 'gone' WHERE state = 'pending'");
        }
      });
      await this.#schedule();
      return null;
    });
  }

  /** Every delivery attempt, newest first. */
  deliveries(input: RpcInput<typeof In.DeliveriesInput>) {
    return handle(In.DeliveriesInput, input, (args) => {
      this.#ledger.own(args.tenant);
      const rows = this.#sql
        .exec<DeliveryView & Record<string, SqlStorageValue>>(
          `SELECT a.id, a.event_id, e.type AS event_type, a.attempt, a.status, a.outcome, a.error, a.duration_ms, a.at
           FROM attempts a JOIN events e ON e.id = a.event_id
           WHERE a.id < ? ORDER BY a.id DESC LIMIT ?`,
          args.before ?? Number.MAX_SAFE_INTEGER,
          args.limit + 1,
        )
        .toArray()
        .map(
          (r): DeliveryView => ({
            id: r.id,
            event_id: r.event_id,
            event_type: r.event_type,
            attempt: r.attempt,
            status: r.status,
            outcome: r.outcome,
            error: r.error,
            duration_ms: r.duration_ms,
            at: r.at,
          }),
        );
      return pageOf(rows, args.limit, (r) => r.id);
    });
  }

  /**
   * Sets the alarm to the earliest lease of an open item or a pending event on the queue, or
   * now when recorded events still wait to be sent; clears it when nothing is open.
   */
  async #schedule(): Promise<void> {
    const next = this.#ledger.nextDeadline(Date.now());
    if (next === undefined) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    if ((await this.ctx.storage.getAlarm()) !== next) await this.ctx.storage.setAlarm(next);
  }

  /**
   * Sends recorded events that are not on the webhook queue yet. Events are claimed before the
   * send (other calls run while it is awaited) and released if it fails, so each is sent once.
   */
  async #flush(): Promise<void> {
    const batch = this.#ledger.batch();
    if (!batch) return;
    const ids = this.#sql
      .exec<{ id: string }>("SELECT id FROM events WHERE enqueued = 0 ORDER BY seq")
      .toArray()
      .map((r) => r.id);
    if (ids.length === 0) return;
    const dueAt = Date.now() + this.#leases.event();
    const mark = (value: number, chunk: string[]) => {
      for (const id of chunk) {
        this.#sql.exec("UPDATE events SET enqueued = ?, due_at = ? WHERE id = ?", value, dueAt, id);
      }
    };
    mark(1, ids);
    for (let i = 0; i < ids.length; i += SEND_CHUNK) {
      const chunk = ids.slice(i, i + SEND_CHUNK);
      try {
        await this.env.WEBHOOKS.sendBatch(
          chunk.map((eventId) => ({
            body: { batchId: batch.id, eventId } satisfies WebhookMessage,
          })),
        );
      } catch (error) {
        mark(0, ids.slice(i));
        throw error;
      }
    }
  }
}
