import { describe, expect, inject, it } from "vitest";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { fromDiagramsNetUrl } from "../../worker/drawio/model/urls.ts";
import { api, createDiagram, expectProblem, SMALL_XML } from "./api.ts";

function cellIds(xml: string): string[][] {
  return parseDiagram(xml).pages.map((p) =>
    p.cells.map((c) => c.attrs.id ?? c.children.length.toString()),
  );
}

describe("POST /v1/diagrams", () => {
  it("creates an empty diagram when no XML is given", async () => {
    const res = await api("/v1/diagrams", { method: "POST", body: {} });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: "Untitled diagram",
      version: 1,
      stats: { pages: 1, cells: 0 },
    });
    expect(res.json.id).toMatch(/^d_[A-Za-z0-9]{22}$/);
    expect(res.headers.get("etag")).toBe('"1"');
    expect(res.headers.get("location")).toBe(`/v1/diagrams/${res.json.id}`);
    expect(res.json.xml).toMatch(/^<mxfile>/);
  });

  it("accepts a bare model, a cell list and a compressed file", async () => {
    const cells =
      '<mxCell id="x" value="Lone" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell>';
    for (const xml of [SMALL_XML, cells]) {
      const res = await api("/v1/diagrams", { method: "POST", body: { title: "Forms", xml } });
      expect(res.status).toBe(201);
      expect(res.json.stats.vertices).toBeGreaterThan(0);
    }
    const compressed = await api(`/v1/diagrams/${await createDiagram()}/export?format=compressed`);
    const again = await api("/v1/diagrams", { method: "POST", body: { xml: compressed.text } });
    expect(again.status).toBe(201);
    expect(again.json.stats).toMatchObject({ vertices: 2, edges: 1 });
  });

  it("stores every corpus file with all its pages, and exports them all back", async () => {
    const corpus = inject("corpus");
    expect(corpus.length).toBeGreaterThanOrEqual(90);
    for (const file of corpus) {
      const created = await api("/v1/diagrams", {
        method: "POST",
        body: { title: file.name, xml: file.xml },
      });
      expect(created.status, `${file.name}: ${created.text.slice(0, 300)}`).toBe(201);
      const original = parseDiagram(file.xml);
      expect(created.json.stats.pages).toBe(original.pages.length);
      const exported = await api(`/v1/diagrams/${created.json.id}/export?format=drawio`);
      expect(exported.status).toBe(200);
      expect(cellIds(exported.text)).toEqual(cellIds(file.xml));
    }
  });

  it("refuses invalid XML with its findings and stores nothing", async () => {
    const bad =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" parent="9" vertex="1"/></root></mxGraphModel>';
    const problem = expectProblem(
      await api("/v1/diagrams", { method: "POST", body: { xml: bad } }),
      422,
      "invalid_xml",
    );
    expect(problem.findings[0]).toMatchObject({
      code: "unknown_parent",
      severity: "error",
      cellId: "2",
    });
  });
});

