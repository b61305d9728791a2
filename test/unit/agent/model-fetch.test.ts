/** The model provider's fetch: lost connections become retryable, aborts stay aborts. */
import { createServer, type Server } from "node:http";
import { APICallError } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelFetch } from "../../../worker/agent/model-fetch.ts";
import { serverOrigin } from "../../fixtures/free-port.ts";

let server: Server;
let origin = "";

beforeAll(async () => {
  // `/drop`: the socket closes before any answer; `/cut`: after the headers and a first chunk;
  // `/slow`: answers after 5 s.
  server = createServer((req, res) => {
    if (req.url === "/drop") return void req.socket.destroy();
    if (req.url === "/slow") return void setTimeout(() => res.end("late"), 5000);
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: first\n\n");
    setTimeout(() => req.socket.destroy(), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = serverOrigin(server);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("modelFetch", () => {
  it("turns a connection closed before the answer into a retryable APICallError", async () => {
    const error = await modelFetch(`${origin}/drop`, { method: "POST" }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(
      new RegExp(`^the connection to the model server at ${origin} was lost before it answered: `),
    );
  });

  it("errors the stream with a retryable APICallError when it is cut off", async () => {
    const res = await modelFetch(`${origin}/cut`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const error = await res.text().catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/was lost while it answered: /);
  });

  it("leaves the caller's abort as it is", async () => {
    const signal = AbortSignal.timeout(100);
    const error = await modelFetch(`${origin}/slow`, { signal }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(false);
    expect(error.name).toBe("TimeoutError");
  });
});
