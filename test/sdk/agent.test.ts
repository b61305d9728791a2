import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  AbortError,
  type BatchItem,
  ConflictError,
  InternalServerError,
  NotFoundError,
  TimeoutError,
  type TurnEvent,
  TurnStream,
  UnprocessableEntityError,
  verifyWebhook,
  type WebhookDelivery,
  type WebhookEvent,
} from "../../sdk/index.ts";
import { autoModel, client, eventually, modelRequests, SMALL_XML, script } from "./helpers.ts";

// One file, run in order: every test here drives the one model server, which all SDK test
// files share (the Worker has one OPENAI_BASE_URL), and vitest runs files in parallel. The
// scripted tests come first; the batch tests last, with the server answering by rule.

const GRAPH = {
  direction: "right",
  nodes: [
    { id: "cart", label: "Cart" },
    { id: "pay", label: "Pay?", kind: "decision" },
    { id: "done", label: "Order placed", kind: "end" },
  ],
  edges: [
    { from: "cart", to: "pay" },
    { from: "pay", to: "done", label: "ok" },
  ],
};
const DRAW = { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] };
const SLOW = { text: "Too late.", delayMs: 3_000 };

/** A client that records every request it sends, as `METHOD path`. */
function recordingClient(): { df: ReturnType<typeof client>; sent: string[] } {
  const sent: string[] = [];
  const df = client({
    fetch: (input, init) => {
      sent.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
  return { df, sent };
}

describe("agent turns through the scripted model", () => {
  it("generates a diagram, follows up with a message and lists the conversation", async () => {
    const df = client();
    await script([DRAW, { text: "Drew the checkout flow." }]);
    const turn = await df.generate({ prompt: "Checkout flow with payment retries" });
    expect(turn).toMatchObject({ status: "changed", version: 2, text: "Drew the checkout flow." });
    expect(turn.diagram_id).toMatch(/^d_/);
    expect(turn.xml).toContain("Order placed");
    // Two drawing calls, the title job (the model left the diagram unnamed) and the house-style
    // rules job (#38), 1,200 in and 80 out each.
    expect(turn.usage).toEqual({ input: 4800, output: 320, cached: 4000 });

    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "done", value: "Shipped" }] },
          },
        ],
      },
      { text: "Renamed the last step." },
    ]);
    const next = await df.diagrams.messages.create(turn.diagram_id, { prompt: "Call it shipped" });
    expect(next).toMatchObject({ status: "changed", version: 3 });
    expect(next.xml).toContain("Shipped");

    const roles: string[] = [];
    for await (const m of df.diagrams.messages.list(turn.diagram_id, { limit: 1 })) {
      roles.push(m.role);
    }
    expect(roles).toEqual(["assistant", "user", "assistant", "user"]);
  });

  it("streams generate as typed events, the first naming the new diagram", async () => {
    const df = client();
    await script([DRAW, { text: "Drew it." }]);
    const stream = df.generate.stream({ prompt: "Checkout flow" });
    expect(stream).toBeInstanceOf(TurnStream);
    const events: TurnEvent[] = [];
    let text = "";
    for await (const event of stream) {
      events.push(event);
      if (event.type === "text.delta") text += event.text;
    }
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("turn.started");
    expect(types.at(-1)).toBe("turn.completed");
    expect(types).toEqual(
      expect.arrayContaining([
        "tool.call",
        "tool.result",
        "diagram.preview",
        "version.created",
        "usage",
      ]),
    );
    expect(text).toBe("Drew it.");
    const started = events[0];
    expect(started?.type === "turn.started" && started.diagram_id).toBe(stream.diagramId);
    const created = events.find((e) => e.type === "version.created");
    expect(created).toMatchObject({ version: 2, stats: { vertices: 3 } });
    const head = await df.diagrams.retrieve(stream.diagramId ?? "");
    expect(head.version).toBe(2);
    // The last event has the links a JSON answer has.
    const done = events.at(-1);
    const links = done?.type === "turn.completed" ? done.links : undefined;
    expect(links).toMatchObject({
      api: `${inject("sdkBaseUrl")}/v1/diagrams/${head.id}`,
      svg: `${inject("sdkBaseUrl")}/v1/diagrams/${head.id}/export?format=svg`,
      png: `${inject("sdkBaseUrl")}/v1/diagrams/${head.id}/export?format=png`,
    });
    expect(links?.editor).toMatch(/\/edit\/d_\w+#token=dft_/);
    expect(links?.diagrams_net).toMatch(/^https:\/\/app\.diagrams\.net\//);
  });

  it("keeps no diagram when the model draws nothing: 422 no_diagram, or discarded in the stream", async () => {
    const df = client();
    await script([{ text: "Which checkout do you mean?" }]);
    const error = await df.generate({ prompt: "The checkout" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error).toMatchObject({ code: "no_diagram" });
    expect((error as UnprocessableEntityError).problem?.text).toBe("Which checkout do you mean?");

    await script([{ text: "Which checkout do you mean?" }]);
    const stream = df.generate.stream({ prompt: "The checkout" });
    const done = await stream.finalEvent();
    expect(done).toMatchObject({ status: "unchanged", discarded: true });
    expect(done.links).toBeUndefined();
    const gone = await df.diagrams.retrieve(stream.diagramId ?? "").catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(NotFoundError);
  });

  it("streams a message and returns the final event", async () => {
    const df = client();
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    await script([{ text: "Nothing to change." }]);
    const done = await df.diagrams.messages.stream(id, { prompt: "Looks fine?" }).finalEvent();
    expect(done).toMatchObject({ type: "turn.completed", status: "unchanged", version: 1 });
  });

  it("cancels the turn on the server when the loop is left early", async () => {
    const { df, sent } = recordingClient();
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    await script([SLOW]);
    for await (const event of df.diagrams.messages.stream(id, { prompt: "Slowly" })) {
      expect(event.type).toBe("turn.started");
      break;
    }
    expect(sent).toContain(`DELETE /v1/diagrams/${id}/turn`);
    // The cancelled turn saved nothing, and the diagram is free for the next one at once.
    await script([DRAW, { text: "Drew it." }]);
    const next = await df.diagrams.messages.create(id, { prompt: "Draw it" }, { maxRetries: 3 });
    expect(next).toMatchObject({ status: "changed", version: 2 });
  });

  it("cancels the turn when the signal aborts, and throws AbortError", async () => {
    const { df, sent } = recordingClient();
    await script([SLOW]);
    const controller = new AbortController();
    const stream = df.generate.stream({ prompt: "Slowly" }, { signal: controller.signal });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of stream) {
          seen.push(event.type);
          controller.abort();
        }
      })(),
    ).rejects.toBeInstanceOf(AbortError);
    expect(seen).toEqual(["turn.started"]);
    const id = stream.diagramId ?? "";
    await eventually(async () => sent.includes(`DELETE /v1/diagrams/${id}/turn`));
    // A generation that saved nothing leaves nothing: its diagram goes with the cancelled turn.
    await eventually(
      async () =>
        (await df.diagrams.retrieve(id).catch((e: unknown) => e)) instanceof NotFoundError,
    );
  });

  it("cancels a generation before its first event is read, by the Location the server sent", async () => {
    const { df, sent } = recordingClient();
    await script([SLOW]);
    const stream = df.generate.stream({ prompt: "Slowly, never read" });
    await eventually(async () => stream.diagramId !== undefined);
    const id = stream.diagramId ?? "";
    expect(id).toMatch(/^d_/);
    await stream.cancel();
    expect(sent).toContain(`DELETE /v1/diagrams/${id}/turn`);
    await eventually(
      async () =>
        (await df.diagrams.retrieve(id).catch((e: unknown) => e)) instanceof NotFoundError,
    );
  });

  it("answers 409 while a turn runs, and cancel() stops that turn", async () => {
    const df = client();
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    await script([SLOW]);
    const stream = df.diagrams.messages.stream(id, { prompt: "Slowly" });
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: "turn.started" });
    const busy = await df.diagrams.messages.create(id, { prompt: "Me too" }).catch((e) => e);
    expect(busy).toBeInstanceOf(ConflictError);
    expect(busy).toMatchObject({ status: 409, code: "turn_in_progress" });
    await stream.cancel();
    await expect(iterator.next()).rejects.toBeInstanceOf(AbortError);
    expect((await df.diagrams.cancelTurn(id)).cancelled).toBe(false);
  });

  it("does not retry a failed turn (502 turn_failed): the caller decides", async () => {
    const df = client({ maxRetries: 2 });
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    await script([{ status: 400 }]);
    const error = await df.diagrams.messages.create(id, { prompt: "Break" }).catch((e) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, code: "turn_failed" });
    expect(await modelRequests()).toHaveLength(1);
  });

  it('sends the house style\'s rules with a turn, and none with style: "none"', async () => {
    // Its own tenant: a tenant's house style reaches every turn it runs.
    const df = client({ apiKey: "sdk-key-house" });
    const rule = "Label databases with their engine (Postgres).";
    await df.style.set({ rules: [rule] });
    const context = async () => JSON.stringify(await modelRequests());

    await script([DRAW, { text: "Drew it." }]);
    const turn = await df.generate({ prompt: "Orders service and its database" });
    expect(await context()).toContain(`- ${rule}`);
    await script([{ text: "Nothing to change." }]);
    await df.diagrams.messages.create(turn.diagram_id, { prompt: "Keep it", style: "none" });
    const plain = await context();
    expect(plain).toContain("Keep it");
    expect(plain).not.toContain(rule);
    await script([DRAW, { text: "Drew it." }]);
    await df.generate({ prompt: "The same without the team's style", style: "none" });
    expect(await context()).not.toContain(rule);
    await df.style.clear();
  });
});

