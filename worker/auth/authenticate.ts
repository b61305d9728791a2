/**
 * Middleware that turns the bearer of an API call into a principal (API key, widget token, or
 * in-process caller), or a 401/503 problem.
 */
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv, Principal } from "../http/app-env.ts";
import { configuredKeys, tenantForKey } from "./api-keys.ts";
import { callerOf } from "./in-process.ts";
import { TOKEN_PREFIX, verifyToken } from "./widget-tokens.ts";

const CHALLENGE = { "www-authenticate": 'Bearer realm="drawforge"' };

/**
 * Resolves `Authorization: Bearer …` to a {@link Principal}: an API key from `API_KEYS`, or a
 * widget token. With no keys configured every call is refused with 503 (fail closed). A request
 * the Worker sends itself for a caller it already authenticated carries that caller.
 *
 * @example
 * app.use("/v1/*", authenticate());
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async function authenticateMiddleware(c, next) {
    const caller = callerOf(c.req.raw);
    if (caller) {
      c.set("principal", caller);
      return next();
    }
    const keys = c.env.API_KEYS ?? "";
    if (configuredKeys(keys).length === 0) {
      throw new ApiError(
        503,
        "auth_not_configured",
        "No API keys are configured, so the API refuses every call. Set API_KEYS (comma-separated) " +
          "with `wrangler secret put API_KEYS`, or in .dev.vars for local development.",
      );
    }
    const header = c.req.header("authorization");
    if (!header) {
      throw new ApiError(
        401,
        "missing_credentials",
        "send `Authorization: Bearer <API key>`",
        {},
        CHALLENGE,
      );
    }
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) {
      throw new ApiError(
        401,
        "invalid_credentials",
        "the Authorization header must be `Bearer <key>`",
        {},
        CHALLENGE,
      );
    }
    const principal = await resolve(match[1], keys, c.env.TOKEN_SECRET);
    if (!principal) {
      throw new ApiError(
        401,
        "invalid_credentials",
        "the API key or token is not valid (or has expired)",
        {},
        CHALLENGE,
      );
    }
    c.set("principal", principal);
    return next();
  };
}

async function resolve(
  bearer: string,
  keys: string,
  tokenSecret: string | undefined,
): Promise<Principal | undefined> {
  if (bearer.startsWith(TOKEN_PREFIX)) {
    const claims = await verifyToken(bearer, tokenSecret || keys, Math.floor(Date.now() / 1000));
    if (!claims) return undefined;
    return {
      kind: "token",
      tenant: claims.tenant,
      diagramId: claims.diagramId,
      scope: claims.scope,
    };
  }
  const tenant = await tenantForKey(bearer, keys);
  return tenant === undefined ? undefined : { kind: "key", tenant };
}
