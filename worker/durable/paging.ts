/**
 * One page of a list read with `limit + 1` rows: the items, and the key to continue after the
 * last one (null on the last page). The key is usually a number (a version, a row id); a list
 * ordered by something that ties, such as a time, uses a pair (the time and an id).
 *
 * @example
 * pageOf(store.list(before, limit + 1), limit, (v) => v.n);
 */
export function pageOf<T, K = number>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => K,
): { items: T[]; next: K | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last !== undefined ? keyOf(last) : null };
}
