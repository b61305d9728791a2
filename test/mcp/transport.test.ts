/** The Streamable HTTP endpoint itself: credentials, origins and methods. */
import { describe, expect, inject, it } from "vitest";
import { connect } from "./helpers.ts";

describe("the transport", () => {
  it("refuses a call without credentials with 401 and a resource metadata challenge", async () => {
    const res = await fetch(new URL("/mcp", inject("mcpBaseUrl")), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer .*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    await expect(connect("not-a-key")).rejects.toThrow();
    await expect(connect(null)).rejects.toThrow();
  });

  it("refuses a browser page of another origin (DNS rebinding)", async () => {
    const res = await fetch(new URL("/mcp", inject("mcpBaseUrl")), {
      method: "POST",
      headers: {
        authorization: "Bearer mcp-key-a",
        origin: "https://evil.example",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("https://evil.example");
  });

  it("answers GET and DELETE with 405: the server keeps no sessions", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(new URL("/mcp", inject("mcpBaseUrl")), {
        method,
        headers: { authorization: "Bearer mcp-key-a", accept: "text/event-stream" },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });
});
