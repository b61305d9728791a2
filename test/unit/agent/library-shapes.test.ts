import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { type AgentLoopEvent, runAgentLoop } from "../../../worker/agent/loop.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import { styleValues } from "../../../worker/drawio/shapes/library-names.ts";
import { call, say, scriptedModel } from "./scripted-model.ts";

const shapes = shapeCatalog();

/** The entry's keys that are about the shape, not the label. */
const shapeKeys = (name: string) =>
  ["shape", "resIcon", "prIcon", "image", "fillColor", "strokeColor", "gradientColor"].flatMap(
    (key) => {
      const value = styleValues(shapes.libraryShapes(name)[0]?.style).get(key);
      return value === undefined ? [] : [[key, value] as const];
    },
  );

describe("the agent names library shapes and gets draw.io's styles", () => {
  it("from a graph, raw cells and set_style alike", async () => {
    const events: AgentLoopEvent[] = [];
    const result = await runAgentLoop({
      model: scriptedModel([
        [
          call("search_shapes", { query: "api gateway", library: "aws4", limit: 1 }),
          call("create_from_graph", {
            graph: {
              nodes: [
                { id: "gw", kind: "icon", shape: "mxgraph.aws4.api_gateway", label: "API" },
                { id: "fn", label: "Handler" },
              ],
              edges: [{ from: "gw", to: "fn" }],
            },
          }),
        ],
        [
          call("write_cells", {
            xml: '<mxCell id="pod" value="worker" style="shape=mxgraph.kubernetes.pod;" vertex="1" parent="1"><mxGeometry x="400" y="40" width="50" height="48" as="geometry"/></mxCell>',
          }),
          call("edit_diagram", {
            operations: [
              { op: "set_style", id: "fn", style: { shape: "mxgraph.azure2.function_apps" } },
            ],
          }),
        ],
        say("Drew it."),
      ]),
      document: emptyDocument(),
      prompt: "An API in front of a function, and a worker pod",
      shapes,
      onEvent: (e) => events.push(e),
    });
    const search = events.find((e) => e.type === "tool.result");
    expect(search && "output" in search ? search.output : "").toContain(
      "API Gateway (78×78) mxgraph.aws4.api_gateway:",
    );
    expect(result.status).toBe("changed");
    const cells = result.document?.pages[0]?.cells ?? [];
    const style = (id: string) => styleValues(cells.find((c) => c.attrs.id === id)?.attrs.style);
    const expectShape = (id: string, name: string) => {
      for (const [key, value] of shapeKeys(name))
        expect(style(id).get(key), `${id} ${key}`).toBe(value);
    };
    expectShape("gw", "mxgraph.aws4.api_gateway");
    expectShape("pod", "mxgraph.kubernetes.pod");
    expectShape("fn", "mxgraph.azure2.function_apps");
    // The box's theme colours are not carried over: the Azure icon has none of its own.
    expect(style("fn").get("fillColor")).toBeUndefined();
  });
});
