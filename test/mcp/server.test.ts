/** The MCP server as a client first meets it: initialize, tools/list, and find_tools/run_tool. */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createDiagram, textOf } from "./helpers.ts";

let client: Client;

beforeAll(async () => {
  client = await connect("mcp-key-a");
});
afterAll(async () => {
  await client.close();
});

describe("the MCP server", () => {
  it("initializes as Drawforge with tools and resources", () => {
    expect(client.getServerVersion()?.name).toBe("drawforge");
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toContain("find_tools");
  });

  it("lists a small default set of tools, under 2,500 tokens, and every tool with ?tools=all", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "create_diagram_from_graph",
        "edit_diagram",
        "export_diagram",
        "find_tools",
        "generate_diagram",
        "list_diagrams",
        "read_diagram",
        "run_tool",
      ].sort(),
    );
    expect(encode(JSON.stringify({ tools })).length).toBeLessThan(2_500);
    const all = await connect("mcp-key-a", "?tools=all");
    const every = (await all.listTools()).tools.map((t) => t.name);
    await all.close();
    expect(every).toEqual(
      expect.arrayContaining(["relayout", "search_shapes", "validate_xml", "diff_versions"]),
    );
    expect(every).not.toContain("run_tool");
  });

  it("finds the other tools with their schemas and runs them", async () => {
    const found = await client.callTool({ name: "find_tools", arguments: { query: "version" } });
    const names = (JSON.parse(textOf(found)) as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    expect(names).toEqual(expect.arrayContaining(["list_versions", "restore_version"]));
    const { id } = await createDiagram(client, "Versions");
    await client.callTool({
      name: "edit_diagram",
      arguments: { id, operations: [{ op: "delete", id: "done" }] },
    });
    const diff = await client.callTool({
      name: "run_tool",
      arguments: { name: "diff_versions", arguments: { id, version: 2 } },
    });
    expect(diff.isError, textOf(diff)).toBeFalsy();
    expect(textOf(diff)).toContain("done");
    const restored = await client.callTool({
      name: "run_tool",
      arguments: { name: "restore_version", arguments: { id, version: 1 } },
    });
    expect(textOf(restored)).toContain("version 3");
    const relaid = await client.callTool({
      name: "run_tool",
      arguments: { name: "relayout", arguments: { id, direction: "right" } },
    });
    expect(textOf(relaid)).toContain("version 4");
    const shapes = await client.callTool({
      name: "run_tool",
      arguments: { name: "search_shapes", arguments: { query: "lambda", library: "aws4" } },
    });
    expect(textOf(shapes)).toContain("mxgraph.aws4");
    const valid = await client.callTool({
      name: "run_tool",
      arguments: { name: "validate_xml", arguments: { xml: "<mxGraphModel><root>" } },
    });
    expect(JSON.parse(textOf(valid))).toMatchObject({ valid: false });
    // A tool outside the default list can be called by name too.
    const direct = await client.callTool({ name: "list_versions", arguments: { id } });
    expect(textOf(direct)).toContain('"n":4');
  });
});
