import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { sha256, toHex } from "../../worker/auth/encoding.ts";
import { signToken } from "../../worker/auth/widget-tokens.ts";
import type { AppEnv } from "../../worker/http/app-env.ts";
import {
  type ApiInit,
  type ApiResponse,
  api,
  buildRequest,
  createDiagram,
  expectProblem,
  KEY_A,
  KEY_B,
  readResponse,
  SMALL_XML,
} from "./api.ts";

type Bindings = AppEnv["Bindings"];

/** The test-only rate limiter (limit 3 per 60 s), declared in vitest.config.ts. */
const testLimiter = (env as unknown as { TEST_RATE_LIMITER: RateLimit }).TEST_RATE_LIMITER;

/** Like {@link api}, but through `app.fetch` with some bindings replaced. */
async function callWith(
  overrides: Partial<Bindings>,
  path: string,
  init: ApiInit = {},
): Promise<ApiResponse> {
  const bindings: Bindings = { ...(env as Bindings), ...overrides };
  return readResponse(
    await app.fetch(buildRequest(path, init), bindings, createExecutionContext()),
  );
}

async function mint(
  id: string,
  scope: "view" | "edit",
  ttl = 600,
  auth: string = KEY_A,
): Promise<ApiResponse> {
  return api(`/v1/diagrams/${id}/tokens`, {
    method: "POST",
    body: { scope, ttl_seconds: ttl },
    auth,
  });
}

async function mintToken(id: string, scope: "view" | "edit"): Promise<string> {
  const res = await mint(id, scope);
  if (res.status !== 201) throw new Error(`mint failed: ${res.status} ${res.text}`);
  return res.json.token as string;
}

/** Replaces the character at `index` with a different base64url character. */
function flipAt(text: string, index: number): string {
  const ch = text[index];
  const other = ch === "A" ? "B" : "A";
  return `${text.slice(0, index)}${other}${text.slice(index + 1)}`;
}

/** The tenant id the worker derives from an API key. */
async function tenantOf(key: string): Promise<string> {
  return `t_${toHex(await sha256(key)).slice(0, 32)}`;
}

