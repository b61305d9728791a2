/**
 * Tagging requests the Worker sends to its own API (the MCP server's calls) with the caller it
 * already authenticated.
 */
import type { Principal } from "../http/app-env.ts";

/** Requests the Worker sends to its own API for a caller it has already authenticated. */
const callers = new WeakMap<Request, Principal>();

/**
 * Marks a request the Worker builds itself (the MCP server calling the REST routes) as made by
 * `principal`, so that the API's own middleware and routes serve it with the same tenant rules,
 * limits and errors as any call. Only the object itself is marked: no header can claim it.
 *
 * @example
 * const res = await app.fetch(asCaller(new Request(url), principal), env, ctx);
 */
export function asCaller(request: Request, principal: Principal): Request {
  callers.set(request, principal);
  return request;
}

/** The principal a request was marked with by {@link asCaller}, if it was. */
export function callerOf(request: Request): Principal | undefined {
  return callers.get(request);
}
