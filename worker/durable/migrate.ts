/** One schema change. Versions only ever grow; a released migration is never edited. */
export interface Migration {
  readonly version: number;
  readonly statements: readonly string[];
}

/**
 * Brings a SQLite database up to the newest schema: each migration once, in order, inside a
 * transaction with the version bump, so a crash never leaves half a migration. Idempotent.
 *
 * @example
 * migrate(ctx.storage, DIAGRAM_MIGRATIONS);
 */
export function migrate(storage: DurableObjectStorage, migrations: readonly Migration[]): number {
  const sql = storage.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const row = sql
    .exec<{ version: number }>("SELECT MAX(version) AS version FROM schema_version")
    .one();
  let current = row.version ?? 0;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    storage.transactionSync(() => {
      for (const statement of migration.statements) sql.exec(statement);
      sql.exec("INSERT INTO schema_version (version) VALUES (?)", migration.version);
    });
    current = migration.version;
  }
  return current;
}
