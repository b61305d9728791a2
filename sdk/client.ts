/**
 * The SDK's entry class `Drawforge`: reads the key and base URL (or their env variables), builds
 * the resources on one transport, and adds the calls that store nothing or start a generation.
 */
import { DrawforgeError } from "./core/errors.ts";
import { TurnStream } from "./core/streaming.ts";
import { type RequestOptions, Transport } from "./internal/transport.ts";
import { Batches, WebhookSecrets } from "./resources/batches.ts";
import { Diagrams } from "./resources/diagrams.ts";
import { cancelTurn } from "./resources/messages.ts";
import { Models } from "./resources/models.ts";
import { type RenderedPng, type RenderedSvg, renderXml } from "./resources/render.ts";
import { ShapeLibraries, Shapes } from "./resources/shapes.ts";
import { Style } from "./resources/style.ts";
import type {
  ConvertParams,
  ConvertResult,
  GenerateParams,
  LayoutParams,
  LayoutResult,
  RenderParams,
  TurnResult,
  ValidateParams,
  ValidateResult,
} from "./types.ts";

/** Options of {@link Drawforge}. */
export interface ClientOptions {
  /** An API key, or a widget token for one diagram (default: `DRAWFORGE_API_KEY`). */
  apiKey?: string | undefined;
  /** Where the API is, e.g. `https://drawforge.example.com` (default: `DRAWFORGE_BASE_URL`). */
  baseUrl?: string | undefined;
  /** Milliseconds to wait for each attempt (default 600,000: a long agent turn takes minutes). */
  timeout?: number;
  /** Retries of a failed attempt (default 2). */
  maxRetries?: number;
  /** The `fetch` to use (default: the platform's). */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string>;
}

/** `df.generate`: call it for the result, or `df.generate.stream()` for the turn's events. */
export interface Generate {
  /**
   * Creates a diagram from a prompt: the agent draws it (one new version) and the answer
   * carries its id, XML, links and token usage.
   *
   * @example
   * const { diagram_id, xml } = await df.generate({ prompt: "Checkout flow with payment retries" });
   */
  (params: GenerateParams, options?: RequestOptions): Promise<TurnResult>;
  /**
   * Creates a diagram from a prompt and streams the turn's events; the first, `turn.started`,
   * names the new diagram. Leaving the loop early or aborting `signal` cancels the turn.
   *
   * @example
   * for await (const event of df.generate.stream({ prompt: "Checkout flow" })) {
   *   if (event.type === "turn.started") console.log("diagram", event.diagram_id);
   *   if (event.type === "text.delta") process.stdout.write(event.text);
   * }
   */
  stream(params: GenerateParams, options?: RequestOptions): TurnStream;
}

/** Environment variables, where the platform has them (Node, Bun, Deno with `process`). */
function env(name: string): string | undefined {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } })
    .process;
  return process?.env?.[name];
}

/**
 * Internal (not exported by the SDK's entry point): the transport of a client made with
 * `options`, defaults filled in, on which {@link Drawforge} builds its resources. Code that
 * needs only some resources builds just those, so that a bundler can leave the others out (the
 * widget goes further: its own few calls on a `Transport`, see `widget/shared/client.ts`).
 *
 * @example
 * const diagrams = new Diagrams(createTransport({ apiKey: token, baseUrl }));
 */
export function createTransport(options: ClientOptions = {}): Transport {
  const apiKey = options.apiKey ?? env("DRAWFORGE_API_KEY");
  const baseUrl = options.baseUrl ?? env("DRAWFORGE_BASE_URL");
  if (!apiKey) throw new DrawforgeError("pass apiKey, or set DRAWFORGE_API_KEY");
  if (!baseUrl) throw new DrawforgeError("pass baseUrl, or set DRAWFORGE_BASE_URL");
  return new Transport({
    apiKey,
    baseUrl,
    timeout: options.timeout ?? 600_000,
    maxRetries: options.maxRetries ?? 2,
    // Bound, because some platforms' fetch throws when called as a method of another object.
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    defaultHeaders: options.defaultHeaders ?? {},
  });
}

/**
 * The Drawforge API client. Typed from the API's own schemas; retries, timeouts, cancellation,
 * streaming and pagination included. Runs wherever `fetch` does: Node 18+, browsers, Deno,
 * Bun and Workers.
 *
 * @example
 * const df = new Drawforge({ apiKey: process.env.DRAWFORGE_API_KEY, baseUrl: "https://drawforge.example.com" });
 * const { diagram_id, xml } = await df.generate({ prompt: "Checkout flow with payment retries" });
 */
