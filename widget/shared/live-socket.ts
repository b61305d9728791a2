/**
 * Live updates of one diagram over the WebSocket its Durable Object serves
 * (`GET /v1/diagrams/{id}/live`). The SDK has no WebSocket support, so this small adapter lives
 * in the widget.
 */
import * as v from "valibot";
import { parseJson } from "./parse.ts";

/** What the diagram object sends: its head when the socket opens, then every new version. */
export const VersionNoticeSchema = v.object({
  type: v.literal("version"),
  // A finite number, as zod's `number()` had it (`1e999` parses to Infinity; valibot's
  // `number()` would let that through).
  version: v.custom<number>(Number.isFinite),
  author: v.picklist(["user", "agent", "api", "mcp"]),
  message: v.nullable(v.string()),
});

export type VersionNotice = v.InferOutput<typeof VersionNoticeSchema>;

/** The socket's state, for the status line. */
export type LiveState = "connecting" | "open" | "closed";

const PING_EVERY_MS = 25_000;
/** No message (not even a pong) for this long: the connection is dead, even if not closed. */
const SILENCE_MS = 60_000;
const BACKOFF_MAX_MS = 30_000;
/** Close code of the diagram object when the diagram is deleted: do not come back. */
const GONE = 4404;

/**
 * A WebSocket that reconnects with jittered exponential backoff (0.5 s doubling to 30 s),
 * pings to keep proxies from closing it and to notice a dead connection, and hands on only
 * notices that pass {@link VersionNoticeSchema}.
 *
 * @example
 * const live = new LiveSocket(liveUrl(base, id, token), (n) => sync(n.version));
 * live.start();
 * // later
 * live.stop();
 */
export class LiveSocket {
  /** Called on every state change. */
  onState: (state: LiveState) => void = () => {};
  readonly #url: string;
  readonly #onNotice: (notice: VersionNotice) => void;
  #socket: WebSocket | undefined;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pinger: ReturnType<typeof setInterval> | undefined;
  #lastHeard = 0;
  #stopped = true;

  constructor(url: string, onNotice: (notice: VersionNotice) => void) {
    this.#url = url;
    this.#onNotice = onNotice;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearInterval(this.#pinger);
    this.#socket?.close(1000, "widget closed");
    this.#socket = undefined;
    this.onState("closed");
  }

  #connect(): void {
    this.onState("connecting");
    const socket = new WebSocket(this.#url);
    this.#socket = socket;
    socket.addEventListener("open", () => {
      this.#attempt = 0;
      this.#lastHeard = Date.now();
      this.onState("open");
      this.#pinger = setInterval(() => this.#ping(socket), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      this.#lastHeard = Date.now();
      if (event.data === "pong") return;
      const notice = parseJson(event.data, () => VersionNoticeSchema);
      if (notice) this.#onNotice(notice);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.#pinger);
      if (this.#socket !== socket || this.#stopped) return;
      this.#socket = undefined;
      this.onState("closed");
      if (event.code !== GONE) this.#retry();
    });
  }

  #ping(socket: WebSocket): void {
    if (Date.now() - this.#lastHeard > SILENCE_MS) {
      socket.close(4000, "no answer to ping");
      return;
    }
    if (socket.readyState === WebSocket.OPEN) socket.send("ping");
  }

  #retry(): void {
    const base = Math.min(500 * 2 ** this.#attempt, BACKOFF_MAX_MS);
    this.#attempt++;
    this.#timer = setTimeout(() => this.#connect(), base * (0.75 + Math.random() * 0.25));
  }
}
