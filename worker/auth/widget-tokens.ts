/**
 * Widget tokens (`dft_…`): signing and checking the HMAC-signed claims that open one diagram, in
 * one scope, until they expire.
 */
import { z } from "zod";
import type { TokenScope } from "../schemas/token.ts";
import { fromBase64Url, randomToken, sha256, toBase64Url } from "./encoding.ts";

/** Every widget token starts with this, so it is told apart from an API key at a glance. */
export const TOKEN_PREFIX = "dft_";

const ClaimsSchema = z.object({
  v: z.literal(1),
  t: z.string().min(1),
  d: z.string().min(1),
  s: z.enum(["view", "edit"]),
  exp: z.number().int(),
  jti: z.string(),
});

/** What a valid widget token grants: one diagram of one tenant, in one scope, until `exp`. */
export interface TokenClaims {
  tenant: string;
  diagramId: string;
  scope: TokenScope;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * The secret widget tokens are signed with: `TOKEN_SECRET` when set, otherwise the API keys
 * (empty when neither is set: nothing can be signed or verified then).
 */
export function tokenSecret(env: { TOKEN_SECRET?: string; API_KEYS?: string }): string {
  return env.TOKEN_SECRET || env.API_KEYS || "";
}

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key: `TOKEN_SECRET` when set, otherwise derived from the API keys. */
function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = sha256(`drawforge-widget-token:${secret}`).then((raw) =>
      crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
        "sign",
        "verify",
      ]),
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * Signs a widget token: `dft_<claims>.<HMAC-SHA256>`, both base64url.
 *
 * @example
 * const token = await signToken({ tenant, diagramId, scope: "view", exp }, secret);
 */
export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const body = JSON.stringify({
    v: 1,
    t: claims.tenant,
    d: claims.diagramId,
    s: claims.scope,
    exp: claims.exp,
    jti: randomToken(12),
  });
  const payload = toBase64Url(encoder.encode(body));
  const mac = await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(payload));
  return `${TOKEN_PREFIX}${payload}.${toBase64Url(new Uint8Array(mac))}`;
}

/**
 * Checks a widget token's signature (constant time, by `crypto.subtle.verify`) and expiry.
 * Returns its claims, or undefined for anything forged, malformed or expired.
 *
 * @example
 * const claims = await verifyToken(bearer, secret, Date.now() / 1000);
 */
export async function verifyToken(
  token: string,
  secret: string,
  nowSeconds: number,
): Promise<TokenClaims | undefined> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 2048) return undefined;
  const [payload, mac, extra] = token.slice(TOKEN_PREFIX.length).split(".");
  if (payload === undefined || mac === undefined || extra !== undefined) return undefined;
  const signature = fromBase64Url(mac);
  const bytes = fromBase64Url(payload);
  if (!signature || !bytes) return undefined;
  const key = await signingKey(secret);
  if (!(await crypto.subtle.verify("HMAC", key, signature, encoder.encode(payload)))) {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  const claims = ClaimsSchema.safeParse(json);
  if (!claims.success || claims.data.exp <= nowSeconds) return undefined;
  return {
    tenant: claims.data.t,
    diagramId: claims.data.d,
    scope: claims.data.s,
    exp: claims.data.exp,
  };
}
