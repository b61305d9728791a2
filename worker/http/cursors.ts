import { ApiError } from "./api-error.ts";

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
