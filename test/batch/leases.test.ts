import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tenantForKey } from "../../worker/auth/api-keys.ts";
import type { BatchObject } from "../../worker/batch/batch-object.ts";
import { MAX_REQUEUES } from "../../worker/batch/leases.ts";
import { KEY_A } from "../worker/api.ts";
import { allItems, RECEIVER, receivedFor, waitForBatch } from "./helpers.ts";

// What the batch object does when a queue message never arrives or the process running an item
// dies: its alarm takes the item back when its lease runs out. Here the messages are "lost" by
// creating the batch in its object directly, without the route that would send them.

let serial = 0;

/** A batch whose item messages were never sent, as if lost (or the route died after create). */
async function lostBatch(items: number, hook: string) {
  const id = `b_lost${Date.now()}${serial++}`;
  const stub = env.BATCH.getByName(id);
  const created = await stub.create({
    tenant: await tenantOf(KEY_A),
    id,
    origin: "http://drawforge.test",
    webhook: { url: `${RECEIVER}/ok/${hook}`, events: [] },
    items: Array.from({ length: items }, (_, i) => ({
      prompt: `Lost item ${i}`,
      diagram_id: `d_lost${Date.now()}${serial}x${i}`,
    })),
  });
  expect(created.ok).toBe(true);
  return { id, stub };
}

/** The tenant of an API key, as the routes compute it. */
async function tenantOf(key: string): Promise<string> {
  return (await tenantForKey(key, env.API_KEYS as string)) as string;
}

/** Lets every lease of the batch run out now. */
async function expireLeases(stub: DurableObjectStub<BatchObject>, set = "") {
  await runInDurableObject(stub, (_o: BatchObject, state) => {
    state.storage.sql.exec(
      `UPDATE items SET lease_until = 0${set} WHERE status IN ('queued', 'running')`,
    );
  });
}

describe("batch leases", () => {
  it("keeps an alarm at the earliest lease of an open item", async () => {
    const { stub } = await lostBatch(2, "alarm");
    const alarm = await runInDurableObject(stub, (_o: BatchObject, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBeGreaterThan(Date.now());
    expect(alarm).toBeLessThan(Date.now() + 11 * 60_000);
  });

  it("puts items whose message was lost back on the queue; they succeed, one webhook each", async () => {
    const { id, stub } = await lostBatch(3, "lost");
    await expireLeases(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const done = await waitForBatch(id);
    expect(done.counts).toMatchObject({ succeeded: 3, failed: 0, queued: 0, running: 0 });
    const items = await allItems(id);
    expect(items.every((item) => item.status === "succeeded" && item.attempts === 1)).toBe(true);
    const hooks = await receivedFor("lost", 4);
    const types = hooks.map((h) => JSON.parse(h.body).type).sort();
    expect(types).toEqual([
      "batch.completed",
      "batch.item.succeeded",
      "batch.item.succeeded",
      "batch.item.succeeded",
    ]);
    // Nothing more is sent later.
    expect(await receivedFor("lost", 5, 1500)).toHaveLength(4);
  });

  it(`fails an item taken back ${MAX_REQUEUES} times with item_lost, and completes the batch once`, async () => {
    const { id, stub } = await lostBatch(2, "gaveup");
    await expireLeases(stub, `, requeues = ${MAX_REQUEUES}`);
    await runDurableObjectAlarm(stub);
    const done = await waitForBatch(id);
    expect(done.counts).toMatchObject({ failed: 2, succeeded: 0 });
    for (const item of done.items) {
      expect(item).toMatchObject({ status: "failed", diagram_id: null });
      expect(item.error).toMatchObject({ code: "item_lost", status: 503 });
    }
    const hooks = await receivedFor("gaveup", 3);
    expect(hooks.map((h) => JSON.parse(h.body).type).sort()).toEqual([
      "batch.completed",
      "batch.item.failed",
      "batch.item.failed",
    ]);
    expect(await runInDurableObject(stub, (_o: BatchObject, s) => s.storage.getAlarm())).toBeNull();
  });

  it("sends again a webhook event that was handed to the queue and never attempted", async () => {
    const { id, stub } = await lostBatch(1, "resend");
    await expireLeases(stub);
    await runDurableObjectAlarm(stub);
    await waitForBatch(id);
    expect(await receivedFor("resend", 2)).toHaveLength(2);
    // As if the queue had lost the delivery of the completion: pending, handed over long ago
    // (and the object restarted, which sets its alarm again).
    await runInDurableObject(stub, async (_o: BatchObject, state) => {
      state.storage.sql.exec(
        "UPDATE events SET state = 'pending', due_at = 0 WHERE type = 'batch.completed'",
      );
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(stub);
    const hooks = await receivedFor("resend", 3);
    const completed = hooks.filter((h) => JSON.parse(h.body).type === "batch.completed");
    expect(completed).toHaveLength(2);
    // The same event: a receiver deduplicates it by its webhook-id.
    expect(completed[0]?.headers["webhook-id"]).toBe(completed[1]?.headers["webhook-id"]);
  });

  it("cancels, rather than restarts, the lost items of a cancelled batch", async () => {
    const { id, stub } = await lostBatch(2, "cancelled");
    await runInDurableObject(stub, (_o: BatchObject, state) => {
      state.storage.sql.exec("UPDATE batch SET cancelled = 1");
      state.storage.sql.exec("UPDATE items SET status = 'running', lease_until = 0");
    });
    await runDurableObjectAlarm(stub);
    const done = await waitForBatch(id);
    expect(done.status).toBe("cancelled");
    expect(done.counts).toMatchObject({ cancelled: 2 });
  });
});
