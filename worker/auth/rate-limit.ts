/**
 * Rate-limit middleware over Workers rate-limit bindings, counting per tenant or per client
 * address.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";

/** Whose requests a limiter counts: its binding, the key of a request, and who that is. */
export interface RateLimitOptions {
  /** The rate-limit binding (its limit and period are set in wrangler.toml). */
  limiter: (env: AppEnv["Bindings"]) => RateLimit | undefined;
  /** What requests are counted by: a tenant, a client address. */
  key: (c: Context<AppEnv>) => string;
  /** Named in the 429's detail: "this API key", "this address". */
  who: string;
}

/** Per tenant, with `RATE_LIMITER`: 600 requests a minute for each API key. */
const PER_TENANT: RateLimitOptions = {
  limiter: (env) => env.RATE_LIMITER,
  key: (c) => c.get("principal").tenant,
  who: "this API key",
};

/**
 * Rate limiting with a Workers rate-limit binding: per tenant by default (`RATE_LIMITER`), or
 * as the options say. `RATE_LIMIT=off` turns every limiter off, as the tests do by default.
 * Past the limit: 429 `rate_limited` with `Retry-After` (`RATE_LIMIT_PERIOD`).
 *
 * @example
 * app.use("/v1/*", authenticate(), rateLimit());
 * app.use("/p/*", rateLimit(PER_ADDRESS));
 */
export function rateLimit(options: RateLimitOptions = PER_TENANT): MiddlewareHandler<AppEnv> {
  return async function rateLimitMiddleware(c, next) {
    const limiter = options.limiter(c.env);
    if (c.env.RATE_LIMIT === "off" || !limiter) return next();
    const { success } = await limiter.limit({ key: options.key(c) });
    if (!success) {
      const retryAfter = c.env.RATE_LIMIT_PERIOD ?? "60";
      throw new ApiError(
        429,
        "rate_limited",
        `too many requests for ${options.who}; retry after ${retryAfter} s`,
        { retry_after: Number(retryAfter) },
        { "retry-after": retryAfter },
      );
    }
    return next();
  };
}

/**
 * Per client address (`CF-Connecting-IP`, which Cloudflare sets and a client cannot), with
 * `PUBLIC_RATE_LIMITER`: 120 requests a minute. For what needs no credentials (`/p/…`).
 */
export const PER_ADDRESS: RateLimitOptions = {
  limiter: (env) => env.PUBLIC_RATE_LIMITER,
  key: (c) => c.req.header("cf-connecting-ip") ?? "unknown",
  who: "this address",
};
