import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { api, KEY_B } from "../worker/api.ts";
import { createBatch, RECEIVER, receivedFor, waitForBatch } from "./helpers.ts";

async function deliveries(id: string, auth?: string) {
  const res = await api(`/v1/batches/${id}/deliveries?limit=100`, auth ? { auth } : {});
  expect(res.status).toBe(200);
  return res.json.items as Array<{
    event_id: string;
    attempt: number;
    outcome: string;
    status: number | null;
    error: string | null;
  }>;
}

/** Waits until the batch's deliveries satisfy `done`. */
async function settle(id: string, done: (list: Awaited<ReturnType<typeof deliveries>>) => boolean) {
  const until = Date.now() + 45_000;
  for (;;) {
    const list = await deliveries(id);
    if (done(list) || Date.now() > until) return list;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("webhook delivery", () => {
  it("retries a receiver that fails three times, with the same webhook-id, until it answers", async () => {
    const id = await createBatch({
      items: [{ prompt: "Flaky receiver flow" }],
      webhook: { url: `${RECEIVER}/fail3/flaky`, events: ["batch.item.succeeded"] },
    });
    await waitForBatch(id);
    const hooks = await receivedFor("flaky", 4);
    expect(hooks.map((h) => h.answered)).toEqual([500, 500, 500, 204]);
    expect(new Set(hooks.map((h) => h.headers["webhook-id"])).size).toBe(1);
    const list = await settle(id, (l) => l.some((d) => d.outcome === "delivered"));
    expect(list.map((d) => [d.attempt, d.outcome, d.status]).reverse()).toEqual([
      [1, "failed", 500],
      [2, "failed", 500],
      [3, "failed", 500],
      [4, "delivered", 204],
    ]);
  });

  it("gives up on a receiver that never answers in time, after eight attempts", async () => {
    const id = await createBatch({
      items: [{ prompt: "Slow receiver flow" }],
      webhook: { url: `${RECEIVER}/slow/slow`, events: ["batch.completed"] },
    });
    await waitForBatch(id);
    const list = await settle(id, (l) => l.length >= 8 && l[0]?.attempt === 8);
    expect(list).toHaveLength(8);
    expect(list[0]).toMatchObject({ attempt: 8, outcome: "failed", status: null });
    expect(list.every((d) => d.error === "the receiver did not answer in time")).toBe(true);
  }, 60_000);

  it("stops sending to a receiver that answers 410", async () => {
    const id = await createBatch({
      items: [{ prompt: "Gone receiver one" }, { prompt: "Gone receiver two" }],
      webhook: { url: `${RECEIVER}/gone/gone` },
    });
    await waitForBatch(id);
    const list = await settle(id, (l) => l.some((d) => d.outcome === "gone"));
    // An absence check: a send that the 410 failed to stop would be tried within this window
    // (retries are compressed to 0 s in tests).
    await new Promise((r) => setTimeout(r, 1500));
    const after = await deliveries(id);
    // No event is tried twice, and what was not tried yet when the 410 came is never sent.
    expect(after.every((d) => d.attempt === 1)).toBe(true);
    expect(after.length).toBeGreaterThanOrEqual(list.length);
    expect(after.filter((d) => d.outcome !== "gone")).toEqual([]);
    expect((await api(`/v1/batches/${id}`)).json.webhook).toMatchObject({ disabled: true });
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const before = (await api("/v1/webhook-secret", { auth: KEY_B })).json.secret as string;
    const rotated = await api("/v1/webhook-secret/rotate", { method: "POST", auth: KEY_B });
    expect(rotated.json).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      previous_secret: before,
    });
    expect((await api("/v1/webhook-secret", { auth: KEY_B })).json).toEqual(rotated.json);
    const id = await createBatch(
      {
        items: [{ prompt: "Rotation flow" }],
        webhook: { url: `${RECEIVER}/ok/rotation`, events: ["batch.completed"] },
      },
      { auth: KEY_B },
    );
    await waitForBatch(id, 60_000, KEY_B);
    const [hook] = await receivedFor("rotation", 1);
    if (!hook) throw new Error("no webhook arrived");
    expect(hook.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    for (const secret of [rotated.json.secret, before]) {
      expect(new Webhook(secret).verify(hook.body, hook.headers)).toMatchObject({
        type: "batch.completed",
      });
    }
    expect(() =>
      new Webhook(`whsec_${btoa("not the secret")}`).verify(hook.body, hook.headers),
    ).toThrow();
  });
});
