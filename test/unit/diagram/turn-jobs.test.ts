import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { runAgentLoop } from "../../../worker/agent/loop.ts";
import type { ResolvedModel } from "../../../worker/agent/model.ts";
import { modelOf } from "../../../worker/agent/model-settings.ts";
import { SUMMARY_MAX_CHARS, summariseConversation } from "../../../worker/agent/summary-jobs.ts";
import { conversation } from "../../../worker/diagram/conversation.ts";
import type { DiagramRow, DiagramStore } from "../../../worker/diagram/store.ts";
import { runHostedTurn, type TurnHost } from "../../../worker/diagram/turn-host.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import type { TurnEvent } from "../../../worker/schemas/agent.ts";
import { call, say, scriptedModel } from "../agent/scripted-model.ts";

/** A summary model that answers each job with `answer` (or throws it), and records the calls. */
function summaryModel(answer: string | Error) {
  const prompts: Array<{ system: string; user: string }> = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const text = (role: string) =>
        JSON.stringify(options.prompt.filter((m) => m.role === role).map((m) => m.content));
      prompts.push({ system: text("system"), user: text("user") });
      if (answer instanceof Error) throw answer;
      return {
        content: [{ type: "text", text: answer }],
        finishReason: { unified: "stop", raw: undefined },
        usage: {
          inputTokens: { total: 50, noCache: 50, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 7, text: 7, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  const resolved: ResolvedModel = {
    model,
    choice: modelOf({}, "openai:small"),
    name: "openai:small",
    call: {},
    cacheMark: {},
  };
  return { resolved, prompts };
}

/** A store with `count` alternating messages and room for one summary. */
function storeWith(count: number) {
  const all = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
    content: i % 2 === 0 ? `request ${i + 1}: call the database Postgres` : `answer ${i + 1}`,
  }));
  const summaries: Array<{ content: string; through: number }> = [];
  const store = {
    messages: (_before: unknown, limit: number) => all.slice(-limit).reverse(),
    messagesBetween: (after: number, before: number) =>
      all.filter((m) => m.id > after && m.id < before),
    latestSummary: () => summaries.at(-1),
    addSummary: (content: string, through: number) => summaries.push({ content, through }),
  } as unknown as DiagramStore;
  return { store, summaries };
}

describe("the conversation summary on the summary model", () => {
  it("folds aged messages into the model's summary, and counts its tokens", async () => {
    const { resolved, prompts } = summaryModel("- the user calls the database Postgres");
    const { store, summaries } = storeWith(14);
    const { history, usage } = await conversation(store, (previous, aged) =>
      summariseConversation(resolved, previous, aged),
    );
    expect(prompts).toHaveLength(1);
    expect(prompts[0]?.system).toMatch(/^\["You condense/);
    expect(prompts[0]?.user).toContain("request 1: call the database Postgres");
    expect(summaries).toEqual([{ content: "- the user calls the database Postgres", through: 2 }]);
    expect(history[0]).toEqual({
      role: "user",
      content: "Summary of our earlier conversation:\n- the user calls the database Postgres",
    });
    // The summary pair, then the 12 recent messages.
    expect(history).toHaveLength(14);
    expect(usage).toEqual({ input: 50, output: 7, cached: 0 });
  });

  it("keeps clipped lines when the summary model fails, and never fails the turn", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { resolved } = summaryModel(new Error("the summary model is down"));
    const { store, summaries } = storeWith(14);
    const { usage } = await conversation(store, (previous, aged) =>
      summariseConversation(resolved, previous, aged),
    );
    expect(usage).toBeUndefined();
    expect(summaries[0]?.content).toBe(
      "- user asked: request 1: call the database Postgres\n- you answered: answer 2",
    );
  });

  it("bounds what the model writes", async () => {
    const { resolved } = summaryModel(`- ${"x".repeat(5_000)}`);
    const folded = await summariseConversation(resolved, undefined, [
      { role: "user", content: "hi" },
    ]);
    expect(folded?.text).toHaveLength(SUMMARY_MAX_CHARS);
  });
});

describe("a new diagram's title", () => {
  const row: DiagramRow = {
    id: "d_t",
    owner: "t",
    title: "checkout flow",
    head: 0,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
  };
  const GRAPH = {
    nodes: [
      { id: "a", label: "Cart" },
      { id: "b", label: "Pay" },
    ],
    edges: [],
  };

  async function turn(steps: Parameters<typeof scriptedModel>[0], summary: ResolvedModel) {
    const titles: Array<string | undefined> = [];
    const store = storeWith(0).store;
    Object.assign(store, { addMessage: () => {}, lastAgentVersion: () => undefined });
    const host: TurnHost = {
      store,
      document: () => emptyDocument(),
      xmlOf: () => "",
      discard: async () => {},
      commit: (_ready, _message, _usage, title) => {
        titles.push(title);
        return 1;
      },
    };
    const events: TurnEvent[] = [];
    const end = await runHostedTurn(
      host,
      { model: scriptedModel(steps), name: "openai:scripted", loop: runAgentLoop, summary },
      {
        tenant: "t",
        prompt: "checkout flow",
        row,
        retitle: true,
        signal: new AbortController().signal,
      },
      (e) => events.push(e),
    );
    return { titles, end, events };
  }

  it("comes from the summary model when the drawing model gave none, its tokens counted", async () => {
    const { resolved, prompts } = summaryModel('"Checkout Flow."');
    const { titles, end } = await turn(
      [[call("create_from_graph", { graph: GRAPH })], say("Done.")],
      resolved,
    );
    expect(prompts[0]?.system).toMatch(/^\["You name/);
    expect(prompts[0]?.user).toContain("Cart");
    expect(titles).toEqual(["Checkout Flow"]);
    // Two drawing steps of the scripted model (100 in, 10 out each) and the title job.
    expect(end.completed.usage).toEqual({ input: 250, output: 27, cached: 40 });
  });

  it("is the drawing model's own when it gave one: no job runs", async () => {
    const { resolved, prompts } = summaryModel("Unused");
    const { titles } = await turn(
      [[call("create_from_graph", { graph: GRAPH, title: "Shop checkout" })], say("Done.")],
      resolved,
    );
    expect(prompts).toHaveLength(0);
    expect(titles).toEqual(["Shop checkout"]);
  });
});
