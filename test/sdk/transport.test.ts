import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  Drawforge,
  DrawforgeError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  UnprocessableEntityError,
} from "../../sdk/index.ts";
import { type FlakyServer, problem, startFlakyServer } from "./flaky-server.ts";

let server: FlakyServer;
beforeAll(async () => {
  server = await startFlakyServer();
});
afterAll(() => server.close());

const sdk = (options: ConstructorParameters<typeof Drawforge>[0] = {}) =>
  new Drawforge({ apiKey: "key", baseUrl: server.url, maxRetries: 0, ...options });

describe("requests", () => {
  it("sends the key, JSON, If-Match and Prefer, and encodes paths and queries", async () => {
    server.script([{ body: { id: "d/1" } }]);
    await sdk().diagrams.operations.apply("d/1", [{ op: "delete", id: "7" }], {
      ifMatch: 4,
      returnXml: true,
      message: "m",
    });
    const [request] = server.received;
    expect(request).toMatchObject({ method: "POST", path: "/v1/diagrams/d%2F1/operations" });
    expect(request?.headers).toMatchObject({
      authorization: "Bearer key",
      "content-type": "application/json",
      accept: "application/json",
      "if-match": '"4"',
      prefer: "return=representation",
    });
    expect(JSON.parse(request?.body ?? "")).toEqual({
      operations: [{ op: "delete", id: "7" }],
      message: "m",
    });

    server.script([{ body: { items: [], next_cursor: null } }]);
    await sdk().shapes.search({ q: "load balancer & co", limit: 3 });
    expect(server.received[0]?.path).toBe("/v1/shapes/search?q=load+balancer+%26+co&limit=3");
  });

  it("keys only the calls that create, and takes the caller's key and headers", async () => {
    server.script([{}, {}, {}, {}, {}]);
    const df = sdk({ defaultHeaders: { "x-team": "docs" } });
    await df.validate({ xml: "<mxGraphModel/>" });
    await df.diagrams.retrieve("d_1");
    await df.diagrams.tokens.create("d_1", { scope: "view" }, { idempotencyKey: "mine-1" });
    await df.diagrams.versions.restore("d_1", 2, { headers: { Authorization: "Bearer other" } });
    await df.diagrams.delete("d_1");
    const [validate, get, token, restore, remove] = server.received;
    expect(validate?.headers["idempotency-key"]).toBeUndefined();
    expect(get?.headers["idempotency-key"]).toBeUndefined();
    expect(get?.headers["x-team"]).toBe("docs");
    expect(token?.headers["idempotency-key"]).toBe("mine-1");
    expect(restore?.headers["idempotency-key"]).toMatch(/^sdk_/);
    expect(restore?.headers.authorization).toBe("Bearer other");
    expect(restore?.body).toBe("");
    expect(remove?.method).toBe("DELETE");
  });

  it("keeps a base URL's path", async () => {
    server.script([{ body: { valid: true, findings: [] } }]);
    await sdk({ baseUrl: `${server.url}/drawforge/` }).validate({ xml: "x" });
    expect(server.received[0]?.path).toBe("/drawforge/v1/validate");
  });

  it("reads DRAWFORGE_API_KEY and DRAWFORGE_BASE_URL, and says what is missing", async () => {
    expect(() => new Drawforge({ baseUrl: server.url })).toThrow(/DRAWFORGE_API_KEY/);
    expect(() => new Drawforge({ apiKey: "k" })).toThrow(/DRAWFORGE_BASE_URL/);
    process.env.DRAWFORGE_API_KEY = "from-env";
    process.env.DRAWFORGE_BASE_URL = server.url;
    try {
      server.script([{ body: { valid: true, findings: [] } }]);
      await new Drawforge().validate({ xml: "x" });
      expect(server.received[0]?.headers.authorization).toBe("Bearer from-env");
    } finally {
      delete process.env.DRAWFORGE_API_KEY;
      delete process.env.DRAWFORGE_BASE_URL;
    }
  });
});

describe("errors", () => {
  it("maps every status to its class, with the problem's fields", async () => {
    const cases = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [409, ConflictError],
      [412, PreconditionFailedError],
      [413, PayloadTooLargeError],
      [415, APIError],
      [422, UnprocessableEntityError],
      [428, APIError],
      [429, RateLimitError],
      [500, InternalServerError],
      [503, InternalServerError],
    ] as const;
    for (const [status, Class] of cases) {
      server.script([{ status, body: { ...problem(status, `code_${status}`), head_version: 9 } }]);
      const error = await sdk()
        .diagrams.retrieve("d_1")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(DrawforgeError);
      expect(error).toMatchObject({
        status,
        code: `code_${status}`,
        detail: `scripted code_${status}`,
        requestId: `req_${status}`,
        name: Class.name,
      });
      expect((error as APIError).problem?.head_version).toBe(9);
    }
  });

  it("still gives an APIError for a body that is not a problem", async () => {
    server.script([
      { status: 502, body: "<html>Bad gateway</html>", headers: { "x-request-id": "req_proxy" } },
    ]);
    const error = (await sdk()
      .diagrams.retrieve("d_1")
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ code: "http_error", detail: "<html>Bad gateway</html>" });
    expect(error.requestId).toBe("req_proxy");
    expect(error.problem).toBeUndefined();
  });

  it("refuses a success body that is not JSON", async () => {
    server.script([{ status: 200, body: "not json" }]);
    const error = await sdk()
      .diagrams.retrieve("d_1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrawforgeError);
    expect(error).not.toBeInstanceOf(APIError);
  });
});
