/**
 * Standard Webhooks signing: the id, timestamp and HMAC-SHA256 signature headers of a
 * delivery, one signature per secret still in use.
 */
import { fromBase64, toBase64 } from "../auth/encoding.ts";

const encoder = new TextEncoder();

/**
 * The Standard Webhooks headers for one delivery: `webhook-id`, `webhook-timestamp` (seconds)
 * and `webhook-signature`, with one `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret
 * (two while a rotated-out secret is still honoured).
 *
 * @example
 * const headers = await signWebhook("msg_1", body, ["whsec_…"], Date.now());
 */
export async function signWebhook(
  id: string,
  body: string,
  secrets: string[],
  nowMs: number,
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const signed = encoder.encode(`${id}.${timestamp}.${body}`);
  const signatures = await Promise.all(
    secrets.map(async (secret) => {
      const key = await crypto.subtle.importKey(
        "raw",
        fromBase64(secret.replace(/^whsec_/, "")),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));
      return `v1,${toBase64(mac)}`;
    }),
  );
  return {
    "webhook-id": id,
    "webhook-timestamp": timestamp,
    "webhook-signature": signatures.join(" "),
  };
}
