/**
 * `df.models`: the models this deployment offers its agent, to choose the `model` of a turn.
 */
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { ModelList } from "../types.ts";

/** `df.models`: which `provider:model` names a turn may send, and what each accepts. */
export class Models {
  readonly #t: Transport;

  /** Internal: reach it as `df.models`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Every model a turn may name (`items`, on one page), each with its jobs, the attachments
   * it accepts, whether it reasons and whether its provider is configured, and the `default`
   * a turn gets when it names none. An API key, or a widget token with the `edit` scope.
   *
   * @example
   * const { items, default: fallback } = await df.models.list();
   * const eyes = items.find((m) => m.available && m.accepts.images);
   * await df.generate({ prompt: "Redraw this whiteboard", model: eyes?.id ?? fallback, attachments });
   */
  list(options?: RequestOptions): Promise<ModelList> {
    return this.#t.json({ method: "GET", path: "/v1/models" }, options);
  }
}
