import { describe, expect, it } from "vitest";
import {
  AbortError,
  ConflictError,
  InternalServerError,
  type TurnEvent,
  TurnStream,
} from "../../sdk/index.ts";
import { client, eventually, modelRequests, SMALL_XML, script } from "./helpers.ts";

// One file, run in order: every test here scripts the one model server.

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
    expect(turn.usage).toEqual({ input: 2400, output: 160, cached: 2000 });

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
    expect((await df.diagrams.cancelTurn(id)).cancelled).toBe(false);
    expect((await df.diagrams.retrieve(id)).version).toBe(1);
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
});
