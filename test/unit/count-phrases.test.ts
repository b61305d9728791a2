/**
 * Counts in what we tell people and models read as English: "1 more problem", "2 more problems",
 * never "1 more problems" (issue #36). Each phrase is made by the code that says it, with one
 * of a thing and with two.
 */
import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { type AgentLoopEvent, runAgentLoop } from "../../worker/agent/loop.ts";
import { isProblem, prepareXml } from "../../worker/diagram/documents.ts";
import { repairDiagram } from "../../worker/drawio/check/repair.ts";
import { graphSpecError } from "../../worker/drawio/layout/check.ts";
import { convertMermaid } from "../../worker/drawio/mermaid/index.ts";
import { emptyDocument } from "../../worker/drawio/model/document.ts";
import { call, say, scriptedModel } from "./agent/scripted-model.ts";

const shapes = shapeCatalog();

/** A diagram whose edges `e1`… name sources that do not exist: one error per edge. */
function brokenEdges(n: number): string {
  const edges = Array.from(
    { length: n },
    (_, i) =>
      `<mxCell id="e${i}" edge="1" parent="1" source="nowhere${i}"><mxGeometry relative="1" as="geometry"/></mxCell>`,
  ).join("");
  return `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${edges}</root></mxGraphModel>`;
}

/** The messages of a repair of `xml`. */
function repairs(xml: string): string[] {
  return repairDiagram(xml).changes.map((c) => c.message);
}

describe("count phrases", () => {
  it("a refused graph spec counts the problems after the first", () => {
    const problem = (n: number) => ({
      code: "unknown_node" as const,
      path: `edges.${n}.to`,
      message: `edge ${n} goes nowhere`,
    });
    expect(graphSpecError([problem(0), problem(1)]).message).toBe(
      "edge 0 goes nowhere (and 1 more problem)",
    );
    expect(graphSpecError([problem(0), problem(1), problem(2)]).message).toBe(
      "edge 0 goes nowhere (and 2 more problems)",
    );
    expect(graphSpecError([problem(0)]).message).toBe("edge 0 goes nowhere");
  });

  it("refused XML counts the errors after the first", () => {
    const detail = (xml: string) => {
      const prepared = prepareXml(xml);
      return isProblem(prepared) ? prepared.detail : "";
    };
    expect(detail(brokenEdges(2))).toContain("(and 1 more error).");
    expect(detail(brokenEdges(3))).toContain("(and 2 more errors).");
  });

  it("a repair counts what it fixed", () => {
    const one = repairs(
      '<mxGraphModel><root><mxCell id="0"/><mxCell id=1 parent="0"/></root></mxGraphModel>',
    );
    expect(one).toContain("put quotes around 1 unquoted attribute value");
    const two = repairs(
      '<mxGraphModel><root><mxCell id=0/><mxCell id=1 parent="0"/></root></mxGraphModel>',
    );
    expect(two).toContain("put quotes around 2 unquoted attribute values");
    const unclosed = repairs(
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"></root></mxGraphModel>',
    );
    expect(unclosed.join("\n")).toMatch(/closed 1 element that was never closed: <mxCell>/);
    const stray = repairs(
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></mxCell></root></mxGraphModel>',
    );
    expect(stray.join("\n")).toMatch(/removed 1 end tag that closes nothing: <mxCell>/);
  });

  it("a pie chart's notes count the slices they are about", async () => {
    const one = await convertMermaid('pie\n  "Big": 1000\n  "Tiny": 1\n  "None": 0');
    expect(one.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1 slice carries no percentage .*; the legend lists it$/),
        "1 slice of value 0 is only in the legend, as in Mermaid",
      ]),
    );
    const two = await convertMermaid('pie\n  "Big": 1000\n  "A": 0\n  "B": 0');
    expect(two.notes).toContain("2 slices of value 0 are only in the legend, as in Mermaid");
  });

  it("an XY chart's note counts values and categories", async () => {
    const { notes } = await convertMermaid("xychart-beta\n  x-axis [a, b]\n  bar [1]");
    expect(notes.join("\n")).toContain("this bar has 1 value for 2 categories");
  });

  it("the agent's tools and limits count nodes, edges and steps", async () => {
    const events: AgentLoopEvent[] = [];
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("create_from_graph", { graph: { nodes: [{ id: "a", label: "Alone" }] } })],
        say("unused"),
      ]),
      document: emptyDocument(),
      prompt: "One box",
      shapes,
      maxSteps: 1,
      onEvent: (e) => events.push(e),
    });
    const output = events.find((e) => e.type === "tool.result");
    expect(output?.type === "tool.result" && output.output).toMatch(/laid out 1 node and 0 edges/);
    expect(result.error).toBe("the model was still working after 1 step; nothing was saved");
  });
});
