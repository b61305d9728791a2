/**
 * A turn's events written as Server-Sent Events, for callers that asked for
 * `text/event-stream`.
 */
import type { TurnEvent } from "../schemas/agent.ts";

const encoder = new TextEncoder();

/**
 * A Server-Sent Events stream written from turn events: `event:` is the type, `data:` the
 * event's JSON. Writes to a stream nobody reads any more are dropped (the turn goes on).
 *
 * @example
 * const sse = eventStream();
 * runHostedTurn(host, engine, args, sse.emit).finally(sse.close);
 * return sse.stream;
 */
export function eventStream(): {
  stream: ReadableStream<Uint8Array>;
  emit: (event: TurnEvent) => void;
  close: () => void;
} {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  return {
    stream: readable,
    emit: (event) => {
      const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
      writer.write(encoder.encode(frame)).catch(() => {});
    },
    close: () => {
      writer.close().catch(() => {});
    },
  };
}
