/**
 * Conditional-request headers: `If-Match` read as a version (optional or required), `Prefer:
 * return=representation`, and version ETags.
 */
import { ApiError } from "./api-error.ts";

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
