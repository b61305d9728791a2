import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectProblem, KEY_A, readResponse } from "./api.ts";

/** A request body sent as a stream, so the request has no Content-Length. */
function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function post(body: ReadableStream<Uint8Array>) {
  const req = new Request("http://drawforge.test/v1/diagrams", {
    method: "POST",
    headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
    body,
  });
  expect(req.headers.get("content-length")).toBeNull();
  return readResponse(await exports.default.fetch(req));
}

describe("bodies without Content-Length", () => {
  it("are read up to the limit, and refused with 413 past it", async () => {
    const megabyte = new Uint8Array(1024 * 1024).fill(0x20);
    const parts = [new TextEncoder().encode('{"title":"x"'), ...Array(17).fill(megabyte)];
    expectProblem(await post(streamOf(parts)), 413, "payload_too_large");
  });

  it("work like any other body below it", async () => {
    const res = await post(streamOf([new TextEncoder().encode('{"title":"Streamed"}')]));
    expect(res.status).toBe(201);
    expect(res.json.title).toBe("Streamed");
  });
});
