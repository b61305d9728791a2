/**
 * The tools that meet the server-side agent. They script the one model server, so they stay in
 * one file and run in order.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  connect,
  createDiagram,
  type DiagramRef,
  dataOf,
  GRAPH,
  headVersion,
  script,
  textOf,
} from "./helpers.ts";

let client: Client;

beforeAll(async () => {
  client = await connect("mcp-key-a");
});
afterAll(async () => {
  await client.close();
});

describe("the agent behind the tools", () => {
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
    expect(progress).toEqual([
      "the agent started",
      "the agent calls create_from_graph",
      "saved version 2",
    ]);
  });

  it("answers a busy diagram with a tool error the model can act on", async () => {
    const { id } = await createDiagram(client, "Busy");
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
    expect(await headVersion(client, id)).toBe(1);
  });

  it("answers a turn that fails as a tool error", async () => {
    await script([{ status: 400 }]);
    const result = await client.callTool({
      name: "generate_diagram",
      arguments: { prompt: "Anything" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Nothing was drawn: /);
  });

  it("answers a model that draws nothing with a tool error saying no diagram was kept", async () => {
    await script([{ text: "Which flow do you mean?" }]);
    const result = await client.callTool({
      name: "generate_diagram",
      arguments: { prompt: "The flow" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Nothing was drawn: the agent answered without drawing a diagram, and none was kept. It said: Which flow do you mean?",
    );
  });

  it('generates in the house style, or without it when asked for style "none"', async () => {
    // Its own tenant: a tenant's house style reaches every turn it runs.
    const house = await connect("mcp-key-house");
    const rule = "Label databases with their engine (Postgres).";
    const set = await house.callTool({
      name: "set_style_memory",
      arguments: { theme: { node: { fillColor: "#e0f2f1" } }, rules: [rule] },
    });
    expect(set.isError, textOf(set)).toBeFalsy();
    const draw = async (args: Record<string, unknown>) => {
      await script([
        { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] },
        { text: "Drew it." },
      ]);
      const result = await house.callTool({ name: "generate_diagram", arguments: args });
      expect(result.isError, textOf(result)).toBeFalsy();
      const requests = await (await fetch(`${inject("mcpLlmUrl")}/__requests`)).json();
      const xml = await (
        await fetch(
          new URL(
            `/v1/diagrams/${dataOf<DiagramRef>(result).id}/export?format=drawio`,
            inject("mcpBaseUrl"),
          ),
          {
            headers: { authorization: "Bearer mcp-key-house" },
          },
        )
      ).text();
      return { context: JSON.stringify(requests), xml };
    };
    const styled = await draw({ prompt: "Orders and their database" });
    expect(styled.context).toContain(`- ${rule}`);
    expect(styled.xml).toContain("fillColor=#e0f2f1");
    const plain = await draw({ prompt: "Orders and their database", style: "none" });
    expect(plain.context).not.toContain(rule);
    expect(plain.xml).not.toContain("#e0f2f1");
    await house.close();
  });
});
