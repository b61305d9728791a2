/**
 * Code-unit order, so sorting never depends on the locale.
 *
 * @example
 * ["b", "B", "a"].sort(cmp); // ["B", "a", "b"]
 */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
