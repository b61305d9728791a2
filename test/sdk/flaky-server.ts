import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer; once the script is used up, every request gets 200 `{"ok":true}`. */
export interface FlakyStep {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is; anything else as JSON (problem+json for an error status). */
  body?: unknown;
  /** Never answer (until the client gives up or the server closes). */
  hang?: boolean;
  /** Drop the connection without answering. */
  drop?: boolean;
}

/** A request the server received. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A running {@link startFlakyServer}. */
export interface FlakyServer {
  url: string;
  received: Received[];
  /** Replaces the script and forgets earlier requests. */
  script(steps: FlakyStep[]): void;
  close(): Promise<void>;
}

/**
 * A small local HTTP server that fails on cue (error statuses with any headers, dropped
 * connections, answers that never come) and records every request, for the SDK's retry and
 * timeout tests.
 *
 * @example
 * const server = await startFlakyServer();
 * server.script([{ status: 503 }, { status: 200, body: { id: "d_1" } }]);
 */
export async function startFlakyServer(): Promise<FlakyServer> {
  let steps: FlakyStep[] = [];
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
        at: performance.now(),
      });
      const step = steps.shift() ?? { status: 200, body: { ok: true } };
      if (step.hang) return;
      if (step.drop) {
        req.socket.destroy();
        return;
      }
      const status = step.status ?? 200;
      const json = typeof step.body !== "string";
      res.writeHead(status, {
        "content-type": json
          ? status >= 400
            ? "application/problem+json"
            : "application/json"
          : "text/plain",
        ...step.headers,
      });
      res.end(json ? JSON.stringify(step.body ?? {}) : step.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script(next) {
      steps = [...next];
      received.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A problem+json body for a scripted error. */
export function problem(status: number, code: string): Record<string, unknown> {
  return {
    type: `urn:drawforge:problem:${code}`,
    title: "Error",
    status,
    detail: `scripted ${code}`,
    code,
    request_id: `req_${status}`,
  };
}
