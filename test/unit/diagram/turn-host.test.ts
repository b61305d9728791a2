import { afterEach, describe, expect, it, vi } from "vitest";
import { runAgentLoop } from "../../../worker/agent/loop.ts";
import type { DiagramRow, DiagramStore } from "../../../worker/diagram/store.ts";
import {
  type HostedTurnArgs,
  type HostedTurnEnd,
  runHostedTurn,
  type TurnHost,
} from "../../../worker/diagram/turn-host.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import type { TurnEvent } from "../../../worker/schemas/agent.ts";
import { call, say, scriptedModel } from "../agent/scripted-model.ts";

const GRAPH = {
  nodes: [
    { id: "a", label: "A" },
    { id: "b", label: "B" },
  ],
  edges: [{ from: "a", to: "b" }],
};

/** A diagram object's side of a turn, in memory; `commit` may be told to throw. */
function fakeHost(commit: TurnHost["commit"]) {
  const messages: Array<{ role: string; content: string }> = [];
  const store = {
    addMessage: (role: string, content: string) => messages.push({ role, content }),
    messages: () => [],
    messagesBetween: () => [],
    latestSummary: () => undefined,
    addSummary: () => {},
    lastAgentVersion: () => undefined,
  } as unknown as DiagramStore;
  const discard = vi.fn(async () => {});
  const host: TurnHost = {
    store,
    document: () => emptyDocument(),
    xmlOf: () => "",
    discard,
    commit,
  };
  return { host, discard, messages };
}

const row: DiagramRow = {
  id: "d_test",
  owner: "t",
  title: "Untitled",
  head: 1,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

/** Runs a two-box turn on `host`; returns its events (and how it ended, as `end`). */
async function run(host: TurnHost, extra: Partial<HostedTurnArgs> = {}) {
  const events: TurnEvent[] & { end?: HostedTurnEnd } = [];
  const end = await runHostedTurn(
    host,
    {
      model: scriptedModel([[call("create_from_graph", { graph: GRAPH })], say("Done.")]),
      name: "scripted",
      loop: runAgentLoop,
    },
    { tenant: "t", prompt: "Two boxes", row, signal: new AbortController().signal, ...extra },
    (event) => events.push(event),
  );
  expect(events.at(-1)).toEqual(end.completed);
  events.end = end;
  return events;
}

describe("a turn hosted by a diagram object", () => {
  afterEach(() => vi.restoreAllMocks());

  it("starts with turn.started naming the diagram and returns its version's findings", async () => {
    const { host } = fakeHost(() => 2);
    const events = await run(host);
    expect(events[0]).toEqual({ type: "turn.started", diagram_id: "d_test" });
    expect(events.map((e) => e.type)).toContain("version.created");
    expect(events.end?.findings).toEqual([]);
  });

  it("ends with exactly one turn.completed when it succeeds", async () => {
    const { host } = fakeHost(() => 2);
    const events = await run(host);
    expect(events.filter((e) => e.type === "turn.completed")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: "turn.completed", status: "changed", version: 2 });
  });

  it("still ends with exactly one turn.completed when the host throws, logs why and leaves no diagram", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { host, discard } = fakeHost(() => {
      throw new Error("storage is full");
    });
    const events = await run(host, { discardOnFailure: true });
    const completed = events.filter((e) => e.type === "turn.completed");
    expect(completed).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({
      type: "turn.completed",
      status: "failed",
      error: "storage is full",
      discarded: true,
      version: 1,
    });
    expect(events.some((e) => e.type === "error")).toBe(true);
    expect(discard).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledWith("the turn on diagram d_test failed", expect.any(Error));
  });

  it("keeps a diagram whose version was saved before something else threw", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { host, discard, messages } = fakeHost(() => 2);
    const addMessage = host.store.addMessage.bind(host.store);
    let calls = 0;
    host.store.addMessage = (...args) => {
      calls++;
      if (calls === 2) throw new Error("could not record the reply");
      addMessage(...args);
    };
    const events = await run(host, { discardOnFailure: true });
    expect(events.at(-1)).toMatchObject({ type: "turn.completed", status: "changed", version: 2 });
    expect(discard).not.toHaveBeenCalled();
    expect(messages).toHaveLength(1);
  });
});
