import { describe, expect, it } from "vitest";
import { api, createDiagram, expectProblem, SMALL_XML } from "../worker/api.ts";
import { modelCalled, script } from "./model-script.ts";

const GRAPH = {
  nodes: [
    { id: "a", label: "A" },
    { id: "b", label: "B" },
  ],
  edges: [{ from: "a", to: "b" }],
};

/**
 * Sends a request with an Idempotency-Key until the key is no longer in progress (409): the
 * earlier request's stream has ended and its copy is kept, or, for a failure, forgotten.
 */
async function settledKey(path: string, body: unknown, headers: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const res = await api(path, { method: "POST", body, headers });
    if (res.status !== 409 || attempt === 40) return res;
    await new Promise((r) => setTimeout(r, 25));
  }
}

function completed(text: string): Record<string, unknown> {
  const block = text.split("\n\n").find((b) => b.startsWith("event: turn.completed"));
  return JSON.parse(/^data: (.*)$/m.exec(block ?? "")?.[1] ?? "{}") as Record<string, unknown>;
}

describe("a turn's edges: failed generations, locations, retries, replays", () => {
  it("leaves nothing behind when a generation fails", async () => {
    await script([{ status: 400 }]);
    const res = await api("/v1/generate", { method: "POST", body: { prompt: "Will fail" } });
    const problem = expectProblem(res, 502, "turn_failed");
    expect(problem.diagram_id).toBeUndefined();

    await script([{ status: 400 }]);
    const streamed = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Will fail too" },
      headers: { accept: "text/event-stream" },
    });
    const location = streamed.headers.get("location");
    expect(location).toMatch(/^\/v1\/diagrams\/d_/);
    expect(completed(streamed.text)).toMatchObject({ status: "failed", discarded: true });
    expectProblem(await api(location ?? ""), 404, "not_found");
  });

  it("keeps no diagram when the model draws nothing, and says so", async () => {
    const question = "What should the diagram show?";
    await script([{ text: question }]);
    const res = await api("/v1/generate", { method: "POST", body: { prompt: "Something" } });
    const problem = expectProblem(res, 422, "no_diagram");
    expect(problem).toMatchObject({ text: question, usage: { input: expect.any(Number) } });
    expect(problem.detail).toContain(`no diagram was kept: ${question}`);
    expect(problem.diagram_id).toBeUndefined();
    expect(res.headers.get("location")).toBeNull();

    await script([{ text: question }]);
    const streamed = await api("/v1/generate", {
      method: "POST",
      body: { prompt: "Something else" },
      headers: { accept: "text/event-stream" },
    });
    const end = completed(streamed.text);
    expect(end).toMatchObject({ status: "unchanged", discarded: true, text: question });
    expect(end.links).toBeUndefined();
    expectProblem(await api(streamed.headers.get("location") ?? ""), 404, "not_found");
  });

  it("names the new diagram in Location, as JSON and as a stream", async () => {
    await script([
      { tools: [{ name: "create_from_graph", args: { graph: GRAPH } }] },
      { text: "Done." },
    ]);
    const res = await api("/v1/generate", { method: "POST", body: { prompt: "A to B" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBe(`/v1/diagrams/${res.json.diagram_id}`);
  });

  it("tells a second caller when to retry while a turn runs", async () => {
    const id = await createDiagram(SMALL_XML);
    await script([{ text: "Slow.", delayMs: 800 }]);
    const first = api(`/v1/diagrams/${id}/messages`, { method: "POST", body: { prompt: "Slow" } });
    await modelCalled();
    const busy = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Again" },
    });
    expectProblem(busy, 409, "turn_in_progress");
    expect(busy.headers.get("retry-after")).toBe("2");
    expect((await first).status).toBe(200);
  });

  it("replays a streamed turn for a retried Idempotency-Key, and forgets a failed one", async () => {
    const id = await createDiagram(SMALL_XML);
    const headers = { accept: "text/event-stream", "idempotency-key": `stream-${id}` };
    await script([{ text: "Nothing to change." }]);
    const first = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Hi" },
      headers,
    });
    expect(first.headers.get("content-type")).toContain("text/event-stream");
    // The copy is kept once the stream has ended, just after the client read it: until then
    // the key answers 409 (in progress).
    const replay = await settledKey(`/v1/diagrams/${id}/messages`, { prompt: "Hi" }, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);

    const failing = { ...headers, "idempotency-key": `stream-fail-${id}` };
    await script([{ status: 400 }]);
    const failed = await api(`/v1/diagrams/${id}/messages`, {
      method: "POST",
      body: { prompt: "Bad" },
      headers: failing,
    });
    expect(completed(failed.text).status).toBe("failed");
    await script([{ text: "Fine now." }]);
    const again = await settledKey(`/v1/diagrams/${id}/messages`, { prompt: "Bad" }, failing);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(completed(again.text).status).toBe("unchanged");
  });

  it("lets browsers send Prefer and read export file names", async () => {
    const res = await api("/v1/diagrams", {
      method: "OPTIONS",
      auth: null,
      headers: {
        origin: "https://docs.example",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "prefer, if-match",
      },
    });
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("prefer");
    const id = await createDiagram(SMALL_XML);
    const exported = await api(`/v1/diagrams/${id}/export?format=drawio`, {
      headers: { origin: "https://docs.example" },
    });
    expect(exported.headers.get("access-control-expose-headers")?.toLowerCase()).toContain(
      "content-disposition",
    );
  });
});
