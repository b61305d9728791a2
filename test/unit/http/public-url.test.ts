import { describe, expect, it } from "vitest";
import { publicUrlProblem } from "../../../worker/http/public-url.ts";

/** URLs the Worker must never call (a webhook, a client metadata document), and why. */
const HOSTILE: Array<[string, RegExp]> = [
  ["http://example.com/hook", /https/],
  ["ftp://example.com/hook", /https/],
  ["javascript:alert(1)", /https/],
  ["not a url", /not a URL/],
  ["https://localhost/hook", /local/],
  ["https://api.localhost/hook", /local/],
  ["https://127.0.0.1/hook", /loopback/],
  ["https://127.1/hook", /loopback/],
  ["https://2130706433/hook", /loopback/],
  ["https://0x7f000001/hook", /loopback/],
  ["https://0177.0.0.1/hook", /loopback/],
  ["https://[::1]/hook", /loopback/],
  ["https://[::ffff:127.0.0.1]/hook", /loopback/],
  ["https://[::ffff:7f00:1]/hook", /loopback/],
  ["https://10.0.0.8/hook", /private/],
  ["https://172.16.4.1/hook", /private/],
  ["https://172.31.255.255/hook", /private/],
  ["https://192.168.1.10/hook", /private/],
  ["https://[fd12:3456::1]/hook", /private/],
  ["https://169.254.169.254/latest/meta-data", /link-local/],
  ["https://[fe80::1]/hook", /link-local/],
  ["https://100.64.0.1/hook", /shared/],
  ["https://0.0.0.0/hook", /reserved/],
  ["https://224.0.0.1/hook", /reserved/],
  ["https://metadata.google.internal/computeMetadata/v1", /metadata/],
  ["https://metadata/hook", /metadata/],
  ["https://printer.local/hook", /local/],
  ["https://example.com:8443/hook", /standard port/],
  ["https://user:pass@example.com/hook", /credentials/],
  ["https://intranet/hook", /fully qualified/],
];

describe("outside URL checks (SSRF): webhooks and client metadata documents", () => {
  it.each(HOSTILE)("refuses %s", (url, why) => {
    expect(publicUrlProblem(url)).toMatch(why);
  });

  it("accepts public https URLs", () => {
    for (const url of [
      "https://example.com/hook",
      "https://hooks.example.co.uk:443/a?b=c",
      "https://172.32.0.1/hook",
      "https://8.8.8.8/hook",
      "https://[2606:4700::1111]/hook",
    ]) {
      expect(publicUrlProblem(url), url).toBeUndefined();
    }
  });

  it("allows http and private addresses only when told to (local development)", () => {
    expect(publicUrlProblem("http://127.0.0.1:9000/hook", true)).toBeUndefined();
    expect(publicUrlProblem("ftp://127.0.0.1/hook", true)).toMatch(/http or https/);
  });
});
