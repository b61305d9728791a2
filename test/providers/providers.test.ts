/**
 * The agent's scenarios through every provider's real AI SDK package: each model of the
 * deployment (vitest.config.ts points every provider at the scripted model server) creates,
 * edits, draws Mermaid, sees an image, continues cut-off output, recovers from a tool error and
 * runs several tool calls in one step, ends a refusal and an empty answer with an outcome, and
 * the server checks what went over each wire; Ollama's quirky tool calls are taken too.
 */
import { describe, expect, inject, it } from "vitest";
import { modelRequests, script } from "../agent/model-script.ts";
import type { ProtocolName, RecordedRequest } from "../fixtures/model-server/index.ts";
import { api, createDiagram, SMALL_XML } from "../worker/api.ts";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const GRAPH = {
  nodes: [
    { id: "cart", label: "Cart" },
    { id: "pay", label: "Pay" },
  ],
  edges: [{ from: "cart", to: "pay" }],
};

/** A tool call that renames a cell. */
const rename = (cell: string, value: string) => ({
  name: "edit_diagram",
  args: { operations: [{ op: "set_label", id: cell, value }] },
});

/** Each model of the deployment, its wire protocol, and how a tool result looks on it. */
const MODELS: Array<{
  model: string;
  protocol: ProtocolName;
  toolResult: string;
  /**
   * Cache breakpoints the agent sets: for Anthropic and Claude on Bedrock, on the system prompt
   * and on the request; none where the provider caches a prefix on its own.
   */
  markers: number;
}> = [
  {
    model: "openai:scripted",
    protocol: "responses",
    toolResult: '"type":"function_call_output"',
    markers: 0,
  },
  { model: "ollama:scripted", protocol: "chat", toolResult: '"role":"tool"', markers: 0 },
  {
    model: "anthropic:scripted",
    protocol: "anthropic",
    toolResult: '"type":"tool_result"',
    markers: 2,
  },
  { model: "google:scripted", protocol: "gemini", toolResult: '"functionResponse"', markers: 0 },
  // Bedrock caches only what a cachePoint closes, which the agent sets for Claude and Nova.
  {
    model: "bedrock:anthropic.claude-scripted",
    protocol: "bedrock",
    toolResult: '"toolResult"',
    markers: 2,
  },
  {
    model: "azure:scripted",
    protocol: "responses",
    toolResult: '"type":"function_call_output"',
    markers: 0,
  },
];

/** The tool results the model was sent in a request, as text. */
function toolResults(request: RecordedRequest | undefined): string {
  return (request?.normalized.messages ?? []).flatMap((m) => m.toolResults).join("\n");
}

