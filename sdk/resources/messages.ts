/**
 * `df.diagrams.messages`: talking to the agent about one diagram (the transcript, a turn awaited or
 * streamed), and the `cancelTurn` call that generate shares.
 */
import { type PagePromise, paginate } from "../core/pagination.ts";
import { TurnStream } from "../core/streaming.ts";
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { Message, MessageParams, PageParams, TurnResult } from "../types.ts";
import { diagramPath } from "./shared.ts";

/** What `DELETE /v1/diagrams/{id}/turn` answers: whether a turn was running. */
export interface TurnCancelled {
  cancelled: boolean;
}

/**
 * Cancels the running turn of a diagram.
 *
 * @example
 * await cancelTurn(transport, id);
 */
export function cancelTurn(
  transport: Transport,
  id: string,
  options?: RequestOptions,
): Promise<TurnCancelled> {
  return transport.json({ method: "DELETE", path: diagramPath(id, "/turn") }, options);
}

/** `df.diagrams.messages`: the conversation with the agent about one diagram. */
export class Messages {
  readonly #t: Transport;

  /** Internal: reach it as `df.diagrams.messages`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * The conversation, newest first. Await it for one page, or `for await` it for all.
   *
   * @example
   * for await (const m of df.diagrams.messages.list(id)) console.log(m.role, m.content);
   */
  list(id: string, params: PageParams = {}, options?: RequestOptions): PagePromise<Message> {
    return paginate(
      (cursor) =>
        this.#t.json(
          { method: "GET", path: diagramPath(id, "/messages"), query: { ...params, cursor } },
          options,
        ),
      params.cursor,
    );
  }

  /**
   * Asks the agent to change the diagram and waits for the turn: one new version, or none
   * (`status: "unchanged"`).
   *
   * @example
   * const turn = await df.diagrams.messages.create(id, { prompt: "Add a fraud check" });
   * console.log(turn.status, turn.version, turn.text);
   */
  create(id: string, params: MessageParams, options?: RequestOptions): Promise<TurnResult> {
    return this.#t.json(
      { method: "POST", path: diagramPath(id, "/messages"), body: params, creates: true },
      options,
    );
  }

  /**
   * Like {@link Messages.create}, but streams the turn's events as they happen. Leaving the
   * loop early or aborting `signal` cancels the turn.
   *
   * @example
   * for await (const event of df.diagrams.messages.stream(id, { prompt: "Add a fraud check" })) {
   *   if (event.type === "version.created") console.log("saved version", event.version);
   * }
   */
  stream(id: string, params: MessageParams, options: RequestOptions = {}): TurnStream {
    return new TurnStream(
      (signal) =>
        this.#t.stream(
          { method: "POST", path: diagramPath(id, "/messages"), body: params },
          { ...options, signal },
        ),
      (diagramId) => cancelTurn(this.#t, diagramId),
      id,
      options.signal,
    );
  }
}
