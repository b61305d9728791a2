import type { MiddlewareHandler } from "hono";
import { cors as honoCors } from "hono/cors";
import type { AppEnv } from "../http/app-env.ts";

/**
 * CORS for browser calls with widget tokens: only origins listed in `ALLOWED_ORIGINS`
 * (comma-separated, `*` for any) are answered with `Access-Control-Allow-Origin`.
 *
 * @example
 * app.use("/v1/*", cors());
 */
export function cors(): MiddlewareHandler<AppEnv> {
  return async function corsMiddleware(c, next) {
    const allowed = (c.env.ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean);
    const handler = honoCors({
      origin: (origin) => (allowed.includes("*") || allowed.includes(origin) ? origin : null),
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "If-Match",
        "If-None-Match",
        "Idempotency-Key",
        "Prefer",
        "X-Request-Id",
      ],
      exposeHeaders: [
        "ETag",
        "Location",
        "Retry-After",
        "X-Request-Id",
        "Idempotent-Replayed",
        "Content-Disposition",
        "Preference-Applied",
      ],
      maxAge: 600,
    });
    return handler(c, next);
  };
}
