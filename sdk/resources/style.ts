/**
 * `df.style`: the tenant's house style — the theme and rules new diagrams get — shown, edited and
 * forgotten.
 */
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { StyleMemory, StyleUpdateParams } from "../types.ts";

const PATH = "/v1/style";

/**
 * `df.style`: what Drawforge has learned of the team's look (from styles changed by hand) and
 * conventions (from conversations), and what a person pinned. Turns apply it unless their
 * request says `style: "none"`.
 */
export class Style {
  readonly #t: Transport;

  /** Internal: reach it as `df.style`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * The house style: the `theme` new diagrams get (learned values with the `pinned` ones over
   * them), the `rules` the agent reads in every turn, each with its `source`, and how many
   * diagrams it was `learned_from`. An API key, or a widget token with the `edit` scope.
   *
   * @example
   * const { theme, rules } = await df.style.get();
   * console.log(theme.direction, theme.node?.fillColor, rules.map((r) => r.text));
   */
  get(options?: RequestOptions): Promise<StyleMemory> {
    return this.#t.json({ method: "GET", path: PATH }, options);
  }

  /**
   * Replaces the pinned `theme` (learning from hand edits starts afresh), the `rules` (learned
   * ones too), or both; `{}` unpins every value, `[]` clears the rules. Answers the house style
   * as it now is. Needs an API key.
   *
   * @example
   * await df.style.set({
   *   theme: { direction: "right", node: { fillColor: "#e0f2f1", strokeColor: "#00796b", rounded: "1" } },
   *   rules: ["Label databases with their engine (Postgres)."],
   * });
   */
  set(params: StyleUpdateParams, options?: RequestOptions): Promise<StyleMemory> {
    return this.#t.json({ method: "PUT", path: PATH, body: params }, options);
  }

  /**
   * Forgets everything learned and set: new diagrams get the built-in defaults until people
   * change styles by hand again. Answers the empty house style. Needs an API key.
   *
   * @example
   * const { theme, rules } = await df.style.clear(); // {} and []
   */
  clear(options?: RequestOptions): Promise<StyleMemory> {
    return this.#t.json({ method: "DELETE", path: PATH }, options);
  }
}
