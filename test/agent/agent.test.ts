import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { sha256, toHex } from "../../worker/auth/encoding.ts";
import { validateDocument, validateXml } from "../../worker/drawio/check/validate.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { TurnEventSchema } from "../../worker/schemas/agent.ts";
import type { RecordedRequest } from "../fixtures/model-server/index.ts";
import { api, createDiagram, expectProblem, KEY_A, SMALL_XML } from "../worker/api.ts";
import { modelCalled, modelJobs, script, sentToModel } from "./model-script.ts";

/** Tenant A's id, derived from its key exactly as the Worker does. */
const TENANT_A = `t_${toHex(await sha256(KEY_A)).slice(0, 32)}`;

const GRAPH = {
  direction: "right",
  nodes: [
    { id: "cart", label: "Cart" },
    { id: "pay", label: "Pay?", kind: "decision" },
    { id: "retry", label: "Retry payment" },
    { id: "done", label: "Order placed", kind: "end" },
  ],
  edges: [
    { from: "cart", to: "pay" },
    { from: "pay", to: "done", label: "ok" },
    { from: "pay", to: "retry", label: "declined" },
    { from: "retry", to: "pay" },
  ],
};

function events(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split("\n\n")
    .filter((b) => b.startsWith("event: "))
    .map((b) => ({
      event: /^event: (.+)$/m.exec(b)?.[1] ?? "",
      data: JSON.parse(/^data: (.*)$/m.exec(b)?.[1] ?? "{}") as Record<string, unknown>,
    }));
}

