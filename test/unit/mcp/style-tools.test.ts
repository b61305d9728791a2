/**
 * The house-style MCP tools as the server lists them, with the server module loaded on its own
 * (as `npm run docs:readme` and the MCP bench load it): the draw.io library comes first there,
 * and the style schemas must still be named for the OpenAPI document.
 */
import { describe, expect, it } from "vitest";
import { MCP_TOOLS, toolListing } from "../../../worker/routes/mcp/server.ts";

describe("the house-style MCP tools", () => {
  it("are listed with every tool, not in the core set, and find_tools names them", () => {
    const all = toolListing("all").map((t) => t.name);
    expect(all).toEqual(expect.arrayContaining(["get_style", "set_style_memory"]));
    expect(toolListing("core").map((t) => t.name)).not.toContain("get_style");
    expect(MCP_TOOLS.get("find_tools")?.description).toContain("get_style, set_style_memory");
  });

  it("describe the theme's draw.io values and the rules' limits in set_style_memory's schema", () => {
    const tool = toolListing("all").find((t) => t.name === "set_style_memory");
    const properties = tool?.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(["theme", "rules", "clear"]);
    expect(JSON.stringify(properties.theme)).toContain('"decision"');
    expect(properties.rules).toMatchObject({ type: "array", maxItems: 10 });
    expect(tool?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
  });
});
