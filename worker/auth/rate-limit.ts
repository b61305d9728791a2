import type { MiddlewareHandler } from "hono";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";

/**
 * Per-tenant rate limiting with the Workers rate-limit binding (`RATE_LIMITER`, its limit and
 * period set in wrangler.toml). `RATE_LIMIT=off` turns it off, as the tests do by default.
 *
 * @example
 * app.use("/v1/*", authenticate(), rateLimit());
 */
export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async function rateLimitMiddleware(c, next) {
    const limiter = c.env.RATE_LIMITER as RateLimit | undefined;
    if (c.env.RATE_LIMIT === "off" || !limiter) return next();
    const { success } = await limiter.limit({ key: c.get("principal").tenant });
    if (!success) {
      const retryAfter = c.env.RATE_LIMIT_PERIOD ?? "60";
      throw new ApiError(
        429,
        "rate_limited",
        `too many requests for this API key; retry after ${retryAfter} s`,
        { retry_after: Number(retryAfter) },
        { "retry-after": retryAfter },
      );
    }
    return next();
  };
}
