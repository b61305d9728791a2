/**
 * Live updates for editor widgets: the hibernatable WebSockets a diagram object accepts, the
 * version notice broadcast after each commit, and helpers to close sockets.
 */
import type { Author } from "../schemas/version.ts";

/** The header the Worker sets on a live upgrade it has authorized: whose diagram it asks for. */
export const LIVE_TENANT_HEADER = "x-drawforge-tenant";

/** What connected widgets are told after every commit. */
export interface VersionNotice {
  type: "version";
  version: number;
  author: Author;
  message: string | null;
}

/** Widgets send this to check the connection; answered without waking a hibernated object. */
export const PING = "ping";
export const PONG = "pong";

/**
 * Accepts a WebSocket for the widgets of one diagram, hibernatable: the object may sleep while
 * sockets stay open, and pings are answered by the runtime without waking it. Only the Worker
 * reaches an object's `fetch`, and it sets {@link LIVE_TENANT_HEADER} after authorizing the
 * caller; `head` answers with the diagram's head notice for that tenant, or undefined when the
 * diagram is not theirs (404, as every other read says).
 *
 * @example
 * fetch(request) { return acceptLive(this.ctx, request, (tenant) => this.#headNotice(tenant)); }
 */
export function acceptLive(
  ctx: DurableObjectState,
  request: Request,
  head: (tenant: string) => VersionNotice | undefined,
): Response {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return new Response("expected a WebSocket upgrade", { status: 426 });
  }
  const notice = head(request.headers.get(LIVE_TENANT_HEADER) ?? "");
  if (!notice) return new Response("no such diagram", { status: 404 });
  ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  ctx.acceptWebSocket(server);
  // The head first: a widget that reconnects learns at once whether it missed a version.
  server.send(JSON.stringify(notice));
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Tells every connected widget about a new version. A socket that fails to send is skipped:
 * its close handler cleans it up, and the widget resynchronises when it reconnects.
 *
 * @example
 * broadcast(this.ctx, { type: "version", version: 4, author: "user", message: null });
 */
export function broadcast(ctx: DurableObjectState, notice: VersionNotice): void {
  const text = JSON.stringify(notice);
  for (const socket of ctx.getWebSockets()) {
    try {
      socket.send(text);
    } catch {
      // Closing or closed: nothing to tell it.
    }
  }
}

/**
 * Closes every live socket, e.g. when the diagram is deleted (code 4404 tells widgets not to
 * reconnect).
 *
 * @example
 * closeAll(this.ctx, 4404, "diagram deleted");
 */
export function closeAll(ctx: DurableObjectState, code: number, reason: string): void {
  for (const socket of ctx.getWebSockets()) closeQuietly(socket, code, reason);
}

/**
 * Completes a close the widget started. Codes a peer may not send (1005 "no status", 1006
 * "abnormal") are answered with a normal close.
 *
 * @example
 * webSocketClose(ws, code, reason) { closeQuietly(ws, code, reason); }
 */
export function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  const sendable = code === 1000 || (code >= 3000 && code <= 4999);
  try {
    socket.close(sendable ? code : 1000, reason.slice(0, 120));
  } catch {
    // Already closed.
  }
}
