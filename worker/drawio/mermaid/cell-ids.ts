/**
 * Cell ids made from Mermaid names (states, classes), shared by the state and class converters.
 */
import { RESERVED_IDS } from "../model/reserved-ids.ts";

/**
 * Hands out unique cell ids that the graph spec and draw.io both accept: a Mermaid name keeps
 * its letters, digits, `_` and `.` (others become `_`, so `état` is `_tat`), and a clash gets a
 * counter (`Order-2`). The ids draw.io keeps for its root and layer (`0`, `1`) and the built-in
 * JavaScript names it cannot load (`push`, `constructor`) are never handed out.
 *
 * @example
 * const ids = new CellIds();
 * ids.claim("Crash"); // "Crash"
 * ids.claim("Crash"); // "Crash-2"
 * ids.next("note");   // "note-1"
 */
export class CellIds {
  readonly #taken = new Set<string>(["0", "1"]);
  readonly #counters = new Map<string, number>();

  /** An id for a name, as close to it as the rules allow. */
  claim(name: string): string {
    let base = name.replace(/[^A-Za-z0-9_.]/g, "_").slice(0, 60);
    if (/^[_.]*$/.test(base)) base = `id${base}`;
    if (this.#free(base)) return this.#take(base);
    return this.next(base);
  }

  /** A fresh id `<prefix>-<n>`. */
  next(prefix: string): string {
    let n = this.#counters.get(prefix) ?? (this.#free(prefix) ? 1 : 2);
    let id = `${prefix}-${n}`;
    while (!this.#free(id)) id = `${prefix}-${++n}`;
    this.#counters.set(prefix, n + 1);
    return this.#take(id);
  }

  #free(id: string): boolean {
    return !this.#taken.has(id) && !RESERVED_IDS.has(id);
  }

  #take(id: string): string {
    this.#taken.add(id);
    return id;
  }
}
