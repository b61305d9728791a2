import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET /healthz", () => {
  it("answers inside workerd", async () => {
    const res = await exports.default.fetch("https://drawforge.test/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, service: "drawforge" });
  });
});
