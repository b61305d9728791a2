/**
 * The `/mcp` endpoint: one stateless Streamable HTTP exchange per request, for a tenant that is
 * already authenticated.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isAllowedOrigin } from "../../auth/cors.ts";
import type { Bindings } from "../../bindings.ts";
import { drawioUrlOf } from "../../http/drawio-url.ts";
import { type ApiFetch, InProcessApi } from "./api.ts";
import { drawforgeMcpServer } from "./server.ts";

/** The largest JSON-RPC body `/mcp` reads (a diagram's XML fits; the API's limits apply after). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Serves one request to `/mcp` (MCP Streamable HTTP) for a tenant already authenticated: an
 * API key, or an OAuth token bound to the tenant. The server is stateless: each POST carries
 * its own JSON-RPC messages and answers them (as an event stream when a tool reports
 * progress), so no session lives in an isolate. A standalone stream (GET) and ending a session
 * (DELETE) are not offered: both answer 405, as the transport specification allows.
 *
 * @example
 * return serveMcp(request, env, ctx, tenant, app.fetch);
 */
export async function serveMcp(
  request: Request,
  env: Bindings,
  ctx: ExecutionContext,
  tenant: string,
  fetch: ApiFetch,
): Promise<Response> {
  const url = new URL(request.url);
  // A page of another site must not drive the server through a person's browser (DNS
  // rebinding, as the transport specification warns): only this origin and ALLOWED_ORIGINS.
  const origin = request.headers.get("origin");
  if (origin !== null && !isAllowedOrigin(origin, url.origin, env.ALLOWED_ORIGINS)) {
    return rpcError(403, `requests from ${origin} are not allowed (see ALLOWED_ORIGINS)`);
  }
  if (request.method !== "POST") {
    return rpcError(
      405,
      "Method not allowed: this MCP server is stateless; send JSON-RPC with POST.",
      { allow: "POST" },
    );
  }
  const api = new InProcessApi(fetch, { kind: "key", tenant, via: "mcp" }, env, ctx, url.origin);
  const server = drawforgeMcpServer(api, url.searchParams.get("tools") === "all" ? "all" : "core", {
    origin: url.origin,
    drawioUrl: drawioUrlOf(env, url.origin),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  return transport.handleRequest(request);
}

/** A JSON-RPC error answered before any message is read. */
function rpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status, headers },
  );
}
