// A Durable Object's SQLite schema, made on its first write instead of when it wakes.

import { type Migration, migrate } from "./migrate.ts";

/**
 * A SQLite schema that exists only once something is written. Objects are woken by ids that
 * anyone may send (a diagram id in a URL, a forged publication link): an object that is only
 * read must not create a database. Reads ask {@link LazySchema.exists} first and find nothing
 * when it is false; every write calls {@link LazySchema.ensure} before it writes. An object
 * whose schema exists is migrated when it wakes, as before.
 *
 * @example
 * const schema = new LazySchema(ctx.storage, DIAGRAM_MIGRATIONS);
 * if (!schema.exists) return undefined; // a read: nothing stored, nothing to find
 * schema.ensure(); // before the first write
 */
export class LazySchema {
  readonly #storage: DurableObjectStorage;
  readonly #migrations: readonly Migration[];
  #exists: boolean;

  constructor(storage: DurableObjectStorage, migrations: readonly Migration[]) {
    this.#storage = storage;
    this.#migrations = migrations;
    this.#exists = hasSchema(storage);
    if (this.#exists) migrate(storage, migrations);
  }

  /** Whether the tables exist (something was written, and not all deleted since). */
  get exists(): boolean {
    return this.#exists;
  }

  /** Makes (or brings up to date) the tables before a write. */
  ensure(): void {
    if (this.#exists) return;
    migrate(this.#storage, this.#migrations);
    this.#exists = true;
  }

  /** After `deleteAll()`: the tables are gone until the next write. */
  forget(): void {
    this.#exists = false;
  }
}

/**
 * Whether a database has ever been migrated; a read of SQLite's catalogue, which writes nothing.
 *
 * @example
 * hasSchema(ctx.storage); // false for an object that never wrote
 */
export function hasSchema(storage: DurableObjectStorage): boolean {
  return (
    storage.sql
      .exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
      .toArray().length > 0
  );
}
