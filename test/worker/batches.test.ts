import { describe, expect, it } from "vitest";
import { api, createDiagram, expectProblem, SMALL_XML } from "./api.ts";

describe("the batch API's checks", () => {
  it("refuses webhook URLs that point inward (no ALLOW_PRIVATE_WEBHOOKS here)", async () => {
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://10.1.2.3/hook",
      "https://[::1]/hook",
      "https://metadata.google.internal/",
      "https://example.com:8080/hook",
    ]) {
      const res = await api("/v1/batches", {
        method: "POST",
        body: { items: [{ prompt: "x" }], webhook: { url } },
      });
      expectProblem(res, 422, "webhook_url_refused");
    }
  });

  it("checks items: 1 to 500, a prompt each, small metadata, known model", async () => {
    const bad = [
      { items: [] },
      { items: Array.from({ length: 501 }, () => ({ prompt: "x" })) },
      { items: [{ prompt: "" }] },
      { items: [{ prompt: "x", extra: 1 }] },
      { items: [{ prompt: "x" }], webhook: { url: "https://example.com", events: ["nope"] } },
    ];
    for (const body of bad) {
      expectProblem(await api("/v1/batches", { method: "POST", body }), 422, "invalid_request");
    }
    expectProblem(
      await api("/v1/batches", {
        method: "POST",
        body: { items: [{ prompt: "x", metadata: { blob: "y".repeat(5000) } }] },
      }),
      422,
      "invalid_request",
    );
    expectProblem(
      await api("/v1/batches", {
        method: "POST",
        body: { items: [{ prompt: "x" }], model: "nope" },
      }),
      422,
      "model_not_allowed",
    );
  });

  it("keeps batches to their tenant and away from widget tokens", async () => {
    const created = await api("/v1/batches", {
      method: "POST",
      body: { items: [{ prompt: "Tenant check" }] },
    });
    expect(created.status).toBe(202);
    // Cancelled at once: this project's model server is scripted for the agent tests.
    expect((await api(`/v1/batches/${created.json.id}`, { method: "DELETE" })).json.status).toBe(
      "cancelled",
    );
    expectProblem(
      await api(`/v1/batches/${created.json.id}`, { auth: "test-key-b" }),
      404,
      "not_found",
    );
    expectProblem(
      await api(`/v1/batches/${created.json.id}`, { method: "DELETE", auth: "test-key-b" }),
      404,
      "not_found",
    );
    const id = await createDiagram(SMALL_XML);
    const token = (
      await api(`/v1/diagrams/${id}/tokens`, { method: "POST", body: { scope: "edit" } })
    ).json.token;
    expectProblem(
      await api("/v1/batches", { method: "POST", auth: token, body: { items: [{ prompt: "x" }] } }),
      403,
      "forbidden",
    );
    expectProblem(await api("/v1/webhook-secret", { auth: token }), 403, "forbidden");
    expectProblem(await api("/v1/batches/b_doesnotexist12345"), 404, "not_found");
  });
});
