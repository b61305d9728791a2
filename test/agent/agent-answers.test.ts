/**
 * Unusual answers through the real Worker and the real OpenAI provider: a diagram written as
 * text instead of a tool call, an empty answer and a refusal, each a clear end with an
 * `outcome`; and tool calls in the quirky forms of some OpenAI-compatible servers.
 */
import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { TurnEventSchema } from "../../worker/schemas/agent.ts";
import { api, createDiagram, expectProblem, SMALL_XML } from "../worker/api.ts";
import { script } from "./model-script.ts";

const MERMAID = "flowchart LR\n  cart[Cart] --> pay{Pay?}\n  pay -->|ok| done([Order placed])";
const DREW_MERMAID = "Drew the diagram from the Mermaid in the model's answer.";

function labels(xml: string): string[] {
  return (parseDiagram(xml).pages[0]?.cells ?? []).map((c) => c.attrs.value ?? "").filter(Boolean);
}

/** Sends a message to a diagram; `stream` asks for its events instead of the JSON answer. */
function message(id: string, prompt: string, stream = false) {
  const headers = stream ? { headers: { accept: "text/event-stream" } } : {};
  return api(`/v1/diagrams/${id}/messages`, { method: "POST", body: { prompt }, ...headers });
}

/** Generates a new diagram from a prompt. */
function generate(prompt: string) {
  return api("/v1/generate", { method: "POST", body: { prompt } });
}

/** The data of a stream's last event, checked against its schema. */
function lastEvent(text: string): Record<string, unknown> {
  const block = text.split("\n\n").findLast((b) => b.startsWith("event: "));
  const data = JSON.parse(/^data: (.*)$/m.exec(block ?? "")?.[1] ?? "{}");
  expect(TurnEventSchema.safeParse(data).success, JSON.stringify(data)).toBe(true);
  return data as Record<string, unknown>;
}

describe("a diagram the model wrote in its answer", () => {
  it("is drawn from Mermaid and saved as the generated diagram, without the block in its words", async () => {
    await script([{ text: `Here is the flow:\n\n\`\`\`mermaid\n${MERMAID}\n\`\`\`` }]);
    const res = await generate("Checkout flow");
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({
      status: "changed",
      version: 2,
      outcome: "drawn_from_text",
      text: `${DREW_MERMAID}\n\nHere is the flow.`,
    });
    expect(labels(res.json.xml)).toEqual(
      expect.arrayContaining(["Cart", "Pay?", "Order placed", "ok"]),
    );
    const id = res.json.diagram_id as string;
    const versions = await api(`/v1/diagrams/${id}/versions`);
    expect(versions.json.items[0]).toMatchObject({ n: 2, author: "agent", message: DREW_MERMAID });
    const messages = await api(`/v1/diagrams/${id}/messages`);
    expect(messages.json.items[0].content).toBe(`${DREW_MERMAID}\n\nHere is the flow.`);
  });

  it("is taken from draw.io XML as the diagram's new version, and streamed with its outcome", async () => {
    const id = await createDiagram(SMALL_XML);
    const revised = SMALL_XML.replace('value="End"', 'value="Paid"');
    await script([{ text: `Renamed End:\n\`\`\`xml\n${revised}\n\`\`\`` }]);
    const res = await message(id, "Call End Paid", true);
    expect(res.text).toContain("event: version.created");
    expect(lastEvent(res.text)).toMatchObject({
      type: "turn.completed",
      status: "changed",
      version: 2,
      outcome: "drawn_from_text",
      text: "Drew the diagram from the draw.io XML in the model's answer.\n\nRenamed End.",
    });
    expect(labels((await api(`/v1/diagrams/${id}`)).json.xml)).toEqual(["Start", "Paid"]);
  });

  it("changes nothing when it does not parse, and says why", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([{ text: "```mermaid\nflowchart LR\n  a -->|x\n```" }]);
    const res = await message(id, "Add a step");
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({
      status: "unchanged",
      version: 1,
      outcome: "text_diagram_invalid",
    });
    expect(res.json.text).toMatch(
      /^The model wrote the Mermaid in its answer instead of calling a tool, and it could not be drawn: .+\. Nothing changed\.$/s,
    );
  });
});

describe.each([
  {
    answer: "an empty answer",
    step: { text: "" },
    outcome: "empty_answer",
    said: "The model gave an empty answer; nothing changed.",
    stream: false,
  },
  {
    answer: "a refusal",
    step: { refusal: "I can't help with that." },
    outcome: "refused",
    said: "The model declined: I can't help with that.",
    stream: true,
  },
])("$answer", ({ step, outcome, said, stream }) => {
  it("leaves a diagram as it was and says so, and a generation 422 with its outcome", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([step]);
    const res = await message(id, "Anything?", stream);
    const end = stream ? lastEvent(res.text) : res.json;
    expect(end).toMatchObject({ status: "unchanged", version: 1, outcome, text: said });

    await script([step]);
    const problem = expectProblem(await generate("Something"), 422, "no_diagram");
    expect(problem).toMatchObject({ outcome, text: said });
  });
});

describe("tool calls in the quirky forms of OpenAI-compatible servers", () => {
  it("draws from calls whose arguments are JSON objects and that have no ids", async () => {
    const graph = {
      nodes: [
        { id: "a", label: "Order" },
        { id: "b", label: "Ship" },
      ],
      edges: [{ from: "a", to: "b" }],
    };
    await script([
      {
        tools: [
          { name: "create_from_graph", args: { graph } },
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "b", value: "Deliver" }] },
          },
        ],
        quirks: { argsAsObject: true, noIds: true },
      },
      { text: "Drew it." },
    ]);
    const res = await generate("Order then ship");
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({ status: "changed", text: "Drew it." });
    expect(labels(res.json.xml)).toEqual(expect.arrayContaining(["Order", "Deliver"]));
  });
});
