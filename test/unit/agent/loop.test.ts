import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { type AgentLoopEvent, runAgentLoop } from "../../../worker/agent/loop.ts";
import { validateDocument } from "../../../worker/drawio/check/validate.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../worker/drawio/model/serialize.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { call, say, scriptedModel } from "./scripted-model.ts";

const shapes = shapeCatalog();
const GRAPH = {
  nodes: [
    { id: "cart", label: "Cart" },
    { id: "pay", label: "Pay?", kind: "decision" },
    { id: "done", label: "Done", kind: "end" },
  ],
  edges: [
    { from: "cart", to: "pay" },
    { from: "pay", to: "done", label: "paid" },
  ],
};
const SMALL =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

/** Two boxes and the edge between them. */
const PAIR =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="b" value="End" vertex="1" parent="1"><mxGeometry x="400" y="300" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

function labels(xml: string): string[] {
  return (parseDiagram(xml).pages[0]?.cells ?? []).map((c) => c.attrs.value ?? "").filter(Boolean);
}

describe("runAgentLoop with a scripted model", () => {
  it("creates a diagram from a graph spec, with previews along the way", async () => {
    const events: AgentLoopEvent[] = [];
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("create_from_graph", { graph: GRAPH })],
        say("Drew the checkout."),
      ]),
      document: emptyDocument(),
      prompt: "Checkout flow",
      shapes,
      onEvent: (e) => events.push(e),
    });
    expect(result.status).toBe("changed");
    expect(result.text).toBe("Drew the checkout.");
    expect(result.usage).toEqual({ input: 200, output: 20, cached: 40 });
    const xml = serializeDiagram(result.document ?? emptyDocument());
    expect(labels(xml)).toEqual(expect.arrayContaining(["Cart", "Pay?", "Done", "paid"]));
    expect(validateDocument(parseDiagram(xml))).toEqual([]);
    expect(result.findings).toEqual(
      validateDocument(result.document ?? emptyDocument(), { shapes }),
    );
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["tool.call", "tool.result", "diagram.preview", "text.delta"]),
    );
  });

  it("edits a corpus diagram with operations", async () => {
    const file = corpusFiles().find((f) => f.name.includes("flowchart")) ?? corpusFiles()[0];
    if (!file) throw new Error("no corpus");
    const doc = parseDiagram(file.xml);
    const target = doc.pages[0]?.cells.find((c) => c.attrs.vertex === "1")?.attrs.id ?? "";
    const result = await runAgentLoop({
      model: scriptedModel([
        [
          call("edit_diagram", {
            operations: [{ op: "set_label", id: target, value: "Renamed by agent" }],
          }),
        ],
        say("Renamed it."),
      ]),
      document: doc,
      prompt: "Rename the first box",
      shapes,
    });
    expect(result.status).toBe("changed");
    expect(serializeDiagram(result.document ?? doc)).toContain("Renamed by agent");
  });

  it("repairs malformed raw XML, and continues output that was cut off", async () => {
    const result = await runAgentLoop({
      model: scriptedModel([
        [
          call("write_cells", {
            xml: '<mxCell id="b" value="R&D" vertex="1" parent="1"><mxGeometry x="200" y="20" width="120" height="60" as="geom',
          }),
        ],
        [call("continue_cells", { xml: 'etry"/></mxCell>' })],
        say("Added R&D."),
      ]),
      document: parseDiagram(SMALL),
      prompt: "Add R&D",
      shapes,
    });
    expect(result.status).toBe("changed");
    expect(labels(serializeDiagram(result.document ?? emptyDocument()))).toEqual(["Start", "R&D"]);
  });

  it("feeds errors back so the model can fix them on the next step", async () => {
    const model = scriptedModel([
      [call("edit_diagram", { operations: [{ op: "delete", id: "missing" }] })],
      [call("edit_diagram", { operations: [{ op: "delete", id: "a" }] })],
      say("Deleted it."),
    ]);
    const result = await runAgentLoop({
      model,
      document: parseDiagram(SMALL),
      prompt: "Delete the box",
      shapes,
    });
    expect(result.status).toBe("changed");
    const second = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(second).toContain("Error: operation 0 (delete");
    expect(second).toContain("there is no cell with id");
    expect(labels(serializeDiagram(result.document ?? emptyDocument()))).toEqual([]);
  });

  it("commits nothing when the step budget runs out", async () => {
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("edit_diagram", { operations: [{ op: "set_label", id: "a", value: "X" }] })],
      ]),
      document: parseDiagram(SMALL),
      prompt: "Loop",
      shapes,
      maxSteps: 3,
    });
    expect(result).toMatchObject({ status: "failed", steps: 3 });
    expect(result.document).toBeUndefined();
    expect(result.error).toContain("after 3 steps");
  });

  it("commits nothing when the model fails mid-turn", async () => {
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("edit_diagram", { operations: [{ op: "set_label", id: "a", value: "X" }] })],
        new Error("model exploded"),
      ]),
      document: parseDiagram(SMALL),
      prompt: "Break",
      shapes,
    });
    expect(result.status).toBe("failed");
    expect(result.document).toBeUndefined();
    expect(result.error).toContain("model exploded");
  });

  it("commits nothing when cancelled", async () => {
    const controller = new AbortController();
    const result = await runAgentLoop({
      model: scriptedModel([[call("read_diagram", {})], [call("read_diagram", {})], say("Done.")]),
      document: parseDiagram(SMALL),
      prompt: "Slow",
      shapes,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "tool.result") controller.abort();
      },
    });
    expect(result.status).toBe("cancelled");
    expect(result.document).toBeUndefined();
  });

  it("finds shapes for the model with exact styles", async () => {
    const events: AgentLoopEvent[] = [];
    await runAgentLoop({
      model: scriptedModel([
        [call("search_shapes", { query: "lambda", library: "aws4", limit: 1 })],
        say("Found it."),
      ]),
      document: emptyDocument(),
      prompt: "Which icon is Lambda?",
      shapes,
      onEvent: (e) => events.push(e),
    });
    const result = events.find((e) => e.type === "tool.result");
    expect(result && "output" in result ? result.output : "").toContain(
      "resIcon=mxgraph.aws4.lambda",
    );
  });
});

