/** The webhook receiver of the batch and crash tests. */
import { createServer, type Server } from "node:http";

declare module "vitest" {
  export interface ProvidedContext {
    /** The batch tests' webhook receiver, e.g. `http://127.0.0.1:41235` (a free port). */
    receiverUrl: string;
  }
}

/** One request the receiver got. */
export interface Received {
  name: string;
  mode: string;
  attempt: number;
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/**
 * A webhook receiver for tests: `POST /<mode>/<name>` where mode is `ok` (204), `fail3` (500 to
 * the first three attempts, then 204), `slow` (answers after 3 s, past the sender's timeout) or
 * `gone` (410). `GET /__received/<name>` lists what arrived for a name, in order.
 *
 * @example
 * const server = await startReceiver(); // on a port the system chooses
 */
export function startReceiver(port = 0): Promise<Server> {
  const received = new Map<string, Received[]>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const [, first = "", name = ""] = (req.url ?? "").split("/");
      if (first === "__received") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(received.get(name) ?? []));
        return;
      }
      const list = received.get(name) ?? [];
      received.set(name, list);
      const attempt = list.filter((r) => r.body === body).length + 1;
      const answered =
        first === "ok"
          ? 204
          : first === "gone"
            ? 410
            : first === "fail3" && attempt <= 3
              ? 500
              : 204;
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers[key] = value;
      }
      list.push({ name, mode: first, attempt, headers, body, answered });
      const reply = () => {
        res.statusCode = answered;
        res.end();
      };
      if (first === "slow") setTimeout(reply, 3000);
      else reply();
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
