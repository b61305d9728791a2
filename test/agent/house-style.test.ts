/**
 * The house style end to end: hand edits saved as the widget saves them teach the tenant's
 * theme, a conversation's correction teaches a rule, and new diagrams get both — until the
 * person clears the memory or a request opts out. Tenants never see each other's memory.
 */
import { describe, expect, it } from "vitest";
import { relayoutPage } from "../../worker/drawio/layout/relayout/index.ts";
import { isVertex } from "../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import { getStyleValue, mergeStyle } from "../../worker/drawio/model/style.ts";
import type { StyleMemory } from "../../worker/schemas/style.ts";
import type { VersionSummary } from "../../worker/schemas/version.ts";
import { api, expectProblem, KEY_B } from "../worker/api.ts";
import { modelJobs, script, sentToModel } from "./model-script.ts";

const TEAL = "#e0f2f1";
const TEAL_STROKE = "#00796b";

/** A flow the model draws without naming a direction or theme (the house style may fill them). */
const FLOW = {
  nodes: [
    { id: "cart", label: "Cart" },
    { id: "pay", label: "Pay?", kind: "decision" },
    { id: "ship", label: "Ship" },
    { id: "done", label: "Done", kind: "end" },
  ],
  edges: [
    { from: "cart", to: "pay" },
    { from: "pay", to: "ship", label: "ok" },
    { from: "ship", to: "done" },
  ],
};

/** Generates a diagram whose model draws FLOW; answers the JSON result. */
async function generate(prompt: string, extra: Record<string, unknown> = {}) {
  await script([
    { tools: [{ name: "create_from_graph", args: { graph: FLOW, title: "Flow" } }] },
    { text: "Drew the flow." },
  ]);
  const res = await api("/v1/generate", { method: "POST", body: { prompt, ...extra } });
  expect(res.status, res.text.slice(0, 400)).toBe(200);
  return res.json as {
    diagram_id: string;
    version: number;
    xml: string;
    links: { editor: string };
  };
}

/** The edit token in a generated diagram's editor link (what the widget holds). */
function editToken(links: { editor: string }): string {
  return new URLSearchParams(new URL(links.editor).hash.slice(1)).get("token") ?? "";
}

/**
 * What a person does in the editor: recolours every shape teal and turns the flow left to right
 * (draw.io's horizontal layout), then the widget saves the XML with its token.
 */
async function restyleByHand(made: Awaited<ReturnType<typeof generate>>): Promise<void> {
  const turned = await relayoutPage(parseDiagram(made.xml), { direction: "right" });
  const doc = turned.document;
  for (const page of doc.pages) {
    for (const cell of page.cells) {
      if (!isVertex(cell)) continue;
      const style = cell.attrs.style ?? "";
      cell.attrs.style = mergeStyle(style, { fillColor: TEAL, strokeColor: TEAL_STROKE });
    }
  }
  const saved = await api(`/v1/diagrams/${made.diagram_id}`, {
    method: "PUT",
    auth: editToken(made.links),
    headers: { "if-match": `"${made.version}"` },
    body: { xml: serializeDiagram(doc) },
  });
  expect(saved.status, saved.text.slice(0, 300)).toBe(200);
}

