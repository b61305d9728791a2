/**
 * One page of a list read with `limit + 1` rows: the items, and the key to continue after the
 * last one (null on the last page).
 *
 * @example
 * pageOf(store.list(before, limit + 1), limit, (v) => v.n);
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => number,
): { items: T[]; next: number | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last !== undefined ? keyOf(last) : null };
}
