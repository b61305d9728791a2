import { describe, expect, it } from "vitest";
import { readEvents, type ServerSentEvent } from "../../sdk/internal/sse.ts";

/** A stream that delivers `text` in the given chunk sizes (bytes), cycling through them. */
function streamOf(text: string, sizes: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const size = sizes[turn++ % sizes.length] ?? 1;
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function collect(text: string, sizes = [1 << 20]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEvents(streamOf(text, sizes))) events.push(event);
  return events;
}

describe("readEvents", () => {
  const text =
    ": a comment\n" +
    'event: turn.started\ndata: {"diagram_id":"d_1"}\n\n' +
    'event: text.delta\r\ndata: {"text":"Grüße 👋"}\r\n\r\n' +
    "data: first line\rdata:second line\r\r" +
    "event: ignored\nid: 7\nretry: 100\n\n" +
    "event: x\ndata\n\n" +
    "event: incomplete\ndata: {}\n";
  const expected = [
    { event: "turn.started", data: '{"diagram_id":"d_1"}' },
    { event: "text.delta", data: '{"text":"Grüße 👋"}' },
    { event: "message", data: "first line\nsecond line" },
    { event: "x", data: "" },
  ];

  it("parses events, any line ending, comments, multi-line data; drops an unfinished event", async () => {
    expect(await collect(text)).toEqual(expected);
  });

  it("gives the same events however the bytes are chunked, even inside UTF-8 and CRLF", async () => {
    for (const sizes of [[1], [2], [3, 1], [5, 7, 11], [64]]) {
      expect(await collect(text, sizes)).toEqual(expected);
    }
  });

  it("treats a CR at the very end as a line end", async () => {
    expect(await collect("data: a\r\r")).toEqual([{ event: "message", data: "a" }]);
  });

  it("cancels the stream when the reader stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("data: 1\n\ndata: 2\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readEvents(body)) {
      expect(event.data).toBe("1");
      break;
    }
    expect(cancelled).toBe(true);
  });
});
