import {
  AuthorizationError,
  CimdFetchError,
  type ConsentDescription,
  OAuthProvider,
} from "@cloudflare/workers-oauth-provider";
import type { Bindings } from "../bindings.ts";
import { tenantForKey } from "./api-keys.ts";
import { TOKEN_PREFIX } from "./widget-tokens.ts";

/** Where the MCP server is, and the OAuth endpoints it advertises. */
export const MCP_PATH = "/mcp";
const AUTHORIZE_PATH = "/oauth/authorize";
const TOKEN_PATH = "/oauth/token";
const REGISTER_PATH = "/oauth/register";

/** The one scope: read and change the tenant's diagrams. */
const SCOPE = "diagrams";

/** What an OAuth grant carries: the tenant whose API key the person entered. Never the key. */
export interface McpGrantProps {
  tenant: string;
}

/** The request handler for a tenant the provider authenticated (an OAuth token or an API key). */
export type McpServe = (
  request: Request,
  env: Bindings,
  ctx: ExecutionContext,
  tenant: string,
) => Promise<Response>;

/** Paths the OAuth provider serves or guards; everything else goes straight to the API. */
export function isOAuthPath(pathname: string): boolean {
  return (
    pathname === MCP_PATH ||
    pathname.startsWith(`${MCP_PATH}/`) ||
    pathname.startsWith("/oauth/") ||
    pathname.startsWith("/.well-known/oauth-")
  );
}

const providers = new Map<string, OAuthProvider<Bindings>>();

/**
 * The OAuth 2.1 provider of one origin (`@cloudflare/workers-oauth-provider`): metadata
 * discovery (RFC 9728 and 8414), dynamic client registration, PKCE, and tokens bound to the
 * tenant whose API key the person entered on the authorize page. It guards `/mcp`, where an
 * API key is accepted as the bearer too. Made once per origin, since the resource a token is
 * issued for is the origin's `/mcp`.
 *
 * @example
 * return oauthProvider(new URL(request.url).origin, serve, fallback).fetch(request, env, ctx);
 */
