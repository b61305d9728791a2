/** The tenant object's schema, oldest first (applied by `migrate`). */
export const TENANT_MIGRATIONS = [
  {
    version: 1,
    statements: [
      `CREATE TABLE idempotency (
        key TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
        status INTEGER,
        headers TEXT,
        encoding TEXT,
        created_at INTEGER NOT NULL
      )`,
      "CREATE INDEX idempotency_created ON idempotency (created_at)",
      `CREATE TABLE idempotency_chunks (
        key TEXT NOT NULL,
        seq INTEGER NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (key, seq)
      )`,
    ],
  },
  {
    version: 2,
    statements: [
      // Webhook signing secrets: the newest is current; the one before is honoured for 24 h.
      `CREATE TABLE webhook_secrets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        secret TEXT NOT NULL,
        created_at INTEGER NOT NULL
      )`,
    ],
  },
] as const;
