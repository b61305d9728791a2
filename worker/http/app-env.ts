/**
 * The Hono environment every route shares: its bindings, the request id, and the calling principal.
 */
import type { Bindings } from "../bindings.ts";
import type { TokenScope } from "../schemas/token.ts";

/**
 * Who is calling: an API key (a whole tenant) or a widget token (one diagram, one scope). A
 * tenant's assistant over MCP (an API key or an OAuth token) is `via: "mcp"`.
 */
export type Principal =
  | { kind: "key"; tenant: string; via?: "mcp" }
  | { kind: "token"; tenant: string; diagramId: string; scope: TokenScope };

/** The Hono environment of every route: bindings plus per-request variables. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: { requestId: string; principal: Principal };
}
