/**
 * Opaque paging cursors for the list routes, keyed by number or by time and id, and the `{ items,
 * next_cursor }` body.
 */
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

/** A place in a list ordered by time, ties broken by id: the last item's time and id. */
export interface TimeKey {
  at: string;
  id: string;
}

const TIME_KEY = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) ([A-Za-z0-9_-]{1,64})$/;

/**
 * The cursor of a list ordered by time (see {@link encodeCursor}): base64 of a kind letter,
 * the last item's ISO time and its id.
 *
 * @example
 * encodeTimeCursor({ at: "2026-01-02T03:04:05.006Z", id: "d_abc" }, "l");
 * decodeTimeCursor(cursor, "l"); // { at: "2026-01-02T03:04:05.006Z", id: "d_abc" }
 */
export function encodeTimeCursor(key: TimeKey, kind: string): string {
  return btoa(`${kind}${key.at} ${key.id}`).replace(/=+$/, "");
}

/** Reads a cursor of {@link encodeTimeCursor}; a 422 `invalid_cursor` for anything else. */
export function decodeTimeCursor(cursor: string | undefined, kind: string): TimeKey | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  let text = "";
  try {
    text = atob(cursor);
  } catch {
    // fall through to the error below
  }
  const match = text.startsWith(kind) ? TIME_KEY.exec(text.slice(kind.length)) : null;
  if (!match || Number.isNaN(Date.parse(match[1] ?? ""))) {
    throw new ApiError(422, "invalid_cursor", "cursor is not a next_cursor this API returned");
  }
  return { at: match[1] ?? "", id: match[2] ?? "" };
}
