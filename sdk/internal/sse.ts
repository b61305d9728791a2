/** One Server-Sent Event: its `event:` name ("message" when absent) and its joined `data:`. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/** A line ends at CRLF, LF, or a CR that is not the first half of a CRLF still to come. */
const LINE_END = /\r\n|\n|\r(?=[^\n])/;

/**
 * Reads Server-Sent Events from a byte stream, following the WHATWG parsing rules: any line
 * ending, `:` comments, one optional space after the colon, multi-line `data:`, and events cut
 * anywhere across chunks (including inside a UTF-8 sequence). Stopping the iteration early
 * cancels the stream, which closes the connection.
 *
 * @example
 * for await (const { event, data } of readEvents(response.body)) console.log(event, data);
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // At the end, a last CR can no longer be the start of a CRLF: it ends its line.
      if (done && buffer.endsWith("\r")) buffer = `${buffer.slice(0, -1)}\n`;
      for (let match = LINE_END.exec(buffer); match; match = LINE_END.exec(buffer)) {
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        const colon = line.indexOf(":");
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const raw = colon < 0 ? "" : line.slice(colon + 1);
        const text = raw.startsWith(" ") ? raw.slice(1) : raw;
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
      }
      // An event without its closing blank line when the stream ends is incomplete: dropped.
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