describe.each(MODELS)("the agent on $model", ({ model, protocol, toolResult, markers }) => {
  /** Sends a follow-up message to a diagram with this model. */
  const message = (id: string, prompt: string) =>
    api(`/v1/diagrams/${id}/messages`, { method: "POST", body: { prompt, model } });

  /** Checks the model got this protocol's requests, and a tool result in its shape. */
  async function expectToolRoundTrip(): Promise<RecordedRequest[]> {
    const sent = await modelRequests();
    expect(sent.map((r) => r.protocol)).toEqual(sent.map(() => protocol));
    expect(JSON.stringify(sent[1])).toContain(toolResult);
    return sent;
  }

  it("creates a diagram, then edits it", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] },
      { text: "Drew the checkout." },
    ]);
    const created = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Checkout: cart then pay", model },
    });
    expect(created.status, created.text.slice(0, 300)).toBe(200);
    expect(created.json).toMatchObject({ status: "changed", text: "Drew the checkout." });
    expect(created.json.xml).toContain('value="Cart"');
    expect(created.json.xml).toContain('value="Pay"');
    const sent = await expectToolRoundTrip();
    expect(sent[0]?.normalized.tools).toContain("create_from_graph");
    expect(sent[0]?.normalized.messages.at(-1)?.text).toContain("Checkout: cart then pay");
    expect(sent[1]?.normalized.messages.find((m) => m.role === "assistant")?.toolCalls).toEqual([
      "create_from_graph",
    ]);

    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "pay", value: "Pay by card" }] },
          },
        ],
      },
      { text: "Renamed it." },
    ]);
    const edited = await message(created.json.diagram_id, "Say it is by card");
    expect(edited.json).toMatchObject({ status: "changed", version: created.json.version + 1 });
    expect(edited.json.xml).toContain('value="Pay by card"');
    expect((await expectToolRoundTrip())[0]?.normalized.messages.at(-1)?.text).toContain(
      "Say it is by card",
    );
  });

  it("draws Mermaid", async () => {
    await script([
      {
        tools: [
          {
            name: "create_from_mermaid",
            args: { mermaid: "flowchart LR\n  A[Order] --> B[Ship]" },
          },
        ],
      },
      { text: "Drew it from Mermaid." },
    ]);
    const res = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Order then ship, as Mermaid", model },
    });
    expect(res.json.status, res.text.slice(0, 300)).toBe("changed");
    expect(res.json.xml).toContain('value="Order"');
    expect(res.json.xml).toContain('value="Ship"');
    await expectToolRoundTrip();
  });

  it("passes an image attachment as this protocol's image part", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] },
      { text: "Redrew the picture." },
    ]);
    const res = await api("/v1/generate", {
      method: "POST",
      body: {
        prompt: "Redraw this picture",
        model,
        attachments: [{ data: PNG, media_type: "image/png" }],
      },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.xml).toContain('value="Cart"');
    const [sent] = await expectToolRoundTrip();
    expect(sent?.normalized.messages.at(-1)).toMatchObject({ role: "user", images: 1 });
  });

  it("continues raw cells that were cut off", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      {
        tools: [
          {
            name: "write_cells",
            args: {
              xml: '<mxCell id="c" value="Audit" vertex="1" parent="1"><mxGeometry x="420" y="20" width="120" height="60" as="geom',
            },
          },
        ],
      },
      { tools: [{ name: "continue_cells", args: { xml: 'etry"/></mxCell>' } }] },
      { text: "Added the audit step." },
    ]);
    const res = await message(id, "Add an audit step");
    expect(res.json.status, res.text.slice(0, 300)).toBe("changed");
    expect(res.json.xml).toContain('value="Audit"');
    const sent = await expectToolRoundTrip();
    expect(sent).toHaveLength(3);
    expect(
      sent[2]?.normalized.messages.find((m) => m.toolCalls.includes("continue_cells")),
    ).toBeTruthy();
  });

  it("sends a tool error back, and the model's fixed call goes through", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      {
        tools: [{ name: "edit_diagram", args: { operations: [{ op: "delete", id: "missing" }] } }],
      },
      { tools: [{ name: "edit_diagram", args: { operations: [{ op: "delete", id: "b" }] } }] },
      { text: "Deleted the end." },
    ]);
    const res = await message(id, "Delete the end");
    expect(res.json.status, res.text.slice(0, 300)).toBe("changed");
    expect(res.json.xml).not.toContain('value="End"');
    const sent = await expectToolRoundTrip();
    expect(toolResults(sent[1])).toContain("there is no cell with id");
  });

  it("runs several tool calls of one step", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      { tools: [rename("a", "Begin"), rename("b", "Finish")] },
      { text: "Renamed both." },
    ]);
    const res = await message(id, "Rename both");
    expect(res.json.status, res.text.slice(0, 300)).toBe("changed");
    expect(res.json.xml).toContain('value="Begin"');
    expect(res.json.xml).toContain('value="Finish"');
    const sent = await expectToolRoundTrip();
    const second = sent[1]?.normalized.messages ?? [];
    expect(second.find((m) => m.role === "assistant")?.toolCalls).toEqual([
      "edit_diagram",
      "edit_diagram",
    ]);
    expect(second.filter((m) => m.role === "tool").flatMap((m) => m.toolResults)).toHaveLength(2);
  });

  it("ends a refusal and an empty answer saying what happened, with an outcome", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([{ refusal: "I can't help with that." }]);
    const refused = await message(id, "Something bad");
    expect(refused.json, refused.text.slice(0, 300)).toMatchObject({
      status: "unchanged",
      version: 1,
    });
    if (model === "azure:scripted") {
      // @ai-sdk/azure bundles an older @ai-sdk/openai whose Responses model knows no refusal
      // parts: it drops the words, and the turn can only tell that the answer was empty.
      expect(refused.json.outcome).toBe("empty_answer");
    } else {
      expect(refused.json.outcome).toBe("refused");
      expect(refused.json.text).toMatch(/^The model declined/);
    }

    await script([{ text: "" }]);
    const empty = await message(id, "Anything?");
    expect(empty.json, empty.text.slice(0, 300)).toMatchObject({
      status: "unchanged",
      outcome: "empty_answer",
      text: "The model gave an empty answer; nothing changed.",
    });
  });

  it("sends a reasoning model its effort and no temperature, any other model the temperature", async () => {
    await script([{ text: "Nothing to change." }]);
    const id = await createDiagram(SMALL_XML);
    const res = await message(id, "Anything to do?");
    expect(res.json.status, res.text.slice(0, 300)).toBe("unchanged");
    const [sent] = await modelRequests();
    // vitest.config.ts: DRAWFORGE_REASONING_MODELS=anthropic:scripted,google:scripted, effort
    // low, DRAWFORGE_TEMPERATURE=0.2.
    if (model === "anthropic:scripted" || model === "google:scripted") {
      expect(sent?.normalized.temperature).toBeUndefined();
      expect(JSON.stringify(sent?.normalized.reasoning)).toMatch(/budget|thinking|low/i);
    } else {
      // The Bedrock provider itself drops a temperature for a Claude it has no table entry for
      // (it assumes a newer model that refuses sampling parameters), as "claude-scripted" is.
      const temperature = model.startsWith("bedrock:") ? undefined : 0.2;
      expect(sent?.normalized.temperature).toBe(temperature);
      expect(sent?.normalized.reasoning).toBeUndefined();
    }
  });

  it("keeps a reasoning model's thoughts out of the diagram and the conversation, and counts them", async () => {
    const thought = "SECRET-THOUGHT: the user probably wants a left-to-right flow";
    await script([
      {
        reasoning: thought,
        tools: [{ name: "create_from_graph", args: { graph: GRAPH } }],
      },
      { reasoning: thought, text: "Drew the checkout." },
    ]);
    const res = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Checkout, thought through", model },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).not.toContain("SECRET-THOUGHT");
    const history = await api(`/v1/diagrams/${res.json.diagram_id}/messages`);
    expect(history.text).not.toContain("SECRET-THOUGHT");
    // Reasoning tokens are counted where the provider reports them (Bedrock's does not).
    if (protocol !== "bedrock") expect(res.json.usage.reasoning).toBeGreaterThan(0);
  });

  it("gets the prompt it repeats within a turn served from the provider's cache", async () => {
    const usage = (realistic: boolean) =>
      fetch(`${inject("llmUrl")}/__usage`, { method: "POST", body: JSON.stringify({ realistic }) });
    await usage(true);
    try {
      const id = await createDiagram(SMALL_XML);
      await script([
        { tools: [{ name: "edit_diagram", args: { operations: [{ op: "delete", id: "b" }] } }] },
        { text: "Deleted it." },
      ]);
      const res = await message(id, "Delete the end");
      expect(res.json.status, res.text.slice(0, 300)).toBe("changed");
      const sent = await modelRequests();
      expect(sent.map((r) => r.normalized.cacheMarkers)).toEqual([markers, markers]);
      // The second call repeats the tools, the system prompt and the first exchange.
      const { input, cached } = res.json.usage as { input: number; cached: number };
      expect(input).toBeGreaterThan(2 * 1024);
      expect(cached).toBeGreaterThanOrEqual(1024);
    } finally {
      await usage(false);
    }
  });
});

