/** The diagram tools one by one: create, read, edit, export, list and search, per tenant. */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect,
  createDiagram,
  type DiagramRef,
  dataOf,
  GRAPH,
  headVersion,
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

describe("the diagram tools", () => {
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
    const { id } = await createDiagram(client);
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
    const { id } = await createDiagram(client);
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
    expect(await headVersion(client, id)).toBe(2);
    const versions = await client.callTool({
      name: "run_tool",
      arguments: { name: "list_versions", arguments: { id } },
    });
    const history = JSON.parse(textOf(versions)) as { versions: Array<{ author: string }> };
    expect(history.versions.map((v) => v.author)).toEqual(["mcp", "mcp"]);
  });

  it("adds to a diagram with add_graph: placed by the engine, nothing that exists moved", async () => {
    const { id } = await createDiagram(client);
    const before = textOf(
      await client.callTool({ name: "read_diagram", arguments: { id, view: "xml" } }),
    );
    const edit = await client.callTool({
      name: "edit_diagram",
      arguments: {
        id,
        operations: [
          {
            op: "add_graph",
            graph: {
              nodes: [{ id: "receipt", label: "Send receipt", kind: "document" }],
              edges: [{ from: "pay", to: "receipt", label: "paid" }],
            },
          },
        ],
      },
    });
    expect(edit.isError, textOf(edit)).toBeFalsy();
    expect(dataOf<DiagramRef & { changed: string[] }>(edit).changed).toEqual([
      "receipt",
      "e-pay-receipt",
    ]);
    const after = textOf(
      await client.callTool({ name: "read_diagram", arguments: { id, view: "xml" } }),
    );
    const geometry = (xml: string, cell: string) =>
      new RegExp(`id="${cell}"[^>]*>\\s*<mxGeometry[^>]*>`).exec(xml)?.[0];
    for (const cell of ["cart", "pay", "done"]) {
      expect(geometry(after, cell)).toBe(geometry(before, cell));
    }
    expect(after).toMatch(/id="receipt"[^>]*>\s*<mxGeometry x="[\d.-]+" y="[\d.-]+"/);
    const unknown = await client.callTool({
      name: "edit_diagram",
      arguments: {
        id,
        operations: [{ op: "add_graph", graph: { edges: [{ from: "pay", to: "nope" }] } }],
      },
    });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('operation 0 (add_graph on "nope") failed');
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
    const { id } = await createDiagram(client);
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

  it("lists and searches the tenant's diagrams, newest change first, in pages", async () => {
    const tag = `Ledger ${Date.now()}`;
    const older = await createDiagram(client, `${tag} one`);
    const newer = await createDiagram(client, `${tag} two`);
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
    const { id } = await createDiagram(client);
    const read = await other.callTool({ name: "read_diagram", arguments: { id } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toContain("not_found");
    const edit = await other.callTool({
      name: "edit_diagram",
      arguments: { id, operations: [{ op: "delete", id: "pay" }] },
    });
    expect(edit.isError).toBe(true);
    expect(await headVersion(client, id)).toBe(1);
  });
});
