/** Diagrams as MCP resources, and the inline viewer as an MCP App. */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, createDiagram, resourceText } from "./helpers.ts";

let client: Client;
let other: Client;

beforeAll(async () => {
  client = await connect("mcp-key-a");
  other = await connect("mcp-key-b");
});
afterAll(async () => {
  await client.close();
  await other.close();
});

describe("resources", () => {
  it("offers templates and reads the head, a version and the compact view", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "drawforge://diagrams/{id}",
      "drawforge://diagrams/{id}/versions/{n}",
      "drawforge://diagrams/{id}/compact",
    ]);
    const { id } = await createDiagram(client, "Resource");
    await client.callTool({
      name: "edit_diagram",
      arguments: { id, operations: [{ op: "set_label", id: "cart", value: "Basket" }] },
    });
    const head = await client.readResource({ uri: `drawforge://diagrams/${id}` });
    expect(head.contents[0]).toMatchObject({ mimeType: "application/vnd.jgraph.mxfile" });
    expect(resourceText(head)).toContain("Basket");
    const first = await client.readResource({ uri: `drawforge://diagrams/${id}/versions/1` });
    expect(resourceText(first)).toContain('value="Cart"');
    const compact = await client.readResource({ uri: `drawforge://diagrams/${id}/compact` });
    expect(resourceText(compact)).toContain("Basket");
    await expect(other.readResource({ uri: `drawforge://diagrams/${id}` })).rejects.toThrow(
      /not found/i,
    );
    await expect(client.readResource({ uri: "file:///etc/passwd" })).rejects.toThrow(
      /not a Drawforge resource/,
    );
  });

  it("lists the tenant's diagrams as resources, page by page", async () => {
    const { id } = await createDiagram(client, "Listed resource");
    const first = await client.listResources();
    const uris = first.resources.map((r) => r.uri);
    expect(uris).toContain(`drawforge://diagrams/${id}`);
    expect(uris).toContain("ui://drawforge/viewer.html");
    expect(first.resources.find((r) => r.uri.endsWith(id))?.title).toBe("Listed resource");
    const theirs = await other.listResources();
    expect(theirs.resources.map((r) => r.uri)).not.toContain(`drawforge://diagrams/${id}`);
  });

  it("serves the inline viewer as an MCP App and points the diagram tools at it", async () => {
    const { tools } = await client.listTools();
    const create = tools.find((t) => t.name === "create_diagram_from_graph");
    expect(create?._meta).toEqual({ ui: { resourceUri: "ui://drawforge/viewer.html" } });
    const app = await client.readResource({ uri: "ui://drawforge/viewer.html" });
    expect(app.contents[0]).toMatchObject({ mimeType: "text/html;profile=mcp-app" });
    const page = resourceText(app);
    expect(page).toContain(`${inject("mcpBaseUrl")}/widget.js`);
    expect(page).toContain("ui/initialize");
    expect(page).toContain("<drawforge-viewer");
  });
});
