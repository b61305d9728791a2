/**
 * A turn's events as objects for the Worker's own calls to its turn routes (the MCP server's
 * `generate_diagram`): the request object carries a listener, so the call still goes through
 * the API's middleware (tenant, limits, idempotency) and nothing writes or parses SSE text.
 */
import type { TurnListener } from "../diagram/turn-host.ts";

/** Requests the Worker sends itself that want to hear their turn's events. */
const listeners = new WeakMap<Request, TurnListener>();

/**
 * Marks a request the Worker builds itself as wanting its turn's events. Only the object is
 * marked: no header can ask for it.
 *
 * @example
 * await app.fetch(listenToTurn(asCaller(request, principal), (event) => seen.push(event)), env, ctx);
 */
export function listenToTurn(request: Request, listener: TurnListener): Request {
  listeners.set(request, listener);
  return request;
}

/** The listener a request was marked with by {@link listenToTurn}, if it was. */
export function turnListenerOf(request: Request): TurnListener | undefined {
  return listeners.get(request);
}
