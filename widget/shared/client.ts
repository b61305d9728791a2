/**
 * The widget's slim API client on the SDK's transport: only the calls the elements make, a widget
 * token required, and the URL of a diagram's live socket.
 */
import { TurnStream } from "../../sdk/core/streaming.ts";
import {
  ConnectionError,
  type ConvertParams,
  type ConvertResult,
  DrawforgeError,
  type RequestOptions,
} from "../../sdk/index.ts";
import { Transport } from "../../sdk/internal/transport.ts";
import type { Diagrams } from "../../sdk/resources/diagrams.ts";
import { cancelTurn, type Messages } from "../../sdk/resources/messages.ts";
import { Models } from "../../sdk/resources/models.ts";
import { diagramPath, writeHeaders } from "../../sdk/resources/shared.ts";
import type { Style } from "../../sdk/resources/style.ts";
import type { Versions } from "../../sdk/resources/versions.ts";
import type { Message, PageParams, VersionSummary } from "../../sdk/types.ts";
import { blockedRequest } from "./blocked-request.ts";
import { TOKEN_PREFIX, WidgetError } from "./errors.ts";

/**
 * Where the API is by default: the origin that served `widget.js`, which is the Drawforge
 * Worker itself unless the bundle is hosted elsewhere.
 *
 * @example
 * defaultApiBase(); // "https://drawforge.example.com" for …/widget.js from there
 */
export function defaultApiBase(): string {
  return new URL(import.meta.url).origin;
}

/** What `svg` asks of the diagram's SVG export. */
export interface SvgParams {
  version?: number | undefined;
  page?: number | undefined;
  theme?: "light" | "dark" | undefined;
}

/** One page drawn by the Worker, and the shapes it drew as boxes. */
export interface ServerSvg {
  svg: string;
  unknownShapes: string[];
}

/** The first page of a list; the widget never pages further. */
type FirstPage<Item> = (id: string, params: PageParams) => Promise<{ items: Item[] }>;

/**
 * What the widget calls of the API: a diagram's head and SVG, a save, its versions and its
 * conversation, Mermaid's conversion, the models a turn may name and the house style it gets.
 * The SDK's own calls,
 * with the same signatures, but only these: no lists that page, publications, tokens or
 * operations in `widget.js`.
 */
export interface WidgetClient {
  /**
   * `POST /v1/diagrams/{id}/convert`: Mermaid as draw.io cells, laid out, for this diagram;
   * nothing is stored. Widget tokens reach only their diagram's routes.
   */
  convert(id: string, params: ConvertParams, options?: RequestOptions): Promise<ConvertResult>;
  diagrams: Pick<Diagrams, "retrieve" | "replace"> & {
    /** `GET …/export?format=svg`: one page as the Worker draws it. */
    svg(id: string, params: SvgParams, options?: RequestOptions): Promise<ServerSvg>;
    versions: Pick<Versions, "retrieve" | "restore"> & { list: FirstPage<VersionSummary> };
    messages: Pick<Messages, "stream"> & { list: FirstPage<Message> };
  };
  /** `GET /v1/models`, for the chat's model picker (an `edit` token may ask). */
  models: Pick<Models, "list">;
  /** `GET /v1/style`, for the house-style panel (an `edit` token may read it, not change it). */
  style: Pick<Style, "get">;
}

/**
 * An API client for the browser, authenticated with a widget token. API keys are refused
 * before any request is made: a key in a page is a key anyone can read.
 *
 * @example
 * const df = widgetClient(this.apiBase, this.token);
 * const diagram = await df.diagrams.retrieve(id);
 */
export function widgetClient(apiBase: string, token: string): WidgetClient {
  const refused = tokenProblem(token);
  if (refused) throw refused;
  // The transport itself, not the SDK's createTransport: nothing here reads its environment
  // defaults. The SDK's timeout (agent turns take minutes) and retries.
  const t = new Transport({
    apiKey: token,
    baseUrl: apiBase || defaultApiBase(),
    timeout: 600_000,
    maxRetries: 2,
    fetch: explainedFetch,
    defaultHeaders: {},
  });
  return {
    convert: (id, params, options) =>
      t.json({ method: "POST", path: diagramPath(id, "/convert"), body: params }, options),
    diagrams: diagramCalls(t),
    models: new Models(t),
    style: { get: (options) => t.json({ method: "GET", path: "/v1/style" }, options) },
  };
}

