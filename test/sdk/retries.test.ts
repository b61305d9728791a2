import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AbortError,
  ConflictError,
  ConnectionError,
  Drawforge,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from "../../sdk/index.ts";
import { type FlakyServer, problem, startFlakyServer } from "./flaky-server.ts";

let server: FlakyServer;
beforeAll(async () => {
  server = await startFlakyServer();
});
afterAll(() => server.close());

const sdk = (options: ConstructorParameters<typeof Drawforge>[0] = {}) =>
  new Drawforge({ apiKey: "key", baseUrl: server.url, timeout: 5_000, ...options });
/** An error answer that asks for no wait, so retries run at once. */
const fail = (status: number, code = "internal_error") => ({
  status,
  body: problem(status, code),
  headers: { "retry-after": "0" },
});
const DIAGRAM = { status: 201, body: { id: "d_1", version: 1 } };

describe("retries", () => {
  it("retries 5xx twice by default, sending the same Idempotency-Key every time", async () => {
    server.script([fail(503), fail(500), DIAGRAM]);
    const diagram = await sdk().diagrams.create({ title: "T" });
    expect(diagram).toEqual({ id: "d_1", version: 1 });
    expect(server.received).toHaveLength(3);
    const keys = server.received.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^sdk_[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(server.received.every((r) => r.body === '{"title":"T"}')).toBe(true);
  });

  it("gives up after maxRetries, set per client or per call", async () => {
    server.script([fail(503), fail(503), fail(503), fail(503)]);
    await expect(sdk().diagrams.create()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.received).toHaveLength(3);

    server.script([fail(503), fail(503)]);
    await expect(sdk({ maxRetries: 0 }).diagrams.create()).rejects.toMatchObject({ status: 503 });
    expect(server.received).toHaveLength(1);

    server.script([fail(503), fail(503), fail(503), fail(503), DIAGRAM]);
    const client = sdk({ maxRetries: 0 });
    await expect(client.diagrams.create({}, { maxRetries: 4 })).resolves.toMatchObject({
      id: "d_1",
    });
    expect(server.received).toHaveLength(5);
  });

  it("waits with jittered exponential backoff when the server names no delay", async () => {
    server.script([{ status: 502, body: problem(502, "bad_gateway") }, fail(500), DIAGRAM]);
    await sdk().diagrams.retrieve("d_1");
    const [a, b, c] = server.received.map((r) => r.at);
    const first = (b ?? 0) - (a ?? 0);
    const second = (c ?? 0) - (b ?? 0);
    expect(first).toBeGreaterThanOrEqual(370); // 500 ms less up to 25 % jitter
    expect(first).toBeLessThan(700);
    expect(second).toBeLessThan(200); // Retry-After: 0 wins over the backoff
  });

  it("honours Retry-After in seconds and as an HTTP date", async () => {
    server.script([
      { status: 429, body: problem(429, "rate_limited"), headers: { "retry-after": "1" } },
    ]);
    await sdk().diagrams.retrieve("d_1");
    const [a, b] = server.received.map((r) => r.at);
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(950);

    const date = new Date(Date.now() + 2_000).toUTCString();
    server.script([
      { status: 503, body: problem(503, "unavailable"), headers: { "retry-after": date } },
    ]);
    await sdk().diagrams.retrieve("d_1");
    const [c, d] = server.received.map((r) => r.at);
    expect((d ?? 0) - (c ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("retries 408, 429 and the busy 409s, but no other client error", async () => {
    for (const step of [
      fail(408, "request_timeout"),
      fail(429, "rate_limited"),
      fail(409, "turn_in_progress"),
      fail(409, "idempotency_in_progress"),
    ]) {
      server.script([step, DIAGRAM]);
      await expect(sdk().diagrams.create()).resolves.toMatchObject({ id: "d_1" });
      expect(server.received).toHaveLength(2);
    }
    for (const [step, Class] of [
      [fail(404, "not_found"), NotFoundError],
      [fail(409, "turn_cancelled"), ConflictError],
      [fail(412, "version_mismatch"), Error],
      [fail(422, "invalid_request"), Error],
    ] as const) {
      server.script([step, DIAGRAM]);
      await expect(sdk().diagrams.create()).rejects.toBeInstanceOf(Class);
      expect(server.received).toHaveLength(1);
    }
  });

  it("does not retry 5xx answers that say a retry cannot help", async () => {
    for (const code of ["turn_failed", "model_not_configured", "auth_not_configured"]) {
      server.script([fail(code === "turn_failed" ? 502 : 503, code), DIAGRAM]);
      await expect(sdk().generate({ prompt: "x" })).rejects.toMatchObject({ code });
      expect(server.received).toHaveLength(1);
    }
  });

  it("retries dropped connections, then reports a ConnectionError", async () => {
    server.script([{ drop: true }, { drop: true }, DIAGRAM]);
    await expect(sdk().diagrams.create()).resolves.toMatchObject({ id: "d_1" });
    expect(server.received).toHaveLength(3);
    expect(new Set(server.received.map((r) => r.headers["idempotency-key"])).size).toBe(1);

    server.script([{ drop: true }, { drop: true }, { drop: true }]);
    const error = await sdk()
      .diagrams.create()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(server.received).toHaveLength(3);
  });

  it("reports a TimeoutError when answers never come, after each attempt's timeout", async () => {
    server.script([{ hang: true }, { hang: true }]);
    const started = performance.now();
    const error = await sdk({ timeout: 200, maxRetries: 1 })
      .diagrams.retrieve("d_1")
      .catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.received).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 200 + 370);

    server.script([{ hang: true }]);
    const quick = sdk({ timeout: 60_000 }).diagrams.retrieve(
      "d_1",
      {},
      { timeout: 100, maxRetries: 0 },
    );
    await expect(quick).rejects.toBeInstanceOf(TimeoutError);
  });

  it("stops at once when the signal aborts, in flight or while waiting to retry", async () => {
    server.script([{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const inFlight = sdk().diagrams.retrieve("d_1", {}, { signal: controller.signal });
    await expect(inFlight).rejects.toBeInstanceOf(AbortError);
    expect(performance.now() - started).toBeLessThan(1_000);

    server.script([
      { status: 429, body: problem(429, "rate_limited"), headers: { "retry-after": "30" } },
    ]);
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 200);
    const error = await sdk()
      .diagrams.retrieve("d_1", {}, { signal: waiting.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(server.received).toHaveLength(1);

    await expect(
      sdk().diagrams.retrieve("d_1", {}, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
  });

  it("retries a stream only on an error status: a dropped one may have started a turn", async () => {
    const sse =
      'event: turn.started\ndata: {"diagram_id":"d_1"}\n\nevent: turn.completed\ndata: {"status":"unchanged","version":1,"text":"","steps":1,"usage":{"input":1,"output":1,"cached":0}}\n\n';
    server.script([
      fail(503),
      { status: 200, body: sse, headers: { "content-type": "text/event-stream" } },
    ]);
    const done = await sdk().generate.stream({ prompt: "x" }).finalEvent();
    expect(done).toMatchObject({ type: "turn.completed", status: "unchanged" });
    expect(server.received).toHaveLength(2);
    // A streamed turn has no idempotency key: the server would hold the stream back otherwise.
    expect(server.received[0]?.headers["idempotency-key"]).toBeUndefined();
    expect(server.received[0]?.headers.accept).toBe("text/event-stream");

    server.script([{ drop: true }, { status: 200, body: sse }]);
    const error = await sdk()
      .generate.stream({ prompt: "x" })
      .finalEvent()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.received).toHaveLength(1);

    server.script([
      fail(429, "rate_limited"),
      fail(429, "rate_limited"),
      fail(429, "rate_limited"),
    ]);
    const limited = await sdk()
      .diagrams.messages.stream("d_1", { prompt: "x" })
      .finalEvent()
      .catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(server.received).toHaveLength(3);
  });
});
