/**
 * The Worker's entry point: exports the Durable Object classes, sends OAuth and MCP traffic
 * through the OAuth provider and everything else to the API app, and consumes the queue.
 */
import { app } from "./app.ts";
import { isConfiguredTenant } from "./auth/api-keys.ts";
import { refuseInwardClients } from "./auth/client-metadata.ts";
import { isOAuthPath, type McpServe, oauthProvider } from "./auth/oauth.ts";
import { consumeQueue } from "./batch/consumer.ts";
import type { Bindings } from "./bindings.ts";
import { serveMcp } from "./routes/mcp/handler.ts";

export { BatchObject } from "./batch/batch-object.ts";
export { DiagramObject } from "./diagram/diagram-object.ts";
export { TenantObject } from "./tenant/tenant-object.ts";

/** `/mcp` for an authenticated tenant: refused once its API key is no longer configured. */
const serve: McpServe = async (request, env, ctx, tenant) => {
  if (!(await isConfiguredTenant(tenant, env.API_KEYS ?? ""))) {
    return new Response(
      JSON.stringify({ error: "invalid_token", error_description: "the API key was revoked" }),
      {
        status: 401,
        headers: {
          "content-type": "application/json",
          "www-authenticate": 'Bearer error="invalid_token"',
        },
      },
    );
  }
  return serveMcp(request, env, ctx, tenant, app.fetch);
};

export default {
  // The MCP server and its OAuth endpoints go through the OAuth provider; the API does not. A
  // client id naming a metadata document at an inward address is refused before the provider
  // would fetch it.
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (!isOAuthPath(url.pathname)) return app.fetch(request, env, ctx);
    const refused = await refuseInwardClients(request);
    if (refused) return refused;
    return oauthProvider(url.origin, serve, app.fetch).fetch(request, env, ctx);
  },
  queue: consumeQueue,
} satisfies ExportedHandler<Bindings>;
