/**
 * The Worker's widget routes without a server: the demo page is off unless DEMO_PAGE=1, and
 * the live WebSocket route authorizes like every diagram route.
 */
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { signToken } from "../../worker/auth/widget-tokens.ts";

const ENV = { API_KEYS: "route-test-key", RATE_LIMIT: "off" };
const DIAGRAM = "d_abcdefghijklmnopqrstuv";
const OTHER = "d_zyxwvutsrqponmlkjihgfe";

function token(diagramId: string, scope: "view" | "edit" = "view"): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + 600;
  return signToken({ tenant: "t_x", diagramId, scope, exp }, ENV.API_KEYS);
}

async function problem(res: Response): Promise<{ status: number; code: string; detail: string }> {
  const body = (await res.json()) as { code: string; detail: string };
  return { status: res.status, code: body.code, detail: body.detail };
}

describe("the demo page", () => {
  it.each([
    ["unset", {}],
    ["0", { DEMO_PAGE: "0" }],
    ["true", { DEMO_PAGE: "true" }],
  ])("is a 404 when DEMO_PAGE is %s", async (_, vars) => {
    const res = await app.request("/", {}, { ...ENV, ...vars });
    expect(await problem(res)).toMatchObject({ status: 404, code: "route_not_found" });
  });

  it("says how to build the widget when widget.js is missing", async () => {
    const res = await app.request("/widget.js", {}, ENV);
    expect(await problem(res)).toMatchObject({ status: 404, code: "widget_not_built" });
  });
});

describe("GET /v1/diagrams/{id}/live", () => {
  const upgrade = { upgrade: "websocket" };

  it("needs credentials", async () => {
    const res = await app.request(`/v1/diagrams/${DIAGRAM}/live`, { headers: upgrade }, ENV);
    expect(await problem(res)).toMatchObject({ status: 401, code: "missing_credentials" });
  });

  it("refuses an API key in the URL", async () => {
    const res = await app.request(
      `/v1/diagrams/${DIAGRAM}/live?token=${ENV.API_KEYS}`,
      { headers: upgrade },
      ENV,
    );
    const body = await problem(res);
    expect(body).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(body.detail).toMatch(/only widget tokens/);
  });

  it("refuses a forged token and a token of another diagram", async () => {
    const forged = `${(await token(DIAGRAM)).slice(0, -4)}AAAA`;
    const bad = await app.request(
      `/v1/diagrams/${DIAGRAM}/live?token=${forged}`,
      { headers: upgrade },
      ENV,
    );
    expect(await problem(bad)).toMatchObject({ status: 401, code: "invalid_credentials" });
    const other = await app.request(
      `/v1/diagrams/${DIAGRAM}/live?token=${await token(OTHER)}`,
      { headers: upgrade },
      ENV,
    );
    expect(await problem(other)).toMatchObject({ status: 403, code: "forbidden" });
  });

  it("answers 426 to a request that is not a WebSocket upgrade", async () => {
    const res = await app.request(
      `/v1/diagrams/${DIAGRAM}/live?token=${await token(DIAGRAM)}`,
      {},
      ENV,
    );
    expect(await problem(res)).toMatchObject({ status: 426, code: "upgrade_required" });
  });
});