export function oauthProvider(
  origin: string,
  serve: McpServe,
  fallback: ExportedHandlerFetchHandler<Bindings>,
): OAuthProvider<Bindings> {
  const known = providers.get(origin);
  if (known) return known;
  const resource = `${origin}${MCP_PATH}`;
  const provider = new OAuthProvider<Bindings>({
    apiRoute: MCP_PATH,
    apiHandler: {
      fetch(request, env, ctx) {
        const props = (ctx as ExecutionContext & { props: McpGrantProps }).props;
        return serve(request, env, ctx, props.tenant);
      },
    },
    defaultHandler: {
      fetch(request, env, ctx) {
        if (new URL(request.url).pathname === AUTHORIZE_PATH) return authorize(request, env);
        return fallback(request as Parameters<typeof fallback>[0], env, ctx);
      },
    },
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    clientRegistrationEndpoint: REGISTER_PATH,
    // Connectors may name themselves by a URL to their metadata instead of registering.
    clientIdMetadataDocumentEnabled: true,
    scopesSupported: [SCOPE],
    requiredScopes: [SCOPE],
    accessTokenTTL: 60 * 60,
    refreshTokenTTL: 30 * 24 * 60 * 60,
    resourceMetadata: {
      resource,
      authorization_servers: [origin],
      bearer_methods_supported: ["header"],
      resource_name: "Drawforge",
    },
    // An API key works as the bearer too (Claude Code, Cursor, VS Code, scripts). The key is
    // checked here, never stored or passed on: the handler gets only its tenant.
    async resolveExternalToken({ token, env }) {
      if (token.startsWith(TOKEN_PREFIX)) return null;
      const tenant = await tenantForKey(token, env.API_KEYS ?? "");
      return tenant === undefined ? null : { props: { tenant }, audience: resource };
    },
  });
  providers.set(origin, provider);
  return provider;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const html = (body: string, status: number, headers = new Headers()) => {
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(body, { status, headers });
};

/**
 * The authorize page: names the app asking and where the tokens go, asks once for a Drawforge
 * API key, and issues a grant bound to that key's tenant. A wrong key shows the page again.
 */
async function authorize(request: Request, env: Bindings): Promise<Response> {
  const oauth = env.OAUTH_PROVIDER;
  if (!oauth) throw new Error("the authorize page runs only behind the OAuth provider");
  try {
    if (request.method === "GET") {
      const authRequest = await oauth.parseAuthRequest(request);
      const details = await oauth.describeConsent(authRequest);
      const consent = await oauth.beginConsent(authRequest);
      return html(consentPage(details, consent.handle, ""), 200, consent.headers);
    }
    if (request.method !== "POST")
      return new Response(null, { status: 405, headers: { allow: "GET, POST" } });
    const form = await request.formData();
    const handle = String(form.get("handle") ?? "");
    if (form.get("decision") !== "approve") {
      const denied = await oauth.denyConsent(request, handle);
      return new Response(null, { status: 302, headers: denied.headers });
    }
    const tenant = await tenantForKey(String(form.get("api_key") ?? "").trim(), env.API_KEYS ?? "");
    if (tenant === undefined) {
      const details = form.get("details");
      const shown =
        typeof details === "string" ? (JSON.parse(details) as ConsentDescription) : undefined;
      return html(
        consentPage(shown, handle, "That is not a valid Drawforge API key. Try again."),
        400,
      );
    }
    const approved = await oauth.approveConsent(request, handle, { scope: [SCOPE] });
    const { redirectTo } = await oauth.completeAuthorization({
      request: approved.request,
      userId: tenant,
      metadata: { label: "MCP connector" },
      scope: approved.request.scope.length > 0 ? approved.request.scope : [SCOPE],
      props: { tenant } satisfies McpGrantProps,
    });
    approved.headers.set("location", redirectTo);
    return new Response(null, { status: 302, headers: approved.headers });
  } catch (error) {
    if (error instanceof AuthorizationError && error.redirectTo) {
      return Response.redirect(error.redirectTo, 302);
    }
    if (error instanceof AuthorizationError || error instanceof CimdFetchError) {
      const message =
        error instanceof AuthorizationError ? error.description : "This app could not be verified.";
      return html(errorPage(message), 400);
    }
    throw error;
  }
}

const STYLE =
  "body{font:15px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}" +
  "input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}button{padding:.5rem 1rem;font:inherit}" +
  ".warn{background:#fff4e5;padding:.5rem .75rem;border-radius:6px}.error{color:#b00020}" +
  "button{border:1px solid #bbb;border-radius:6px;background:#fff;cursor:pointer}" +
  "button[value=approve]{background:#1a66d2;border-color:#1a66d2;color:#fff}";

function consentPage(
  details: ConsentDescription | undefined,
  handle: string,
  error: string,
): string {
  const name = escapeHtml(details?.clientName ?? "An app");
  const publisher = details?.clientDomain
    ? `Published by <strong>${escapeHtml(details.clientDomain)}</strong>.`
    : "This app registered itself; its name is not verified.";
  const where = details
    ? `<p>${publisher} Access goes to <strong>${escapeHtml(details.redirectHost)}</strong>.</p>`
    : "";
  const local = details?.redirectIsLoopback
    ? '<p class="warn">This sends access to an app on your computer. Continue only if you just started connecting from it.</p>'
    : "";
  return `<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect ${name} to Drawforge</title><style>${STYLE}</style>
<h1>Connect ${name} to Drawforge?</h1>
${where}${local}
<p>It will be able to create, read, edit and export the diagrams of the API key you enter, as you could with the key.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post">
<input type="hidden" name="handle" value="${escapeHtml(handle)}">
${details ? `<input type="hidden" name="details" value="${escapeHtml(JSON.stringify(details))}">` : ""}
<p><label for="api_key">Your Drawforge API key</label><br>
<input id="api_key" name="api_key" type="password" autocomplete="off" autofocus></p>
<p><button name="decision" value="approve">Connect</button>
<button name="decision" value="deny" formnovalidate>Cancel</button></p>
</form></html>`;
}

function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Drawforge: cannot connect</title>
<style>${STYLE}</style><h1>This connection cannot go on</h1><p>${escapeHtml(message)}</p>
<p>Start connecting again from your app.</p></html>`;
}
