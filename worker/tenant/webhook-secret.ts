/**
 * The tenant's webhook signing secret, minted here because the tenant's object keeps it;
 * `batch/signing.ts` signs deliveries with it (Standard Webhooks: `whsec_` and base64).
 */
import { toBase64 } from "../auth/encoding.ts";

/**
 * A new signing secret: `whsec_` and 32 random bytes in base64.
 *
 * @example
 * newWebhookSecret(); // "whsec_…" (49 characters)
 */
export function newWebhookSecret(): string {
  return `whsec_${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}
