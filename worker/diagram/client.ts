import { toDiagramsNetUrl } from "../drawio/urls.ts";
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
 * Reads an `If-Match` header: `"3"`, `W/"3"` or `3` is version 3; absent, or `*` (any current
 * version, RFC 9110), is undefined.
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
 * Reads the `If-Match` of a write that must name what it replaces: a version, or `*` to replace
 * whatever version is current (RFC 9110), which gives undefined. Absent is 428.
 *
 * @example
 * requireIfMatch('"3"'); // 3
 * requireIfMatch("*");   // undefined: replace the current version, whichever it is
 */
export function requireIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) {
    throw new ApiError(
      428,
      "if_match_required",
      'send If-Match with the version you edited, e.g. If-Match: "3" (or If-Match: * to replace whatever version is current)',
    );
  }
  return parseIfMatch(header);
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

/**
 * Opaque list cursors: base64 of a kind letter and a number (the last item's sort key, or an
 * offset). The kind keeps one list's cursors from being taken for another's.
 *
 * @example
 * encodeCursor(42); // "djQy"
 * decodeCursor("djQy"); // 42
 */
export function encodeCursor(n: number, kind = "v"): string {
  return btoa(`${kind}${n}`).replace(/=+$/, "");
}

/** Reads a cursor of {@link encodeCursor}; a 422 for anything else, or a number below `min`. */
export function decodeCursor(cursor: string | undefined, kind = "v", min = 1): number | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  let text = "";
  try {
    text = atob(cursor);
  } catch {
    // fall through to the error below
  }
  const digits = text.startsWith(kind) ? text.slice(kind.length) : "";
  const n = /^\d{1,10}$/.test(digits) ? Number(digits) : -1;
  if (n < min) {
    throw new ApiError(422, "invalid_cursor", "cursor is not a next_cursor this API returned");
  }
  return n;
}

/** A finished diagram as answers hand it back: its head, and where to open it. */
export interface FinishedDiagram {
  title: string;
  version: number;
  xml: string;
  links: { api: string; diagrams_net: string; editor: string };
}

/**
 * The head of a diagram with its links (the API, a diagrams.net link carrying the diagram, the
 * editor page of this Worker), for the answer of a turn and the webhook of a batch item.
 *
 * @example
 * const { xml, links } = await finishedDiagram(env, tenant, id, new URL(c.req.url).origin);
 */
export async function finishedDiagram(
  env: AppEnv["Bindings"],
  tenant: string,
  id: string,
  origin: string,
): Promise<FinishedDiagram> {
  const head = JSON.parse(unwrap(await diagramStub(env, id).readJson({ tenant })).json ?? "{}") as {
    title: string;
    version: number;
    xml: string;
  };
  return {
    title: head.title,
    version: head.version,
    xml: head.xml,
    links: {
      api: `${origin}/v1/diagrams/${id}`,
      diagrams_net: toDiagramsNetUrl(head.xml, { title: head.title }),
      editor: `${origin}/?diagram=${id}`,
    },
  };
}
