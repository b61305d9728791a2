/**
 * The OAuth 2.1 front of `/mcp`: one provider per origin, and the authorize page where a person
 * trades an API key for a grant bound to its tenant.
 */
import {
  AuthorizationError,
  CimdFetchError,
  type OAuthHelpers,
  OAuthProvider,
} from "@cloudflare/workers-oauth-provider";
import type { Bindings } from "../bindings.ts";
import { tenantForKey } from "./api-keys.ts";
import { consentPage, errorPage, htmlPage } from "./oauth-pages.ts";
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

/**
 * The authorize page: names the app asking and where the tokens go, asks once for a Drawforge
 * API key, and issues a grant bound to that key's tenant. A wrong key shows the page again;
 * a form that cannot be read is a 400 page, never a 500.
 */
async function authorize(request: Request, env: Bindings): Promise<Response> {
  const oauth = env.OAUTH_PROVIDER;
  if (!oauth) throw new Error("the authorize page runs only behind the OAuth provider");
  try {
    if (request.method === "GET") {
      const authRequest = await oauth.parseAuthRequest(request);
      const details = await oauth.describeConsent(authRequest);
      const consent = await oauth.beginConsent(authRequest);
      return htmlPage(consentPage(details, consent.handle, ""), 200, consent.headers);
    }
    if (request.method !== "POST")
      return new Response(null, { status: 405, headers: { allow: "GET, POST" } });
    const field = await formOf(request);
    if (!field) return htmlPage(errorPage("The form could not be read."), 400);
    const handle = field("handle");
    if (field("decision") !== "approve") {
      const denied = await oauth.denyConsent(request, handle);
      return new Response(null, { status: 302, headers: denied.headers });
    }
    const tenant = await tenantForKey(field("api_key").trim(), env.API_KEYS ?? "");
    // Awaited here, so a handle the library refuses lands in the catch below (a 400 page).
    if (tenant === undefined) return await askAgain(oauth, request, handle);
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
      return htmlPage(errorPage(message), 400);
    }
    throw error;
  }
}

/**
 * After a wrong key, the same request's page again: described from what the server stored for
 * the client (looked up by its id), never from anything the form posted, under a new handle.
 * The library reads a consent transaction only by consuming it, hence approve, then begin anew.
 */
async function askAgain(oauth: OAuthHelpers, request: Request, handle: string) {
  const { request: authRequest, headers } = await oauth.approveConsent(request, handle);
  const details = await oauth.describeConsent(authRequest);
  const consent = await oauth.beginConsent(authRequest);
  for (const [name, value] of consent.headers) if (name !== "set-cookie") headers.set(name, value);
  for (const cookie of consent.headers.getSetCookie()) headers.append("set-cookie", cookie);
  const page = consentPage(
    details,
    consent.handle,
    "That is not a valid Drawforge API key. Try again.",
  );
  return htmlPage(page, 400, headers);
}

/** The form's text fields ("" when absent or a file), or undefined when the body is no form. */
async function formOf(request: Request): Promise<((name: string) => string) | undefined> {
  try {
    const form = await request.formData();
    return (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
  } catch {
    return undefined;
  }
}
