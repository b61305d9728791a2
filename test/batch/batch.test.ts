import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { validateDocument } from "../../worker/drawio/check/validate.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { WebhookEventSchema } from "../../worker/schemas/webhook.ts";
import { api } from "../worker/api.ts";
import { allItems, deliveredFor, RECEIVER, waitForBatch } from "./helpers.ts";

describe("batch generation on real local queues", () => {
  it("runs 50 items to 50 diagrams and 51 verified webhooks", async () => {
    const secret = (await api("/v1/webhook-secret")).json.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const items = Array.from({ length: 50 }, (_, i) => ({
      prompt: `Service ${i} calls database ${i}`,
      metadata: { ref: `doc-${i}` },
    }));
    const created = await api("/v1/batches", {
      method: "POST",
      body: { items, webhook: { url: `${RECEIVER}/ok/fifty` } },
    });
    expect(created.status, created.text.slice(0, 300)).toBe(202);
    expect(created.json).toMatchObject({ status: "queued", counts: { queued: 50 } });
    const done = await waitForBatch(created.json.id, 120_000);
    expect(done.status).toBe("completed");
    const listed = await allItems(created.json.id);
    // Each failed item with its cause, so that a failure says why.
    const failed = listed
      .filter((i) => i.status !== "succeeded")
      .map((i) => ({ index: i.index, status: i.status, attempts: i.attempts, error: i.error }));
    expect(failed, `items not succeeded: ${JSON.stringify(failed, null, 1)}`).toEqual([]);
    expect(done.counts).toEqual({ queued: 0, running: 0, succeeded: 50, failed: 0, cancelled: 0 });
    expect(listed).toHaveLength(50);
    const ids = new Set(listed.map((i) => i.diagram_id));
    expect(ids.size).toBe(50);
    for (const item of listed.slice(0, 5)) {
      const diagram = await api(`/v1/diagrams/${item.diagram_id}`);
      expect(diagram.json.version).toBe(2);
      expect(
        validateDocument(parseDiagram(diagram.json.xml)).filter((f) => f.severity === "error"),
      ).toEqual([]);
    }
    const hooks = await deliveredFor("fifty", 51);
    expect(hooks).toHaveLength(51);
    const verifier = new Webhook(secret);
    const events = hooks.map((h) => WebhookEventSchema.parse(verifier.verify(h.body, h.headers)));
    expect(events.filter((e) => e.type === "batch.item.succeeded")).toHaveLength(50);
    const last = events.filter((e) => e.type === "batch.completed");
    expect(last).toHaveLength(1);
    const one = events.find((e) => e.type === "batch.item.succeeded" && e.data.item_index === 7);
    expect(one?.data).toMatchObject({ metadata: { ref: "doc-7" }, version: 2 });
    expect(one?.type === "batch.item.succeeded" && one.data.xml).toContain("<mxfile");
    // The picture travels too, drawn in the Worker, and its link for when it does not fit.
    expect(one?.type === "batch.item.succeeded" && one.data.svg).toMatch(/^<svg /);
    expect(one?.type === "batch.item.succeeded" && one.data.links.svg).toMatch(
      /\/v1\/diagrams\/d_\w+\/export\?format=svg$/,
    );
    // One event per item: no item reported twice under two ids.
    const indexes = events.flatMap((e) =>
      e.type === "batch.item.succeeded" ? [e.data.item_index] : [],
    );
    expect(new Set(indexes).size).toBe(50);
  });
});
