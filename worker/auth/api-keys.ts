/**
 * API keys from `API_KEYS`: matching a presented key in constant time, and the tenant id each key's
 * digest stands for.
 */
import { sha256, toHex } from "./encoding.ts";

interface KeyRing {
  source: string;
  digests: Uint8Array[];
}

let cached: KeyRing | undefined;

/** workerd's constant-time comparison (a Workers extension of Web Crypto, absent from Node's types). */
const subtle = crypto.subtle as unknown as {
  timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean;
};

/** The configured API keys (`API_KEYS`, comma-separated), trimmed, empty entries dropped. */
export function configuredKeys(source: string | undefined): string[] {
  return (source ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

async function keyRing(source: string): Promise<KeyRing> {
  if (cached?.source === source) return cached;
  const digests = await Promise.all(configuredKeys(source).map((k) => sha256(k)));
  cached = { source, digests };
  return cached;
}

/**
 * Finds which configured key `presented` is, comparing SHA-256 digests in constant time against
 * every key (no early exit), and returns the tenant id it stands for, or undefined.
 *
 * @example
 * await tenantForKey("local-dev-key", env.API_KEYS); // "t_6c1f…"
 */
export async function tenantForKey(presented: string, source: string): Promise<string | undefined> {
  const ring = await keyRing(source);
  const digest = await sha256(presented);
  let match: Uint8Array | undefined;
  for (const candidate of ring.digests) {
    if (subtle.timingSafeEqual(candidate, digest)) match = candidate;
  }
  return match === undefined ? undefined : tenantOf(match);
}

/**
 * Whether a tenant still has a configured key: a grant made with a key that was since removed
 * from `API_KEYS` stops working with it.
 *
 * @example
 * await isConfiguredTenant("t_6c1f…", env.API_KEYS); // true
 */
export async function isConfiguredTenant(tenant: string, source: string): Promise<boolean> {
  const ring = await keyRing(source);
  return ring.digests.some((digest) => tenantOf(digest) === tenant);
}

/** A tenant id is derived from the key's digest, so the key itself is never stored. */
function tenantOf(digest: Uint8Array): string {
  return `t_${toHex(digest).slice(0, 32)}`;
}