describe("several tool calls in one step", () => {
  it("runs them in order, each on what the one before left", async () => {
    const events: AgentLoopEvent[] = [];
    const rename = (value: string) =>
      call("edit_diagram", { operations: [{ op: "set_label", id: "a", value }] });
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("relayout", { direction: "right" }), rename("First"), rename("Second")],
        say("Tidied and renamed."),
      ]),
      document: parseDiagram(PAIR),
      prompt: "Tidy up and rename Start",
      shapes,
      onEvent: (e) => events.push(e),
    });
    expect(result.status).toBe("changed");
    const xml = serializeDiagram(result.document ?? emptyDocument());
    expect(labels(xml)).toEqual(["Second", "End"]);
    const results = events.flatMap((e) => (e.type === "tool.result" ? [e.tool] : []));
    expect(results).toEqual(["relayout", "edit_diagram", "edit_diagram"]);
  });

  it("keeps the changes of the others when one fails, and each reports", async () => {
    const events: AgentLoopEvent[] = [];
    const label = (id: string, value: string) =>
      call("edit_diagram", { operations: [{ op: "set_label", id, value }] });
    const model = scriptedModel([
      [
        label("a", "First"),
        call("edit_diagram", { operations: [{ op: "delete", id: "missing" }] }),
        call("edit_diagram", { operations: [] }),
        label("b", "Last"),
      ],
      say("Renamed both."),
    ]);
    const result = await runAgentLoop({
      model,
      document: parseDiagram(PAIR),
      prompt: "Rename both",
      shapes,
      onEvent: (e) => events.push(e),
    });
    expect(result.status).toBe("changed");
    expect(labels(serializeDiagram(result.document ?? emptyDocument()))).toEqual(["First", "Last"]);
    const outputs = events.flatMap((e) => (e.type === "tool.result" ? [e.output] : []));
    expect(outputs).toHaveLength(4);
    // A call whose input fails the schema is answered at once, without waiting its turn.
    const failures = outputs.filter((o) => o.startsWith("Error"));
    expect(failures).toHaveLength(2);
    expect(failures.join("\n")).toContain("there is no cell with id");
    expect(failures.join("\n")).toMatch(/Invalid input for tool edit_diagram/);
    // The model hears every call's answer in the next step, the failures with their causes.
    const next = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(next.match(/"type":"tool-result"/g)).toHaveLength(4);
  });
});
