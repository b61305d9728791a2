// The headers every public answer (`/p/…`) carries: what caches may keep, and what a browser
// may do with it.

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";

/**
 * How long browsers and proxies may keep a publication's answer before they revalidate it (its
 * ETag), in seconds: a revoke reaches every cache within this time. A pinned version never
 * changes, so it may be kept longer than one that follows the head.
 */
export const PUBLIC_CACHE_SECONDS = { head: 60, pinned: 300 } as const;

/** A policy that runs nothing and loads nothing: for files and errors. */
export const INERT_CSP = "default-src 'none'; sandbox";

/**
 * The `Cache-Control` of a publication's successful answer.
 *
 * @example
 * publicCacheControl(true); // "public, max-age=300, must-revalidate"
 */
export function publicCacheControl(pinned: boolean): string {
  const seconds = pinned ? PUBLIC_CACHE_SECONDS.pinned : PUBLIC_CACHE_SECONDS.head;
  return `public, max-age=${seconds}, must-revalidate`;
}

/**
 * Finishes every public answer, errors included: `nosniff`, a Content-Security-Policy (the
 * route's own, else one that allows nothing), and `no-store` on anything but a success or a
 * 304, so that a revoked, deleted or unknown link is never answered from a cache.
 *
 * @example
 * app.use("/p/*", publicResponses());
 */
export function publicResponses(): MiddlewareHandler<AppEnv> {
  return async function publicResponsesMiddleware(c, next) {
    await next();
    const headers = c.res.headers;
    headers.set("x-content-type-options", "nosniff");
    if (!headers.has("content-security-policy")) headers.set("content-security-policy", INERT_CSP);
    if (c.res.status >= 400) headers.set("cache-control", "no-store");
  };
}
