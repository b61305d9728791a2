// OAuth clients named by a URL (Client ID Metadata Documents) whose URL this Worker refuses to
// fetch: the same check as webhooks, before the OAuth provider fetches anything.

import { publicUrlProblem } from "../http/public-url.ts";
import { errorPage, htmlPage } from "./oauth-pages.ts";

/**
 * The answer to a request whose client id names a metadata document this Worker will not fetch
 * (400: a page on the authorize endpoint, OAuth's JSON error elsewhere), or undefined to let it
 * through to the OAuth provider.
 *
 * @example
 * const refused = await refuseInwardClients(request);
 * if (refused) return refused;
 */
export async function refuseInwardClients(request: Request): Promise<Response | undefined> {
  const why = await refusedClientId(request);
  if (why === undefined) return undefined;
  if (request.method === "GET") {
    return htmlPage(
      errorPage(`This app's metadata address is one Drawforge does not call: ${why}.`),
      400,
    );
  }
  return Response.json(
    { error: "invalid_client", error_description: `the client's metadata address ${why}` },
    { status: 400, headers: { "cache-control": "no-store" } },
  );
}

/**
 * The client ids a request to the OAuth endpoints names: `client_id` in the query (authorize)
 * or the form (token, revocation), the user of HTTP Basic credentials, and the issuer of a
 * `client_assertion` (which the provider reads when no `client_id` is sent).
 *
 * @example
 * await clientIdsOf(new Request("https://df.example/oauth/authorize?client_id=https://app.example/c"));
 * // ["https://app.example/c"]
 */
export async function clientIdsOf(request: Request): Promise<string[]> {
  const ids = new URL(request.url).searchParams.getAll("client_id");
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (basic) ids.push(formDecoded(decoded(basic).split(":")[0] ?? ""));
  const type = request.headers.get("content-type") ?? "";
  if (request.method === "POST" && type.startsWith("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(await request.clone().text());
    ids.push(...form.getAll("client_id"));
    const assertion = form.get("client_assertion");
    if (assertion) ids.push(issuerOf(assertion));
  }
  return ids.filter((id) => id !== "");
}

/**
 * Why the OAuth provider may not fetch the metadata document a request's client id names, or
 * undefined: a client id that is an `https` URL is fetched as its metadata (when it has a path),
 * so it must pass {@link publicUrlProblem}, the check webhooks pass (no loopback, private,
 * link-local or metadata hosts, no other port, no credentials).
 *
 * @example
 * await refusedClientId(new Request("https://df.example/oauth/authorize?client_id=https://169.254.169.254/x"));
 * // "https://169.254.169.254/x points at a link-local address"
 */
export async function refusedClientId(request: Request): Promise<string | undefined> {
  for (const id of await clientIdsOf(request)) {
    // Any https client id: the provider fetches those with a path, and no other needs a pass.
    if (!/^\s*https:/i.test(id)) continue;
    const problem = publicUrlProblem(id.trim());
    if (problem) return `${id.trim()} ${problem}`;
  }
  return undefined;
}

/** A form-encoded value (RFC 6749's Basic credentials) decoded; as it is when malformed. */
function formDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/** The `iss` of a JWT's payload, unverified (the provider verifies it); empty when unreadable. */
function issuerOf(jwt: string): string {
  try {
    const payload: unknown = JSON.parse(decoded(jwt.split(".")[1] ?? ""));
    const iss = (payload as { iss?: unknown } | null)?.iss;
    return typeof iss === "string" ? iss : "";
  } catch {
    return "";
  }
}

/** Base64 or base64url text as a string; empty when it is not. */
function decoded(base64: string): string {
  try {
    return atob(base64.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return "";
  }
}