/** One webhook the receiver got: the body exactly as sent, and the headers. */
interface Hook {
  body: string;
  headers: IncomingHttpHeaders;
}

describe("batches and webhooks, with the model answering by rule", () => {
  const received = new Map<string, Hook[]>();
  let receiver: Server;
  let hooks = "";

  /** What reached `/<name>`, once at least `count` requests have. */
  async function hooksFor(name: string, count: number): Promise<Hook[]> {
    await eventually(async () => (received.get(name)?.length ?? 0) >= count, 20_000);
    return received.get(name) ?? [];
  }

  beforeAll(async () => {
    // Many turns run at once here, which a script cannot answer in order. Nothing scripted may
    // be left over from the tests above: scripted steps would still go first.
    await script([]);
    await autoModel({ delayMs: 0 });
    receiver = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
      });
      req.on("end", () => {
        const name = (req.url ?? "/").slice(1);
        received.set(name, [...(received.get(name) ?? []), { body, headers: req.headers }]);
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    // Back to scripted answers for whatever runs next (every batch here has ended by now).
    await autoModel(null);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("creates a batch, waits for it, lists items and deliveries, and verifies each webhook", async () => {
    const { df, sent } = recordingClient();
    const headers: Headers[] = [];
    const watched = client({
      fetch: (input, init) => {
        headers.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    const { secret } = await df.webhookSecret.retrieve();
    expect(secret).toMatch(/^whsec_/);

    const prompts = ["Login flow with MFA", "Order pipeline with refunds", "Nightly backup job"];
    const created = await watched.batches.create({
      items: prompts.map((prompt, i) => ({ prompt, metadata: { page: `doc-${i}.md` } })),
      webhook: { url: `${hooks}/first` },
    });
    expect(headers[0]?.get("idempotency-key")).toMatch(/^sdk_/);
    expect(created).toMatchObject({
      status: "queued",
      counts: { queued: 3, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
      completed_at: null,
      webhook: {
        url: `${hooks}/first`,
        events: ["batch.item.succeeded", "batch.item.failed", "batch.completed"],
        disabled: false,
      },
    });
    expect(created.id).toMatch(/^b_/);

    const done = await df.batches.waitFor(created.id, { intervalMs: 100, timeoutMs: 25_000 });
    expect(done).toMatchObject({ id: created.id, status: "completed" });
    expect(done.counts).toEqual({ queued: 0, running: 0, succeeded: 3, failed: 0, cancelled: 0 });
    expect(done.completed_at).toEqual(expect.any(String));
    expect(done).not.toHaveProperty("items");

    // Two items a page: the loop fetches the second page itself.
    const first = await df.batches.items(created.id, { limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.hasNextPage()).toBe(true);
    const items: BatchItem[] = [];
    for await (const item of df.batches.items(created.id, { limit: 2 })) items.push(item);
    expect(items.map((i) => [i.index, i.status, i.prompt, i.metadata])).toEqual(
      prompts.map((prompt, i) => [i, "succeeded", prompt, { page: `doc-${i}.md` }]),
    );
    expect(sent.filter((s) => s === `GET /v1/batches/${created.id}`).length).toBeGreaterThan(3);
    for (const item of items) {
      expect(item).toMatchObject({ version: 2, error: null, diagram_id: expect.any(String) });
      expect((await df.diagrams.retrieve(item.diagram_id ?? "")).version).toBe(2);
    }

    // Three item events and the batch's end, each signed with the tenant's secret.
    const events: WebhookEvent[] = [];
    for (const hook of await hooksFor("first", 4)) {
      events.push(await verifyWebhook(hook.body, hook.headers, secret));
    }
    const succeeded = events.flatMap((e) => (e.type === "batch.item.succeeded" ? [e.data] : []));
    expect(succeeded.map((d) => d.item_index).sort()).toEqual([0, 1, 2]);
    for (const data of succeeded) {
      const item = items[data.item_index];
      expect(data).toMatchObject({
        batch_id: created.id,
        diagram_id: item?.diagram_id,
        version: 2,
        metadata: item?.metadata,
      });
    }
    const completed = events.find((e) => e.type === "batch.completed");
    expect(completed?.type === "batch.completed" && completed.data).toEqual({
      batch_id: created.id,
      status: "completed",
      counts: done.counts,
    });

    // A delivery is recorded once the receiver has answered: wait for all four.
    const deliveries: WebhookDelivery[] = [];
    await eventually(async () => {
      deliveries.length = 0;
      for await (const d of df.batches.deliveries.list(created.id, { limit: 3 })) {
        deliveries.push(d);
      }
      return deliveries.length >= 4;
    }, 20_000);
    expect(deliveries).toHaveLength(4);
    expect(deliveries.every((d) => d.outcome === "delivered" && d.status === 204)).toBe(true);
    expect(new Set(deliveries.map((d) => d.event_id))).toEqual(
      new Set((received.get("first") ?? []).map((h) => h.headers["webhook-id"])),
    );
    const page = await df.batches.deliveries.list(created.id, { limit: 3 });
    expect(page.items).toHaveLength(3);
    expect((await page.getNextPage()).items).toHaveLength(1);

    // Another tenant cannot see the batch at all.
    await expect(
      client({ apiKey: "sdk-key-b" }).batches.retrieve(created.id),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("waitFor gives up after timeoutMs, and stops when its signal aborts", async () => {
    const df = client();
    // Queued items wait up to a second for the queue's consumer: not done within 1 ms.
    const { id } = await df.batches.create({ items: [{ prompt: "Quick approval flow" }] });
    const late = await df.batches.waitFor(id, { intervalMs: 50, timeoutMs: 1 }).catch((e) => e);
    expect(late).toBeInstanceOf(TimeoutError);
    expect(late.message).toContain(id);

    const controller = new AbortController();
    const waiting = df.batches.waitFor(id, { intervalMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(waiting).rejects.toBeInstanceOf(AbortError);

    const done = await df.batches.waitFor(id, { intervalMs: 100, timeoutMs: 25_000 });
    expect(done.counts.succeeded).toBe(1);
  });

  it("cancels a batch: items not yet started are cancelled, and the batch then completes", async () => {
    const df = client();
    const { id } = await df.batches.create({
      items: Array.from({ length: 12 }, (_, i) => ({ prompt: `Cancelled flow ${i}` })),
      webhook: { url: `${hooks}/cancel`, events: ["batch.completed"] },
    });
    const cancelled = await df.batches.cancel(id);
    expect(cancelled).toMatchObject({ id, status: "cancelled" });
    expect(cancelled).not.toHaveProperty("items");
    const done = await df.batches.waitFor(id, { intervalMs: 100, timeoutMs: 25_000 });
    expect(done.status).toBe("cancelled");
    expect(done.counts.cancelled).toBeGreaterThan(0);
    expect(done.counts.cancelled + done.counts.succeeded).toBe(12);
    for await (const item of df.batches.items(id)) {
      if (item.status === "cancelled")
        expect(item).toMatchObject({ attempts: 0, diagram_id: null });
    }
    const [hook] = await hooksFor("cancel", 1);
    const { secret } = await df.webhookSecret.retrieve();
    const event = await verifyWebhook(hook?.body ?? "", hook?.headers ?? {}, secret);
    expect(event.type === "batch.completed" && event.data).toMatchObject({
      batch_id: id,
      status: "cancelled",
      counts: done.counts,
    });
  });

  it("rotates the webhook secret: for a while webhooks are signed with both", async () => {
    const { df, sent } = recordingClient();
    const before = await df.webhookSecret.retrieve();
    const rotated = await df.webhookSecret.rotate();
    expect(sent).toContain("POST /v1/webhook-secret/rotate");
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(before.secret);
    expect(rotated.previous_secret).toBe(before.secret);
    expect(await df.webhookSecret.retrieve()).toEqual(rotated);

    const { id } = await df.batches.create({
      items: [{ prompt: "Rotated secret flow" }],
      webhook: { url: `${hooks}/rotated`, events: ["batch.completed"] },
    });
    await df.batches.waitFor(id, { intervalMs: 100, timeoutMs: 25_000 });
    const [hook] = await hooksFor("rotated", 1);
    for (const secret of [rotated.secret, before.secret]) {
      const event = await verifyWebhook(hook?.body ?? "", hook?.headers ?? {}, secret);
      expect(event).toMatchObject({ type: "batch.completed", data: { batch_id: id } });
    }
  });
});
