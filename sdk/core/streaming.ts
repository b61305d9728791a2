/**
 * `TurnStream`: an agent turn's event-stream response as a typed async iterable, which cancels the
 * turn on the server when the caller stops early.
 */
import { readEvents } from "../internal/sse.ts";
import type { TurnEvent } from "../types.ts";
import { AbortError, ConnectionError, DrawforgeError } from "./errors.ts";

/** The last event of a turn. */
export type TurnCompletedEvent = Extract<TurnEvent, { type: "turn.completed" }>;

/**
 * A running agent turn as typed Server-Sent Events: `for await (const event of stream)`.
 * Leaving the loop early (`break`, `return`, an exception), calling {@link TurnStream.cancel}
 * or aborting the call's `signal` closes the connection and cancels the turn on the server
 * (`DELETE /v1/diagrams/{id}/turn`), so nothing of it is saved. Events are switched on `type`;
 * ignore types you do not know, as new ones may be added.
 */
export class TurnStream implements AsyncIterable<TurnEvent> {
  /** The diagram the turn works on: known at once for messages; for generate, once the server answers. */
  diagramId: string | undefined;
  readonly #response: Promise<Response>;
  readonly #controller = new AbortController();
  readonly #cancelTurn: (diagramId: string) => Promise<unknown>;
  #started = false;
  #finished = false;
  #cancelled = false;
  #iterated = false;

  /** Internal: the SDK makes these; use `df.generate.stream()` or `df.diagrams.messages.stream()`. */
  constructor(
    request: (signal: AbortSignal) => Promise<Response>,
    cancelTurn: (diagramId: string) => Promise<unknown>,
    diagramId?: string,
    signal?: AbortSignal,
  ) {
    this.diagramId = diagramId;
    this.#cancelTurn = cancelTurn;
    if (signal?.aborted) this.#controller.abort();
    signal?.addEventListener("abort", () => void this.cancel(), { once: true });
    this.#response = request(this.#controller.signal);
    // Only a turn that answered with its stream is ours to cancel: on a 409 the running turn
    // belongs to someone else.
    this.#response.then(
      (response) => {
        this.#started = true;
        // The server names a new diagram in Location before the first event, so a turn that
        // is cancelled before then can still be stopped.
        const location = /\/v1\/diagrams\/([^/?#]+)/.exec(response.headers.get("location") ?? "");
        if (location?.[1]) this.diagramId ??= decodeURIComponent(location[1]);
      },
      () => {},
    );
  }

  /**
   * The events, in order, each parsed and typed; can be iterated once.
   *
   * @example
   * for await (const event of df.generate.stream({ prompt })) {
   *   if (event.type === "text.delta") process.stdout.write(event.text);
   * }
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<TurnEvent, void, undefined> {
    if (this.#iterated) throw new DrawforgeError("a TurnStream can be iterated only once");
    this.#iterated = true;
    try {
      const response = await this.#response;
      if (response.body === null) throw new ConnectionError("the event stream had no body");
      for await (const { event, data } of readEvents(response.body)) {
        const parsed = parseEvent(event, data);
        if (parsed.type === "turn.started") this.diagramId ??= parsed.diagram_id;
        if (parsed.type === "turn.completed") this.#finished = true;
        yield parsed;
      }
    } catch (error) {
      if (this.#controller.signal.aborted) {
        throw new AbortError("the turn's stream was cancelled", { cause: error });
      }
      if (error instanceof DrawforgeError) throw error;
      throw new ConnectionError("the turn's event stream broke off", { cause: error });
    } finally {
      if (!this.#finished) await this.cancel();
    }
  }

  /**
   * Reads the stream to its end and returns the `turn.completed` event.
   *
   * @example
   * const done = await df.diagrams.messages.stream(id, { prompt }).finalEvent();
   * if (done.status === "changed") console.log("new version", done.version);
   */
  async finalEvent(): Promise<TurnCompletedEvent> {
    for await (const event of this) {
      if (event.type === "turn.completed") return event;
    }
    throw new ConnectionError("the turn's event stream ended without turn.completed");
  }

  /**
   * Stops the turn: closes the connection and asks the server to cancel the turn, which then
   * saves nothing. Safe to call more than once, and after the turn has ended.
   *
   * @example
   * const stream = df.generate.stream({ prompt });
   * setTimeout(() => stream.cancel(), 5_000);
   */
  async cancel(): Promise<void> {
    if (this.#cancelled) return;
    this.#cancelled = true;
    this.#controller.abort();
    if (this.#started && !this.#finished && this.diagramId !== undefined) {
      // Best effort: the turn may have just ended, or the network may be what failed.
      await this.#cancelTurn(this.diagramId).catch(() => {});
    }
  }
}

function parseEvent(event: string, data: string): TurnEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (cause) {
    throw new DrawforgeError(`the ${event} event's data is not JSON`, { cause });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new DrawforgeError(`the ${event} event's data is not an object`);
  }
  // `event:` is authoritative for the type, whether or not the data repeats it.
  return { ...parsed, type: event } as TurnEvent;
}