describe("the agent on ollama:scripted, a server with Chat Completions quirks", () => {
  it("draws from tool calls whose arguments are JSON objects and that have no ids", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      {
        tools: [rename("a", "Begin"), rename("b", "Finish")],
        quirks: { argsAsObject: true, noIds: true },
      },
      { text: "Renamed both." },
    ]);
    const res = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Rename both", model: "ollama:scripted" },
    });
    expect(res.json, res.text.slice(0, 300)).toMatchObject({ status: "changed", version: 2 });
    expect(res.json.xml).toContain('value="Begin"');
    expect(res.json.xml).toContain('value="Finish"');
    // The calls went back to the model with the ids they were given, one result each.
    const second = (await modelRequests())[1]?.normalized.messages ?? [];
    expect(second.filter((m) => m.role === "tool").flatMap((m) => m.toolResults)).toHaveLength(2);
  });
});

describe("models a deployment cannot run", () => {
  it("answers a provider without its key with 503 naming the setting, and keeps no diagram", async () => {
    const before = await api("/v1/diagrams");
    const res = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Anything", model: "xai:grok-scripted" },
    });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({
      code: "model_not_configured",
      setting: "XAI_API_KEY",
      model: "xai:grok-scripted",
    });
    expect((await api("/v1/diagrams")).json.items).toHaveLength(before.json.items.length);
  });

  it("answers a model outside the list with 422 and the list", async () => {
    const res = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Anything", model: "anthropic:claude-not-offered" },
    });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("model_not_allowed");
    expect(res.json.allowed).toContain("anthropic:scripted");
  });
});
