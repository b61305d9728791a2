import { createTransport } from "../../sdk/client.ts";
import type { Drawforge } from "../../sdk/index.ts";
import { Diagrams } from "../../sdk/resources/diagrams.ts";
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

/** What the widget uses of the SDK client: `diagrams`, with its versions and messages. */
export type WidgetClient = Pick<Drawforge, "diagrams">;

/**
 * An SDK client for the browser, authenticated with a widget token. API keys are refused
 * before any request is made: a key in a page is a key anyone can read. Only the SDK's
 * `diagrams` resource is built (on the transport a `Drawforge` client would have), so the
 * bundle leaves out the resources a widget token cannot use.
 *
 * @example
 * const df = widgetClient(this.apiBase, this.token);
 * const diagram = await df.diagrams.retrieve(id);
 */
export function widgetClient(apiBase: string, token: string): WidgetClient {
  if (!token) throw new WidgetError("missing_token", "set the token attribute to a widget token");
  if (!token.startsWith(TOKEN_PREFIX)) {
    throw new WidgetError(
      "not_a_widget_token",
      "the token is not a widget token (dft_…); never put an API key in a page — mint a token on your server",
    );
  }
  const transport = createTransport({
    apiKey: token,
    baseUrl: apiBase || defaultApiBase(),
    maxRetries: 2,
  });
  return { diagrams: new Diagrams(transport) };
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
