import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook } from "../../../worker/batch/signing.ts";
import { newWebhookSecret } from "../../../worker/tenant/webhook-secret.ts";

describe("Standard Webhooks signatures", () => {
  it("verify with the standardwebhooks library, with one or two secrets", async () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "batch.completed", data: { ok: "✓" } });
    const headers = await signWebhook("msg_1", body, [a, b], Date.now());
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ type: "batch.completed" });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ type: "batch.completed" });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(a).verify(`${body} `, headers)).toThrow();
  });

  it("are refused by receivers when the timestamp is stale", async () => {
    const secret = newWebhookSecret();
    const headers = await signWebhook("msg_2", "{}", [secret], Date.now() - 10 * 60 * 1000);
    expect(() => new Webhook(secret).verify("{}", headers)).toThrow(/timestamp/i);
  });
});
