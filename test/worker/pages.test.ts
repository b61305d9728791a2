/**
 * The Worker's HTML pages as a browser first receives them: the API reference (`/docs`), the
 * editor page of `links.editor` (`/edit/{id}`) and the demo page (`/`). What they draw in a
 * real browser is tested in test/widget (pages.test.ts, demo.test.ts).
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tenantForKey } from "../../worker/auth/api-keys.ts";
import { editorLink } from "../../worker/diagram/client.ts";
import { drawioUrlOf } from "../../worker/http/drawio-url.ts";
import { api, createDiagram, KEY_A } from "./api.ts";

const ORIGIN = "https://drawforge.test";

describe("/docs", () => {
  it("loads Scalar from this Worker under a CSP that allows no other host", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('src="/scalar/api-reference.js"');
    expect(html).not.toMatch(/https?:\/\/(?!drawforge\.test)[a-z0-9.-]+\//i);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    // Every script carries the nonce, so the CSP lets them run.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce for every page.
    const again = await exports.default.fetch(`${ORIGIN}/docs`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });
});

describe("the editor page of links.editor", () => {
  it("opens the diagram it names, with the token from the fragment", async () => {
    const id = await createDiagram();
    const link = new URL(await editorLink(env, { origin: ORIGIN, tenant: await tenantOf() }, id));
    expect(link.pathname).toBe(`/edit/${id}`);
    const token = new URLSearchParams(link.hash.slice(1)).get("token") ?? "";
    const res = await exports.default.fetch(`${ORIGIN}${link.pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain(`data-diagram-id="${id}"`);
    // The page holds no token: it reads it from location.hash in the browser.
    expect(html).not.toContain("dft_ey");
    expect(html).toContain("location.hash");
    // The link's token edits that diagram.
    const ops = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      auth: token,
      body: { operations: [{ op: "set_label", id: "a", value: "Edited through the link" }] },
    });
    expect(ops.status, ops.text.slice(0, 300)).toBe(200);
  });

  it("answers 404 for something that is not a diagram id", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/edit/not-an-id`);
    expect(res.status).toBe(404);
  });
});

describe("the demo page", () => {
  it("is off unless DEMO_PAGE=1 (as in the tests and on a deployed Worker)", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/`);
    expect(res.status).toBe(404);
  });
});

describe("DRAWIO_URL", () => {
  it("names a draw.io by absolute URL or by a path on this deployment", () => {
    expect(drawioUrlOf({}, ORIGIN)).toBeUndefined();
    expect(drawioUrlOf({ DRAWIO_URL: "" }, ORIGIN)).toBeUndefined();
    expect(drawioUrlOf({ DRAWIO_URL: "/drawio/?offline=1" }, ORIGIN)).toBe(
      `${ORIGIN}/drawio/?offline=1`,
    );
    expect(drawioUrlOf({ DRAWIO_URL: "https://draw.example/" }, ORIGIN)).toBe(
      "https://draw.example/",
    );
    expect(drawioUrlOf({ DRAWIO_URL: "javascript:alert(1)" }, ORIGIN)).toBeUndefined();
  });
});

/** The tenant of KEY_A. */
async function tenantOf(): Promise<string> {
  const tenant = await tenantForKey(KEY_A, env.API_KEYS ?? "");
  if (!tenant) throw new Error("KEY_A is not configured");
  return tenant;
}
