import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "../../sdk/index.ts";

const SECRET = `whsec_${btoa("a secret of thirty-two bytes!!!!")}`;
const EVENT = {
  type: "batch.item.succeeded",
  timestamp: "2026-11-21T12:00:00.000Z",
  data: {
    batch_id: "b_1",
    item_index: 0,
    diagram_id: "d_1",
    version: 2,
    title: "Zahlung – Übersicht",
    links: { api: "a", diagrams_net: "b", editor: "c" },
  },
};

/** A delivery signed by the reference implementation, the `standardwebhooks` package. */
function delivery(body: string, at = new Date(), secret = SECRET) {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const signature = new Webhook(secret).sign(id, at, body);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature };
}

describe("verifyWebhook", () => {
  const body = JSON.stringify(EVENT);

  it("accepts what standardwebhooks signs, from a string, bytes or Headers", async () => {
    const headers = delivery(body);
    const event = await verifyWebhook(body, headers, SECRET);
    expect(event).toEqual(EVENT);
    if (event.type === "batch.item.succeeded") expect(event.data.diagram_id).toBe("d_1");
    const bytes = new TextEncoder().encode(body);
    await expect(verifyWebhook(bytes, new Headers(headers), SECRET)).resolves.toEqual(EVENT);
    await expect(verifyWebhook(bytes.buffer, headers, SECRET)).resolves.toEqual(EVENT);
    // The reference implementation accepts the same delivery.
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(EVENT);
  });

  it("accepts any one of several signatures (a secret being rotated), and a bare base64 secret", async () => {
    const headers = delivery(body);
    const other = delivery(body, new Date(), `whsec_${btoa("another secret, also 32 bytes!!!")}`);
    const both = `${other["webhook-signature"].replace(/,.*/, ",AAAA")} v2,xyz ${headers["webhook-signature"]}`;
    await expect(
      verifyWebhook(body, { ...headers, "webhook-signature": both }, SECRET),
    ).resolves.toEqual(EVENT);
    await expect(verifyWebhook(body, headers, SECRET.slice(6))).resolves.toEqual(EVENT);
  });

  it("refuses a changed body, a wrong secret, a missing header or a bad signature", async () => {
    const headers = delivery(body);
    const cases: Array<[string | Uint8Array, Record<string, string>, string]> = [
      [body.replace("d_1", "d_2"), headers, SECRET],
      [body, headers, `whsec_${btoa("not the secret at all, 32 bytes!")}`],
      [body, { ...headers, "webhook-signature": "v1,not-base64!!" }, SECRET],
      [
        body,
        { ...headers, "webhook-signature": headers["webhook-signature"].replace("v1,", "v2,") },
        SECRET,
      ],
      [body, { ...headers, "webhook-id": "msg_other" }, SECRET],
      [
        body,
        { "webhook-id": headers["webhook-id"], "webhook-timestamp": headers["webhook-timestamp"] },
        SECRET,
      ],
    ];
    for (const [raw, h, secret] of cases) {
      await expect(verifyWebhook(raw, h, secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    }
  });

  it("refuses timestamps more than five minutes away, either way", async () => {
    const now = Date.now();
    const old = delivery(body, new Date(now - 301_000));
    const future = delivery(body, new Date(now + 301_000));
    const recent = delivery(body, new Date(now - 290_000));
    await expect(verifyWebhook(body, old, SECRET, { now })).rejects.toThrow(/timestamp/);
    await expect(verifyWebhook(body, future, SECRET, { now })).rejects.toThrow(/timestamp/);
    await expect(verifyWebhook(body, recent, SECRET, { now })).resolves.toEqual(EVENT);
    await expect(verifyWebhook(body, old, SECRET, { now, toleranceSeconds: 600 })).resolves.toEqual(
      EVENT,
    );
    const garbled = { ...recent, "webhook-timestamp": "12ab" };
    await expect(verifyWebhook(body, garbled, SECRET)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
  });

  it("refuses a correctly signed body that is not an event", async () => {
    await expect(verifyWebhook("[1,2]", delivery("[1,2]"), SECRET)).rejects.toThrow(/not an event/);
    await expect(verifyWebhook("{", delivery("{"), SECRET)).rejects.toThrow(/not JSON/);
  });
});
