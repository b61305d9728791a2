import { describe, expect, it } from "vitest";
import {
  type ApiInit,
  type ApiResponse,
  api,
  createDiagram,
  expectProblem,
  KEY_A,
  KEY_B,
  SMALL_XML,
} from "./api.ts";

/** A fresh key per call, so tests never share idempotency records. */
function newKey(label: string): string {
  return `${label}-${crypto.randomUUID()}`;
}

async function post(
  path: string,
  key: string,
  body?: unknown,
  init: Omit<ApiInit, "method" | "body"> = {},
): Promise<ApiResponse> {
  return api(path, {
    ...init,
    method: "POST",
    body,
    headers: { ...init.headers, "idempotency-key": key },
  });
}

async function versionCount(id: string): Promise<number> {
  const res = await api(`/v1/diagrams/${id}/versions`);
  if (res.status !== 200) throw new Error(`versions failed: ${res.status} ${res.text}`);
  return res.json.items.length as number;
}

const OPERATIONS = { operations: [{ op: "set_label", id: "a", value: "Changed" }] };
const OTHER_XML = SMALL_XML.replace('value="End"', 'value="Finish"');

describe("Idempotency-Key on create", () => {
  it("replays the first response for the same key and body", async () => {
    const key = newKey("create");
    const body = { title: "Once", xml: SMALL_XML };
    const first = await post("/v1/diagrams", key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const second = await post("/v1/diagrams", key, body);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.json.id).toBe(first.json.id);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(second.headers.get("content-type")).toContain("application/json");
    expect(second.headers.get("x-request-id")).toMatch(/^\S+$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    const third = await post("/v1/diagrams", key, body);
    expect(third.status).toBe(201);
    expect(third.json.id).toBe(first.json.id);

    const id = first.json.id as string;
    const read = await api(`/v1/diagrams/${id}`);
    expect(read.status).toBe(200);
    expect(read.json.title).toBe("Once");
    expect(read.json.version).toBe(1);
    expect(await versionCount(id)).toBe(1);

    const other = await post("/v1/diagrams", newKey("create"), body);
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(other.json.id).not.toBe(id);
  });

  it("runs concurrent retries once", async () => {
    const key = newKey("race");
    const body = { title: "Race", xml: SMALL_XML };
    const results = await Promise.all([1, 2, 3].map(() => post("/v1/diagrams", key, body)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of results) {
      if (res.status === 201) continue;
      expectProblem(res, 409, "idempotency_in_progress");
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    const ids = new Set(created.map((r) => r.json.id as string));
    expect(ids.size).toBe(1);
    const fresh = created.filter((r) => r.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);

    const later = await post("/v1/diagrams", key, body);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(ids.has(later.json.id)).toBe(true);
  });

  it("keeps CORS headers on a replay", async () => {
    const key = newKey("cors");
    const body = { title: "Cors" };
    const origin = { origin: "https://docs.example" };
    expect((await post("/v1/diagrams", key, body, { headers: origin })).status).toBe(201);
    const replay = await post("/v1/diagrams", key, body, { headers: origin });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("access-control-allow-origin")).toBe("https://docs.example");
    const exposed = (replay.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    expect(exposed).toContain("idempotent-replayed");
  });

  it("creates a new diagram each time without a key", async () => {
    const body = { title: "Twice", xml: SMALL_XML };
    const first = await api("/v1/diagrams", { method: "POST", body });
    const second = await api("/v1/diagrams", { method: "POST", body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.id).not.toBe(first.json.id);
  });

  it("refuses the same key with a different body", async () => {
    const key = newKey("reuse");
    const first = await post("/v1/diagrams", key, { title: "First" });
    expect(first.status).toBe(201);
    expectProblem(
      await post("/v1/diagrams", key, { title: "Second" }),
      422,
      "idempotency_key_reused",
    );
    // The key still replays its own request afterwards.
    const again = await post("/v1/diagrams", key, { title: "First" });
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
  });

  it("refuses the same key on another endpoint", async () => {
    const key = newKey("endpoint");
    expect((await post("/v1/diagrams", key, { title: "First" })).status).toBe(201);
    expectProblem(
      await post("/v1/validate", key, { xml: SMALL_XML }),
      422,
      "idempotency_key_reused",
    );
  });

  it("keeps each tenant's keys apart", async () => {
    const key = newKey("tenants");
    const body = { title: "Shared key", xml: SMALL_XML };
    const a = await post("/v1/diagrams", key, body, { auth: KEY_A });
    const b = await post("/v1/diagrams", key, body, { auth: KEY_B });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(b.json.id).not.toBe(a.json.id);

    expect((await api(`/v1/diagrams/${b.json.id}`, { auth: KEY_B })).status).toBe(200);
    expectProblem(await api(`/v1/diagrams/${b.json.id}`, { auth: KEY_A }), 404, "not_found");
    expectProblem(await api(`/v1/diagrams/${a.json.id}`, { auth: KEY_B }), 404, "not_found");

    // A different body under the same key is still B's own record: a mismatch for B only.
    expectProblem(
      await post("/v1/diagrams", key, { title: "Other" }, { auth: KEY_B }),
      422,
      "idempotency_key_reused",
    );
    const replayB = await post("/v1/diagrams", key, body, { auth: KEY_B });
    expect(replayB.json.id).toBe(b.json.id);
    const replayA = await post("/v1/diagrams", key, body, { auth: KEY_A });
    expect(replayA.json.id).toBe(a.json.id);
  });
});

describe("Idempotency-Key on other POSTs", () => {
  it("does not apply operations twice", async () => {
    const id = await createDiagram();
    const key = newKey("ops");
    const first = await post(`/v1/diagrams/${id}/operations`, key, OPERATIONS);
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(2);
    expect(await versionCount(id)).toBe(2);

    const retry = await post(`/v1/diagrams/${id}/operations`, key, OPERATIONS);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json.version).toBe(2);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("etag")).toBe('"2"');
    expect(await versionCount(id)).toBe(2);

    const head = await api(`/v1/diagrams/${id}`);
    expect(head.json.version).toBe(2);
  });

  it("does not restore twice", async () => {
    const id = await createDiagram();
    const put = await api(`/v1/diagrams/${id}`, {
      method: "PUT",
      body: { xml: OTHER_XML },
      headers: { "if-match": '"1"' },
    });
    expect(put.status).toBe(200);
    const key = newKey("restore");
    const first = await post(`/v1/diagrams/${id}/versions/1/restore`, key);
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(3);

    const retry = await post(`/v1/diagrams/${id}/versions/1/restore`, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json.version).toBe(3);
    expect(await versionCount(id)).toBe(3);

    // The same key on another version's restore is another request.
    expectProblem(
      await post(`/v1/diagrams/${id}/versions/2/restore`, key),
      422,
      "idempotency_key_reused",
    );
    expect(await versionCount(id)).toBe(3);
  });

  it("replays a minted token", async () => {
    const id = await createDiagram();
    const key = newKey("token");
    const body = { scope: "view", ttl_seconds: 600 };
    const first = await post(`/v1/diagrams/${id}/tokens`, key, body);
    expect(first.status).toBe(201);
    const retry = await post(`/v1/diagrams/${id}/tokens`, key, body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json.token).toBe(first.json.token);
    expect(retry.json.expires_at).toBe(first.json.expires_at);

    const other = await post(`/v1/diagrams/${id}/tokens`, newKey("token"), body);
    expect(other.status).toBe(201);
    expect(other.json.token).not.toBe(first.json.token);
  });
});

describe("failed requests with a key", () => {
  it("keep nothing, so the same key can be retried", async () => {
    const key = newKey("failed");
    const broken = { title: "Broken", xml: "this is not xml at all" };
    const first = await post("/v1/diagrams", key, broken);
    expectProblem(first, 422, "invalid_xml");

    const retry = await post("/v1/diagrams", key, broken);
    expectProblem(retry, 422, "invalid_xml");
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.json.request_id).not.toBe(first.json.request_id);

    const valid = await post("/v1/diagrams", key, { title: "Fixed", xml: SMALL_XML });
    expect(valid.status).toBe(201);
    expect(valid.headers.get("idempotent-replayed")).toBeNull();
    expect((await api(`/v1/diagrams/${valid.json.id}`)).json.title).toBe("Fixed");

    const replay = await post("/v1/diagrams", key, { title: "Fixed", xml: SMALL_XML });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.id).toBe(valid.json.id);
  });

  it("release the key after a 404", async () => {
    const key = newKey("missing");
    const path = "/v1/diagrams/d_0000000000000000000000/operations";
    expectProblem(await post(path, key, OPERATIONS), 404, "not_found");
    const retry = await post(path, key, OPERATIONS);
    expectProblem(retry, 404, "not_found");
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("Idempotency-Key format", () => {
  it("accepts 255 characters and refuses 256", async () => {
    const body = { title: "Long key" };
    const ok = await post("/v1/diagrams", `${"k".repeat(219)}${crypto.randomUUID()}`, body);
    expect(ok.status).toBe(201);
    expectProblem(
      await post("/v1/diagrams", `${"k".repeat(220)}${crypto.randomUUID()}`, body),
      422,
      "invalid_idempotency_key",
    );
  });

  it("refuses empty keys and keys with spaces", async () => {
    const body = { title: "Bad key" };
    expectProblem(await post("/v1/diagrams", "", body), 422, "invalid_idempotency_key");
    expectProblem(await post("/v1/diagrams", "has space", body), 422, "invalid_idempotency_key");
  });
});
