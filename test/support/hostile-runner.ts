/**
 * Runs the hostile cases of `test/fixtures/hostile/` against a running Worker: stores what a
 * case needs, sends its request (several at once where it asks), and meanwhile asks
 * `GET /healthz` over and over, so a case that holds the isolate up shows as a slow probe even
 * when its own answer is quick. Shared by `npm run bench -- hostile` and `test/hostile/`.
 */
import type { HostileCase, HostileContext, HostileRequest } from "../fixtures/hostile/index.ts";

/** How one case went. */
export interface HostileResult {
  name: string;
  path: HostileCase["path"];
  /** Every answer's status (0: no answer within the timeout). */
  statuses: number[];
  /** The slowest answer, ms from the first request sent. */
  ms: number;
  /** The slowest `/healthz` answer while the case ran, ms (0 when no probe completed). */
  probeMs: number;
  /** What was wrong: a status not expected, a 5xx, a failed check, a setup failure. */
  problems: string[];
}

/** Options for {@link HostileRunner}. */
export interface HostileRunnerOptions {
  /** The Worker's origin. */
  origin: string;
  /** An API key it accepts. */
  key: string;
  /** Give up on an answer after this long (default 60 s). */
  timeoutMs?: number;
}

const SMALL =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="A" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell></root></mxGraphModel>';

/**
 * Runs cases one after another against one Worker.
 *
 * @example
 * const runner = new HostileRunner({ origin: worker.url, key: "k" });
 * const result = await runner.run(HOSTILE_CASES[0]);
 */
export class HostileRunner {
  readonly #origin: string;
  readonly #key: string;
  readonly #timeoutMs: number;
  /** Contexts by the case's `stored` function (or none), so cases sharing a page share one. */
  readonly #contexts = new Map<(() => string) | undefined, Promise<HostileContext>>();

  constructor(options: HostileRunnerOptions) {
    this.#origin = options.origin;
    this.#key = options.key;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  /**
   * Draws a PNG, lays out a graph and converts Mermaid once: the first of each in an isolate
   * loads its code (resvg's WASM, ELK), which is no case's cost.
   */
  async warmUp(): Promise<void> {
    await this.#json("/v1/render", { xml: SMALL, format: "png" }, 200, "bytes");
    const graph = { nodes: [{ id: "a" }, { id: "b" }], edges: [{ from: "a", to: "b" }] };
    await this.#json("/v1/layout", { graph }, 200);
    await this.#json("/v1/convert", { mermaid: "flowchart TD\na --> b" }, 200);
  }

  /** Runs one case: its setup, its request(s) beside the health probe, and its checks. */
  async run(hostile: HostileCase): Promise<HostileResult> {
    const result: HostileResult = {
      name: hostile.name,
      path: hostile.path,
      statuses: [],
      ms: 0,
      probeMs: 0,
      problems: [],
    };
    let ctx: HostileContext;
    try {
      ctx = await this.#context(hostile.stored);
    } catch (error) {
      result.problems.push(`setup failed: ${(error as Error).message}`);
      return result;
    }
    const requests = Array.from({ length: hostile.concurrent ?? 1 }, () => hostile.request(ctx));
    const probe = this.#probe();
    const start = performance.now();
    const answers = await Promise.all(requests.map((request) => this.#send(request)));
    result.ms = Math.round(performance.now() - start);
    result.probeMs = await probe.stop();
    for (const answer of answers) {
      result.statuses.push(answer.status);
      if (answer.status === 0) result.problems.push(`no answer within ${this.#timeoutMs} ms`);
      else if (answer.status >= 500) result.problems.push(`answered ${answer.status}`);
      else if (!hostile.expect.includes(answer.status)) {
        result.problems.push(`answered ${answer.status}, expected ${hostile.expect.join("/")}`);
      } else {
        const wrong = hostile.check?.(answer);
        if (wrong) result.problems.push(wrong);
      }
    }
    result.problems = [...new Set(result.problems)];
    return result;
  }

  async #send(request: HostileRequest) {
    const headers = new Headers(request.headers);
    if (request.auth) headers.set("authorization", `Bearer ${request.auth}`);
    let body: string | undefined;
    if (request.body !== undefined) {
      body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
      headers.set("content-type", request.contentType ?? "application/json");
    }
    try {
      const response = await fetch(`${this.#origin}${request.path}`, {
        method: request.method ?? "GET",
        headers,
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, body: bytes };
    } catch {
      return { status: 0, headers: new Headers(), body: new Uint8Array() };
    }
  }

  /** Asks `/healthz` until stopped; `stop` answers the slowest probe, waiting for the last. */
  #probe(): { stop(): Promise<number> } {
    let running = true;
    let slowest = 0;
    const loop = (async () => {
      while (running) {
        const start = performance.now();
        try {
          await fetch(`${this.#origin}/healthz`, { signal: AbortSignal.timeout(this.#timeoutMs) });
        } catch {
          // A probe that fails counts as slow as it took.
        }
        slowest = Math.max(slowest, performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    return {
      async stop() {
        running = false;
        await loop;
        return Math.round(slowest);
      },
    };
  }

  #context(stored: (() => string) | undefined): Promise<HostileContext> {
    let ctx = this.#contexts.get(stored);
    if (!ctx) {
      ctx = this.#prepare(stored?.() ?? SMALL);
      this.#contexts.set(stored, ctx);
      ctx.catch(() => this.#contexts.delete(stored));
    }
    return ctx;
  }

  /** Stores `xml` as a diagram, publishes it and mints a view and an edit token for it. */
  async #prepare(xml: string): Promise<HostileContext> {
    const created = await this.#json("/v1/diagrams", { title: "hostile", xml }, 201);
    const diagram = String(created.id);
    const version = Number(created.version);
    const publication = await this.#json(`/v1/diagrams/${diagram}/publications`, {}, 201);
    const view = await this.#json(`/v1/diagrams/${diagram}/tokens`, { scope: "view" }, 201);
    const edit = await this.#json(`/v1/diagrams/${diagram}/tokens`, { scope: "edit" }, 201);
    return {
      key: this.#key,
      diagram,
      version,
      publication: String(publication.id),
      viewToken: String(view.token),
      editToken: String(edit.token),
    };
  }

  async #json(
    path: string,
    body: unknown,
    expected: number,
    answer: "json" | "bytes" = "json",
  ): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.#origin}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.#key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    const text = answer === "json" || response.status !== expected ? await response.text() : "";
    if (response.status !== expected) {
      throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    if (answer === "bytes") await response.arrayBuffer();
    return answer === "json" ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
}
