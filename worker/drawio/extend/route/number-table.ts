/**
 * @module The router's search tables (best cost, predecessor and move price per state), kept
 * between searches so that each search does not allocate and free megabytes.
 */

/**
 * Above this many entries a table is a Map: a window that large is searched only in part, and
 * 2M entries of 4 bytes are already more memory than a search should hold.
 */
const DENSE_LIMIT = 1 << 21;

/**
 * Numbers by integer key, held as 32-bit floats (in a typed array when few enough, else in a
 * Map): a search compares costs only with costs stored here, so all are rounded alike. Integer
 * values up to 2^24 are held exactly.
 *
 * @example
 * const table = new NumberTable();
 * table.reset(1000, Number.POSITIVE_INFINITY);
 * table.set(7, 12.5);
 * table.get(7); // 12.5
 * table.get(8); // Infinity
 */
export class NumberTable {
  #dense = new Float32Array(0);
  #sparse: Map<number, number> | undefined;
  #missing = 0;

  /** Empties the table for keys below `size`, each reading `missing` until set. */
  reset(size: number, missing: number): void {
    this.#missing = Math.fround(missing);
    if (size > DENSE_LIMIT) {
      this.#sparse = new Map();
      return;
    }
    this.#sparse = undefined;
    if (this.#dense.length < size) this.#dense = new Float32Array(size);
    this.#dense.fill(missing, 0, size);
  }

  get(k: number): number {
    return this.#sparse ? (this.#sparse.get(k) ?? this.#missing) : (this.#dense[k] as number);
  }

  set(k: number, v: number): void {
    if (this.#sparse) this.#sparse.set(k, Math.fround(v));
    else this.#dense[k] = v;
  }
}

/** The tables one search fills; reused by the next. */
export interface SearchTables {
  best: NumberTable;
  cameFrom: NumberTable;
  prices: NumberTable;
}

/**
 * Fresh, empty search tables.
 *
 * @example
 * searchRoute(space, starts, goals, budget, searchTables());
 */
export function searchTables(): SearchTables {
  return { best: new NumberTable(), cameFrom: new NumberTable(), prices: new NumberTable() };
}