/**
 * Why `token` cannot be used, or undefined if it can: none at all, or not a widget token (an
 * API key, which must never be in a page). Checked before anything is loaded or requested.
 *
 * @example
 * tokenProblem("sk_live_…")?.code; // "not_a_widget_token"
 */
export function tokenProblem(token: string): WidgetError | undefined {
  if (!token) return new WidgetError("missing_token", "set the token attribute to a widget token");
  if (!token.startsWith(TOKEN_PREFIX)) {
    return new WidgetError(
      "not_a_widget_token",
      "the token is not a widget token (dft_…); never put an API key in a page — mint a token on your server",
    );
  }
  return undefined;
}

/**
 * `fetch`, with a request that got no readable answer explained (CORS, or no server) instead of
 * "TypeError: Failed to fetch". A blocked origin is not retried (it will not change); a server
 * that did not answer is, as the SDK retries any connection error.
 */
async function explainedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (cause) {
    // An abort (the caller's, or the timeout's) is the transport's to name.
    if (init?.signal?.aborted) throw cause;
    const url = input instanceof Request ? input.url : String(input);
    const error = await blockedRequest(url, "api");
    throw error.code === "cors_blocked"
      ? new DrawforgeError(error.message, { cause: error })
      : new ConnectionError(error.message, { cause: error });
  }
}

function diagramCalls(t: Transport): WidgetClient["diagrams"] {
  const get = <T>(path: string, query?: object, options?: RequestOptions) =>
    t.json<T>({ method: "GET", path, query: query as Record<string, string> }, options);
  return {
    retrieve: (id, params, options) => get(diagramPath(id), params, options),
    replace: (id, params, options) =>
      t.json(
        { method: "PUT", path: diagramPath(id), body: params, headers: writeHeaders(options) },
        options,
      ),
    svg: async (id, params, options) => {
      const { response, text } = await t.read(
        { method: "GET", path: diagramPath(id, "/export"), query: { format: "svg", ...params } },
        options,
      );
      return serverSvg(text, response.headers);
    },
    versions: {
      list: (id, params) => get(diagramPath(id, "/versions"), params),
      retrieve: (id, n, options) => get(diagramPath(id, `/versions/${n}`), undefined, options),
      restore: (id, n, options = {}) =>
        t.json(
          {
            method: "POST",
            path: diagramPath(id, `/versions/${n}/restore`),
            headers: writeHeaders(options),
            creates: true,
          },
          options,
        ),
    },
    messages: {
      list: (id, params) => get(diagramPath(id, "/messages"), params),
      stream: (id, params, options = {}) =>
        new TurnStream(
          (signal) =>
            t.stream(
              { method: "POST", path: diagramPath(id, "/messages"), body: params },
              { ...options, signal },
            ),
          (diagramId) => cancelTurn(t, diagramId),
          id,
          options.signal,
        ),
    },
  };
}

/**
 * An SVG answer of the Worker, with the shapes it says it drew as boxes
 * (`X-Drawforge-Unknown-Shapes`; read cross-origin only where the Worker exposes the header).
 *
 * @example
 * serverSvg(await response.text(), response.headers).unknownShapes; // ["mxgraph.nonexistent.thing"]
 */
export function serverSvg(svg: string, headers: Headers): ServerSvg {
  return {
    svg,
    unknownShapes: (headers.get("x-drawforge-unknown-shapes") ?? "").split(",").filter(Boolean),
  };
}

/**
 * The WebSocket URL of a diagram's live updates. The token goes in the query string because
 * browsers cannot set headers on a WebSocket.
 *
 * @example
 * liveUrl("https://drawforge.example", "d_…", "dft_…"); // "wss://drawforge.example/v1/diagrams/d_…/live?token=dft_…"
 */
export function liveUrl(apiBase: string, diagramId: string, token: string): string {
  const url = new URL(
    `/v1/diagrams/${encodeURIComponent(diagramId)}/live`,
    apiBase || defaultApiBase(),
  );
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("token", token);
  return url.href;
}
