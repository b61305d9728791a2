import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256, toHex } from "../../worker/auth/encoding.ts";
import type { DiagramObject } from "../../worker/diagram/diagram-object.ts";
import { DIAGRAM_MIGRATIONS } from "../../worker/diagram/migrations.ts";
import { MAX_CHUNK_CHARS } from "../../worker/durable/chunks/chunking.ts";
import { migrate } from "../../worker/durable/migrate.ts";
import { syntheticDiagram } from "../fixtures/synthetic.ts";
import { api, createDiagram, KEY_A, SMALL_XML } from "./api.ts";

/** Pseudo-random letters: text that deflate cannot shrink much, so big XML needs chunks. */
function noise(length: number, seed: number): string {
  let s = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out += String.fromCharCode(97 + (s % 26));
  }
  return out;
}

/** A valid diagram of about `megabytes` MB: few cells with long, incompressible labels. */
function bigDiagram(megabytes: number): string {
  const cells: string[] = ['<mxCell id="0"/>', '<mxCell id="1" parent="0"/>'];
  const labelLength = 40_000;
  const count = Math.floor((megabytes * 1024 * 1024) / labelLength);
  for (let i = 0; i < count; i++) {
    cells.push(
      `<mxCell id="v${i}" value="${noise(labelLength, i + 1)}" vertex="1" parent="1"><mxGeometry x="${i * 10}" y="0" width="80" height="40" as="geometry"/></mxCell>`,
    );
  }
  return `<mxGraphModel><root>${cells.join("")}</root></mxGraphModel>`;
}

/** Tenant A's id, derived from its key exactly as the Worker does. */
const TENANT_A = `t_${toHex(await sha256(KEY_A)).slice(0, 32)}`;

function stub(id: string) {
  return env.DIAGRAM.getByName(id);
}

