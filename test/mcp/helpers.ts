import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, inject } from "vitest";
import type { ScriptStep } from "../fixtures/model-server/index.ts";

/** A graph the tests draw: three nodes in a row. */
export const GRAPH = {
  nodes: [
    { id: "cart", label: "Cart" },
    { id: "pay", label: "Pay", kind: "process" },
    { id: "done", label: "Done", kind: "end" },
  ],
  edges: [
    { from: "cart", to: "pay" },
    { from: "pay", to: "done" },
  ],
};

/**
 * An official MCP client connected to the Worker's `/mcp` with a bearer (an API key or an OAuth
 * access token), over Streamable HTTP.
 */
export async function connect(bearer: string | null = "mcp-key-a", query = ""): Promise<Client> {
  const client = new Client({ name: "drawforge-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(
    new URL(`/mcp${query}`, inject("mcpBaseUrl")),
    bearer === null ? {} : { requestInit: { headers: { authorization: `Bearer ${bearer}` } } },
  );
  await client.connect(transport);
  return client;
}

/** The text of a tool answer. */
export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** A tool answer's structured content, typed for the test. */
export function dataOf<T>(result: unknown): T {
  return (result as CallToolResult).structuredContent as T;
}

/** Queues the scripted model's next answers. */
export async function script(steps: ScriptStep[]): Promise<void> {
  const res = await fetch(`${inject("mcpLlmUrl")}/__script`, {
    method: "POST",
    body: JSON.stringify(steps),
  });
  if (!res.ok) throw new Error(`scripting the model failed: ${res.status}`);
}

/** A diagram as the create and edit tools answer it. */
export interface DiagramRef {
  id: string;
  title: string;
  version: number;
  links: { editor: string; diagrams_net?: string; api: string };
}

/** The text of the first content of a resource read. */
export function resourceText(result: { contents: ReadResourceResult["contents"] }): string {
  const first = result.contents[0];
  return first && "text" in first ? first.text : "";
}

/** Creates a diagram of `GRAPH` through the client's `create_diagram_from_graph`. */
export async function createDiagram(client: Client, title = "Checkout"): Promise<DiagramRef> {
  const result = await client.callTool({
    name: "create_diagram_from_graph",
    arguments: { graph: GRAPH, title },
  });
  expect(result.isError, textOf(result)).toBeFalsy();
  return dataOf<DiagramRef>(result);
}

/** A diagram's head version, as the header of `read_diagram` names it. */
export async function headVersion(client: Client, id: string): Promise<number> {
  const result = await client.callTool({ name: "read_diagram", arguments: { id } });
  return Number(/, version (\d+)\./.exec(textOf(result))?.[1]);
}
