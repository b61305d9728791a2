import { describe, expect, it } from "vitest";
import { api, createDiagram, expectProblem } from "./api.ts";

async function edit(id: string, value: string): Promise<number> {
  const res = await api(`/v1/diagrams/${id}/operations`, {
    method: "POST",
    body: { operations: [{ op: "set_label", id: "a", value }], message: `label ${value}` },
  });
  expect(res.status).toBe(200);
  return res.json.version;
}

describe("version history", () => {
  it("pages through every version, newest first, with the same list shape", async () => {
    const id = await createDiagram();
    for (let i = 2; i <= 45; i++) await edit(id, `L${i}`);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? "?limit=20" : `?limit=20&cursor=${cursor}`;
      const res = await api(`/v1/diagrams/${id}/versions${query}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(["items", "next_cursor"]);
      for (const item of res.json.items) {
        expect(item.xml).toBeUndefined();
        seen.push(item.n);
      }
      cursor = res.json.next_cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i));
    const first = (await api(`/v1/diagrams/${id}/versions`)).json.items;
    expect(first).toHaveLength(20);
    expect(first[44 - 25]).toMatchObject({
      n: 26,
      parent: 25,
      author: "api",
      message: "label L26",
    });
  });

  it("gets one version with its XML, and 404s one that does not exist", async () => {
    const id = await createDiagram();
    await edit(id, "Second");
    const v1 = await api(`/v1/diagrams/${id}/versions/1`);
    expect(v1.json).toMatchObject({ n: 1, parent: null, author: "api", message: "Created" });
    expect(v1.json.xml).toContain('value="Start"');
    expect((await api(`/v1/diagrams/${id}/versions/2`)).json.xml).toContain('value="Second"');
    expectProblem(await api(`/v1/diagrams/${id}/versions/3`), 404, "version_not_found");
  });

  it("diffs a version against its predecessor or any other", async () => {
    const id = await createDiagram();
    await edit(id, "Two");
    await edit(id, "Three");
    const diff = await api(`/v1/diagrams/${id}/versions/3/diff`);
    expect(diff.json).toMatchObject({ from: 2, to: 3 });
    expect(diff.json.pages[0].changed).toEqual([
      { id: "a", changes: [{ field: "label", before: "Two", after: "Three" }] },
    ]);
    const wide = await api(`/v1/diagrams/${id}/versions/3/diff?against=1`);
    expect(wide.json.text).toContain('~ a: label "Start" → "Three"');
    expectProblem(await api(`/v1/diagrams/${id}/versions/1/diff`), 422, "invalid_request");
    expectProblem(
      await api(`/v1/diagrams/${id}/versions/3/diff?against=9`),
      404,
      "version_not_found",
    );
  });

  it("restores by appending: version k comes back as head+1 and nothing is lost", async () => {
    const id = await createDiagram();
    await edit(id, "Two");
    await edit(id, "Three");
    const restored = await api(`/v1/diagrams/${id}/versions/1/restore`, {
      method: "POST",
      headers: { "if-match": '"3"', prefer: "return=representation" },
    });
    expect(restored.status).toBe(200);
    expect(restored.json.version).toBe(4);
    expect(restored.headers.get("etag")).toBe('"4"');
    const v1 = await api(`/v1/diagrams/${id}/versions/1`);
    expect(restored.json.xml).toBe(v1.json.xml);
    const list = (await api(`/v1/diagrams/${id}/versions`)).json.items;
    expect(list.map((v: { n: number }) => v.n)).toEqual([4, 3, 2, 1]);
    expect(list[0]).toMatchObject({ parent: 3, restored_from: 1, message: "Restored version 1" });
    expect((await api(`/v1/diagrams/${id}/versions/3`)).json.xml).toContain('value="Three"');
    const stale = await api(`/v1/diagrams/${id}/versions/2/restore`, {
      method: "POST",
      headers: { "if-match": '"3"' },
    });
    expect(expectProblem(stale, 412, "version_mismatch").head_version).toBe(4);
    expectProblem(
      await api(`/v1/diagrams/${id}/versions/9/restore`, { method: "POST" }),
      404,
      "version_not_found",
    );
  });
});
