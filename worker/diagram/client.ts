import { ApiError, apiErrorFrom } from "../http/api-error.ts";
import type { AppEnv, Principal } from "../http/app-env.ts";
import type { Author } from "../schemas/version.ts";
import type { Outcome } from "./outcome.ts";

/**
 * The stub of a diagram's object, by id.
 *
 * @example
 * const view = unwrap(await diagramStub(c.env, id).read({ tenant, format: "xml" }));
 */
export function diagramStub(env: AppEnv["Bindings"], id: string) {
  return env.DIAGRAM.getByName(id);
}

/** The value of an RPC outcome, or the {@link ApiError} it carries. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw apiErrorFrom(outcome.problem);
  return outcome.value;
}

/** A person with a widget token edits as `user`; API calls are `api`. */
export function authorOf(principal: Principal): Author {
  return principal.kind === "token" ? "user" : "api";
}

/**
 * Reads an `If-Match` header: `"3"`, `W/"3"` or `3` is version 3; absent is undefined.
 *
 * @example
 * parseIfMatch('"3"'); // 3
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
  if (!match) {
    throw new ApiError(
      400,
      "invalid_if_match",
      `If-Match must be a version ETag such as "3" (got ${JSON.stringify(header.slice(0, 40))})`,
    );
  }
  return Number(match[1]);
}

/**
 * True when a `Prefer` header asks for the full representation (RFC 7240): writes then answer
 * with the diagram's XML, which they otherwise leave out.
 *
 * @example
 * prefersRepresentation("return=representation"); // true
 */
export function prefersRepresentation(header: string | undefined): boolean {
  return header !== undefined && /(^|[,;\s])return\s*=\s*"?representation"?/i.test(header);
}

/** The ETag of a version. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** The API form of a page from {@link pageOf}: `{ items, next_cursor }`. */
export function listBody<T>(page: { items: T[]; next: number | null }): {
  items: T[];
  next_cursor: string | null;
} {
  return { items: page.items, next_cursor: page.next === null ? null : encodeCursor(page.next) };
}

/** Opaque list cursors: base64url of the last item's sort key. */
export function encodeCursor(n: number): string {
  return btoa(`v${n}`).replace(/=+$/, "");
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  let text = "";
  try {
    text = atob(cursor);
  } catch {
    // fall through to the error below
  }
  const match = /^v(\d{1,10})$/.exec(text);
  if (!match || Number(match[1]) < 1) {
    throw new ApiError(422, "invalid_cursor", "cursor is not a next_cursor this API returned");
  }
  return Number(match[1]);
}
