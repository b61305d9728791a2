/**
 * How MCP tools reach the REST API: in-process calls made as the caller, and failed answers as
 * `ApiProblem`s for the model.
 */
import { asCaller } from "../../auth/in-process.ts";
import type { Bindings } from "../../bindings.ts";
import { type DiagramLinks, editorLink, linksOf } from "../../diagram/client.ts";
import type { TurnListener } from "../../diagram/turn-host.ts";
import type { Principal } from "../../http/app-env.ts";
import { listenToTurn } from "../turn-listeners.ts";

/** The Worker's own API, as a fetch function (the root app's `fetch`). */
export type ApiFetch = (
  request: Request,
  env: Bindings,
  ctx: ExecutionContext,
) => Response | Promise<Response>;

/** An answer of the API that was not a success: its problem, for a tool error the model reads. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    const code = typeof body.code === "string" ? body.code : `http_${status}`;
    const detail = typeof body.detail === "string" ? body.detail : `the API answered ${status}`;
    super(detail);
    this.name = "ApiProblem";
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** How one call to the API is made. */
export interface ApiCallInit {
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string | undefined>;
  /** Hears the events of the turn the call runs, as objects (see `listenToTurn`). */
  onTurnEvent?: TurnListener;
}

/**
 * The REST API as the MCP server uses it: every tool is a call to the same routes a curl user
 * makes, in this isolate and with the caller's principal, so the tenant rules, input schemas,
 * limits, idempotency and errors are the API's own. Nothing crosses the network.
 *
 * @example
 * const api = new InProcessApi(app.fetch, principal, env, ctx, origin);
 * const diagram = await api.json<Diagram>("GET", `/v1/diagrams/${id}`);
 */
export class InProcessApi {
  readonly origin: string;
  readonly #fetch: ApiFetch;
  readonly #principal: Principal;
  readonly #env: Bindings;
  readonly #ctx: ExecutionContext;

  constructor(
    fetch: ApiFetch,
    principal: Principal,
    env: Bindings,
    ctx: ExecutionContext,
    origin: string,
  ) {
    this.#fetch = fetch;
    this.#principal = principal;
    this.#env = env;
    this.#ctx = ctx;
    this.origin = origin;
  }

  /** Where a diagram of the caller's tenant opens (see {@link linksOf}). */
  links(id: string, head: { xml: string; title: string }): Promise<DiagramLinks> {
    return linksOf(this.#env, { origin: this.origin, tenant: this.#principal.tenant }, id, head);
  }

  /** The editor page on a diagram of the caller's tenant, with an edit token (see {@link editorLink}). */
  editorLink(id: string): Promise<string> {
    return editorLink(this.#env, { origin: this.origin, tenant: this.#principal.tenant }, id);
  }

  /** The raw response of a call; a non-2xx answer is thrown as {@link ApiProblem}. */
  async call(method: string, path: string, init: ApiCallInit = {}): Promise<Response> {
    const url = new URL(path, this.origin);
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      if (value !== undefined) headers.set(name, value);
    }
    if (init.body !== undefined) headers.set("content-type", "application/json");
    const request = new Request(url, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    asCaller(request, this.#principal);
    if (init.onTurnEvent) listenToTurn(request, init.onTurnEvent);
    const res = await this.#fetch(request, this.#env, this.#ctx);
    if (res.ok) return res;
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      body = { detail: text.slice(0, 500) };
    }
    throw new ApiProblem(res.status, body);
  }

  /** A call whose answer is JSON. */
  async json<T>(method: string, path: string, init: ApiCallInit = {}): Promise<T> {
    const res = await this.call(method, path, init);
    return (await res.json()) as T;
  }

  /** A call whose answer is bytes (a PNG). */
  async bytes(method: string, path: string, init: ApiCallInit = {}): Promise<Uint8Array> {
    return new Uint8Array(await (await this.call(method, path, init)).arrayBuffer());
  }

  /** A call whose answer is text (an export, an XML file). */
  async text(method: string, path: string, init: ApiCallInit = {}): Promise<string> {
    return (await this.call(method, path, init)).text();
  }
}
