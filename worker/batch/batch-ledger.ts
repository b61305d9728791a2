/**
 * Synchronous SQL bookkeeping of a batch object: item states and endings, counts and summary,
 * the webhook events those endings record, and the next lease deadline.
 */
import { ApiError } from "../http/api-error.ts";
import type { ItemStatus } from "../schemas/batch.ts";
import type { BatchRow, ItemRow } from "./batch-rows.ts";
import type { FinishInputType } from "./rpc-schemas.ts";

/** SQL for the item states that have ended, and those still open. */
export const TERMINAL = "('succeeded', 'failed', 'cancelled')";
export const OPEN = "('queued', 'running')";

/** How an item ended, as its consumer reports it. */
export type ItemResult = FinishInputType["result"];

/**
 * The batch object's tables read and written synchronously: the batch, its items and their
 * ends, and the webhook events those ends record. The object calls it inside its transactions;
 * everything that awaits (queues, the alarm) stays in `BatchObject`.
 *
 * @example
 * const ledger = new BatchLedger(ctx.storage.sql);
 * ledger.end(3, { ok: false, error });
 */
export class BatchLedger {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  batch(): BatchRow | undefined {
    return this.#sql.exec<BatchRow>("SELECT * FROM batch").toArray()[0];
  }

  own(tenant: string): BatchRow {
    const batch = this.batch();
    if (!batch || batch.owner !== tenant) throw new ApiError(404, "not_found", "no such batch");
    return batch;
  }

  itemCount(): number {
    return this.#sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM items").one().n;
  }

  /**
   * Ends an open item (inside a transaction): succeeded or failed with `result`, or cancelled
   * without one; records its event and completes the batch if it was the last. An item that
   * has already ended stays as it was.
   */
  end(index: number, result: ItemResult | undefined): void {
    const batch = this.batch();
    const item = this.item(index);
    if (!batch || !item || (item.status !== "queued" && item.status !== "running")) return;
    const now = new Date().toISOString();
    if (result === undefined) {
      this.#sql.exec(
        "UPDATE items SET status = 'cancelled', finished_at = ?, lease_until = NULL WHERE idx = ?",
        now,
        index,
      );
      this.completeIfDone();
      return;
    }
    const metadata = item.metadata ? { metadata: JSON.parse(item.metadata) as unknown } : {};
    if (result.ok) {
      this.#sql.exec(
        "UPDATE items SET status = 'succeeded', version = ?, result_title = ?, finished_at = ?, lease_until = NULL WHERE idx = ?",
        result.version,
        result.title,
        now,
        index,
      );
    } else {
      this.#sql.exec(
        "UPDATE items SET status = 'failed', error = ?, finished_at = ?, lease_until = NULL WHERE idx = ?",
        JSON.stringify(result.error),
        now,
        index,
      );
    }
    this.event(`${result.ok ? "succeeded" : "failed"}_${index}`, {
      type: result.ok ? "batch.item.succeeded" : "batch.item.failed",
      timestamp: now,
      data: {
        batch_id: batch.id,
        item_index: index,
        ...(result.ok ? result.data : { error: result.error }),
        ...metadata,
      },
    });
    this.completeIfDone();
  }

  item(index: number): ItemRow | undefined {
    return this.#sql.exec<ItemRow>("SELECT * FROM items WHERE idx = ?", index).toArray()[0];
  }

  counts(): Record<ItemStatus, number> {
    const counts: Record<ItemStatus, number> = {
      queued: 0,
      running: 0,
      succeeded: 0,
      failed: 0,
      cancelled: 0,
    };
    for (const row of this.#sql.exec<{ status: ItemStatus; n: number }>(
      "SELECT status, COUNT(*) AS n FROM items GROUP BY status",
    )) {
      counts[row.status] = row.n;
    }
    return counts;
  }

  summary(batch: BatchRow) {
    const counts = this.counts();
    const status = batch.cancelled
      ? ("cancelled" as const)
      : batch.completed_at
        ? ("completed" as const)
        : counts.running + counts.succeeded + counts.failed === 0
          ? ("queued" as const)
          : ("running" as const);
    return {
      id: batch.id,
      status,
      counts,
      created_at: batch.created_at,
      completed_at: batch.completed_at,
      webhook: batch.webhook_url
        ? {
            url: batch.webhook_url,
            events: JSON.parse(batch.webhook_events ?? "[]") as string[],
            disabled: batch.webhook_disabled === 1,
          }
        : null,
    };
  }

  /** When every item has ended: the batch is complete, once, with its event. */
  completeIfDone(): void {
    const batch = this.batch();
    if (!batch || batch.completed_at) return;
    const open = this.#sql
      .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM items WHERE status NOT IN ${TERMINAL}`)
      .one().n;
    if (open > 0) return;
    const now = new Date().toISOString();
    this.#sql.exec("UPDATE batch SET completed_at = ?", now);
    this.event("completed", {
      type: "batch.completed",
      timestamp: now,
      data: {
        batch_id: batch.id,
        status: batch.cancelled ? "cancelled" : "completed",
        counts: this.counts(),
      },
    });
  }

  /** Records an event for the webhook, if the batch has one that wants this type. */
  event(key: string, event: { type: string; timestamp: string; data: unknown }): void {
    const batch = this.batch();
    if (!batch?.webhook_url) return;
    const wanted = JSON.parse(batch.webhook_events ?? "[]") as string[];
    if (wanted.length > 0 && !wanted.includes(event.type)) return;
    const seq = this.#sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n + 1;
    this.#sql.exec(
      "INSERT OR IGNORE INTO events (id, seq, type, body, state) VALUES (?, ?, ?, ?, 'pending')",
      `msg_${batch.id}_${key}`,
      seq,
      event.type,
      JSON.stringify(event),
    );
  }

  /**
   * When the alarm is next needed: the earliest lease of an open item or of a pending event on
   * the queue, or `now` when recorded events still wait to be sent; undefined when nothing is.
   */
  nextDeadline(now: number): number | undefined {
    const row = this.#sql
      .exec<{ item: number | null; event: number | null; unsent: number }>(
        `SELECT
           (SELECT MIN(lease_until) FROM items WHERE status IN ${OPEN}) AS item,
           (SELECT MIN(due_at) FROM events WHERE state = 'pending' AND enqueued = 1) AS event,
           (SELECT COUNT(*) FROM events WHERE state = 'pending' AND enqueued = 0) AS unsent`,
      )
      .one();
    const times = [row.item, row.event, row.unsent > 0 ? now : null].filter(
      (t): t is number => t !== null,
    );
    return times.length === 0 ? undefined : Math.min(...times);
  }
}
