/**
 * The house-style tools (`get_style`, `set_style_memory`): found with `find_tools`, run on the
 * API as the caller, and refusing wrong arguments. Their own tenant: the style reaches every turn
 * of a tenant.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, textOf } from "./helpers.ts";

let client: Client;

beforeAll(async () => {
  client = await connect("mcp-key-style");
});
afterAll(async () => {
  await client.close();
});

/** The house style as `GET /v1/style` answers it to `key`. */
async function restStyle(key: string): Promise<unknown> {
  const res = await fetch(new URL("/v1/style", inject("mcpBaseUrl")), {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

const THEME = {
  direction: "right",
  node: { fillColor: "#E0F2F1", strokeColor: "#00796b", rounded: "1" },
  kinds: { decision: { fillColor: "#fff8e1" } },
  edge: { edgeStyle: "orthogonalEdgeStyle" },
};

describe("the house-style tools", () => {
  it("are found with find_tools, with their schemas, and are not in the default list", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain("get_style");
    const found = await client.callTool({ name: "find_tools", arguments: { query: "style" } });
    const listed = JSON.parse(textOf(found)) as {
      tools: Array<{ name: string; input_schema: { properties?: Record<string, unknown> } }>;
    };
    const byName = new Map(listed.tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(["get_style", "set_style_memory"]));
    expect(Object.keys(byName.get("set_style_memory")?.input_schema.properties ?? {})).toEqual([
      "theme",
      "rules",
      "clear",
    ]);
  });

  it("reads, replaces and forgets the house style, as the REST API shows it", async () => {
    const empty = await client.callTool({ name: "get_style", arguments: {} });
    expect(empty.isError, textOf(empty)).toBeFalsy();
    expect(textOf(empty)).toContain("The house style is empty");

    const set = await client.callTool({
      name: "run_tool",
      arguments: {
        name: "set_style_memory",
        arguments: { theme: THEME, rules: ["Label databases with their engine (Postgres)."] },
      },
    });
    expect(set.isError, textOf(set)).toBeFalsy();
    expect(textOf(set).split("\n")).toEqual([
      "Saved.",
      'House style (learned from hand edits in 0 diagrams; new diagrams get it unless a request says style "none"):',
      "Theme:",
      "- direction: right",
      "- every node: fillColor=#e0f2f1, strokeColor=#00796b, rounded=1",
      "- decision nodes: fillColor=#fff8e1",
      "- edges: edgeStyle=orthogonalEdgeStyle",
      `Pinned by a person: ${JSON.stringify({ ...THEME, node: { ...THEME.node, fillColor: "#e0f2f1" } })}`,
      "Rules:",
      "- Label databases with their engine (Postgres). (set by a person)",
    ]);
    // What the API now holds, as the lines said.
    expect(await restStyle("mcp-key-style")).toMatchObject({
      pinned: { ...THEME, node: { ...THEME.node, fillColor: "#e0f2f1" } },
      rules: [{ text: "Label databases with their engine (Postgres).", source: "person" }],
    });
    const read = await client.callTool({ name: "get_style", arguments: {} });
    expect(textOf(read)).toBe(textOf(set).replace("Saved.\n", ""));
    // Another tenant sees none of it.
    expect(await restStyle("mcp-key-b")).toMatchObject({ rules: [], pinned: {} });

    const rules = await client.callTool({
      name: "set_style_memory",
      arguments: { rules: [] },
    });
    expect(textOf(rules)).toContain("Rules: none.");
    expect(textOf(rules)).toContain("- direction: right");
    expect(await restStyle("mcp-key-style")).toMatchObject({
      rules: [],
      pinned: { direction: "right" },
    });

    const cleared = await client.callTool({ name: "set_style_memory", arguments: { clear: true } });
    expect(textOf(cleared)).toBe(
      "Forgotten.\nThe house style is empty: nothing learned or set. New diagrams get the built-in look.",
    );
    expect(await restStyle("mcp-key-style")).toMatchObject({ theme: {}, pinned: {}, rules: [] });
  });

  it.each([
    [{}, /send theme, rules or both, or clear: true/],
    [{ clear: true, rules: ["Keep it."] }, /send it alone/],
    [{ theme: { node: { fillColor: "teal" } } }, /theme\.node\.fillColor/],
    [{ theme: { kinds: { text: { fillColor: "#ffffff" } } } }, /theme\.kinds/],
    [{ rules: Array.from({ length: 11 }, (_, i) => `Rule ${i}.`) }, /rules/],
    [{ rules: ["two\nlines"] }, /rules\.0/],
  ])("set_style_memory refuses %j and changes nothing", async (args, pattern) => {
    const before = await restStyle("mcp-key-style");
    const result = await client.callTool({ name: "set_style_memory", arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(pattern);
    expect(await restStyle("mcp-key-style")).toEqual(before);
  });
});
