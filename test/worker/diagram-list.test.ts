import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256, toHex } from "../../worker/auth/encoding.ts";
import type { DiagramObject } from "../../worker/diagram/diagram-object.ts";
import { type ApiResponse, api, expectProblem, KEY_A, KEY_B, SMALL_XML } from "./api.ts";

const TENANT_A = `t_${toHex(await sha256(KEY_A)).slice(0, 32)}`;

/**
 * A word no other test file puts in a title: files run side by side on the same tenants, so
 * every list here is filtered by it.
 */
function tag(): string {
  return `lst${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

async function create(title: string, auth = KEY_A): Promise<string> {
  const res = await api("/v1/diagrams", { method: "POST", body: { title, xml: SMALL_XML }, auth });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

function list(query: Record<string, string | number>, auth = KEY_A): Promise<ApiResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return api(`/v1/diagrams?${search}`, { auth });
}

/**
 * Lists until `check` holds: the index is updated just after each change, not within it. Waits
 * for the thing, not the clock; fails with the last answer after five seconds.
 */
async function listUntil(
  query: Record<string, string | number>,
  check: (res: ApiResponse) => boolean,
  auth = KEY_A,
): Promise<ApiResponse> {
  const end = Date.now() + 5_000;
  for (;;) {
    const res = await list(query, auth);
    expect(res.status, res.text).toBe(200);
    if (check(res)) return res;
    if (Date.now() > end) throw new Error(`list never matched: ${res.text.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ids = (res: ApiResponse): string[] => res.json.items.map((d: { id: string }) => d.id);

describe("GET /v1/diagrams", () => {
  it("lists the tenant's diagrams newest first, pages with a cursor and counts matches", async () => {
    const word = tag();
    const a = await create(`Alpha ${word}`);
    const b = await create(`Beta ${word}`);
    const c = await create(`Gamma ${word}`);
    const all = await listUntil({ q: word }, (res) => res.json.total === 3);
    expect(ids(all)).toEqual([c, b, a]);
    expect(all.json.next_cursor).toBeNull();
    expect(all.json.items[0]).toEqual({
      id: c,
      title: `Gamma ${word}`,
      version: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const first = await list({ q: word, limit: 2 });
    expect(ids(first)).toEqual([c, b]);
    expect(first.json.total).toBe(3);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await list({ q: word, limit: 2, cursor: first.json.next_cursor });
    expect(ids(second)).toEqual([a]);
    expect(second.json).toMatchObject({ total: 3, next_cursor: null });

    // q is a substring of the title in any case.
    const one = await list({ q: `ETA ${word.toUpperCase()}` });
    expect(ids(one)).toEqual([b]);
    expect(one.json.total).toBe(1);
  });

  it("treats LIKE wildcards in q as text", async () => {
    const word = tag();
    const plain = await create(`Plain ${word} ab`);
    const percent = await create(`Percent ${word} 100%`);
    const underscore = await create(`Under ${word} a_b`);
    await listUntil({ q: word }, (res) => res.json.total === 3);
    expect(ids(await list({ q: `${word} 100%` }))).toEqual([percent]);
    expect(ids(await list({ q: `${word} a_b` }))).toEqual([underscore]);
    expect(ids(await list({ q: "%" })).includes(plain)).toBe(false);
    expect((await list({ q: `${word} _` })).json.total).toBe(0);
  });

  it("shows a rename, moves an edited diagram to the top, and drops a deleted one", async () => {
    const word = tag();
    const a = await create(`One ${word}`);
    const b = await create(`Two ${word}`);
    const before = await listUntil({ q: word }, (res) => res.json.total === 2);
    expect(ids(before)).toEqual([b, a]);
    const edited = before.json.items[1];

    const ops = await api(`/v1/diagrams/${a}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Begin" }] },
    });
    expect(ops.status, ops.text).toBe(200);
    const after = await listUntil({ q: word }, (res) => ids(res)[0] === a);
    expect(after.json.items[0]).toMatchObject({ id: a, version: 2, created_at: edited.created_at });
    expect(after.json.items[0].updated_at > edited.updated_at).toBe(true);

    const renamed = await api(`/v1/diagrams/${b}`, {
      method: "PATCH",
      body: { title: `Renamed ${word}` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const titled = await listUntil({ q: `renamed ${word}` }, (res) => res.json.total === 1);
    expect(titled.json.items[0]).toMatchObject({ id: b, title: `Renamed ${word}`, version: 1 });

    const restored = await api(`/v1/diagrams/${a}/versions/1/restore`, { method: "POST" });
    expect(restored.status, restored.text).toBe(200);
    await listUntil({ q: word }, (res) => ids(res)[0] === a && res.json.items[0].version === 3);

    expect((await api(`/v1/diagrams/${a}`, { method: "DELETE" })).status).toBe(204);
    const gone = await listUntil({ q: word }, (res) => res.json.total === 1);
    expect(ids(gone)).toEqual([b]);
  });

  it("shows another tenant none of them", async () => {
    const word = tag();
    const mine = await create(`Mine ${word}`);
    await listUntil({ q: word }, (res) => res.json.total === 1);
    const theirs = await create(`Theirs ${word}`, KEY_B);
    const other = await listUntil({ q: word }, (res) => res.json.total === 1, KEY_B);
    expect(ids(other)).toEqual([theirs]);
    expect(ids(await list({ q: word }))).toEqual([mine]);
  });

  it("refuses widget tokens, bad cursors and bad limits", async () => {
    const id = await create(`Token ${tag()}`);
    const minted = await api(`/v1/diagrams/${id}/tokens`, {
      method: "POST",
      body: { scope: "edit", ttl_seconds: 600 },
    });
    expect(minted.status, minted.text).toBe(201);
    expectProblem(await list({}, minted.json.token), 403, "forbidden");
    expectProblem(await list({ cursor: "djQy" }), 422, "invalid_cursor");
    expectProblem(await list({ cursor: "not a cursor" }), 422, "invalid_cursor");
    expectProblem(
      await list({ cursor: btoa("l2026-13-45T00:00:00.000Z d_x") }),
      422,
      "invalid_cursor",
    );
    expectProblem(await list({ limit: 0 }), 422, "invalid_request");
    expectProblem(await list({ limit: 101 }), 422, "invalid_request");
    expect((await list({ limit: 100 })).status).toBe(200);
  });
});

describe("the tenant's index", () => {
  const tenant = () => env.TENANT.getByName(TENANT_A);
  const entry = (
    id: string,
    version: number,
    at: string,
    created = "2026-01-01T00:00:00.000Z",
  ) => ({
    id,
    title: `Order ${id}`,
    version,
    created_at: created,
    updated_at: at,
  });

  it("ignores changes that arrive after a newer one, and a deleted diagram stays deleted", async () => {
    const id = `d_${tag()}`;
    const t = tenant();
    expect(await t.indexDiagram({ entry: entry(id, 3, "2026-01-01T00:00:03.000Z") })).toEqual({
      ok: true,
      value: true,
    });
    // Late deliveries: an older version, and the same version before a rename.
    expect((await t.indexDiagram({ entry: entry(id, 2, "2026-01-01T00:00:02.000Z") })).ok).toBe(
      true,
    );
    const renamedEarlier = { ...entry(id, 3, "2026-01-01T00:00:01.000Z"), title: "Stale" };
    expect(await t.indexDiagram({ entry: renamedEarlier })).toEqual({ ok: true, value: false });
    let page = await t.listDiagrams({ q: id, limit: 5 });
    expect(page.ok && page.value.items).toEqual([entry(id, 3, "2026-01-01T00:00:03.000Z")]);

    await t.unindexDiagram({ id, deleted_at: "2026-01-01T00:00:04.000Z" });
    const late = await t.indexDiagram({ entry: entry(id, 4, "2026-01-01T00:00:03.500Z") });
    expect(late).toEqual({ ok: true, value: false });
    page = await t.listDiagrams({ q: id, limit: 5 });
    expect(page.ok && page.value.total).toBe(0);

    // The same id made again later (a batch item's retry) is a new diagram.
    const again = entry(id, 1, "2026-01-01T00:00:05.000Z", "2026-01-01T00:00:05.000Z");
    expect(await t.indexDiagram({ entry: again })).toEqual({ ok: true, value: true });
    page = await t.listDiagrams({ q: id, limit: 5 });
    expect(page.ok && page.value.items).toEqual([again]);
  });

  it("checks its RPC arguments", async () => {
    const bad = await tenant().indexDiagram({
      entry: { id: "nope", title: "x", version: 0, created_at: "x", updated_at: "y" },
    });
    expect(bad).toMatchObject({ ok: false, problem: { status: 422, code: "invalid_request" } });
  });

  it("keeps an alarm due within seconds while a change waits, and none once it is delivered", async () => {
    const word = tag();
    const id = await create(`Pending soon ${word}`);
    await listUntil({ q: word }, (res) => res.json.total === 1);
    const stub = env.DIAGRAM.getByName(id);
    const alarm = () =>
      runInDurableObject(stub, (_o: DiagramObject, state) => state.storage.getAlarm());
    const edited = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Later" }] },
    });
    expect(edited.json.version).toBe(2);
    // A new version waits a second to be coalesced. Should the object stop meanwhile (kill -9),
    // only its alarm delivers it: due in seconds, not the minute it used to be (issue #31).
    const due = await alarm();
    expect(due).not.toBeNull();
    expect((due ?? 0) - Date.now()).toBeLessThan(3_000);
    const res = await listUntil({ q: word }, (r) => r.json.items[0]?.version === 2);
    expect(ids(res)).toEqual([id]);
    // Delivered: no alarm is left to wake the object for nothing.
    await expect.poll(alarm).toBeNull();
  });

  it("refuses control characters in q (a NUL once matched every diagram)", async () => {
    const word = tag();
    await create(`Nul ${word}`);
    await listUntil({ q: word }, (res) => res.json.total === 1);
    for (const q of ["\u0000", `\u0000${word}`, `${word}\n`, "\u001f"]) {
      expectProblem(await list({ q }), 422, "invalid_request");
    }
  });

  it("delivers a change left pending by a crash when the object wakes, and by its alarm", async () => {
    const word = tag();
    const id = await create(`Pending ${word}`);
    await listUntil({ q: word }, (res) => res.json.total === 1);
    const stub = env.DIAGRAM.getByName(id);
    const pending = (title: string) =>
      runInDurableObject(stub, (_o: DiagramObject, state) => {
        const row = state.storage.sql
          .exec<{ created_at: string }>("SELECT created_at FROM diagram")
          .one();
        const change = {
          kind: "upsert",
          entry: {
            id,
            title,
            version: 1,
            created_at: row.created_at,
            updated_at: new Date().toISOString(),
          },
        };
        // As if the object had stopped between the write (which arms the alarm) and the
        // delivery (which disarms it).
        state.storage.sql.exec(
          "INSERT OR REPLACE INTO index_outbox (singleton, tenant, change) VALUES (1, ?, ?)",
          TENANT_A,
          JSON.stringify(change),
        );
        return state.storage.setAlarm(Date.now() + 2_000);
      });

    await pending(`Woken ${word}`);
    await evictDurableObject(stub);
    await stub.meta({ tenant: TENANT_A });
    await listUntil({ q: `woken ${word}` }, (res) => res.json.total === 1);

    await pending(`Alarmed ${word}`);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const res = await list({ q: `alarmed ${word}` });
    expect(ids(res)).toEqual([id]);
    await runInDurableObject(stub, (_o: DiagramObject, state) => {
      expect(state.storage.sql.exec("SELECT * FROM index_outbox").toArray()).toEqual([]);
    });
  });
});