describe("reading and changing a diagram", () => {
  it("GET returns the head with its ETag, or the compact view", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe('"1"');
    expect(Object.keys(res.json).sort()).toEqual([
      "created_at",
      "id",
      "stats",
      "title",
      "updated_at",
      "version",
      "xml",
    ]);
    const compact = await api(`/v1/diagrams/${id}?format=compact`);
    expect(compact.json.xml).toBeUndefined();
    expect(compact.json.compact).toContain('a rect "Start"');
    expect(compact.json.compact).toContain("e: a -> b");
  });

  it("PUT with If-Match saves a new version; without it asks for one", async () => {
    const id = await createDiagram();
    const xml = SMALL_XML.replace("Start", "Begin");
    const put = (ifMatch: string | undefined, extra: Record<string, string> = {}) =>
      api(`/v1/diagrams/${id}`, {
        method: "PUT",
        body: { xml, message: "rename" },
        headers: ifMatch === undefined ? extra : { "if-match": ifMatch, ...extra },
      });
    expectProblem(await put(undefined), 428, "if_match_required");
    const res = await put('"1"');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ version: 2, stats: { vertices: 2 } });
    expect(res.headers.get("etag")).toBe('"2"');
    // Writes leave the XML out unless asked: the caller sent it, and it may be megabytes.
    expect(res.json.xml).toBeUndefined();
    expect((await api(`/v1/diagrams/${id}`)).json.xml).toContain('value="Begin"');
    expect(expectProblem(await put('"1"'), 412, "version_mismatch").head_version).toBe(2);
    const full = await put('"2"', { prefer: "return=representation" });
    expect(full.json.version).toBe(3);
    expect(full.json.xml).toContain('value="Begin"');
    expect(full.headers.get("preference-applied")).toBe("return=representation");
  });

  it("GET answers 304 to an If-None-Match naming the head, and sees every change", async () => {
    const id = await createDiagram();
    const first = await api(`/v1/diagrams/${id}`);
    const again = await api(`/v1/diagrams/${id}`, { headers: { "if-none-match": '"1"' } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    await api(`/v1/diagrams/${id}`, { method: "PATCH", body: { title: "Renamed" } });
    const renamed = await api(`/v1/diagrams/${id}`, { headers: { "if-none-match": '"1"' } });
    // A rename keeps the version (and the ETag) but the cached JSON must not go stale.
    expect(renamed.status).toBe(304);
    expect((await api(`/v1/diagrams/${id}`)).json.title).toBe("Renamed");
    await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Changed" }] },
    });
    const changed = await api(`/v1/diagrams/${id}`, { headers: { "if-none-match": '"1"' } });
    expect(changed.status).toBe(200);
    expect(changed.json.xml).toContain('value="Changed"');
    expect(changed.json.xml).not.toBe(first.json.xml);
  });

  it("PATCH renames without a new version", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}`, {
      method: "PATCH",
      body: { title: "  Checkout  " },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: "Checkout", version: 1 });
  });

  it("operations make one new version and report what they touched", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: {
        operations: [
          { op: "set_label", id: "a", value: "Pay" },
          { op: "set_style", id: "a", style: { fillColor: "#d5e8d4" } },
          { op: "delete", id: "b" },
        ],
        message: "pay step",
      },
      headers: { "if-match": '"1"', prefer: "return=representation" },
    });
    expect(res.status).toBe(200);
    expect(res.json.version).toBe(2);
    expect(res.json.changed).toEqual(["a"]);
    expect(res.json.deleted.sort()).toEqual(["b", "e"]);
    expect(res.json.xml).toContain("fillColor=#d5e8d4");
    const versions = await api(`/v1/diagrams/${id}/versions`);
    expect(versions.json.items[0]).toMatchObject({
      n: 2,
      parent: 1,
      author: "api",
      message: "pay step",
    });
  });

  it("a failing operation names itself and changes nothing", async () => {
    const id = await createDiagram();
    const problem = expectProblem(
      await api(`/v1/diagrams/${id}/operations`, {
        method: "POST",
        body: {
          operations: [
            { op: "set_label", id: "a", value: "X" },
            { op: "delete", id: "nope" },
          ],
        },
      }),
      422,
      "operation_failed",
    );
    expect(problem.operation).toMatchObject({
      index: 1,
      op: "delete",
      target: "nope",
      code: "cell_not_found",
    });
    const after = await api(`/v1/diagrams/${id}`);
    expect(after.json.version).toBe(1);
    expect(after.json.xml).toContain('value="Start"');
  });

  it("add_graph places new shapes without coordinates, and a bad one names the operation and the id", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: {
        operations: [
          { op: "delete", id: "e" },
          {
            op: "add_graph",
            graph: {
              nodes: [{ id: "check", label: "Check stock" }],
              edges: [
                { from: "a", to: "check" },
                { from: "check", to: "b", label: "in stock" },
              ],
            },
          },
        ],
      },
      headers: { prefer: "return=representation" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ version: 2, deleted: ["e"], moved: [] });
    expect(res.json.changed).toEqual(["check", "e-a-check", "e-check-b"]);
    expect(res.json.xml).toMatch(/id="check"[^>]*><mxGeometry x="[\d.]+" y="[\d.]+" width="120"/);
    const problem = expectProblem(
      await api(`/v1/diagrams/${id}/operations`, {
        method: "POST",
        body: {
          operations: [
            { op: "add_graph", graph: { nodes: [{ id: "n", label: "N", group: "a" }] } },
          ],
        },
      }),
      422,
      "operation_failed",
    );
    expect(problem.operation).toMatchObject({
      index: 0,
      op: "add_graph",
      target: "a",
      code: "not_a_container",
    });
    expect((await api(`/v1/diagrams/${id}`)).json.version).toBe(2);
  });

  it("DELETE removes the diagram and its history", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expectProblem(await api(`/v1/diagrams/${id}`), 404, "not_found");
    expectProblem(await api(`/v1/diagrams/${id}/versions`), 404, "not_found");
    expectProblem(await api(`/v1/diagrams/${id}`, { method: "DELETE" }), 404, "not_found");
  });
});

describe("GET /v1/diagrams/{id}/export", () => {
  it("exports every format", async () => {
    const multi = inject("corpus").find((f) => (f.xml.match(/<diagram/g) ?? []).length > 2);
    if (!multi) throw new Error("the corpus has no multi-page file");
    const id = await createDiagram(multi.xml);
    await api(`/v1/diagrams/${id}`, { method: "PATCH", body: { title: "Q3 plan / draft" } });

    const file = await api(`/v1/diagrams/${id}/export`);
    expect(file.headers.get("content-type")).toContain("application/vnd.jgraph.mxfile");
    expect(file.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Q3 plan  draft.drawio\"; filename*=UTF-8''Q3%20plan%20%20draft.drawio",
    );
    const pages = parseDiagram(multi.xml).pages.length;
    expect(parseDiagram(file.text).pages).toHaveLength(pages);

    const model = await api(`/v1/diagrams/${id}/export?format=xml&page=1`);
    expect(model.text).toMatch(/^<mxGraphModel/);
    expect(cellIds(model.text)[0]).toEqual(cellIds(multi.xml)[1]);

    const compressed = await api(`/v1/diagrams/${id}/export?format=compressed`);
    expect(compressed.text).not.toContain("<mxGraphModel");
    expect(cellIds(compressed.text)).toEqual(cellIds(multi.xml));

    const link = await api(`/v1/diagrams/${id}/export?format=url`);
    expect(link.json.url).toMatch(/^https:\/\/app\.diagrams\.net\/\?title=Q3/);
    expect(cellIds(fromDiagramsNetUrl(link.json.url))).toEqual(cellIds(multi.xml));
  });
});

describe("POST /v1/validate", () => {
  it("lists findings, and repairs on request", async () => {
    const good = await api("/v1/validate", { method: "POST", body: { xml: SMALL_XML } });
    expect(good.json).toEqual({ valid: true, findings: [] });
    const broken = SMALL_XML.replace('value="Start"', 'value="R&D"');
    const bad = await api("/v1/validate", { method: "POST", body: { xml: broken } });
    expect(bad.json.valid).toBe(false);
    expect(bad.json.findings[0].code).toBe("unescaped_character");
    const fixed = await api("/v1/validate", {
      method: "POST",
      body: { xml: broken, repair: true },
    });
    expect(fixed.json.valid).toBe(true);
    expect(fixed.json.repaired_xml).toContain("R&amp;D");
    expect(fixed.json.changes.length).toBeGreaterThan(0);
  });
});

describe("service endpoints", () => {
  it("serves the OpenAPI document and the API reference without credentials", async () => {
    const doc = await api("/openapi.json", { auth: null });
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toBe("3.1.0");
    expect(Object.keys(doc.json.paths)).toContain("/v1/diagrams/{id}/versions/{n}/restore");
    const docs = await api("/docs", { auth: null });
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("/openapi.json");
  });
});
