import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:net";
import {
  type OAuthClientProvider,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, type DiagramRef, dataOf, GRAPH, textOf } from "./helpers.ts";

const REDIRECT = "http://127.0.0.1:9/callback";

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** Cookies a response set, as a `Cookie` header. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The hidden `handle` of the authorize page's form. */
function handleOf(page: string): string {
  const handle = /name="handle" value="([^"]+)"/.exec(page)?.[1];
  if (!handle) throw new Error(`no handle in the page:\n${page}`);
  return handle.replaceAll("&#38;", "&");
}

/** Discovery and dynamic registration, as an MCP client does them from a 401. */
async function registerClient(): Promise<{
  clientId: string;
  authorize: string;
  token: string;
  resource: string;
}> {
  const origin = inject("mcpBaseUrl");
  const challenge = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  expect(challenge.status).toBe(401);
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(
    challenge.headers.get("www-authenticate") ?? "",
  )?.[1];
  expect(metadataUrl).toBeDefined();
  const resource = (await (await fetch(String(metadataUrl))).json()) as {
    resource: string;
    authorization_servers: string[];
    scopes_supported: string[];
  };
  expect(resource).toMatchObject({
    resource: `${origin}/mcp`,
    authorization_servers: [origin],
    scopes_supported: ["diagrams"],
  });
  const server = (await (
    await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)
  ).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
    registration_endpoint: string;
    code_challenge_methods_supported: string[];
  };
  expect(server.code_challenge_methods_supported).toContain("S256");
  const registered = await fetch(server.registration_endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Test Assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  expect(registered.status).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  return {
    clientId: client_id,
    authorize: server.authorization_endpoint,
    token: server.token_endpoint,
    resource: resource.resource,
  };
}

/** Opens the authorize page for a new PKCE request. */
async function openAuthorizePage(client: Awaited<ReturnType<typeof registerClient>>) {
  const verifier = base64url(randomBytes(32));
  const url = new URL(client.authorize);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    code_challenge: base64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    state: "state-123",
    scope: "diagrams",
    resource: client.resource,
  }).toString();
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { verifier, html, url, cookie: cookiesOf(page), handle: handleOf(html) };
}

async function submit(url: URL, cookie: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: url.origin },
    body: new URLSearchParams(fields),
  });
}

