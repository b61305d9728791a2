import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DiagramObject } from "../../worker/diagram/diagram-object.ts";
import { type ApiResponse, api, createDiagram, KEY_B } from "./api.ts";

async function publish(id: string, body?: unknown) {
  const res = await api(`/v1/diagrams/${id}/publications`, {
    method: "POST",
    ...(body === undefined ? {} : { body }),
  });
  expect(res.status, res.text).toBe(201);
  return res.json as {
    id: string;
    version: number | null;
    urls: { page: string; svg: string; drawio: string };
  };
}

const path = (url: string) => new URL(url).pathname;

/** What every public answer carries, whatever it says. */
function expectPublicHeaders(res: ApiResponse, what: string): void {
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("content-security-policy"), what).toMatch(/default-src 'none'/);
}

/** A link that shows nothing: 404 in every form, never kept by a cache. */
async function expectGone(pub: string, what: string): Promise<void> {
  for (const suffix of [".svg", ".png", ".drawio", ""]) {
    const res = await api(`/p/${pub}${suffix}`, { auth: null });
    expect(res.status, `${what}: ${suffix || "page"}`).toBe(404);
    expect(res.headers.get("cache-control"), `${what}: ${suffix || "page"}`).toBe("no-store");
    expectPublicHeaders(res, `${what}: ${suffix || "page"}`);
    if (suffix) expect(res.json.code).toBe("publication_not_found");
    else expect(res.text).toContain("not published");
  }
}

