import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import { api } from "../worker/api.ts";
import { allItems, createBatch, RECEIVER, receivedFor, waitForBatch } from "./helpers.ts";

describe("batch items: retries, failures, redelivery, cancellation", () => {
  it("retries an item whose model call fails twice, then it succeeds", async () => {
    const id = await createBatch({ items: [{ prompt: "[fail:2] Retry then draw" }] });
    const done = await waitForBatch(id);
    expect(done.counts.succeeded).toBe(1);
    expect(done.items[0]).toMatchObject({ status: "succeeded", attempts: 3, version: 2 });
  });

  it("fails an item that always fails after the last retry (dead-letter queue), and reports it", async () => {
    const id = await createBatch({
      items: [{ prompt: "[fail:always] Never draws", metadata: { ref: "x" } }],
      webhook: { url: `${RECEIVER}/ok/always`, events: ["batch.item.failed"] },
    });
    const done = await waitForBatch(id);
    expect(done.counts.failed).toBe(1);
    expect(done.items[0].status).toBe("failed");
    expect(done.items[0].attempts).toBe(5);
    expect(done.items[0].error).toMatchObject({ code: "retries_exhausted", status: 503 });
    // The real cause travels with it, not a fixed sentence.
    expect(done.items[0].error.detail).toMatch(
      /^gave up after 5 attempts; the last attempt failed: .+/,
    );
    expect(done.items[0].diagram_id).toBeNull();
    const [hook] = await receivedFor("always", 1);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({
      type: "batch.item.failed",
      data: {
        batch_id: id,
        item_index: 0,
        error: { code: "retries_exhausted" },
        metadata: { ref: "x" },
      },
    });
  });

  it("fails at once, without retries, when the model refuses the request", async () => {
    const id = await createBatch({ items: [{ prompt: "[reject] Bad request" }] });
    const done = await waitForBatch(id);
    expect(done.items[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(done.items[0].error.code).toBe("turn_failed");
  });

  it("makes one diagram and one webhook even when a message is delivered twice", async () => {
    const id = await createBatch({
      items: [{ prompt: "Twice delivered flow" }],
      webhook: { url: `${RECEIVER}/ok/twice`, events: ["batch.item.succeeded"] },
    });
    const first = await waitForBatch(id);
    expect(first.items[0].status).toBe("succeeded");
    expect(await receivedFor("twice", 1)).toHaveLength(1);
    // The consumer gets the item's message again, and two malformed ones, which are dropped
    // (acked, not retried forever, not run). It is called directly so the test awaits it.
    const now = new Date();
    const redelivery = createMessageBatch<unknown>("drawforge-batch-items", [
      { id: "again", timestamp: now, attempts: 2, body: { batchId: id, index: 0 } },
      { id: "bad-index", timestamp: now, attempts: 1, body: { batchId: id, index: "0" } },
      { id: "garbage", timestamp: now, attempts: 1, body: "garbage" },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(redelivery, env);
    const result = await getQueueResult(redelivery, ctx);
    expect(result.retryMessages).toEqual([]);
    expect([...result.explicitAcks].sort()).toEqual(["again", "bad-index", "garbage"]);
    const again = await waitForBatch(id);
    expect(again.items[0]).toEqual(first.items[0]);
    expect((await api(`/v1/diagrams/${first.items[0].diagram_id}`)).json.version).toBe(2);
    expect(await receivedFor("twice", 2, 500)).toHaveLength(1);
  });

  it("cancels the items not yet started", async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ prompt: `Cancelled ${i} flow` }));
    const id = await createBatch({
      items,
      webhook: { url: `${RECEIVER}/ok/cancel`, events: ["batch.completed"] },
    });
    const cancelled = await api(`/v1/batches/${id}`, { method: "DELETE" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    const done = await waitForBatch(id);
    expect(done.status).toBe("cancelled");
    expect(done.counts.cancelled).toBeGreaterThan(0);
    expect(done.counts.cancelled + done.counts.succeeded).toBe(30);
    const listed = await allItems(id);
    expect(listed.filter((i) => i.status === "cancelled").every((i) => i.attempts === 0)).toBe(
      true,
    );
    const [hook] = await receivedFor("cancel", 1);
    expect(JSON.parse(hook?.body ?? "{}").data).toMatchObject({
      batch_id: id,
      status: "cancelled",
    });
  });

  it("creates a batch once per Idempotency-Key", async () => {
    const body = { items: [{ prompt: "Idempotent flow" }, { prompt: "Second flow" }] };
    const a = await createBatch(body, { key: "batch-key-1" });
    const b = await createBatch(body, { key: "batch-key-1" });
    expect(b).toBe(a);
    const done = await waitForBatch(a);
    expect(done.counts.succeeded).toBe(2);
  });

  it("pages through the items of a large batch", async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ prompt: `Paged ${i} flow` }));
    const id = await createBatch({ items });
    await waitForBatch(id, 90_000);
    const listed = await allItems(id);
    expect(listed.map((i) => i.index)).toEqual(items.map((_, i) => i));
    expect(listed.every((i) => i.status === "succeeded")).toBe(true);
  });
});
