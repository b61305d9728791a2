/** A publication as the diagram keeps it. */
export type PublicationRow = {
  id: string;
  /** The pinned version, or null when it follows the head. */
  version: number | null;
  created_at: string;
};

/**
 * A diagram's publications in its SQLite: public, read-only links, pinned to a version or
 * following the head. Revoking one deletes it; deleting the diagram deletes them all.
 *
 * @example
 * const pubs = new PublicationStore(ctx.storage.sql);
 * pubs.add({ id, version: null, created_at: new Date().toISOString() });
 */
export class PublicationStore {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  /** Records a publication the index already holds. */
  add(row: PublicationRow): void {
    this.#sql.exec(
      "INSERT INTO publications (id, version, created_at, indexed) VALUES (?, ?, ?, 1)",
      row.id,
      row.version,
      row.created_at,
    );
  }

  get(id: string): PublicationRow | undefined {
    return this.#sql
      .exec<PublicationRow>("SELECT id, version, created_at FROM publications WHERE id = ?", id)
      .toArray()[0];
  }

  list(): PublicationRow[] {
    return this.#sql
      .exec<PublicationRow>(
        "SELECT id, version, created_at FROM publications ORDER BY created_at DESC, id",
      )
      .toArray();
  }

  /** Publications recorded before the index existed, which it does not hold yet. */
  unindexed(): string[] {
    return this.#sql
      .exec<{ id: string }>("SELECT id FROM publications WHERE indexed = 0")
      .toArray()
      .map((row) => row.id);
  }

  /** The index now holds `id`. */
  markIndexed(id: string): void {
    this.#sql.exec("UPDATE publications SET indexed = 1 WHERE id = ?", id);
  }

  /** True when it existed. */
  remove(id: string): boolean {
    return this.#sql.exec("DELETE FROM publications WHERE id = ?", id).rowsWritten > 0;
  }
}