export class Drawforge {
  /** Stored diagrams: create, read, replace, export…, and their operations, versions, messages and tokens. */
  readonly diagrams: Diagrams;
  /** Shape libraries and their shapes. */
  readonly shapeLibraries: ShapeLibraries;
  /** Shape search. */
  readonly shapes: Shapes;
  /** The models a turn may name: list. */
  readonly models: Models;
  /** The tenant's house style (theme and rules new diagrams get): get, set, clear. */
  readonly style: Style;
  /** Prompt in, diagram out (see {@link Generate}). */
  readonly generate: Generate;
  /** Many generations at once, with webhooks: create, retrieve, items, cancel, waitFor, deliveries. */
  readonly batches: Batches;
  /** The secret that signs webhooks: retrieve and rotate. */
  readonly webhookSecret: WebhookSecrets;
  readonly #t: Transport;

  constructor(options: ClientOptions = {}) {
    const t = createTransport(options);
    this.#t = t;
    this.diagrams = new Diagrams(t);
    this.shapeLibraries = new ShapeLibraries(t);
    this.shapes = new Shapes(t);
    this.models = new Models(t);
    this.style = new Style(t);
    this.batches = new Batches(t);
    this.webhookSecret = new WebhookSecrets(t);
    const generate = (params: GenerateParams, opts?: RequestOptions): Promise<TurnResult> =>
      t.json({ method: "POST", path: "/v1/generate", body: params, creates: true }, opts);
    const stream = (params: GenerateParams, opts: RequestOptions = {}): TurnStream =>
      new TurnStream(
        (signal) =>
          t.stream({ method: "POST", path: "/v1/generate", body: params }, { ...opts, signal }),
        (id) => cancelTurn(t, id),
        undefined,
        opts.signal,
      );
    this.generate = Object.assign(generate, { stream });
  }

  /**
   * Lays out a graph spec (nodes, edges, groups) into draw.io XML; stores nothing.
   *
   * @example
   * const { xml, lint } = await df.layout({
   *   graph: { nodes: [{ id: "a", label: "Cart" }, { id: "b", label: "Pay" }], edges: [{ from: "a", to: "b" }] },
   * });
   */
  layout(params: LayoutParams, options?: RequestOptions): Promise<LayoutResult> {
    return this.#t.json({ method: "POST", path: "/v1/layout", body: params }, options);
  }

  /**
   * Converts Mermaid of any type Drawforge knows (flowchart, sequence, class, state, ER, gantt,
   * timeline, gitGraph, mind map, C4, charts…) into editable draw.io cells;
   * stores nothing. Text that does not parse rejects with an `APIError` of code
   * `mermaid_syntax` whose problem names the `line` and `column`.
   *
   * @example
   * const { xml, counts } = await df.convert({ mermaid: "flowchart LR\n  A[Cart] --> B{Paid?}" });
   */
  convert(params: ConvertParams, options?: RequestOptions): Promise<ConvertResult> {
    return this.#t.json({ method: "POST", path: "/v1/convert", body: params }, options);
  }

  /**
   * Draws one page of draw.io XML (any form) as an image in the Worker; stores nothing.
   * `format: "svg"` (the default) gives the SVG's text, `"png"` the PNG's bytes (at most
   * 4096 × 4096 px); `page`, `theme`, `scale`, `border` and, for PNG, `transparent` as in
   * `df.diagrams.export`. Invalid XML rejects with an `UnprocessableEntityError` whose
   * `problem.findings` say what is wrong.
   *
   * @example
   * const { content: svg, unknownShapes } = await df.render({ xml });
   * const { content: png } = await df.render({ xml, format: "png", scale: 2, theme: "dark" });
   * await writeFile("checkout.png", png);
   */
  render(params: RenderParams & { format: "png" }, options?: RequestOptions): Promise<RenderedPng>;
  render(
    params: RenderParams & { format?: "svg" | undefined },
    options?: RequestOptions,
  ): Promise<RenderedSvg>;
  render(params: RenderParams, options?: RequestOptions): Promise<RenderedSvg | RenderedPng>;
  render(params: RenderParams, options?: RequestOptions): Promise<RenderedSvg | RenderedPng> {
    return renderXml(this.#t, params, options);
  }

  /**
   * Validates draw.io XML, and with `repair: true` fixes what it can; stores nothing.
   *
   * @example
   * const { valid, findings, repaired_xml } = await df.validate({ xml, repair: true });
   */
  validate(params: ValidateParams, options?: RequestOptions): Promise<ValidateResult> {
    return this.#t.json({ method: "POST", path: "/v1/validate", body: params }, options);
  }
}
