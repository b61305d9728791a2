import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  connect,
  type DiagramRef,
  dataOf,
  GRAPH,
  resourceText,
  script,
  textOf,
} from "./helpers.ts";

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

async function createDiagram(title = "Checkout"): Promise<DiagramRef> {
  const result = await client.callTool({
    name: "create_diagram_from_graph",
    arguments: { graph: GRAPH, title },
  });
  expect(result.isError, textOf(result)).toBeFalsy();
  return dataOf<DiagramRef>(result);
}

async function headVersion(id: string): Promise<number> {
  const result = await client.callTool({ name: "read_diagram", arguments: { id } });
  return Number(/, version (\d+)\./.exec(textOf(result))?.[1]);
}

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

  it("creates from a graph, laid out and stored, with links to open it", async () => {
    const result = await client.callTool({
      name: "create_diagram_from_graph",
      arguments: { graph: GRAPH, title: "Checkout" },
    });
    const ref = dataOf<DiagramRef>(result);
    expect(ref).toMatchObject({ title: "Checkout", version: 1 });
    expect(ref.id).toMatch(/^d_/);
    expect(ref.links.editor).toContain(ref.id);
    expect(ref.links.diagrams_net).toMatch(/^https:\/\/app\.diagrams\.net\//);
    expect(textOf(result)).toContain(ref.links.editor);
    // The inline viewer gets the XML; the model does not.
    expect(String(result._meta?.["drawforge/xml"])).toContain('value="Pay"');
    expect(textOf(result)).not.toContain("<mxGraphModel");
  });

  it("reads the compact view, one cell, an XPath selection and the XML", async () => {
    const { id } = await createDiagram();
    const compact = textOf(await client.callTool({ name: "read_diagram", arguments: { id } }));
    expect(compact).toMatch(
      new RegExp(
        `^Diagram ${id} "Checkout", version 1\\. Open it: http\\S+/edit/${id}#token=dft_\\S+\\n`,
      ),
    );
    expect(compact).toContain("Pay");
    const cell = await client.callTool({
      name: "read_diagram",
      arguments: { id, view: "cell", target: "pay" },
    });
    expect(textOf(cell)).toMatch(/\n<mxCell id="pay"/);
    const edges = await client.callTool({
      name: "read_diagram",
      arguments: { id, view: "xpath", target: "//mxCell[@edge='1']" },
    });
    expect(JSON.parse(textOf(edges).split("\n")[1] ?? "")).toHaveLength(2);
    const xml = await client.callTool({ name: "read_diagram", arguments: { id, view: "xml" } });
    expect(textOf(xml)).toContain("<mxfile");
  });

  it("edits as a new version by author mcp, and refuses a stale if_match with advice", async () => {
    const { id } = await createDiagram();
    const edit = await client.callTool({
      name: "edit_diagram",
      arguments: {
        id,
        if_match: 1,
        operations: [{ op: "set_label", id: "pay", value: "Pay now" }],
        message: "Renamed the payment step",
      },
    });
    expect(edit.isError, textOf(edit)).toBeFalsy();
    expect(dataOf<DiagramRef & { changed: string[] }>(edit)).toMatchObject({
      id,
      version: 2,
      changed: ["pay"],
    });
    const stale = await client.callTool({
      name: "edit_diagram",
      arguments: { id, if_match: 1, operations: [{ op: "delete", id: "done" }] },
    });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toContain("version_mismatch");
    expect(textOf(stale)).toContain("read_diagram again");
    expect(await headVersion(id)).toBe(2);
    const versions = await client.callTool({
      name: "run_tool",
      arguments: { name: "list_versions", arguments: { id } },
    });
    const history = JSON.parse(textOf(versions)) as { versions: Array<{ author: string }> };
    expect(history.versions.map((v) => v.author)).toEqual(["mcp", "mcp"]);
  });

  it("makes a write once when it is retried with the same idempotency key", async () => {
    const args = { graph: GRAPH, title: "Once", idempotency_key: `once-${Date.now()}` };
    const first = dataOf<DiagramRef>(
      await client.callTool({ name: "create_diagram_from_graph", arguments: args }),
    );
    const again = dataOf<DiagramRef>(
      await client.callTool({ name: "create_diagram_from_graph", arguments: args }),
    );
    expect(again.id).toBe(first.id);
  });

  it("exports a .drawio file, compressed pages, a diagrams.net link and an SVG image", async () => {
    const { id } = await createDiagram();
    const file = await client.callTool({ name: "export_diagram", arguments: { id } });
    expect(textOf(file)).toContain("<mxfile");
    const compressed = await client.callTool({
      name: "export_diagram",
      arguments: { id, format: "compressed" },
    });
    expect(textOf(compressed)).toMatch(/<diagram[^>]*>[A-Za-z0-9+/=]+<\/diagram>/);
    const link = await client.callTool({
      name: "export_diagram",
      arguments: { id, format: "url" },
    });
    expect(textOf(link)).toMatch(/^https:\/\/app\.diagrams\.net\//);
    const svg = await client.callTool({ name: "export_diagram", arguments: { id, format: "svg" } });
    expect(textOf(svg)).toMatch(/^<svg /);
    expect(textOf(svg)).toContain(">Pay</text>");
    // A PNG comes as MCP image content, which hosts show and vision models see.
    const png = await client.callTool({ name: "export_diagram", arguments: { id, format: "png" } });
    const content = png.content as Array<{ type: string; data?: string; mimeType?: string }>;
    expect(content[0]?.type).toBe("text");
    expect(content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(
      Buffer.from(content[1]?.data ?? "", "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("finds the other tools with their schemas and runs them", async () => {
    const found = await client.callTool({ name: "find_tools", arguments: { query: "version" } });
    const names = (JSON.parse(textOf(found)) as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    expect(names).toEqual(expect.arrayContaining(["list_versions", "restore_version"]));
    const { id } = await createDiagram("Versions");
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

  it("lists and searches the tenant's diagrams, newest change first, in pages", async () => {
    const tag = `Ledger ${Date.now()}`;
    const older = await createDiagram(`${tag} one`);
    const newer = await createDiagram(`${tag} two`);
    const listed = await client.callTool({ name: "list_diagrams", arguments: { query: tag } });
    const page = dataOf<{ diagrams: Array<{ id: string }>; total: number }>(listed);
    expect(page.diagrams.map((d) => d.id)).toEqual([newer.id, older.id]);
    expect(page.total).toBe(2);
    const first = dataOf<{ diagrams: unknown[]; next_cursor: string }>(
      await client.callTool({ name: "list_diagrams", arguments: { query: tag, limit: 1 } }),
    );
    expect(first.diagrams).toHaveLength(1);
    const second = dataOf<{ diagrams: Array<{ id: string }>; next_cursor: string | null }>(
      await client.callTool({
        name: "list_diagrams",
        arguments: { query: tag, limit: 1, cursor: first.next_cursor },
      }),
    );
    expect(second.diagrams.map((d) => d.id)).toEqual([older.id]);
    const searched = await client.callTool({
      name: "search_diagrams",
      arguments: { query: `${tag} two` },
    });
    expect(dataOf<{ diagrams: Array<{ id: string }> }>(searched).diagrams).toEqual([
      expect.objectContaining({ id: newer.id }),
    ]);
    const elsewhere = await other.callTool({ name: "list_diagrams", arguments: { query: tag } });
    expect(dataOf<{ diagrams: unknown[] }>(elsewhere).diagrams).toEqual([]);
  });

  it("keeps tenants apart: another key's diagram is not found", async () => {
    const { id } = await createDiagram();
    const read = await other.callTool({ name: "read_diagram", arguments: { id } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toContain("not_found");
    const edit = await other.callTool({
      name: "edit_diagram",
      arguments: { id, operations: [{ op: "delete", id: "pay" }] },
    });
    expect(edit.isError).toBe(true);
    expect(await headVersion(id)).toBe(1);
  });

  it("generates through the server-side agent, reporting progress", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH, title: "Checkout flow" } }] },
      { text: "Drew the checkout flow." },
    ]);
    const progress: string[] = [];
    const result = await client.callTool(
      { name: "generate_diagram", arguments: { prompt: "A checkout flow" } },
      undefined,
      { onprogress: (p) => progress.push(String(p.message)), timeout: 30_000 },
    );
    expect(result.isError, textOf(result)).toBeFalsy();
    const ref = dataOf<DiagramRef & { reply: string }>(result);
    // Version 1 is the empty page the turn started from; the turn saved version 2.
    expect(ref).toMatchObject({ version: 2, reply: "Drew the checkout flow." });
    expect(progress).toEqual(
      expect.arrayContaining(["the agent started", "the agent calls create_from_graph"]),
    );
  });

  it("answers a busy diagram with a tool error the model can act on", async () => {
    const { id } = await createDiagram("Busy");
    await script([{ text: "Thinking slowly.", delayMs: 2_000 }]);
    // A person's agent turn on the diagram, through the REST API.
    const turn = fetch(new URL(`/v1/diagrams/${id}/messages`, inject("mcpBaseUrl")), {
      method: "POST",
      headers: { authorization: "Bearer mcp-key-a", "content-type": "application/json" },
      body: JSON.stringify({ prompt: "Think about it" }),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const edit = await client.callTool({
      name: "edit_diagram",
      arguments: { id, operations: [{ op: "delete", id: "done" }] },
    });
    expect(edit.isError).toBe(true);
    expect(textOf(edit)).toContain("turn_in_progress");
    expect(textOf(edit)).toContain("wait a few seconds and call again");
    expect((await turn).status).toBe(200);
    expect(await headVersion(id)).toBe(1);
  });

  it("answers a turn that fails as a tool error", async () => {
    await script([{ status: 400 }]);
    const result = await client.callTool({
      name: "generate_diagram",
      arguments: { prompt: "Anything" },
    });
    expect(result.isError).toBe(true);
  });
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
      const { id } = await createDiagram("Untouched");
      const filled = JSON.parse(JSON.stringify(args).replaceAll("PLACEHOLDER", id)) as Record<
        string,
        unknown
      >;
      const result = await client.callTool({ name, arguments: filled });
      expect(result.isError, textOf(result)).toBe(true);
      expect(textOf(result)).toMatch(pattern);
      expect(await headVersion(id)).toBe(1);
    },
  );
});

describe("resources", () => {
  it("offers templates and reads the head, a version and the compact view", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "drawforge://diagrams/{id}",
      "drawforge://diagrams/{id}/versions/{n}",
      "drawforge://diagrams/{id}/compact",
    ]);
    const { id } = await createDiagram("Resource");
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
    const { id } = await createDiagram("Listed resource");
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

describe("the transport", () => {
  it("refuses a call without credentials with 401 and a resource metadata challenge", async () => {
    const res = await fetch(new URL("/mcp", inject("mcpBaseUrl")), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer .*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    await expect(connect("not-a-key")).rejects.toThrow();
    await expect(connect(null)).rejects.toThrow();
  });

  it("refuses a browser page of another origin (DNS rebinding)", async () => {
    const res = await fetch(new URL("/mcp", inject("mcpBaseUrl")), {
      method: "POST",
      headers: {
        authorization: "Bearer mcp-key-a",
        origin: "https://evil.example",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("https://evil.example");
  });

  it("answers GET and DELETE with 405: the server keeps no sessions", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(new URL("/mcp", inject("mcpBaseUrl")), {
        method,
        headers: { authorization: "Bearer mcp-key-a", accept: "text/event-stream" },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });
});
