import { describe, expect, it } from "vitest";
import { api, createDiagram, KEY_B } from "./api.ts";

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
    const file = await api(path(pub.urls.drawio), { auth: null });
    expect(file.text).toMatch(/^<mxfile/);
    const page = await api(path(pub.urls.page), { auth: null });
    expect(page.text).toContain(`<drawforge-viewer src="/p/${pub.id}.drawio">`);
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

  it("pins a version for good, lists publications and revokes them", async () => {
    const id = await createDiagram();
    await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Later" }] },
    });
    const pinned = await publish(id, { version: 1 });
    expect(pinned.version).toBe(1);
    const svg = await api(path(pinned.urls.svg), { auth: null });
    expect(svg.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(svg.text).toContain(">Start</text>");
    const head = await publish(id);
    const list = await api(`/v1/diagrams/${id}/publications`);
    expect(list.json.items.map((p: { id: string }) => p.id).sort()).toEqual(
      [pinned.id, head.id].sort(),
    );
    const revoked = await api(`/v1/diagrams/${id}/publications/${pinned.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    const gone = await api(path(pinned.urls.svg), { auth: null });
    expect(gone.status).toBe(404);
    expect(gone.json.code).toBe("publication_not_found");
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
    const madeUp = await api(`/p/pub_${id.slice(2)}AAAAAAAAAAAAAAAA.svg`, { auth: null });
    expect(madeUp.status).toBe(404);
    expect(madeUp.json.code).toBe("publication_not_found");
    const malformed = await api("/p/pub_nope.svg", { auth: null });
    expect(malformed.status).toBe(422);
    // Deleting the diagram ends its publications.
    const pub = await publish(id);
    expect((await api(`/v1/diagrams/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(path(pub.urls.svg), { auth: null })).status).toBe(404);
  });
});
