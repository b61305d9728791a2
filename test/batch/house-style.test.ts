/**
 * Batch items and the house style: an item applies the tenant's style (it has no conversation
 * to teach it), and a batch created with `"style": "none"` draws with the built-in defaults.
 */
import { describe, expect, it } from "vitest";
import { getStyleValue } from "../../worker/drawio/model/style.ts";
import { api } from "../worker/api.ts";
import { createBatch, waitForBatch } from "./helpers.ts";

/** The fills of the boxes an item's diagram was drawn with. */
async function fillsOf(diagramId: string): Promise<string[]> {
  const { xml } = (await api(`/v1/diagrams/${diagramId}`)).json as { xml: string };
  return [...xml.matchAll(/style="([^"]*)"[^>]*vertex="1"/g)].map(
    (m) => getStyleValue(m[1]?.replaceAll("&amp;", "&"), "fillColor") ?? "",
  );
}

describe("batch items and the house style", () => {
  it("apply it unless the batch opts out, and teach it nothing", async () => {
    const put = await api("/v1/style", {
      method: "PUT",
      body: { theme: { node: { fillColor: "#e0f2f1" } }, rules: ["Group services by team."] },
    });
    expect(put.status).toBe(200);
    const styled = await waitForBatch(await createBatch({ items: [{ prompt: "Order pipeline" }] }));
    expect(styled.items[0].status).toBe("succeeded");
    expect(await fillsOf(styled.items[0].diagram_id)).toContain("#e0f2f1");
    const plain = await waitForBatch(
      await createBatch({ style: "none", items: [{ prompt: "Order pipeline" }] }),
    );
    expect(plain.items[0].status).toBe("succeeded");
    const fills = await fillsOf(plain.items[0].diagram_id);
    expect(fills.length).toBeGreaterThan(0);
    expect(fills).not.toContain("#e0f2f1");
    // The items taught nothing: the rules are the person's, as they were.
    const memory = (await api("/v1/style")).json;
    expect(memory.rules).toEqual([expect.objectContaining({ text: "Group services by team." })]);
    expect(memory.updated_at).toBe(put.json.updated_at);
    expect(
      (
        await api("/v1/batches", {
          method: "POST",
          body: { style: "bright", items: [{ prompt: "x" }] },
        })
      ).status,
    ).toBe(422);
  });
});
