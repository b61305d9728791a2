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
import { call, finish, say, scriptedModel } from "../agent/scripted-model.ts";

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

/** A model that draws two boxes and says so. */
const TWO_BOXES = [[call("create_from_graph", { graph: GRAPH })], say("Done.")];

/**
 * Runs a turn on `host` (by default the model draws two boxes); returns its events (and how it
 * ended, as `end`).
 */
async function run(
  host: TurnHost,
  extra: Partial<HostedTurnArgs> = {},
  steps: Parameters<typeof scriptedModel>[0] = TWO_BOXES,
) {
  const events: TurnEvent[] & { end?: HostedTurnEnd } = [];
  const end = await runHostedTurn(
    host,
    {
      model: scriptedModel(steps),
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

  it("says a cancelled turn was cancelled and what was kept, never that no change was needed", async () => {
    const { host, discard, messages } = fakeHost(() => 2);
    const cancelled = new AbortController();
    cancelled.abort();
    const events = await run(host, { signal: cancelled.signal });
    const text = "Cancelled: nothing of this turn was saved; the diagram is as it was (version 1).";
    expect(events.at(-1)).toMatchObject({ status: "cancelled", version: 1, text });
    expect(messages.at(-1)).toEqual({ role: "assistant", content: text });
    expect(discard).not.toHaveBeenCalled();

    // A new diagram (POST /v1/generate) goes again, and the reply says so.
    const made = fakeHost(() => 2);
    const generated = await run(made.host, { signal: cancelled.signal, discardOnFailure: true });
    expect(generated.at(-1)).toMatchObject({
      status: "cancelled",
      discarded: true,
      text: "Cancelled: nothing was saved, and the new diagram was not kept.",
    });
    expect(made.discard).toHaveBeenCalledOnce();
  });

  it("does not keep a new diagram the model drew nothing in", async () => {
    const { host, discard, messages } = fakeHost(() => 2);
    const events = await run(host, { discardOnFailure: true }, [say("What should it show?")]);
    expect(events.at(-1)).toMatchObject({
      status: "unchanged",
      discarded: true,
      text: "What should it show?",
    });
    expect(events.at(-1)).not.toHaveProperty("links");
    expect(discard).toHaveBeenCalledOnce();
    // Only the prompt was recorded, and the diagram (with it) is gone.
    expect(messages.map((m) => m.role)).toEqual(["user"]);

    // An existing diagram stays as it was, and is told so.
    const kept = fakeHost(() => 2);
    const unchanged = await run(kept.host, {}, [[call("read_diagram", {})], []]);
    expect(unchanged.at(-1)).toMatchObject({ status: "unchanged", text: "No change was needed." });
    expect(unchanged.at(-1)).not.toHaveProperty("outcome");
    expect(kept.discard).not.toHaveBeenCalled();
  });

  it("says what happened when the model gave an empty answer or declined, with an outcome", async () => {
    const { host, messages } = fakeHost(() => 2);
    const empty = await run(host, {}, [[]]);
    const said = "The model gave an empty answer; nothing changed.";
    expect(empty.at(-1)).toMatchObject({
      status: "unchanged",
      outcome: "empty_answer",
      text: said,
    });
    expect(messages.at(-1)).toEqual({ role: "assistant", content: said });
    const refused = await run(host, {}, [[...say("No."), finish("content-filter", "refusal")]]);
    expect(refused.at(-1)).toMatchObject({
      status: "unchanged",
      outcome: "refused",
      text: "The model declined: No.",
    });
  });

  it("saves a diagram the model wrote as Mermaid in its text, the block in neither reply nor message", async () => {
    const saved: string[] = [];
    const { host, messages } = fakeHost((_ready, message) => {
      saved.push(message);
      return 2;
    });
    const mermaid = "```mermaid\nflowchart LR\n  a[Ask] --> b[Answer]\n```";
    const events = await run(host, {}, [say(`Here you go:\n${mermaid}`)]);
    const reply = "Drew the diagram from the Mermaid in the model's answer.\n\nHere you go.";
    expect(events.at(-1)).toMatchObject({
      status: "changed",
      version: 2,
      outcome: "drawn_from_text",
      text: reply,
    });
    expect(saved).toEqual(["Drew the diagram from the Mermaid in the model's answer."]);
    expect(events.find((e) => e.type === "version.created")).toMatchObject({ message: saved[0] });
    expect(messages.at(-1)?.content).toBe(reply);
  });

  it("says which version it saved when the model said nothing", async () => {
    const { host, messages } = fakeHost(() => 2);
    const events = await run(host, {}, [[call("create_from_graph", { graph: GRAPH })], []]);
    expect(events.at(-1)).toMatchObject({ status: "changed", text: "Saved version 2." });
    expect(messages.at(-1)?.content).toBe("Saved version 2.");
  });

  it("ends a kept diagram's turn with its links, and a failed or discarded one's without", async () => {
    const links = {
      api: "https://df.example/v1/diagrams/d_test",
      diagrams_net: "https://app.diagrams.net/#R",
      editor: "https://df.example/edit/d_test#token=dft_x",
      svg: "https://df.example/v1/diagrams/d_test/export?format=svg",
      png: "https://df.example/v1/diagrams/d_test/export?format=png",
    };
    // The model's failure below, and the links that cannot be made, are logged.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { host } = fakeHost(() => 2);
    host.links = vi.fn(async () => links);
    expect((await run(host)).at(-1)).toMatchObject({ status: "changed", links });
    expect((await run(host, {}, [say("Nothing to do.")])).at(-1)).toMatchObject({
      status: "unchanged",
      links,
    });
    const failed = await run(host, {}, [new Error("the model is down")]);
    expect(failed.at(-1)).toMatchObject({ status: "failed" });
    expect(failed.at(-1)).not.toHaveProperty("links");
    const discarded = await run(host, { discardOnFailure: true }, [say("Nothing.")]);
    expect(discarded.at(-1)).not.toHaveProperty("links");
    expect(host.links).toHaveBeenCalledTimes(2);

    // Links that cannot be made are logged; the turn still ends.
    host.links = async () => {
      throw new Error("no secret");
    };
    const end = (await run(host)).at(-1);
    expect(end).toMatchObject({ status: "changed" });
    expect(end).not.toHaveProperty("links");
    expect(logged).toHaveBeenCalledWith(
      "could not make the links of a turn's diagram",
      expect.any(Error),
    );
  });
});