describe("publications: public, read-only, revocable links", () => {
  it("publishes the head: an SVG, the file and a page, without credentials, following new versions", async () => {
    const id = await createDiagram();
    const pub = await publish(id);
    expect(pub.id).toMatch(/^pub_[A-Za-z0-9]{38}$/);
    expect(pub.version).toBeNull();
    expect(path(pub.urls.svg)).toBe(`/p/${pub.id}.svg`);
    const svg = await api(path(pub.urls.svg), { auth: null });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("access-control-allow-origin")).toBe("*");
    // A viewer on another origin reads which shapes were drawn as boxes (to fall back).
    expect(svg.headers.get("access-control-expose-headers")).toContain(
      "X-Drawforge-Unknown-Shapes",
    );
    expect(svg.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
    expect(svg.headers.get("etag")).toBe('"1"');
    expect(svg.text).toContain(">Start</text>");
    // An SVG opened on its own runs nothing and loads nothing.
    expectPublicHeaders(svg, "svg");
    expect(svg.headers.get("content-security-policy")).not.toMatch(/script-src/);
    const file = await api(path(pub.urls.drawio), { auth: null });
    expect(file.text).toMatch(/^<mxfile/);
    expectPublicHeaders(file, "drawio");
    const page = await api(path(pub.urls.page), { auth: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<drawforge-viewer src="/p/${pub.id}.drawio"`);
    expectPublicHeaders(page, "page");
    // The page loads from this Worker and its draw.io only: never an image a label names.
    expect(page.headers.get("content-security-policy")).toMatch(/img-src 'self' \S+ data: blob:/);
    // Unchanged: 304. After an edit the same link shows the new version.
    const again = await api(path(pub.urls.svg), {
      auth: null,
      headers: { "if-none-match": '"1"' },
    });
    expect(again.status).toBe(304);
    await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Begin" }] },
    });
    const newer = await api(path(pub.urls.svg), {
      auth: null,
      headers: { "if-none-match": '"1"' },
    });
    expect(newer.status).toBe(200);
    expect(newer.headers.get("etag")).toBe('"2"');
    expect(newer.text).toContain(">Begin</text>");
  });

  it("pins a version for a bounded time, lists publications and revokes them", async () => {
    const id = await createDiagram();
    await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Later" }] },
    });
    const pinned = await publish(id, { version: 1 });
    expect(pinned.version).toBe(1);
    const svg = await api(path(pinned.urls.svg), { auth: null });
    // Kept five minutes, not for good: a revoke must reach caches in a time the docs state.
    expect(svg.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    expect(svg.text).toContain(">Start</text>");
    const head = await publish(id);
    const list = await api(`/v1/diagrams/${id}/publications`);
    expect(list.json.items.map((p: { id: string }) => p.id).sort()).toEqual(
      [pinned.id, head.id].sort(),
    );
    const revoked = await api(`/v1/diagrams/${id}/publications/${pinned.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    await expectGone(pinned.id, "revoked");
    const twice = await api(`/v1/diagrams/${id}/publications/${pinned.id}`, { method: "DELETE" });
    expect(twice.status).toBe(404);
    expect((await api(path(head.urls.svg), { auth: null })).status).toBe(200);
  });

  it("refuses what it should: a missing version, another tenant, a widget token, a made-up link", async () => {
    const id = await createDiagram();
    const missing = await api(`/v1/diagrams/${id}/publications`, {
      method: "POST",
      body: { version: 7 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("version_not_found");
    const other = await api(`/v1/diagrams/${id}/publications`, { method: "POST", auth: KEY_B });
    expect(other.status).toBe(404);
    const minted = await api(`/v1/diagrams/${id}/tokens`, {
      method: "POST",
      body: { scope: "edit" },
    });
    const token = await api(`/v1/diagrams/${id}/publications`, {
      method: "POST",
      auth: minted.json.token,
    });
    expect(token.status).toBe(403);
    await expectGone(`pub_${id.slice(2)}AAAAAAAAAAAAAAAA`, "made up");
    const malformed = await api("/p/pub_nope.svg", { auth: null });
    expect(malformed.status).toBe(422);
    expect(malformed.headers.get("cache-control")).toBe("no-store");
    expectPublicHeaders(malformed, "malformed");
    // Deleting the diagram ends its publications, and takes them out of the index.
    const pub = await publish(id);
    expect(await env.PUBLICATIONS.get(`pub:${pub.id}`)).toBe(id);
    expect((await api(`/v1/diagrams/${id}`, { method: "DELETE" })).status).toBe(204);
    await expectGone(pub.id, "deleted");
    expect(await env.PUBLICATIONS.get(`pub:${pub.id}`)).toBeNull();
  });

  it("draws a version once: later requests, any publication of it, come from the cache", async () => {
    const id = await createDiagram();
    const pub = await publish(id, { version: 1 });
    const other = await publish(id);
    for (const suffix of [".svg", ".png", ".drawio"]) {
      const first = await api(`/p/${pub.id}${suffix}`, { auth: null });
      expect(first.status, suffix).toBe(200);
      expect(first.headers.get("x-drawforge-cache"), suffix).toBe("miss");
      const again = await api(`/p/${pub.id}${suffix}`, { auth: null });
      expect(again.headers.get("x-drawforge-cache"), suffix).toBe("hit");
      expect(again.text, suffix).toBe(first.text);
      expect(again.headers.get("content-type"), suffix).toBe(first.headers.get("content-type"));
      expect(again.headers.get("etag"), suffix).toBe('"1"');
      // The same version through another link: drawn already.
      const shared = await api(`/p/${other.id}${suffix}`, { auth: null });
      expect(shared.headers.get("x-drawforge-cache"), suffix).toBe("hit");
    }
    // A new version is drawn once more; the object still decides what a link shows.
    await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Begin" }] },
    });
    const newer = await api(`/p/${other.id}.svg`, { auth: null });
    expect(newer.headers.get("x-drawforge-cache")).toBe("miss");
    expect(newer.text).toContain(">Begin</text>");
    expect((await api(`/p/${pub.id}.svg`, { auth: null })).text).toContain(">Start</text>");
    await api(`/v1/diagrams/${id}/publications/${pub.id}`, { method: "DELETE" });
    await expectGone(pub.id, "revoked after caching");
  });

  it("indexes a publication made before the index when its diagram's object next wakes", async () => {
    const id = await createDiagram();
    const pub = await publish(id);
    const stub = env.DIAGRAM.getByName(id);
    // As a publication recorded before migration 6: in the object, not in the index.
    await runInDurableObject(stub, (_o: DiagramObject, state) => {
      state.storage.sql.exec("UPDATE publications SET indexed = 0");
    });
    await env.PUBLICATIONS.delete(`pub:${pub.id}`);
    expect((await api(path(pub.urls.svg), { auth: null })).status).toBe(404);
    await evictDurableObject(stub);
    expect((await api(`/v1/diagrams/${id}`)).status).toBe(200);
    const end = Date.now() + 5_000;
    while ((await env.PUBLICATIONS.get(`pub:${pub.id}`)) === null && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await api(path(pub.urls.svg), { auth: null })).status).toBe(200);
  });
});
