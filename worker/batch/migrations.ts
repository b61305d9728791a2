/**
 * The batch object's SQLite schema steps: the batch, its items, their webhook events and each
 * delivery attempt.
 */
import type { Migration } from "../durable/migrate.ts";

/** The batch object's schema, oldest first. */
export const BATCH_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE batch (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        id TEXT NOT NULL,
        owner TEXT NOT NULL,
        origin TEXT NOT NULL,
        model TEXT,
        webhook_url TEXT,
        webhook_events TEXT,
        webhook_disabled INTEGER NOT NULL DEFAULT 0,
        cancelled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        completed_at TEXT
      )`,
      `CREATE TABLE items (
        idx INTEGER PRIMARY KEY,
        prompt TEXT NOT NULL,
        title TEXT,
        theme TEXT,
        direction TEXT,
        metadata TEXT,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        diagram_id TEXT NOT NULL,
        version INTEGER,
        result_title TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        error TEXT,
        finished_at TEXT
      )`,
      "CREATE INDEX items_status ON items (status)",
      // One row per webhook event; its id is the webhook-id every retry carries.
      `CREATE TABLE events (
        id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'gone')),
        enqueued INTEGER NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        status INTEGER,
        outcome TEXT NOT NULL,
        error TEXT,
        duration_ms INTEGER NOT NULL,
        at TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 2,
    statements: [
      // When the alarm takes an open item back (ms since the epoch), and how often it has.
      "ALTER TABLE items ADD COLUMN lease_until INTEGER",
      "ALTER TABLE items ADD COLUMN requeues INTEGER NOT NULL DEFAULT 0",
      "CREATE INDEX items_lease ON items (lease_until)",
      // When a pending event handed to the queue is due to have been attempted.
      "ALTER TABLE events ADD COLUMN due_at INTEGER",
    ],
  },
  {
    version: 3,
    // The batch's use of the house style: NULL (house) or 'none'.
    statements: ["ALTER TABLE batch ADD COLUMN style TEXT"],
  },
];
