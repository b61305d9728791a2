import { describe, expect, it } from "vitest";
import { type ApiResponse, api, createDiagram, expectProblem } from "./api.ts";

// Many writers at once on one diagram: its Durable Object must serialise them so that the
// history stays contiguous (version n's parent is n-1) and no accepted write is lost.

interface Summary {
  n: number;
  parent: number | null;
  restored_from: number | null;
}

/** A model with one vertex `id` labelled `label`. */
function oneVertex(id: string, label: string): string {
  return (
    '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
    `<mxCell id="${id}" value="${label}" vertex="1" parent="1">` +
    '<mxGeometry x="10" y="10" width="120" height="60" as="geometry"/></mxCell>' +
    "</root></mxGraphModel>"
  );
}

/** An `add` operation for a distinct vertex. */
function addVertex(id: string, i: number) {
  const geometry = `<mxGeometry x="${i * 20}" y="200" width="16" height="16" as="geometry"/>`;
  return {
    op: "add",
    xml: `<mxCell id="${id}" value="edit ${id}" vertex="1" parent="1">${geometry}</mxCell>`,
  };
}

/** The whole history, newest first. */
async function history(id: string): Promise<Summary[]> {
  const res = await api(`/v1/diagrams/${id}/versions?limit=100`);
  expect(res.status).toBe(200);
  expect(res.json.next_cursor).toBeNull();
  return res.json.items as Summary[];
}

/** Asserts versions head..1, newest first, each the child of the one before. */
function expectContiguous(items: Summary[], head: number): void {
  expect(items.map((v) => v.n)).toEqual(Array.from({ length: head }, (_, i) => head - i));
  for (const v of items) expect(v.parent).toBe(v.n === 1 ? null : v.n - 1);
}

async function versionXml(id: string, n: number): Promise<string> {
  const res = await api(`/v1/diagrams/${id}/versions/${n}`);
  expect(res.status).toBe(200);
  return res.json.xml as string;
}

/** Writes answer with the XML only when asked. */
const FULL = "return=representation";

describe("concurrent writes to one diagram", () => {
  it("50 PUTs with the same If-Match: one wins, 49 get 412", async () => {
    const id = await createDiagram();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(`/v1/diagrams/${id}`, {
          method: "PUT",
          body: { xml: oneVertex("w", `writer ${i}`), message: `writer ${i}` },
          headers: { "if-match": '"1"', prefer: FULL },
        }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    const winner = winners[0] as ApiResponse;
    expect(winner.json.version).toBe(2);
    expect(winner.headers.get("etag")).toBe('"2"');
    const losers = results.filter((r) => r !== winner);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(expectProblem(loser, 412, "version_mismatch").head_version).toBe(2);
    }

    const items = await history(id);
    expectContiguous(items, 2);
    const index = results.indexOf(winner);
    const stored = await versionXml(id, 2);
    expect(stored).toBe(winner.json.xml);
    expect(stored).toContain(`value="writer ${index}"`);
    expect(stored.match(/value="writer \d+"/g)).toHaveLength(1);
    const head = await api(`/v1/diagrams/${id}`);
    expect(head.json.version).toBe(2);
    expect(head.json.xml).toBe(stored);
  }, 60_000);

  it("30 operation batches without If-Match: all applied, one version each", async () => {
    const id = await createDiagram();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(`/v1/diagrams/${id}/operations`, {
          method: "POST",
          body: { operations: [addVertex(`c${i}`, i)] },
          headers: { prefer: FULL },
        }),
      ),
    );
    for (const res of results) expect(res.status, res.text.slice(0, 300)).toBe(200);
    const made = results.map((r) => r.json.version as number).sort((a, b) => a - b);
    expect(made).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    results.forEach((res, i) => {
      expect(res.json.changed).toEqual([`c${i}`]);
      expect(res.json.xml).toContain(`id="c${i}"`);
    });

    expectContiguous(await history(id), 31);
    const head = await api(`/v1/diagrams/${id}`);
    expect(head.json.version).toBe(31);
    expect(head.json.stats.vertices).toBe(2 + 30);
    for (let i = 0; i < 30; i++) expect(head.json.xml).toContain(`id="c${i}"`);
    // Each version adds exactly its own cell to the one before: nothing was lost on the way.
    for (const res of results) {
      const n = res.json.version as number;
      const diff = await api(`/v1/diagrams/${id}/versions/${n}/diff`);
      expect(diff.status).toBe(200);
      const page = diff.json.pages[0];
      expect(page.added.map((c: { id: string }) => c.id)).toEqual(res.json.changed);
      expect(page.removed).toEqual([]);
      expect(page.changed).toEqual([]);
    }
  }, 60_000);

  it("restores racing operation batches: contiguous, every write kept", async () => {
    const id = await createDiagram();
    const v1 = await versionXml(id, 1);
    // Interleaved: restore, edit r0, restore, edit r1, …
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        j % 2 === 0
          ? api(`/v1/diagrams/${id}/versions/1/restore`, {
              method: "POST",
              headers: { prefer: FULL },
            })
          : api(`/v1/diagrams/${id}/operations`, {
              method: "POST",
              body: { operations: [addVertex(`r${(j - 1) / 2}`, j)] },
              headers: { prefer: FULL },
            }),
      ),
    );
    for (const res of results) expect(res.status, res.text.slice(0, 300)).toBe(200);
    const made = results.map((r) => r.json.version as number).sort((a, b) => a - b);
    expect(made).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));

    const items = await history(id);
    expectContiguous(items, 21);
    const byN = new Map(items.map((v) => [v.n, v]));
    for (const [j, res] of results.entries()) {
      const n = res.json.version as number;
      const own = await versionXml(id, n);
      expect(own).toBe(res.json.xml);
      if (j % 2 === 0) {
        expect(byN.get(n)?.restored_from).toBe(1);
        expect(own).toBe(v1);
        continue;
      }
      // An edit's version is its parent plus its own cell, whatever ran before it.
      const cell = `r${(j - 1) / 2}`;
      expect(byN.get(n)?.restored_from).toBeNull();
      expect(await versionXml(id, n - 1)).not.toContain(`id="${cell}"`);
      expect(own).toContain(`id="${cell}"`);
      const diff = await api(`/v1/diagrams/${id}/versions/${n}/diff`);
      const page = diff.json.pages[0];
      expect(page.added.map((c: { id: string }) => c.id)).toEqual([cell]);
      expect(page.removed).toEqual([]);
      expect(page.changed).toEqual([]);
    }
    const head = await api(`/v1/diagrams/${id}`);
    expect(head.json.version).toBe(21);
    expect(head.json.xml).toBe(await versionXml(id, 21));
  }, 60_000);
});
