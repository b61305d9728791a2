import { describe, expect, it } from "vitest";
import { clientIdsOf, refusedClientId } from "../../../worker/auth/client-metadata.ts";

const ORIGIN = "https://df.example";

function authorize(clientId: string): Request {
  return new Request(`${ORIGIN}/oauth/authorize?${new URLSearchParams({ client_id: clientId })}`);
}

function token(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** A JWT whose payload names `iss` (unsigned: only the issuer is read). */
function assertion(iss: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replaceAll("=", "");
  return `${part({ alg: "ES256" })}.${part({ iss, sub: iss })}.sig`;
}

describe("client ids a request to the OAuth endpoints names", () => {
  it("reads the query, the form, Basic credentials and a client assertion's issuer", async () => {
    expect(await clientIdsOf(authorize("https://app.example/c.json"))).toEqual([
      "https://app.example/c.json",
    ]);
    expect(await clientIdsOf(token({ grant_type: "x", client_id: "abc" }))).toEqual(["abc"]);
    const basic = `Basic ${btoa(`${encodeURIComponent("https://app.example/c")}:secret`)}`;
    expect(await clientIdsOf(token({}, { authorization: basic }))).toEqual([
      "https://app.example/c",
    ]);
    const jwt = assertion("https://169.254.169.254/latest/meta-data");
    expect(await clientIdsOf(token({ client_assertion: jwt }))).toEqual([
      "https://169.254.169.254/latest/meta-data",
    ]);
    // The request itself can still be read by the provider after.
    const request = token({ client_id: "abc" });
    await clientIdsOf(request);
    expect(await request.text()).toBe("client_id=abc");
  });
});

describe("metadata documents the Worker will not fetch (the webhooks' check)", () => {
  it.each([
    ["https://127.0.0.1/client.json", /loopback/],
    ["https://127.0.0.1:8443/client.json", /standard port/],
    ["https://169.254.169.254/latest/meta-data", /link-local/],
    ["https://[::1]/client.json", /loopback/],
    ["https://10.1.2.3/client.json", /private/],
    ["https://localhost/client.json", /local/],
    ["https://metadata.google.internal/computeMetadata/v1", /metadata/],
  ])("refuses %s", async (url, why) => {
    expect(await refusedClientId(authorize(url))).toMatch(why);
    expect(await refusedClientId(token({ client_id: url }))).toMatch(why);
    expect(await refusedClientId(token({ client_assertion: assertion(url) }))).toMatch(why);
  });

  it("lets public metadata addresses and registered clients' ids through", async () => {
    expect(
      await refusedClientId(authorize("https://app.example/oauth/client.json")),
    ).toBeUndefined();
    expect(await refusedClientId(authorize("3f9a2c1e-registered"))).toBeUndefined();
    expect(await refusedClientId(token({ client_id: "3f9a2c1e" }))).toBeUndefined();
  });
});
