/**
 * The diagram object's SQLite schema steps, applied in order: the diagram row, chunked
 * versions, messages, the tenant-list outbox and publications.
 */
import type { Migration } from "../durable/migrate.ts";

/** The diagram object's schema, oldest first. */
export const DIAGRAM_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE diagram (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        id TEXT NOT NULL,
        owner TEXT NOT NULL,
        title TEXT NOT NULL,
        head INTEGER NOT NULL,
        busy_turn TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      `CREATE TABLE versions (
        n INTEGER PRIMARY KEY,
        parent INTEGER,
        author TEXT NOT NULL CHECK (author IN ('user', 'agent', 'api')),
        message TEXT,
        restored_from INTEGER,
        created_at TEXT NOT NULL,
        byte_size INTEGER NOT NULL,
        chunk_ids TEXT NOT NULL,
        stats TEXT NOT NULL,
        usage TEXT
      )`,
      // A version's XML is the concatenation of its chunks; versions share unchanged chunks.
      `CREATE TABLE chunks (
        id INTEGER PRIMARY KEY,
        encoding TEXT NOT NULL CHECK (encoding IN ('utf8', 'deflate')),
        data BLOB NOT NULL
      )`,
      // History is append-only: nothing short of deleting the diagram rewrites a version.
      `CREATE TRIGGER versions_append_only BEFORE UPDATE ON versions
        BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END`,
      `CREATE TRIGGER chunks_append_only BEFORE UPDATE ON chunks
        BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END`,
      `CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        role TEXT NOT NULL,
        kind TEXT NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'summary')),
        content TEXT NOT NULL,
        version INTEGER,
        replaces_through INTEGER,
        created_at TEXT NOT NULL
      )`,
    ],
  },
  {
    // A column for a turn lock that was never used: the running turn lives in the object's
    // memory (a turn does not outlive its object).
    version: 2,
    statements: ["ALTER TABLE diagram DROP COLUMN busy_turn"],
  },
  {
    // Versions made over MCP carry author 'mcp'. SQLite cannot change a CHECK in place, so the
    // table is rebuilt: its rows are metadata only (the XML lives in `chunks`), so this is cheap.
    version: 3,
    statements: [
      `CREATE TABLE versions_v3 (
        n INTEGER PRIMARY KEY,
        parent INTEGER,
        author TEXT NOT NULL CHECK (author IN ('user', 'agent', 'api', 'mcp')),
        message TEXT,
        restored_from INTEGER,
        created_at TEXT NOT NULL,
        byte_size INTEGER NOT NULL,
        chunk_ids TEXT NOT NULL,
        stats TEXT NOT NULL,
        usage TEXT
      )`,
      `INSERT INTO versions_v3 (n, parent, author, message, restored_from, created_at, byte_size,
        chunk_ids, stats, usage)
        SELECT n, parent, author, message, restored_from, created_at, byte_size, chunk_ids, stats,
        usage FROM versions`,
      "DROP TRIGGER versions_append_only",
      "DROP TABLE versions",
      "ALTER TABLE versions_v3 RENAME TO versions",
      `CREATE TRIGGER versions_append_only BEFORE UPDATE ON versions
        BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END`,
    ],
  },
  {
    // The change to the tenant's list of diagrams that is still to be delivered (see
    // tenant-index.ts): one row, the latest state or the deletion, replaced by each change.
    version: 4,
    statements: [
      `CREATE TABLE index_outbox (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        tenant TEXT NOT NULL,
        change TEXT NOT NULL
      )`,
    ],
  },
  {
    // Public, read-only links to the diagram (`/p/{id}`): pinned to a version, or following the
    // head (version NULL). Revoking deletes the row.
    version: 5,
    statements: [
      `CREATE TABLE publications (
        id TEXT PRIMARY KEY,
        version INTEGER,
        created_at TEXT NOT NULL
      )`,
    ],
  },
  {
    // Publications are indexed in the PUBLICATIONS KV namespace (publication-index.ts), which
    // public requests are checked against before any object wakes. Rows from before it are
    // not indexed yet (0): the object indexes them when it next wakes.
    version: 6,
    statements: ["ALTER TABLE publications ADD COLUMN indexed INTEGER NOT NULL DEFAULT 0"],
  },
  {
    // Style values a person set by hand (the house style, tenant/style-memory.ts), waiting to
    // reach the tenant's object with the index changes: the latest value per target and key.
    version: 7,
    statements: [
      `CREATE TABLE style_outbox (
        target TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        tenant TEXT NOT NULL,
        diagram_id TEXT NOT NULL,
        observed_at TEXT NOT NULL,
        PRIMARY KEY (target, key)
      )`,
    ],
  },
];
