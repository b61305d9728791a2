import { describe, expect, it } from "vitest";
import { api, expectProblem } from "./api.ts";

describe("shape libraries", () => {
  it("lists every library with its counts", async () => {
    const res = await api("/v1/shape-libraries");
    expect(res.status).toBe(200);
    expect(res.json.next_cursor).toBeNull();
    expect(res.json.items.length).toBeGreaterThanOrEqual(30);
    const total = res.json.items.reduce((n: number, l: { shapes: number }) => n + l.shapes, 0);
    expect(total).toBeGreaterThanOrEqual(5_000);
    expect(res.json.items.map((l: { name: string }) => l.name)).toEqual(
      expect.arrayContaining([
        "aws4",
        "azure2",
        "gcp2",
        "kubernetes",
        "cisco19",
        "bpmn",
        "flowchart",
      ]),
    );
  });

  it("pages through one library's shapes, optionally one category", async () => {
    const first = await api("/v1/shape-libraries/aws4?limit=50");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ name: "aws4", source: expect.stringContaining("14.6.12") });
    expect(first.json.shapes.items).toHaveLength(50);
    const second = await api(
      `/v1/shape-libraries/aws4?limit=50&cursor=${first.json.shapes.next_cursor}`,
    );
    expect(second.json.shapes.items[0].title).not.toBe(first.json.shapes.items[0].title);
    const category = first.json.categories[1];
    const only = await api(
      `/v1/shape-libraries/aws4?category=${encodeURIComponent(category)}&limit=500`,
    );
    for (const shape of only.json.shapes.items) expect(shape.category).toBe(category);
  });

  it("refuses unknown and malformed library names without touching any path", async () => {
    expectProblem(await api("/v1/shape-libraries/nope"), 404, "library_not_found");
    expectProblem(await api("/v1/shape-libraries/..%2F..%2Fwrangler.toml"), 422, "invalid_request");
    expectProblem(await api("/v1/shape-libraries/aws4?cursor=zzz"), 422, "invalid_cursor");
    expectProblem(await api("/v1/shape-libraries/aws4?category=Nope"), 404, "category_not_found");
  });
});

describe("GET /v1/shapes/search", () => {
  it("ranks shapes and returns exact style strings", async () => {
    const res = await api("/v1/shapes/search?q=lambda&library=aws4&limit=3");
    expect(res.status).toBe(200);
    expect(res.json.items[0]).toMatchObject({ library: "aws4", title: "Lambda" });
    expect(res.json.items[0].style).toContain("resIcon=mxgraph.aws4.lambda");
    const lb = await api("/v1/shapes/search?q=load%20balancer&limit=10");
    const libraries = lb.json.items.map((h: { library: string }) => h.library);
    expect(libraries).toEqual(expect.arrayContaining(["aws4", "azure2", "gcp2"]));
  });

  it("validates its query", async () => {
    expectProblem(await api("/v1/shapes/search"), 422, "invalid_request");
    expectProblem(await api("/v1/shapes/search?q=x&limit=500"), 422, "invalid_request");
    expectProblem(await api("/v1/shapes/search?q=x&library=nope"), 404, "library_not_found");
  });
});

describe("unknown shapes", () => {
  it("are warned about, with suggestions, when a diagram is validated or stored", async () => {
    const xml =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
      '<mxCell id="f" value="fn" style="shape=mxgraph.aws4.lambdaFunction;" vertex="1" parent="1"><mxGeometry width="48" height="48" as="geometry"/></mxCell>' +
      "</root></mxGraphModel>";
    const checked = await api("/v1/validate", { method: "POST", body: { xml } });
    expect(checked.json.valid).toBe(true);
    expect(checked.json.findings[0]).toMatchObject({
      code: "unknown_shape",
      severity: "warning",
      cellId: "f",
    });
    expect(checked.json.findings[0].message).toContain("mxgraph.aws4.lambda_function");
    const stored = await api("/v1/diagrams", { method: "POST", body: { xml } });
    expect(stored.status).toBe(201);
    expect(stored.json.warnings[0].code).toBe("unknown_shape");
  });
});
