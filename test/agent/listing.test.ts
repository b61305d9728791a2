import { describe, expect, it } from "vitest";
import { type ApiResponse, api } from "../worker/api.ts";
import { script } from "./model-script.ts";

/** Lists tenant A's diagrams whose title has `q` until `check` holds (the list follows changes). */
async function listUntil(q: string, check: (res: ApiResponse) => boolean): Promise<ApiResponse> {
  const end = Date.now() + 5_000;
  for (;;) {
    const res = await api(`/v1/diagrams?q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    if (check(res)) return res;
    if (Date.now() > end) throw new Error(`list never matched: ${res.text.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the list of diagrams and the agent", () => {
  it("lists a generated diagram at the agent's version, and a follow-up's new version", async () => {
    const word = `gen${crypto.randomUUID().slice(0, 8)}`;
    const graph = {
      nodes: [
        { id: "a", label: "A" },
        { id: "b", label: "B" },
      ],
      edges: [],
    };
    await script([
      { tools: [{ name: "create_from_graph", args: { graph } }] },
      { text: "Drew it." },
    ]);
    const made = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Two boxes", title: `Boxes ${word}` },
    });
    expect(made.status, made.text.slice(0, 300)).toBe(200);
    const id = made.json.diagram_id as string;
    const listed = await listUntil(word, (res) => res.json.items[0]?.version === 2);
    expect(listed.json).toMatchObject({
      items: [{ id, title: `Boxes ${word}`, version: 2 }],
      total: 1,
    });

    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "a", value: "Start" }] },
          },
        ],
      },
      { text: "Renamed a box." },
    ]);
    const followUp = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Call A Start" },
    });
    expect(followUp.status, followUp.text.slice(0, 300)).toBe(200);
    await listUntil(word, (res) => res.json.items[0]?.version === 3);
  });
});
