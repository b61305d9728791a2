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
  {
    version: 3,
    statements: [
      // The tenant's list of diagrams, kept by the diagram objects (see diagram-index.ts).
      // `title_key` is the title lower-cased in JavaScript, so `q` ignores case beyond ASCII.
      `CREATE TABLE diagrams (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        title_key TEXT NOT NULL,
        version INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      "CREATE INDEX diagrams_recent ON diagrams (updated_at DESC, id DESC)",
      // Deleted diagrams, for a day: a change delivered after the deletion is ignored.
      `CREATE TABLE diagram_tombstones (
        id TEXT PRIMARY KEY,
        deleted_at TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 4,
    statements: [
      // The house style (see style-memory.ts): what people set by hand, per diagram, target
      // (a node kind, "edge" or "diagram") and key; the latest value of each.
      `CREATE TABLE style_observations (
        diagram_id TEXT NOT NULL,
        target TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        observed_at TEXT NOT NULL,
        PRIMARY KEY (diagram_id, target, key)
      )`,
      // Rules learned from conversations or written by a person, in order.
      `CREATE TABLE style_rules (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        text TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('conversation', 'person')),
        updated_at TEXT NOT NULL
      )`,
      // The values a person pinned (a HouseTheme as JSON) and the memory's revision.
      `CREATE TABLE style_settings (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        pinned TEXT,
        revision INTEGER NOT NULL,
        updated_at TEXT
      )`,
    ],
  },
] as const;