describe("DiagramObject storage", () => {
  it("keeps a diagram of almost 10 MB, chunked under the row limit, and returns it intact", async () => {
    const xml = bigDiagram(9.8);
    const id = await createDiagram(xml);
    const storage = await stub(id).storageOf({ tenant: TENANT_A, n: 1 });
    expect(storage.ok && storage.value.chunks).toBeGreaterThan(40);
    const res = await api(`/v1/diagrams/${id}`);
    expect(res.json.stats.vertices).toBe(Math.floor((9.8 * 1024 * 1024) / 40_000));
    expect(res.json.stats.bytes).toBeGreaterThan(9.5 * 1024 * 1024);
    // A fresh instance reads it back from SQLite, not from memory.
    await evictDurableObject(stub(id));
    const again = await api(`/v1/diagrams/${id}/versions/1`);
    expect(again.json.xml).toBe(res.json.xml);
    await runInDurableObject(stub(id), (_o: DiagramObject, state) => {
      const largest = state.storage.sql
        .exec<{ size: number }>("SELECT max(length(data)) AS size FROM chunks")
        .one().size;
      expect(largest).toBeLessThanOrEqual(4 * MAX_CHUNK_CHARS);
      expect(largest).toBeLessThan(2 * 1024 * 1024);
    });
  });

  it("stores only the chunks an edit changed; a restore stores none", async () => {
    const id = await createDiagram(syntheticDiagram({ cells: 2000 }));
    const first = await stub(id).storageOf({ tenant: TENANT_A, n: 1 });
    if (!first.ok) throw new Error("no storage info");
    expect(first.value.added).toBe(first.value.chunks);
    for (let i = 0; i < 3; i++) {
      const res = await api(`/v1/diagrams/${id}/operations`, {
        method: "POST",
        body: {
          operations: [
            { op: "set_label", select: `(//mxCell[@vertex='1'])[${100 * i + 50}]`, value: `v${i}` },
          ],
        },
      });
      expect(res.status).toBe(200);
      const s = await stub(id).storageOf({ tenant: TENANT_A, n: res.json.version });
      if (!s.ok) throw new Error("no storage info");
      expect(s.value.added).toBeLessThanOrEqual(2);
      expect(s.value.addedBytes).toBeLessThan(res.json.stats.bytes / 20);
    }
    const restored = await api(`/v1/diagrams/${id}/versions/1/restore`, { method: "POST" });
    const copy = await stub(id).storageOf({ tenant: TENANT_A, n: restored.json.version });
    expect(copy.ok && copy.value.added).toBe(0);
    const before = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => api(`/v1/diagrams/${id}/versions/${n}`)),
    );
    await evictDurableObject(stub(id));
    const after = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => api(`/v1/diagrams/${id}/versions/${n}`)),
    );
    expect(after.map((r) => r.json)).toEqual(before.map((r) => r.json));
    expect(after[4]?.json.xml).toBe(after[0]?.json.xml);
    // After waking up, the next edit still shares the head's chunks.
    const next = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: {
        operations: [{ op: "set_label", select: "(//mxCell[@vertex='1'])[7]", value: "after" }],
      },
    });
    const s = await stub(id).storageOf({ tenant: TENANT_A, n: next.json.version });
    expect(s.ok && s.value.added).toBeLessThanOrEqual(2);
  });

  it("refuses to rewrite history, even from inside the object", async () => {
    const id = await createDiagram();
    await runInDurableObject(stub(id), (_o: DiagramObject, state) => {
      expect(() =>
        state.storage.sql.exec("UPDATE versions SET message = 'forged' WHERE n = 1"),
      ).toThrow(/append-only/);
      expect(() => state.storage.sql.exec("UPDATE chunks SET data = x'00'")).toThrow(/append-only/);
    });
  });

  it("runs migrations once, and running them again changes nothing", async () => {
    const id = await createDiagram();
    await runInDurableObject(stub(id), (_o: DiagramObject, state) => {
      const latest = DIAGRAM_MIGRATIONS[DIAGRAM_MIGRATIONS.length - 1]?.version;
      expect(migrate(state.storage, DIAGRAM_MIGRATIONS)).toBe(latest);
      expect(migrate(state.storage, DIAGRAM_MIGRATIONS)).toBe(latest);
      const rows = state.storage.sql.exec("SELECT version FROM schema_version").toArray();
      expect(rows).toHaveLength(DIAGRAM_MIGRATIONS.length);
    });
    expect((await api(`/v1/diagrams/${id}`)).json.xml).toContain("Start");
  });

  it("stores nothing for an id that names no diagram, whoever asks and however often", async () => {
    const id = `d_${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;
    // Issue #31: every request for a made-up id used to leave a database with the full schema.
    expect((await api(`/v1/diagrams/${id}`)).status).toBe(404);
    expect((await api(`/v1/diagrams/${id}/versions`)).status).toBe(404);
    expect((await api(`/v1/diagrams/${id}`, { method: "DELETE" })).status).toBe(404);
    const published = await stub(id).published({
      id: `pub_${id.slice(2)}${"A".repeat(16)}`,
      format: "svg",
    });
    expect(published).toMatchObject({ ok: false, problem: { code: "publication_not_found" } });
    await evictDurableObject(stub(id));
    await runInDurableObject(stub(id), (_o: DiagramObject, state) => {
      const ours = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE substr(name, 1, 4) <> '_cf_' AND substr(name, 1, 7) <> 'sqlite_'",
        )
        .toArray();
      expect(ours).toEqual([]);
    });
    // The first write makes the tables: a diagram made under that id works as any other.
    const made = await stub(id).create({ tenant: TENANT_A, id, title: "Late", author: "api" });
    expect(made.ok).toBe(true);
    expect((await api(`/v1/diagrams/${id}`)).json.title).toBe("Late");
  });

  it("brings a diagram stored under the first schema up to date, keeping its data", async () => {
    const id = `d_${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;
    await runInDurableObject(stub(id), (_o: DiagramObject, state) => {
      // Start over from schema 1 alone, as a diagram saved before migration 2 was: every
      // table of ours goes (the runtime's own `_cf_` tables stay).
      const tables = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 4) <> '_cf_' AND substr(name, 1, 7) <> 'sqlite_'",
        )
        .toArray();
      for (const { name } of tables) state.storage.sql.exec(`DROP TABLE "${name}"`);
      migrate(state.storage, DIAGRAM_MIGRATIONS.slice(0, 1));
      state.storage.sql.exec(
        "INSERT INTO diagram (singleton, id, owner, title, head, busy_turn, created_at, updated_at) VALUES (1, ?, 't', 'Old', 1, NULL, 'x', 'x')",
        id,
      );
      expect(migrate(state.storage, DIAGRAM_MIGRATIONS)).toBe(DIAGRAM_MIGRATIONS.at(-1)?.version);
      const columns = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM pragma_table_info('diagram')")
        .toArray()
        .map((c) => c.name);
      expect(columns).not.toContain("busy_turn");
      expect(state.storage.sql.exec("SELECT title FROM diagram").one().title).toBe("Old");
    });
  });

  it("checks every RPC argument at run time, whatever the types say", async () => {
    const id = await createDiagram(SMALL_XML);
    const s = stub(id);
    // Casts on purpose: any code holding the binding can send anything.
    const wrong = { tenant: TENANT_A, xml: 42, ifMatch: "1", author: "root" } as unknown;
    const bad = await s.replace(wrong as Parameters<typeof s.replace>[0]);
    expect(bad).toMatchObject({ ok: false, problem: { status: 422, code: "invalid_request" } });
    const missing = await s.read({} as Parameters<typeof s.read>[0]);
    expect(missing).toMatchObject({ ok: false, problem: { code: "invalid_request" } });
  });
});
