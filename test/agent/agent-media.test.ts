import { describe, expect, it } from "vitest";
import { api, createDiagram, expectProblem, SMALL_XML } from "../worker/api.ts";
import { script, sentToModel } from "./model-script.ts";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const GRAPH = {
  nodes: [
    { id: "idea", label: "Idea" },
    { id: "ship", label: "Ship it", kind: "end" },
  ],
  edges: [{ from: "idea", to: "ship" }],
};

describe("attachments, titles, usage and retries through the real provider", () => {
  it("passes image attachments (URL and base64) to a vision model, and the agent names the diagram", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH, title: "Idea to launch" } }] },
      { text: "Redrew the whiteboard." },
    ]);
    const res = await api("/v1/generate", {
      method: "POST",
      body: {
        prompt: "Redraw this whiteboard photo",
        attachments: [
          { url: "https://images.example/board.jpg" },
          { data: PNG, media_type: "image/png" },
        ],
      },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.title).toBe("Idea to launch");
    const [first] = await sentToModel();
    const user = JSON.stringify(first?.messages.at(-1));
    expect(user).toContain('"type":"image_url"');
    expect(user).toContain("https://images.example/board.jpg");
    expect(user).toContain(`data:image/png;base64,${PNG}`);
    // The head's title is the agent's; the conversation notes the attachments, not their bytes.
    expect((await api(`/v1/diagrams/${res.json.diagram_id}`)).json.title).toBe("Idea to launch");
    const messages = await api(`/v1/diagrams/${res.json.diagram_id}/messages`);
    const asked = messages.json.items.find((m: { role: string }) => m.role === "user");
    expect(asked.content).toContain("[2 attachments sent]");
    expect(asked.content).not.toContain(PNG);
  });

  it("keeps a title the caller gave", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH, title: "Model's name" } }] },
      { text: "Done." },
    ]);
    const res = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "idea to ship", title: "My roadmap" },
    });
    expect(res.json.title).toBe("My roadmap");
  });

  it("refuses attachments for a model without vision, before running anything", async () => {
    const body = {
      prompt: "Redraw this",
      model: "scripted-blind",
      attachments: [{ data: PNG, media_type: "image/png" }],
    };
    const res = await api("/v1/generate", { method: "POST", body });
    const problem = expectProblem(res, 422, "model_lacks_vision");
    expect(problem.detail).toContain("DRAWFORGE_VISION_MODELS");
    expect(problem.diagram_id).toBeUndefined();
    const id = await createDiagram(SMALL_XML);
    expectProblem(
      await api(`/v1/diagrams/${id}/messages`, { method: "POST", body }),
      422,
      "model_lacks_vision",
    );
    // Without attachments the same model is fine.
    await script([{ text: "Nothing to change." }]);
    const plain = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Anything?", model: "scripted-blind" },
    });
    expect(plain.json.status).toBe("unchanged");
    expect((await sentToModel())[0]?.model).toBe("scripted-blind");
  });

  it("checks attachments: one of url and data, a media type with data, no PDF by URL", async () => {
    for (const attachment of [
      {},
      { url: "https://x.example/a.png", data: PNG, media_type: "image/png" },
      { data: PNG },
      { data: "not base64!", media_type: "image/png" },
      { url: "https://x.example/a.pdf", media_type: "application/pdf" },
      { url: "file:///etc/passwd" },
      { data: PNG, media_type: "image/svg+xml" },
    ]) {
      const res = await api("/v1/generate", {
        method: "POST",
        body: { prompt: "x", attachments: [attachment] },
      });
      expectProblem(res, 422, "invalid_request");
    }
    const five = Array.from({ length: 5 }, () => ({ data: PNG, media_type: "image/png" }));
    expectProblem(
      await api("/v1/generate", { method: "POST", body: { prompt: "x", attachments: five } }),
      422,
      "invalid_request",
    );
  });

  it("retries a model call that got 429, after the retry-after the server asked for", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      { status: 429, retryAfterMs: 50 },
      { status: 503, retryAfterMs: 50 },
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "a", value: "Go" }] },
          },
        ],
      },
      { text: "Renamed it." },
    ]);
    const res = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Rename Start to Go" },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.version).toBe(2);
    expect(await sentToModel()).toHaveLength(4);
  });

  it("records the turn's token usage on its version", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "a", value: "Go" }] },
          },
        ],
      },
      { text: "Renamed it." },
    ]);
    const turn = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Rename Start to Go" },
    });
    const versions = await api(`/v1/diagrams/${id}/versions`);
    const [agentVersion, first] = versions.json.items;
    expect(agentVersion).toMatchObject({ n: 2, author: "agent", usage: turn.json.usage });
    // Two drawing calls and the house-style job, 1,200 in, 80 out, 1,000 cached each.
    expect(agentVersion.usage).toEqual({ input: 3600, output: 240, cached: 3000 });
    expect(first.usage).toBeNull();
    expect((await api(`/v1/diagrams/${id}/versions/2`)).json.usage).toEqual(turn.json.usage);
    // The tool schemas the model is sent carry no token-wasting boilerplate.
    const tools = JSON.stringify((await sentToModel())[0]);
    expect(tools).toContain('"name":"edit_diagram"');
    expect(tools).not.toContain("$schema");
    expect(tools).not.toContain("9007199254740991");
  });
});
