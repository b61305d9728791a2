/**
 * Middleware that keeps a widget token to its own diagram and scope, and out of routes that need an
 * API key; keys pass.
 */
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";

const DIAGRAM_PATH = /^\/v1\/diagrams\/([^/]+)(\/[^?]*)?$/;
/**
 * The routes outside a diagram an `edit` widget token may read: the models its turns may name,
 * and the house style its turns get (changing the style takes an API key: it is the tenant's).
 */
const EDITOR_READS = new Set(["/v1/models", "/v1/style"]);

/**
 * Limits widget tokens to what they were minted for: their own diagram's routes, reads with
 * `view`, reads and edits with `edit` (and, with `edit`, `GET /v1/models` and `GET /v1/style`,
 * for the editor's model picker and house-style panel); never deleting, minting tokens, publishing, or any other route (not even the helpers
 * that store nothing, such as `/v1/render` or `/v1/convert`: what an editor needs of them is
 * under its diagram, `POST /v1/diagrams/{id}/convert`). API keys pass; tenancy is enforced by
 * each diagram.
 *
 * @example
 * app.use("/v1/*", authenticate(), authorize());
 */
export function authorize(): MiddlewareHandler<AppEnv> {
  return async function authorizeMiddleware(c, next) {
    const principal = c.get("principal");
    if (principal.kind === "key") return next();
    const path = c.req.path;
    const method = c.req.method;
    const reading = method === "GET" || method === "HEAD" || method === "OPTIONS";
    if (EDITOR_READS.has(path)) {
      // The editor's model picker and house-style panel: for the tokens that run turns.
      if (reading && principal.scope === "edit") return next();
      throw forbidden(
        reading
          ? "this needs an edit token (the scope that runs turns)"
          : "changing the house style needs an API key",
      );
    }
    const match = DIAGRAM_PATH.exec(path);
    if (!match) throw forbidden("a widget token can only be used on its own diagram");
    if (decodedSegment(match[1] ?? "") !== principal.diagramId) {
      throw forbidden("this token was issued for another diagram");
    }
    const rest = match[2] ?? "";
    if ((method === "DELETE" && rest !== "/turn") || rest.startsWith("/tokens")) {
      throw forbidden("deleting a diagram and minting tokens need an API key");
    }
    if (rest.startsWith("/publications")) {
      throw forbidden("publishing a diagram needs an API key");
    }
    if (!reading && principal.scope !== "edit") {
      throw forbidden("this token has the view scope; changes need an edit token");
    }
    return next();
  };
}

/** A path segment, percent-decoded; malformed escapes cannot name any diagram. */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function forbidden(detail: string): ApiError {
  return new ApiError(403, "forbidden", detail);
}
