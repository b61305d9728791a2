/**
 * `df.diagrams.tokens`: minting short-lived `view` or `edit` tokens for one diagram, for the widget
 * in a browser.
 */
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { CreateTokenParams, WidgetToken } from "../types.ts";
import { diagramPath } from "./shared.ts";

/** `df.diagrams.tokens`: short-lived tokens for one diagram, safe to hand to a browser. */
export class Tokens {
  readonly #t: Transport;

  /** Internal: reach it as `df.diagrams.tokens`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Mints a widget token for this diagram, `view` or `edit`, valid up to 24 hours (default 1 h).
   * Needs an API key, not a token.
   *
   * @example
   * const { token, expires_at } = await df.diagrams.tokens.create(id, { scope: "view", ttl_seconds: 600 });
   */
  create(id: string, params: CreateTokenParams, options?: RequestOptions): Promise<WidgetToken> {
    return this.#t.json(
      { method: "POST", path: diagramPath(id, "/tokens"), body: params, creates: true },
      options,
    );
  }
}
