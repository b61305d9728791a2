/** The agent loop when a model does several things in one step, or draws without its tools. */
import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { type AgentLoopEvent, runAgentLoop } from "../../../worker/agent/loop.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../worker/drawio/model/serialize.ts";
import { call, say, scriptedModel } from "./scripted-model.ts";

const shapes = shapeCatalog();
const SMALL =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="b" value="End" vertex="1" parent="1"><mxGeometry x="400" y="300" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

function labels(xml: string): string[] {
  return (parseDiagram(xml).pages[0]?.cells ?? []).map((c) => c.attrs.value ?? "").filter(Boolean);
}

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
      document: parseDiagram(SMALL),
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
      document: parseDiagram(SMALL),
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
