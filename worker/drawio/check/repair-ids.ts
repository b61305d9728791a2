/**
 * Ids for repair: fresh ones for cells that need one, and which of several cells sharing an id
 * a reference means. Both stay linear when thousands of cells share one id.
 */

/**
 * Per set of taken ids, the next number to try after each prefix: ids are only ever added, so
 * the numbers tried before are still taken, and 50,000 cells sharing an id are renamed in one
 * pass instead of trying `-2`, `-3`, … again for each (2.5 billion tries, minutes of work).
 */
const nextNumber = new WeakMap<Set<string>, Map<string, number>>();

/**
 * A fresh id, added to `taken`: `preferred` when free, else `preferred-2`, `-3`, … (or
 * `cell-N`).
 *
 * @example
 * claimId(new Set(["a"]), "a"); // "a-2"
 */
export function claimId(taken: Set<string>, preferred?: string): string {
  const prefix = preferred ?? "cell";
  let id = preferred ?? "cell-1";
  let numbers = nextNumber.get(taken);
  if (!numbers) {
    numbers = new Map();
    nextNumber.set(taken, numbers);
  }
  let n = numbers.get(prefix) ?? 2;
  if (taken.has(id)) {
    for (id = `${prefix}-${n}`; taken.has(id); id = `${prefix}-${n}`) n++;
    numbers.set(prefix, n + 1);
  }
  taken.add(id);
  return id;
}

/**
 * The last definition before `index` (definitions come in page order), by bisection: a reused
 * id may have thousands of definitions and thousands of references.
 *
 * @example
 * lastBefore([{ index: 1 }, { index: 5 }], 4); // { index: 1 }
 */
export function lastBefore<T extends { index: number }>(
  list: readonly T[],
  index: number,
): T | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as T).index < index) lo = mid + 1;
    else hi = mid;
  }
  return list[lo - 1];
}
