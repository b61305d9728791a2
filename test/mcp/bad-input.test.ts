/** Every tool refuses wrong arguments with a tool error and changes nothing. */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createDiagram, headVersion, textOf } from "./helpers.ts";

let client: Client;

beforeAll(async () => {
  client = await connect("mcp-key-a");
});
afterAll(async () => {
  await client.close();
});

describe("bad input", () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ["generate_diagram", { prompt: "" }, /prompt/],
    ["create_diagram_from_graph", { graph: { nodes: "x" } }, /graph/],
    [
      "create_diagram_from_graph",
      { graph: { nodes: [], edges: [{ from: "a", to: "b" }] } },
      /invalid_graph|unknown|node/i,
    ],
    ["read_diagram", { id: "d_nope0000000000", view: "cell" }, /target|not_found/],
    ["read_diagram", { view: "compact" }, /id/],
    [
      "read_diagram",
      { id: "PLACEHOLDER", view: "xpath", target: "//mxCell[" },
      /XPath|expression/i,
    ],
    ["edit_diagram", { id: "PLACEHOLDER", operations: [] }, /operations/],
    [
      "edit_diagram",
      { id: "PLACEHOLDER", operations: [{ op: "delete", id: "nope" }] },
      /operation_failed|cell_not_found|nope/,
    ],
    ["list_diagrams", { limit: 0 }, /limit/],
    ["export_diagram", { id: "PLACEHOLDER", format: "pdf" }, /format/],
    ["search_diagrams", {}, /query/],
    ["relayout", { id: "PLACEHOLDER", container_id: "nope" }, /nope|not_found|container/i],
    ["search_shapes", { query: "" }, /query/],
    ["validate_xml", { xml: "" }, /xml/],
    ["list_versions", { id: "not-an-id" }, /id|not_found|invalid/i],
    ["restore_version", { id: "PLACEHOLDER", version: 99 }, /version_not_found/],
    ["diff_versions", { id: "PLACEHOLDER", version: 0 }, /version/],
    ["find_tools", { query: 5 }, /query/],
    ["run_tool", { name: "generate_diagram", arguments: {} }, /name/],
  ];

  it.each(cases)(
    "%s answers %j as a tool error and changes nothing",
    async (name, args, pattern) => {
      const { id } = await createDiagram(client, "Untouched");
      const filled = JSON.parse(JSON.stringify(args).replaceAll("PLACEHOLDER", id)) as Record<
        string,
        unknown
      >;
      const result = await client.callTool({ name, arguments: filled });
      expect(result.isError, textOf(result)).toBe(true);
      expect(textOf(result)).toMatch(pattern);
      expect(await headVersion(client, id)).toBe(1);
    },
  );
});
