/**
 * CORS for browser callers, and the `ALLOWED_ORIGINS` allow-list it reads, which the MCP handler
 * checks as well.
 */
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
    const allowed = allowedOrigins(c.env.ALLOWED_ORIGINS);
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
        // An SVG's shapes drawn as boxes: <drawforge-viewer> on another origin falls back on it.
        "X-Drawforge-Unknown-Shapes",
      ],
      maxAge: 600,
    });
    return handler(c, next);
  };
}

/**
 * The origins of `ALLOWED_ORIGINS` (comma-separated; `*` for any), trimmed.
 *
 * @example
 * allowedOrigins("https://a.example, https://b.example"); // ["https://a.example", "https://b.example"]
 */
export function allowedOrigins(setting: string | undefined): string[] {
  return (setting ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}

/** Whether a browser page of `origin` may call a Worker at `self` (same origin, or allowed). */
export function isAllowedOrigin(
  origin: string,
  self: string,
  setting: string | undefined,
): boolean {
  if (origin === self) return true;
  const allowed = allowedOrigins(setting);
  return allowed.includes("*") || allowed.includes(origin);
}