describe("OAuth 2.1 for MCP connectors", () => {
  it("discovers, registers, authorizes with an API key, exchanges the code and calls tools", async () => {
    const client = await registerClient();
    const page = await openAuthorizePage(client);
    expect(page.html).toContain("Test Assistant");
    expect(page.html).toContain("127.0.0.1");
    expect(page.html).toContain('name="api_key"');

    // A wrong key shows the page again, under a new handle, naming the app and where its
    // access goes as the server stored them: not what the form posted (issue #31: a malformed
    // `details` field was a 500, a forged one was shown as it was).
    const wrong = await submit(page.url, page.cookie, {
      handle: page.handle,
      decision: "approve",
      api_key: "not-a-key",
      details: "{not json",
    });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("not a valid Drawforge API key");
    expect(wrongPage).toContain("Test Assistant");
    const forged = await submit(page.url, cookiesOf(wrong), {
      handle: handleOf(wrongPage),
      decision: "approve",
      api_key: "still-not-a-key",
      details: JSON.stringify({ clientName: "Evil Corp", redirectHost: "evil.example" }),
    });
    expect(forged.status).toBe(400);
    const forgedPage = await forged.text();
    expect(forgedPage).toContain("Test Assistant");
    expect(forgedPage).toContain("127.0.0.1");
    expect(forgedPage).not.toMatch(/Evil Corp|evil\.example/);

    const approved = await submit(page.url, cookiesOf(forged), {
      handle: handleOf(forgedPage),
      decision: "approve",
      api_key: "mcp-key-a",
    });
    expect(approved.status).toBe(302);
    const callback = new URL(String(approved.headers.get("location")));
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get("state")).toBe("state-123");
    const code = String(callback.searchParams.get("code"));

    const tokens = await fetch(client.token, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        code_verifier: page.verifier,
        resource: client.resource,
      }),
    });
    expect(tokens.status).toBe(200);
    const { access_token, refresh_token, token_type } = (await tokens.json()) as {
      access_token: string;
      refresh_token: string;
      token_type: string;
    };
    expect(token_type.toLowerCase()).toBe("bearer");
    expect(refresh_token).toBeTruthy();

    // The token acts for the tenant of the key entered: what it makes, the key sees.
    const viaToken = await connect(access_token);
    const created = dataOf<DiagramRef>(
      await viaToken.callTool({
        name: "create_diagram_from_graph",
        arguments: { graph: GRAPH, title: "Over OAuth" },
      }),
    );
    await viaToken.close();
    const viaKey = await connect("mcp-key-a");
    const read = await viaKey.callTool({ name: "read_diagram", arguments: { id: created.id } });
    await viaKey.close();
    expect(read.isError, textOf(read)).toBeFalsy();
    const viaOther = await connect("mcp-key-b");
    const hidden = await viaOther.callTool({ name: "read_diagram", arguments: { id: created.id } });
    await viaOther.close();
    expect(hidden.isError).toBe(true);

    // The refresh token gets a new access token for the same tenant.
    const refreshed = await fetch(client.token, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token,
        client_id: client.clientId,
      }),
    });
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { access_token: string };
    expect(renewed.access_token).not.toBe(access_token);
    const again = await connect(renewed.access_token);
    const reread = await again.callTool({ name: "read_diagram", arguments: { id: created.id } });
    await again.close();
    expect(reread.isError, textOf(reread)).toBeFalsy();
    // The same code twice gets no token, and ends the grant: its tokens stop working.
    const replay = await fetch(client.token, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        code_verifier: page.verifier,
      }),
    });
    expect(replay.status).toBe(400);

    const revoked = await fetch(`${inject("mcpBaseUrl")}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${renewed.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(revoked.status).toBe(401);
  });

  it("sends the person back with access_denied when they cancel", async () => {
    const client = await registerClient();
    const page = await openAuthorizePage(client);
    const denied = await submit(page.url, page.cookie, { handle: page.handle, decision: "deny" });
    expect(denied.status).toBe(302);
    const callback = new URL(String(denied.headers.get("location")));
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("state-123");
  });

  it("refuses a code exchanged without the right PKCE verifier", async () => {
    const client = await registerClient();
    const page = await openAuthorizePage(client);
    const approved = await submit(page.url, page.cookie, {
      handle: page.handle,
      decision: "approve",
      api_key: "mcp-key-b",
    });
    const code = String(new URL(String(approved.headers.get("location"))).searchParams.get("code"));
    const tokens = await fetch(client.token, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        code_verifier: base64url(randomBytes(32)),
      }),
    });
    expect(tokens.status).toBe(400);
  });

  it("answers a form it cannot read with a 400 page", async () => {
    const client = await registerClient();
    const page = await openAuthorizePage(client);
    for (const type of ["multipart/form-data", "text/plain"]) {
      const res = await fetch(page.url, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": type, cookie: page.cookie, origin: page.url.origin },
        body: "handle=x&decision=approve",
      });
      expect(res.status, type).toBe(400);
      expect(res.headers.get("content-type"), type).toMatch(/^text\/html/);
      expect(await res.text(), type).toContain("could not be read");
    }
  });

  it("answers a wrong key under a handle it never issued with a 400 page, not a 500", async () => {
    // The review's form: a made-up handle, a wrong key and malformed details, no cookie.
    const client = await registerClient();
    const page = await openAuthorizePage(client);
    for (const cookie of ["", page.cookie]) {
      const res = await fetch(page.url, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie,
          origin: page.url.origin,
        },
        body: "handle=x&decision=approve&api_key=wrong&details=%7Bnot-json",
      });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    }
  });

  it("answers an unknown or expired token with 401 invalid_token", async () => {
    const res = await fetch(`${inject("mcpBaseUrl")}/mcp`, {
      method: "POST",
      headers: {
        authorization: "Bearer user:grant:not-a-real-secret",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  });
});

describe("OAuth with the official MCP client", () => {
  it("connects through the SDK's own discovery, registration, PKCE and token exchange", async () => {
    const origin = inject("mcpBaseUrl");
    /** What a client like Claude Code keeps, and the person's part done by a fetch. */
    let client: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let verifier = "";
    let code: string | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: {
        client_name: "SDK Client",
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      },
      clientInformation: () => client,
      saveClientInformation: (info) => {
        client = info;
      },
      tokens: () => tokens,
      saveTokens: (saved) => {
        tokens = saved;
      },
      saveCodeVerifier: (saved) => {
        verifier = saved;
      },
      codeVerifier: () => verifier,
      // The person: opens the page, enters the API key, and the browser follows the redirect.
      async redirectToAuthorization(url) {
        const page = await fetch(url);
        const html = await page.text();
        const approved = await submit(url, cookiesOf(page), {
          handle: handleOf(html),
          decision: "approve",
          api_key: "mcp-key-b",
        });
        code = new URL(String(approved.headers.get("location"))).searchParams.get("code") ?? "";
      },
    };
    const first = new StreamableHTTPClientTransport(new URL("/mcp", origin), {
      authProvider: provider,
    });
    await expect(
      new Client({ name: "sdk-oauth", version: "1.0.0" }).connect(first),
    ).rejects.toThrow(UnauthorizedError);
    expect(code).toBeTruthy();
    await first.finishAuth(String(code));
    expect(tokens?.access_token).toBeTruthy();

    const mcp = new Client({ name: "sdk-oauth", version: "1.0.0" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", origin), { authProvider: provider }),
    );
    const made = await mcp.callTool({
      name: "create_diagram_from_graph",
      arguments: { graph: GRAPH, title: "Via the SDK's OAuth" },
    });
    await mcp.close();
    expect(made.isError, textOf(made)).toBeFalsy();
    const tenantB = await connect("mcp-key-b");
    const seen = await tenantB.callTool({
      name: "read_diagram",
      arguments: { id: dataOf<DiagramRef>(made).id },
    });
    await tenantB.close();
    expect(textOf(seen)).toContain("Via the SDK's OAuth");
  });
});

describe("Client ID Metadata Documents at inward addresses", () => {
  /** A host on this machine that counts the connections it gets (and drops them). */
  let listener: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it("refuses them with the webhooks' check, before anything is fetched", async () => {
    const origin = inject("mcpBaseUrl");
    for (const clientId of [
      `https://127.0.0.1:${port}/client.json`,
      "https://169.254.169.254/latest/meta-data/client.json",
      "https://[::1]/client.json",
    ]) {
      const url = new URL("/oauth/authorize", origin);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: base64url(randomBytes(32)),
        code_challenge_method: "S256",
        scope: "diagrams",
      }).toString();
      const page = await fetch(url, { redirect: "manual" });
      expect(page.status, clientId).toBe(400);
      expect(await page.text(), clientId).toMatch(/does not call/);
      const token = await fetch(new URL("/oauth/token", origin), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: "x",
          client_id: clientId,
        }),
      });
      expect(token.status, clientId).toBe(400);
      expect(await token.json(), clientId).toMatchObject({ error: "invalid_client" });
    }
    expect(connections).toBe(0);
  });
});