/** The secret the worker signs widget tokens with. */
function tokenSecret(): string {
  const bindings = env as Bindings;
  return bindings.TOKEN_SECRET || bindings.API_KEYS || "";
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const OPERATIONS = { operations: [{ op: "set_label", id: "a", value: "Changed" }] };
const OTHER_XML = SMALL_XML.replace('value="Start"', 'value="Begin"');

describe("API key authentication", () => {
  it("answers 401 missing_credentials with a Bearer challenge when nothing is sent", async () => {
    const res = await api("/v1/diagrams/d_0000000000000000000000", { auth: null });
    expectProblem(res, 401, "missing_credentials");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it("answers 401 invalid_credentials for another scheme", async () => {
    const res = await api("/v1/diagrams/d_0000000000000000000000", {
      auth: null,
      headers: { authorization: "Basic x" },
    });
    expectProblem(res, 401, "invalid_credentials");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it("answers 401 invalid_credentials for an unknown key", async () => {
    const res = await api("/v1/diagrams/d_0000000000000000000000", { auth: "test-key-c" });
    expectProblem(res, 401, "invalid_credentials");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it("accepts a configured key", async () => {
    const res = await api("/v1/validate", { method: "POST", body: { xml: SMALL_XML } });
    expect(res.status).toBe(200);
  });

  it("fails closed with 503 when no API keys are configured", async () => {
    const off = { API_KEYS: "" };
    expectProblem(
      await callWith(off, "/v1/diagrams/d_0000000000000000000000"),
      503,
      "auth_not_configured",
    );
    expectProblem(
      await callWith(off, "/v1/diagrams", { method: "POST", body: { title: "x" } }),
      503,
      "auth_not_configured",
    );
    expectProblem(
      await callWith(off, "/v1/validate", { method: "POST", body: { xml: SMALL_XML }, auth: null }),
      503,
      "auth_not_configured",
    );
    for (const keys of [" , ", undefined]) {
      expectProblem(
        await callWith({ API_KEYS: keys }, "/v1/diagrams/d_0000000000000000000000"),
        503,
        "auth_not_configured",
      );
    }
    for (const path of ["/healthz", "/openapi.json", "/docs"]) {
      const res = await callWith(off, path, { auth: null });
      expect(res.status, path).toBe(200);
    }
  });
});

describe("tenant isolation", () => {
  it("hides tenant A's diagram from tenant B with 404 on every route", async () => {
    const id = await createDiagram();
    const base = `/v1/diagrams/${id}`;
    const attempts: [string, ApiInit][] = [
      [base, {}],
      [base, { method: "PUT", body: { xml: OTHER_XML }, headers: { "if-match": '"1"' } }],
      [base, { method: "PATCH", body: { title: "Stolen" } }],
      [`${base}/operations`, { method: "POST", body: OPERATIONS }],
      [`${base}/versions`, {}],
      [`${base}/versions/1`, {}],
      [`${base}/versions/1/diff?against=1`, {}],
      [`${base}/versions/1/restore`, { method: "POST" }],
      [`${base}/export`, {}],
      [`${base}/export?format=url`, {}],
      [`${base}/tokens`, { method: "POST", body: { scope: "edit", ttl_seconds: 600 } }],
      [base, { method: "DELETE" }],
    ];
    for (const [path, init] of attempts) {
      const res = await api(path, { ...init, auth: KEY_B });
      expect(res.status, `${init.method ?? "GET"} ${path}`).toBe(404);
      expectProblem(res, 404, "not_found");
    }

    const after = await api(base);
    expect(after.status).toBe(200);
    expect(after.json.version).toBe(1);
    expect(after.json.title).toBe("Test");
    expect(after.json.xml).toContain('value="Start"');
    const history = await api(`${base}/versions`);
    expect(history.json.items).toHaveLength(1);
  });
});

describe("widget tokens", () => {
  it("mints a token with the requested scope and lifetime", async () => {
    const id = await createDiagram();
    const before = nowSeconds();
    const res = await mint(id, "view", 900);
    expect(res.status).toBe(201);
    expect(res.json.token).toMatch(/^dft_/);
    expect(res.json.diagram_id).toBe(id);
    expect(res.json.scope).toBe("view");
    const expires = Date.parse(res.json.expires_at) / 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 900 - 2);
    expect(expires).toBeLessThanOrEqual(nowSeconds() + 900 + 2);
  });

  it("refuses lifetimes outside 60 s to 24 h", async () => {
    const id = await createDiagram();
    expectProblem(await mint(id, "view", 86_401), 422, "invalid_request");
    expectProblem(await mint(id, "view", 59), 422, "invalid_request");
    expect((await mint(id, "view", 86_400)).status).toBe(201);
    expect((await mint(id, "view", 60)).status).toBe(201);
  });

  it("lets a view token read but not change, delete or mint", async () => {
    const id = await createDiagram();
    const token = await mintToken(id, "view");
    const base = `/v1/diagrams/${id}`;

    for (const path of [base, `${base}/versions`, `${base}/versions/1`, `${base}/export`]) {
      const res = await api(path, { auth: token });
      expect(res.status, path).toBe(200);
    }

    const refused: [string, ApiInit][] = [
      [base, { method: "PUT", body: { xml: OTHER_XML }, headers: { "if-match": '"1"' } }],
      [base, { method: "PATCH", body: { title: "Renamed" } }],
      [`${base}/operations`, { method: "POST", body: OPERATIONS }],
      [`${base}/versions/1/restore`, { method: "POST" }],
      [base, { method: "DELETE" }],
      [`${base}/tokens`, { method: "POST", body: { scope: "view", ttl_seconds: 600 } }],
    ];
    for (const [path, init] of refused) {
      const res = await api(path, { ...init, auth: token });
      expect(res.status, `${init.method} ${path}`).toBe(403);
      expectProblem(res, 403, "forbidden");
    }

    const after = await api(base);
    expect(after.json.version).toBe(1);
    expect(after.json.title).toBe("Test");
  });

  it("lets an edit token save and edit as the user, but not delete or mint", async () => {
    const id = await createDiagram();
    const token = await mintToken(id, "edit");
    const base = `/v1/diagrams/${id}`;

    const put = await api(base, {
      method: "PUT",
      body: { xml: OTHER_XML },
      headers: { "if-match": '"1"' },
      auth: token,
    });
    expect(put.status).toBe(200);
    expect(put.json.version).toBe(2);
    const history = await api(`${base}/versions`);
    expect(history.json.items[0].n).toBe(2);
    expect(history.json.items[0].author).toBe("user");
    expect(history.json.items[1].author).toBe("api");

    const ops = await api(`${base}/operations`, { method: "POST", body: OPERATIONS, auth: token });
    expect(ops.status).toBe(200);
    expect(ops.json.version).toBe(3);

    const restore = await api(`${base}/versions/1/restore`, { method: "POST", auth: token });
    expect(restore.status).toBe(200);
    expect(restore.json.version).toBe(4);

    expectProblem(await api(base, { method: "DELETE", auth: token }), 403, "forbidden");
    expectProblem(
      await api(`${base}/tokens`, {
        method: "POST",
        body: { scope: "edit", ttl_seconds: 600 },
        auth: token,
      }),
      403,
      "forbidden",
    );
    const after = await api(base);
    expect(after.status).toBe(200);
    expect(after.json.version).toBe(4);
  });

  it("refuses a token on another diagram of the same tenant", async () => {
    const a = await createDiagram();
    const b = await createDiagram();
    const token = await mintToken(a, "edit");

    expectProblem(await api(`/v1/diagrams/${b}`, { auth: token }), 403, "forbidden");
    expectProblem(
      await api(`/v1/diagrams/${b}`, {
        method: "PUT",
        body: { xml: OTHER_XML },
        headers: { "if-match": '"1"' },
        auth: token,
      }),
      403,
      "forbidden",
    );
    expectProblem(
      await api(`/v1/diagrams/${b}/operations`, { method: "POST", body: OPERATIONS, auth: token }),
      403,
      "forbidden",
    );
    expectProblem(
      await api(`/v1/diagrams/${b}`, { method: "PATCH", body: { title: "X" }, auth: token }),
      403,
      "forbidden",
    );

    const after = await api(`/v1/diagrams/${b}`);
    expect(after.json.version).toBe(1);
    expect(after.json.title).toBe("Test");
    expect(after.json.xml).toContain('value="Start"');
  });

  it("answers a malformed diagram path with a client error, not a 500", async () => {
    const id = await createDiagram();
    const token = await mintToken(id, "edit");
    for (const path of ["/v1/diagrams/%E0%A4%A", `/v1/diagrams/${id}%`, "/v1/diagrams/%"]) {
      const res = await api(path, { auth: token });
      expect([403, 422], `${path}: ${res.status} ${res.text.slice(0, 120)}`).toContain(res.status);
    }
  });

  it("reaches only its own diagram's routes: no helper, list, create or batch", async () => {
    const id = await createDiagram();
    const FLOW = "flowchart LR\n  a --> b";
    const elsewhere: [string, ApiInit][] = [
      ["/v1/diagrams", { method: "POST", body: { title: "New" } }],
      ["/v1/diagrams", {}],
      ["/v1/validate", { method: "POST", body: { xml: SMALL_XML } }],
      ["/v1/layout", { method: "POST", body: { graph: { nodes: [{ id: "a", label: "A" }] } } }],
      ["/v1/convert", { method: "POST", body: { mermaid: FLOW } }],
      ["/v1/render", { method: "POST", body: { xml: SMALL_XML } }],
      ["/v1/shape-libraries", {}],
      ["/v1/shape-libraries/aws4", {}],
      ["/v1/shapes/search?q=server", {}],
      ["/v1/generate", { method: "POST", body: { prompt: "a cart" } }],
      ["/v1/batches", { method: "POST", body: { items: [{ prompt: "a cart" }] } }],
    ];
    for (const scope of ["view", "edit"] as const) {
      const token = await mintToken(id, scope);
      for (const [path, init] of elsewhere) {
        const res = await api(path, { ...init, auth: token });
        expectProblem(res, 403, "forbidden");
      }
    }
    // The editor's Mermaid paste converts under its diagram, with an edit token only.
    const convert = `/v1/diagrams/${id}/convert`;
    const body = { mermaid: FLOW };
    const view = await mintToken(id, "view");
    expectProblem(await api(convert, { method: "POST", body, auth: view }), 403, "forbidden");
    const edit = await mintToken(id, "edit");
    const converted = await api(convert, { method: "POST", body, auth: edit });
    expect(converted.status, converted.text).toBe(200);
    expect(converted.json.counts).toEqual({ nodes: 2, edges: 1 });
    const other = await createDiagram();
    expectProblem(
      await api(`/v1/diagrams/${other}/convert`, { method: "POST", body, auth: edit }),
      403,
      "forbidden",
    );
    // Nothing was stored; for an API key it is the conversion of a diagram it owns.
    expect((await api(`/v1/diagrams/${id}`)).json.version).toBe(1);
    expect((await api(convert, { method: "POST", body, auth: KEY_B })).status).toBe(404);
  });

  it("refuses a token whose signature or payload was changed", async () => {
    const id = await createDiagram();
    const token = await mintToken(id, "view");
    const [payload = "", mac = ""] = token.slice("dft_".length).split(".");
    expect(payload.length).toBeGreaterThan(10);
    expect(mac.length).toBeGreaterThan(10);

    const badMac = `dft_${payload}.${flipAt(mac, 0)}`;
    const badMacMiddle = `dft_${payload}.${flipAt(mac, 10)}`;
    const badPayload = `dft_${flipAt(payload, 5)}.${mac}`;
    for (const forged of [badMac, badMacMiddle, badPayload]) {
      expectProblem(await api(`/v1/diagrams/${id}`, { auth: forged }), 401, "invalid_credentials");
    }
    expect((await api(`/v1/diagrams/${id}`, { auth: token })).status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const id = await createDiagram();
    const tenant = await tenantOf(KEY_A);
    const secret = tokenSecret();

    // A token signed the same way but still valid works, so the secret is the worker's.
    const fresh = await signToken(
      { tenant, diagramId: id, scope: "view", exp: nowSeconds() + 300 },
      secret,
    );
    expect((await api(`/v1/diagrams/${id}`, { auth: fresh })).status).toBe(200);

    const expired = await signToken(
      { tenant, diagramId: id, scope: "view", exp: nowSeconds() - 10 },
      secret,
    );
    expectProblem(await api(`/v1/diagrams/${id}`, { auth: expired }), 401, "invalid_credentials");
  });

  it("does not let tenant A mint tokens for tenant B's diagram", async () => {
    const id = await createDiagram(SMALL_XML, KEY_B);
    expectProblem(await mint(id, "edit", 600, KEY_A), 404, "not_found");
  });

  it("refuses a token once its diagram is deleted", async () => {
    const id = await createDiagram();
    const token = await mintToken(id, "edit");
    expect((await api(`/v1/diagrams/${id}`, { auth: token })).status).toBe(200);
    expect((await api(`/v1/diagrams/${id}`, { method: "DELETE" })).status).toBe(204);
    expectProblem(await api(`/v1/diagrams/${id}`, { auth: token }), 404, "not_found");
    expectProblem(
      await api(`/v1/diagrams/${id}/operations`, { method: "POST", body: OPERATIONS, auth: token }),
      404,
      "not_found",
    );
  });
});

describe("rate limiting", () => {
  it("answers 429 with Retry-After past the limit, per key", async () => {
    const on = { RATE_LIMIT: "on", RATE_LIMITER: testLimiter };
    const init: ApiInit = { method: "POST", body: { xml: SMALL_XML } };
    const statuses: number[] = [];
    let limited: ApiResponse | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await callWith(on, "/v1/validate", init);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    // The limit is 3: the first three pass, a later one is refused.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(limited, `statuses: ${statuses.join(",")}`).toBeDefined();
    if (!limited) return;
    const problem = expectProblem(limited, 429, "rate_limited");
    const retryAfter = limited.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(problem.retry_after).toBe(Number(retryAfter));

    const other = await callWith(on, "/v1/validate", { ...init, auth: KEY_B });
    expect(other.status).toBe(200);
  });

  it("lets every request through when RATE_LIMIT is off", async () => {
    const init: ApiInit = { method: "POST", body: { xml: SMALL_XML } };
    for (let i = 0; i < 10; i++) {
      expect((await api("/v1/validate", init)).status).toBe(200);
    }
    const off = { RATE_LIMIT: "off", RATE_LIMITER: testLimiter };
    for (let i = 0; i < 10; i++) {
      expect((await callWith(off, "/v1/validate", { ...init, auth: KEY_B })).status).toBe(200);
    }
  });
});

describe("public links", () => {
  /** A well-formed publication id that nothing published. */
  const madeUp = () => `pub_${crypto.randomUUID().replaceAll("-", "").slice(0, 32)}ABCDEF`;

  it("are limited per client address: 429 with Retry-After past the limit", async () => {
    const on = { RATE_LIMIT: "on", PUBLIC_RATE_LIMITER: testLimiter };
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const from = (ip: string): ApiInit => ({ auth: null, headers: { "cf-connecting-ip": ip } });
    const statuses: number[] = [];
    let limited: ApiResponse | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await callWith(on, `/p/${madeUp()}.svg`, from(address));
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(limited, `statuses: ${statuses.join(",")}`).toBeDefined();
    if (!limited) return;
    const problem = expectProblem(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(problem.retry_after).toBe(Number(limited.headers.get("retry-after")));
    expect(limited.headers.get("cache-control")).toBe("no-store");
    // Another address is counted on its own; with RATE_LIMIT=off nobody is limited.
    expect((await callWith(on, `/p/${madeUp()}`, from("198.51.100.7"))).status).toBe(404);
    const off = { RATE_LIMIT: "off", PUBLIC_RATE_LIMITER: testLimiter };
    expect((await callWith(off, `/p/${madeUp()}.png`, from(address))).status).toBe(404);
  });

  it("answer an id nobody published without asking any Durable Object", async () => {
    const asked: string[] = [];
    const trap = {
      getByName(name: string) {
        asked.push(name);
        throw new Error("a Durable Object was asked for a made-up link");
      },
    } as unknown as Bindings["DIAGRAM"];
    for (const suffix of [".svg", ".png", ".drawio", ""]) {
      const res = await callWith({ DIAGRAM: trap }, `/p/${madeUp()}${suffix}`, { auth: null });
      expect(res.status, suffix || "page").toBe(404);
      expect(res.headers.get("cache-control"), suffix || "page").toBe("no-store");
    }
    expect(asked).toEqual([]);
  });
});

describe("CORS", () => {
  const lower = (value: string | null) => (value ?? "").toLowerCase();

  it("answers a preflight from an allowed origin", async () => {
    const res = await api("/v1/diagrams/x", {
      method: "OPTIONS",
      auth: null,
      headers: {
        origin: "https://docs.example",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization, if-match, idempotency-key",
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://docs.example");
    const allowed = lower(res.headers.get("access-control-allow-headers"));
    for (const header of ["authorization", "if-match", "idempotency-key", "content-type"]) {
      expect(allowed).toContain(header);
    }
    expect(lower(res.headers.get("access-control-allow-methods"))).toContain("put");
    expect(res.headers.get("x-request-id")).toMatch(/^\S+$/);
  });

  it("does not allow another origin", async () => {
    const res = await api("/v1/diagrams/x", {
      method: "OPTIONS",
      auth: null,
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();

    const id = await createDiagram();
    const get = await api(`/v1/diagrams/${id}`, { headers: { origin: "https://evil.example" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("exposes ETag, x-request-id and the unknown shapes on an actual request", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}`, { headers: { origin: "https://docs.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://docs.example");
    const exposed = lower(res.headers.get("access-control-expose-headers"));
    expect(exposed).toContain("etag");
    expect(exposed).toContain("x-request-id");
    // <drawforge-viewer> on a docs site reads it to fall back to draw.io.
    expect(exposed).toContain("x-drawforge-unknown-shapes");
  });
});

describe("request ids", () => {
  it("are on every response, and in every problem body", async () => {
    const id = await createDiagram();
    const doomed = await createDiagram();
    const responses: [string, ApiResponse][] = [
      ["healthz", await api("/healthz", { auth: null })],
      ["openapi", await api("/openapi.json", { auth: null })],
      ["get", await api(`/v1/diagrams/${id}`)],
      ["create", await api("/v1/diagrams", { method: "POST", body: { title: "R" } })],
      ["delete", await api(`/v1/diagrams/${doomed}`, { method: "DELETE" })],
    ];
    const seen = new Set<string>();
    for (const [name, res] of responses) {
      const rid = res.headers.get("x-request-id");
      expect(rid, name).toMatch(/^\S+$/);
      seen.add(rid ?? "");
    }
    expect(seen.size).toBe(responses.length);

    const problems: [ApiResponse, number, string][] = [
      [await api("/v1/nope"), 404, "route_not_found"],
      [await api("/nope", { auth: null }), 404, "route_not_found"],
      [await api(`/v1/diagrams/${id}`, { auth: null }), 401, "missing_credentials"],
      [await api(`/v1/diagrams/${id}`, { auth: "wrong" }), 401, "invalid_credentials"],
      [await api("/v1/diagrams/d_0000000000000000000000"), 404, "not_found"],
      [await api("/v1/diagrams", { method: "POST", body: { bogus: 1 } }), 422, "invalid_request"],
      [await callWith({ API_KEYS: "" }, "/v1/validate"), 503, "auth_not_configured"],
      [await api("/v1/validate", { method: "POST", body: "{x" }), 400, "malformed_json"],
      [
        await api("/v1/validate", {
          method: "POST",
          body: "x",
          headers: { "content-type": "text/plain" },
        }),
        415,
        "unsupported_media_type",
      ],
    ];
    for (const [res, status, code] of problems) {
      const body = expectProblem(res, status, code);
      const rid = res.headers.get("x-request-id");
      expect(rid, code).toMatch(/^\S+$/);
      expect(body.request_id, code).toBe(rid);
    }
  });
});