describe("the agent through the real OpenAI provider (scripted Chat Completions server)", () => {
  it("generates a diagram, then changes it in a follow-up message", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] },
      { text: "Drew the checkout flow." },
    ]);
    const res = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Checkout flow with payment retries" },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({
      status: "changed",
      version: 2,
      // The drawing model left it unnamed: the title job named it (the server's rule answer).
      title: "Scripted title",
      text: "Drew the checkout flow.",
    });
    const [titleJob] = await modelJobs();
    expect(titleJob?.normalized.system).toMatch(/^You name/);
    expect(titleJob?.normalized.messages[0]?.text).toContain("Checkout flow with payment retries");
    // Two drawing calls, the title job and the house-style job, 1,200 in, 80 out, 1,000 cached each.
    expect(res.json.usage).toEqual({ input: 4800, output: 320, cached: 4000 });
    expect(
      validateDocument(parseDiagram(res.json.xml)).filter((f) => f.severity === "error"),
    ).toEqual([]);
    expect(res.json.links.diagrams_net).toMatch(/^https:\/\/app\.diagrams\.net\//);
    expect(res.json.links.svg).toBe(
      `http://drawforge.test/v1/diagrams/${res.json.diagram_id}/export?format=svg`,
    );
    const id = res.json.diagram_id as string;
    // links.editor opens this diagram: /edit/{id} with an edit token in the fragment, which
    // reads and edits this diagram (and no other).
    const editor = new URL(res.json.links.editor);
    expect(editor.pathname).toBe(`/edit/${id}`);
    const token = new URLSearchParams(editor.hash.slice(1)).get("token") ?? "";
    expect(token).toMatch(/^dft_/);
    const asEditor = { auth: token };
    expect((await api(`/v1/diagrams/${id}`, asEditor)).json.version).toBe(2);
    const other = await createDiagram();
    expect((await api(`/v1/diagrams/${other}`, asEditor)).status).toBe(403);
    const page = await exports.default.fetch(`${editor.origin}${editor.pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`data-diagram-id="${id}"`);

    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "retry", value: "Retry with backoff" }] },
          },
        ],
      },
      { text: "Renamed the retry step." },
    ]);
    const next = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Say it retries with backoff" },
    });
    expect(next.json).toMatchObject({ status: "changed", version: 3 });
    expect(next.json.xml).toContain("Retry with backoff");
    const sent = (await sentToModel()) as Array<{
      messages: Array<{ role: string; content: unknown }>;
    }>;
    const context = JSON.stringify(sent[0]?.messages);
    expect(context).toContain("Checkout flow with payment retries");
    expect(context).toContain("retry");

    const versions = await api(`/v1/diagrams/${id}/versions`);
    expect(versions.json.items[0]).toMatchObject({
      n: 3,
      author: "agent",
      message: "Renamed the retry step.",
    });
    const messages = await api(`/v1/diagrams/${id}/messages`);
    expect(messages.json.items.map((m: { role: string }) => m.role)).toEqual([
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("adds a node between two existing ones through create_from_graph, moving nothing", async () => {
    // Start and End sit side by side, 280 px apart: room for a node between them.
    const wide =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
      '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="60" as="geometry"/></mxCell>' +
      '<mxCell id="b" value="End" vertex="1" parent="1"><mxGeometry x="420" y="20" width="120" height="60" as="geometry"/></mxCell>' +
      '<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
      "</root></mxGraphModel>";
    const id = await createDiagram(wide);
    await script([
      {
        tools: [
          { name: "edit_diagram", args: { operations: [{ op: "delete", id: "e" }] } },
          {
            name: "create_from_graph",
            args: {
              graph: {
                // The model repeats the two existing nodes; they stay references, not copies.
                nodes: [
                  { id: "a", label: "Start" },
                  { id: "check", label: "Check stock" },
                  { id: "b", label: "End" },
                ],
                edges: [
                  { from: "a", to: "check" },
                  { from: "check", to: "b", label: "in stock" },
                ],
              },
            },
          },
        ],
      },
      { text: "Added a stock check between Start and End." },
    ]);
    const res = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Check stock between start and end" },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({ status: "changed", version: 2 });
    const doc = parseDiagram(res.json.xml);
    const geometry = (cellId: string) => {
      const cell = doc.pages[0]?.cells.find((c) => c.attrs.id === cellId);
      const g = cell?.children.find((c) => "name" in c && c.name === "mxGeometry");
      return g && "attrs" in g ? g.attrs : undefined;
    };
    expect(geometry("a")).toMatchObject({ x: "20", y: "20" });
    expect(geometry("b")).toMatchObject({ x: "420", y: "20" });
    const check = geometry("check");
    expect(Number(check?.x)).toBeGreaterThan(140);
    expect(Number(check?.x) + Number(check?.width)).toBeLessThan(420);
    expect(doc.pages[0]?.cells.filter((c) => c.attrs.value === "Start")).toHaveLength(1);
    expect(validateDocument(doc).filter((f) => f.severity === "error")).toEqual([]);
    const sent = JSON.stringify(await sentToModel());
    expect(sent).toContain("placed 1 new node(s)");
  });

  it("streams a turn as Server-Sent Events", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "a", value: "Begin" }] },
          },
        ],
      },
      { text: "Renamed Start to Begin." },
    ]);
    const res = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Rename Start to Begin" },
      headers: { accept: "text/event-stream" },
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const kinds = events(res.text).map((e) => e.event);
    expect(kinds[0]).toBe("turn.started");
    expect(events(res.text)[0]?.data.diagram_id).toBe(id);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "turn.started",
        "tool.call",
        "tool.result",
        "diagram.preview",
        "text.delta",
        "version.created",
        "usage",
      ]),
    );
    expect(kinds[kinds.length - 1]).toBe("turn.completed");
    // Every event is one of the documented schemas, and names its own type.
    for (const e of events(res.text)) {
      expect(e.data.type).toBe(e.event);
      expect(TurnEventSchema.safeParse(e.data).success, JSON.stringify(e.data)).toBe(true);
    }
    const preview = events(res.text).find((e) => e.event === "diagram.preview");
    expect(String(preview?.data.xml)).toContain("Begin");

    // The last event carries the links the JSON answer has: here, those of a turn that then
    // changes nothing (the same head; only the editor link's fresh token may differ).
    const streamed = events(res.text).at(-1)?.data.links as Record<string, string>;
    await script([{ text: "Nothing to change." }]);
    const json = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Anything else?" },
    });
    expect(json.json.status).toBe("unchanged");
    const answered = json.json.links as Record<string, string>;
    expect(Object.keys(streamed).sort()).toEqual(Object.keys(answered).sort());
    expect({ ...streamed, editor: streamed.editor?.split("#")[0] }).toEqual({
      ...answered,
      editor: `http://drawforge.test/edit/${id}`,
    });
    expect(streamed.editor).toMatch(/#token=dft_/);
    expect(streamed.svg).toBe(`http://drawforge.test/v1/diagrams/${id}/export?format=svg`);
  });

  it("answers a waiting caller from one RPC: how the turn ended and the head it left", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] },
      { text: "Drew it." },
    ]);
    const id = `d_${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;
    const stub = env.DIAGRAM.getByName(id);
    const answer = await stub.runTurn({
      tenant: TENANT_A,
      prompt: "Checkout flow",
      create: { id, title: "Checkout", author: "api" },
      discardOnFailure: true,
      retitle: true,
    });
    if (!answer.ok) throw new Error(answer.problem.detail);
    const { completed, head, model } = answer.value;
    expect(model).toBe("openai:scripted");
    expect(TurnEventSchema.safeParse(completed).success).toBe(true);
    expect(completed).toMatchObject({ type: "turn.completed", status: "changed", version: 2 });
    const stored = await api(`/v1/diagrams/${id}`);
    expect(head).toMatchObject({ version: 2, xml: stored.json.xml, title: stored.json.title });
    // The findings the turn computed once are what validating the stored XML gives.
    expect(head?.findings).toEqual(
      validateXml(stored.json.xml, { shapes: shapeCatalog() }).findings,
    );

    // A model that is not allowed is refused before the diagram is created.
    const other = `d_${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;
    const refused = await env.DIAGRAM.getByName(other).runTurn({
      tenant: TENANT_A,
      prompt: "x",
      model: "gpt-unknown",
      create: { id: other, title: "x", author: "api" },
    });
    expect(refused.ok || refused.problem.code).toBe("model_not_allowed");
    expectProblem(await api(`/v1/diagrams/${other}`), 404, "not_found");
  });

  it("commits nothing when the model fails, and the last version stays", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([{ status: 400 }]);
    const res = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Break" },
    });
    expectProblem(res, 502, "turn_failed");
    const head = await api(`/v1/diagrams/${id}`);
    expect(head.json.version).toBe(1);
    expect(head.json.xml).toContain('value="Start"');
  });

  it("runs one turn per diagram: others and manual writes get 409, and a cancelled turn saves nothing", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([{ text: "Too late.", delayMs: 1500 }]);
    const first = api(`/v1/diagrams/${id}/messages`, { method: "POST", body: { prompt: "Slow" } });
    await modelCalled();
    expectProblem(
      await api(`/v1/diagrams/${id}/messages`, { method: "POST", body: { prompt: "Again" } }),
      409,
      "turn_in_progress",
    );
    expectProblem(
      await api(`/v1/diagrams/${id}`, {
        method: "PUT",
        body: { xml: SMALL_XML },
        headers: { "if-match": '"1"' },
      }),
      409,
      "turn_in_progress",
    );
    const cancel = await api(`/v1/diagrams/${id}/turn`, { method: "DELETE" });
    expect(cancel.json).toEqual({ cancelled: true });
    expectProblem(await first, 409, "turn_cancelled");
    expect((await api(`/v1/diagrams/${id}`)).json.version).toBe(1);
    // The conversation says the turn was cancelled and what was kept, not "No change was needed."
    const [reply] = (await api(`/v1/diagrams/${id}/messages`)).json.items;
    expect(reply).toMatchObject({
      role: "assistant",
      content: "Cancelled: nothing of this turn was saved; the diagram is as it was (version 1).",
      version: null,
    });
  });

  it("summarises older turns once the conversation outgrows its budget", async () => {
    const id = await createDiagram(SMALL_XML);
    const jobs: RecordedRequest[] = [];
    for (let turn = 1; turn <= 8; turn++) {
      await script([{ text: `Answer ${turn}.` }]);
      const res = await api(`/v1/diagrams/${id}/messages`, {
        method: "POST",
        body: { prompt: `Question ${turn}` },
      });
      expect(res.json.status).toBe("unchanged");
      jobs.push(...(await modelJobs()));
    }
    const sent = (await sentToModel()) as Array<{
      messages: Array<{ content: unknown }>;
    }>;
    const context = JSON.stringify(sent[0]?.messages);
    // The summary job folded the aged messages in; its answer (the server's rule) leads.
    expect(context).toContain("Summary of our earlier conversation:\\n- summary: ");
    // Besides the house-style job every turn runs, the summary job.
    const summaries = jobs.filter((j) => j.normalized.system.startsWith("You condense"));
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]?.normalized.messages[0]?.text).toContain("User: Question 1");
    expect(context).toContain("Question 7");
    const messages = await api(`/v1/diagrams/${id}/messages?limit=100`);
    expect(messages.json.items).toHaveLength(16);
  });

  it("refuses unknown models before doing anything", async () => {
    const id = await createDiagram(SMALL_XML);
    expectProblem(
      await api(`/v1/diagrams/${id}/messages`, {
        method: "POST",
        body: { prompt: "x", model: "gpt-unknown" },
      }),
      422,
      "model_not_allowed",
    );
    // Checked before anything is created.
    expectProblem(
      await api("/v1/generate", { method: "POST", body: { prompt: "x", model: "gpt-unknown" } }),
      422,
      "model_not_allowed",
    );
  });
});
