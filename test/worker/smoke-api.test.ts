import { describe, expect, it } from "vitest";
import { api, createDiagram, expectProblem } from "./api.ts";

describe("smoke", () => {
  it("creates and reads", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe('"1"');
    expectProblem(await api(`/v1/diagrams/${id}`, { auth: null }), 401, "missing_credentials");
  });
});
