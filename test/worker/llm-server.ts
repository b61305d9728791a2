/**
 * The scripted OpenAI-compatible model server of the tests and benchmarks: answers by script
 * or by rule, and fails or drops connections when told to.
 */
import { createServer, type Server } from "node:http";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The scripted model server of a workerd project (agent, batch), e.g.
     * `http://127.0.0.1:41234`: its global setup starts it on a free port and provides it.
     */
    llmUrl: string;
  }
}

/**
 * One scripted model step: tool calls, a final text, an HTTP failure, or a dropped connection
 * (`before`: the socket is destroyed before any answer, as a server that went away; `during`:
 * after the headers and the first chunk, mid-stream).
 */
export type ScriptStep = (
  | { tools: Array<{ name: string; args: unknown }> }
  | { text: string }
  | { status: number }
  | { drop: "before" | "during" }
) & {
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /** With `status`: the `retry-after-ms` header to send. */
  retryAfterMs?: number;
};

/**
 * A tiny OpenAI-compatible server: `POST /v1/chat/completions` answers each request with the
 * next scripted step, streamed as Chat Completions chunks (tool calls split over several
 * chunks, as real servers do). Tests queue steps with `POST /__script`, read what the model
 * was sent with `GET /__requests`, and wait for the model to be called with `GET /__wait?count=N`.
 *
 * @example
 * const server = await startLlmServer(); // on a port the system chooses
 * const url = serverOrigin(server); // test/fixtures/free-port.ts
 */
export function startLlmServer(port = 0): Promise<Server> {
  let script: ScriptStep[] = [];
  const requests: unknown[] = [];
  let counter = 0;
  /** With no script queued, answer by rule (see {@link autoStep}) after this delay. */
  let auto: { delayMs: number } | undefined;
  const failures = new Map<string, number>();
  /** Callers of `GET /__wait`, each until the scripted requests reach its count. */
  let waiters: Array<{ count: number; done: () => void }> = [];
  const wake = () => {
    waiters = waiters.filter((w) => {
      if (requests.length < w.count) return true;
      w.done();
      return false;
    });
  };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      if (req.url === "/__script" && req.method === "POST") {
        script = JSON.parse(body) as ScriptStep[];
        requests.length = 0;
        res.end("ok");
        return;
      }
      if (req.url === "/__auto" && req.method === "POST") {
        auto = JSON.parse(body) as { delayMs: number };
        res.end("ok");
        return;
      }
      if (req.url?.startsWith("/__wait")) {
        // Answers once the model has been called `count` times since the last script: a test
        // waits for "the turn is running" instead of sleeping.
        const count = Number(new URL(req.url, "http://x").searchParams.get("count") ?? 1);
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w.done !== done);
          res.statusCode = 408;
          res.end(`the model was called ${requests.length} times, not ${count}, within 10 s`);
        }, 10_000);
        const done = () => {
          clearTimeout(timer);
          res.end("ok");
        };
        waiters.push({ count, done });
        wake();
        return;
      }
      if (req.url === "/__requests") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(requests));
        return;
      }
      if (req.url !== "/v1/chat/completions") {
        res.statusCode = 404;
        res.end("not found");
        return;
      }
      const request = JSON.parse(body) as { messages?: unknown[] };
      if (!auto) {
        requests.push(request);
        wake();
      }
      const step: ScriptStep =
        script.shift() ??
        (auto ? autoStep(request, failures, auto.delayMs) : { text: "Nothing more to do." });
      setTimeout(() => answer(step), step.delayMs ?? 0);
    });
    const answer = (step: ScriptStep) => {
      if ("drop" in step && step.drop === "before") {
        req.socket.destroy();
        return;
      }
      if ("status" in step) {
        res.statusCode = step.status;
        res.setHeader("content-type", "application/json");
        if (step.retryAfterMs !== undefined)
          res.setHeader("retry-after-ms", String(step.retryAfterMs));
        res.end(JSON.stringify({ error: { message: "scripted failure", type: "server_error" } }));
        return;
      }
      res.setHeader("content-type", "text/event-stream");
      const id = `chatcmpl-${++counter}`;
      const chunk = (delta: unknown, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: "scripted", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      chunk({ role: "assistant", content: "" });
      if ("drop" in step) {
        // The headers and a first chunk are out: the client is reading the stream.
        setTimeout(() => req.socket.destroy(), 50);
        return;
      }
      if ("text" in step) {
        for (const part of step.text.match(/.{1,12}/gs) ?? []) chunk({ content: part });
        chunk({}, "stop");
      } else {
        step.tools.forEach((call, index) => {
          const args = JSON.stringify(call.args);
          const callId = `call_${counter}_${index}`;
          chunk({
            tool_calls: [
              { index, id: callId, type: "function", function: { name: call.name, arguments: "" } },
            ],
          });
          for (const part of args.match(/.{1,40}/gs) ?? []) {
            chunk({ tool_calls: [{ index, function: { arguments: part } }] });
          }
        });
        chunk({}, "tool_calls");
      }
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: "scripted", choices: [], usage: { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, prompt_tokens_details: { cached_tokens: 1000 } } })}\n\n`,
      );
      res.end("data: [DONE]\n\n");
    };
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/**
 * A step chosen from the request itself, so that many turns can run at once (a batch): the
 * first call draws a small graph named after the request, the call after a tool result
 * finishes. Tags in the request script failures: `[fail:N]` answers 500 to its first N calls,
 * `[fail:always]` to every call, `[reject]` answers 400 (a failure no retry fixes); `[drop:N]`
 * and `[drop:always]` drop the connection before answering, `[cut:N]` mid-stream.
 */
function autoStep(
  request: { messages?: unknown[] },
  failures: Map<string, number>,
  delayMs: number,
): ScriptStep {
  const text = JSON.stringify(request.messages ?? []);
  const prompt = /Request: (.*?)(\\n|")/.exec(text)?.[1] ?? "diagram";
  if (prompt.includes("[reject]")) return { status: 400, delayMs };
  const tag = /\[(fail|drop|cut):(\d+|always)\]/.exec(prompt);
  if (tag) {
    const [, kind, times = ""] = tag;
    const seen = failures.get(prompt) ?? 0;
    failures.set(prompt, seen + 1);
    if (times === "always" || seen < Number(times)) {
      if (kind === "fail") return { status: 500, delayMs };
      return { drop: kind === "drop" ? "before" : "during", delayMs };
    }
  }
  if (text.includes('"role":"tool"')) return { text: "Drew it.", delayMs };
  const words = prompt
    .replace(/\[[^\]]*\]/g, "")
    .split(/\W+/)
    .filter(Boolean)
    .slice(0, 4);
  const nodes = (words.length > 1 ? words : ["Start", "End"]).map((w, i) => ({
    id: `n${i}`,
    label: w,
  }));
  const edges = nodes.slice(1).map((n, i) => ({ from: `n${i}`, to: n.id }));
  return { tools: [{ name: "create_from_graph", args: { graph: { nodes, edges } } }], delayMs };
}