/** Polls the house style until `done` holds (hand edits reach it within seconds). */
async function styleWhen(done: (memory: StyleMemory) => boolean, auth?: string) {
  let last: StyleMemory | undefined;
  for (let i = 0; i < 60; i++) {
    last = (await api("/v1/style", auth ? { auth } : {})).json;
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the house style never got there: ${JSON.stringify(last)}`);
}

/** The fill of the vertex labelled `label`, and its centre. */
function vertex(xml: string, label: string) {
  const page = parseDiagram(xml).pages[0];
  const cell = page?.cells.find((c) => isVertex(c) && c.attrs.value === label);
  const geometry = cell?.children.find((c) => "name" in c && c.name === "mxGeometry");
  const g = geometry && "attrs" in geometry ? geometry.attrs : {};
  return {
    fill: getStyleValue(cell?.attrs.style, "fillColor"),
    x: Number(g.x ?? 0) + Number(g.width ?? 0) / 2,
    y: Number(g.y ?? 0) + Number(g.height ?? 0) / 2,
  };
}

/** The turn context the drawing model was sent (its first request's last user message). */
async function turnContextSent(): Promise<string> {
  const [first] = await sentToModel();
  return JSON.stringify(first?.messages ?? []);
}

describe("the house style", () => {
  it("learns colours and direction from two diagrams restyled by hand, applies them to the third, and forgets them on DELETE", async () => {
    expect((await api("/v1/style")).json).toMatchObject({ theme: {}, rules: [] });
    const first = await generate("Checkout flow");
    // The default look: soft blue boxes, top to bottom.
    expect(vertex(first.xml, "Cart").fill).toBe("#dae8fc");
    await restyleByHand(first);
    // One diagram is a person's whim, not yet the team's style.
    const afterOne = await styleWhen((m) => m.learned_from.diagrams === 1);
    expect(afterOne.theme).toEqual({});
    await restyleByHand(await generate("Returns flow"));
    const learned = await styleWhen((m) => m.theme.direction === "right");
    expect(learned.theme.node).toMatchObject({ fillColor: TEAL, strokeColor: TEAL_STROKE });
    expect(learned.learned_from.diagrams).toBe(2);

    const third = await generate("Refund flow");
    const cart = vertex(third.xml, "Cart");
    const pay = vertex(third.xml, "Pay?");
    const done = vertex(third.xml, "Done");
    expect(cart.fill).toBe(TEAL);
    // Kinds nobody recoloured one by one get the colour every box got.
    expect(pay.fill).toBe(TEAL);
    expect(pay.x).toBeGreaterThan(cart.x);
    expect(done.x).toBeGreaterThan(pay.x);
    expect(await turnContextSent()).toContain("House style");
    const versions = await api(`/v1/diagrams/${third.diagram_id}/versions`);
    const latest = versions.json.items.find((v: VersionSummary) => v.n === third.version);
    expect(latest.message).toMatch(/house style: .*direction right/);

    // An explicit direction in the spec wins over the memory.
    await script([
      {
        tools: [{ name: "create_from_graph", args: { graph: { ...FLOW, direction: "down" } } }],
      },
      { text: "Drew it top to bottom." },
    ]);
    const explicit = await api("/v1/generate", { method: "POST", body: { prompt: "Top down" } });
    expect(vertex(explicit.json.xml, "Pay?").y).toBeGreaterThan(
      vertex(explicit.json.xml, "Cart").y,
    );

    // A request that opts out gets the defaults.
    const plain = await generate("Plain flow", { style: "none" });
    expect(vertex(plain.xml, "Cart").fill).toBe("#dae8fc");
    expect(await turnContextSent()).not.toContain("House style");

    const cleared = await api("/v1/style", { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect(cleared.json).toMatchObject({ theme: {}, rules: [], learned_from: { diagrams: 0 } });
    const fourth = await generate("Exchange flow");
    const cart4 = vertex(fourth.xml, "Cart");
    expect(cart4.fill).toBe("#dae8fc");
    expect(vertex(fourth.xml, "Pay?").y).toBeGreaterThan(cart4.y);
  });

  it("remembers a correction from one conversation in a new diagram's turn context, and only for its tenant", async () => {
    await api("/v1/style", { method: "DELETE" });
    await generate("The app and its database. Call it Postgres, not Database.");
    const jobs = await modelJobs();
    expect(jobs.some((j) => j.normalized.system.startsWith("You keep"))).toBe(true);
    const memory = (await api("/v1/style")).json;
    expect(memory.rules).toEqual([
      expect.objectContaining({
        text: 'Name it "Postgres", not "Database".',
        source: "conversation",
      }),
    ]);

    await generate("A new service diagram");
    expect(await turnContextSent()).toContain('Name it \\"Postgres\\", not \\"Database\\".');

    // Tenant B has its own (empty) memory and never sees A's.
    const other = await api("/v1/style", { auth: KEY_B });
    expect(other.json).toMatchObject({ theme: {}, rules: [] });
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: FLOW } }] },
      { text: "Drew it." },
    ]);
    const theirs = await api("/v1/generate", {
      method: "POST",
      auth: KEY_B,
      body: { prompt: "A service diagram" },
    });
    expect(theirs.status).toBe(200);
    expect(await turnContextSent()).not.toContain("Postgres");
  });

  it("is edited by a person with an API key, read by the editor's token, and refuses bad values", async () => {
    const put = await api("/v1/style", {
      method: "PUT",
      body: {
        theme: { direction: "left", kinds: { decision: { fillColor: "#FFF8E1" } } },
        rules: ["Group services by team."],
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json.theme).toEqual({
      direction: "left",
      kinds: { decision: { fillColor: "#fff8e1" } },
    });
    expect(put.json.pinned).toEqual(put.json.theme);
    expect(put.json.rules).toEqual([
      expect.objectContaining({ text: "Group services by team.", source: "person" }),
    ]);
    const made = await generate("Pinned flow");
    expect(vertex(made.xml, "Pay?").fill).toBe("#fff8e1");
    const token = editToken(made.links);
    expect((await api("/v1/style", { auth: token })).json.rules).toHaveLength(1);
    const denied = await api("/v1/style", { method: "DELETE", auth: token });
    expectProblem(denied, 403, "forbidden");

    const before = (await api("/v1/style")).json;
    expectProblem(
      await api("/v1/style", { method: "PUT", body: { theme: { node: { fillColor: "red" } } } }),
      422,
      "invalid_request",
    );
    expectProblem(
      await api("/v1/style", { method: "PUT", body: { rules: ["x".repeat(161)] } }),
      422,
      "invalid_request",
    );
    expectProblem(await api("/v1/style", { method: "PUT", body: {} }), 422, "invalid_request");
    // Refused edits change nothing.
    expect((await api("/v1/style")).json).toEqual(before);
  });
});
