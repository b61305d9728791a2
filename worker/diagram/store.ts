/**
 * The diagram object's SQLite layer: its row, append-only versions kept as content-defined
 * chunks that versions share, and the conversation's messages.
 */
import { splitText } from "../durable/chunks/chunking.ts";
import { decodeChunk, encodeChunk } from "../durable/chunks/codec.ts";
import type { LazySchema } from "../durable/lazy-schema.ts";
import type { DiagramStats } from "../schemas/diagram.ts";
import type { Author, Usage, VersionSummary } from "../schemas/version.ts";

/** The diagram's own row. */
export interface DiagramRow {
  id: string;
  owner: string;
  title: string;
  head: number;
  created_at: string;
  updated_at: string;
}

/** What a new version records besides its XML. */
export interface NewVersion {
  xml: string;
  stats: DiagramStats;
  author: Author;
  message: string | null;
  restoredFrom: number | null;
  /** Token usage of the agent turn that made it. */
  usage?: Usage;
}

/** One message of the conversation. */
export interface MessageRow {
  id: number;
  role: "user" | "assistant";
  content: string;
  version: number | null;
  created_at: string;
}

interface VersionRow extends Record<string, SqlStorageValue> {
  n: number;
  parent: number | null;
  author: string;
  message: string | null;
  restored_from: number | null;
  created_at: string;
  byte_size: number;
  stats: string;
  usage: string | null;
}

const SUMMARY_COLUMNS =
  "n, parent, author, message, restored_from, created_at, byte_size, stats, usage";

/** How a version's XML is stored (for tests and diagnostics). */
export interface VersionStorage {
  /** Chunks the version's XML is made of. */
  chunks: number;
  /** Of those, the ones this version added (the rest it shares with earlier versions). */
  added: number;
  /** Their stored (possibly deflated) size in bytes. */
  addedBytes: number;
}

/**
 * SQLite access for one diagram: its row and its append-only versions. A version's XML is
 * stored as content-defined chunks ({@link splitText}) shared between versions, so each write
 * stores only the chunks that changed. Synchronous, so a caller's check-then-write never
 * interleaves with another's. The tables are made by the create ({@link LazySchema}): an object
 * woken for an id that names no diagram finds nothing and stores nothing.
 */
export class DiagramStore {
  readonly #storage: DurableObjectStorage;
  readonly #schema: LazySchema;
  /** The head's chunks (text → chunk id), to find which chunks a new version can reuse. */
  #index: { n: number; ids: Map<string, number> } | undefined;

  constructor(storage: DurableObjectStorage, schema: LazySchema) {
    this.#storage = storage;
    this.#schema = schema;
  }

  get #sql(): SqlStorage {
    return this.#storage.sql;
  }

  /** The diagram row, or undefined before creation (and after deletion). */
  diagram(): DiagramRow | undefined {
    if (!this.#schema.exists) return undefined;
    return this.#sql
      .exec<DiagramRow & Record<string, SqlStorageValue>>(
        "SELECT id, owner, title, head, created_at, updated_at FROM diagram",
      )
      .toArray()[0];
  }

  /** Creates the diagram with its first version, in one transaction. */
  create(row: Omit<DiagramRow, "head">, first: NewVersion): void {
    this.#schema.ensure();
    this.#storage.transactionSync(() => {
      this.#sql.exec(
        "INSERT INTO diagram (singleton, id, owner, title, head, created_at, updated_at) VALUES (1, ?, ?, ?, 0, ?, ?)",
        row.id,
        row.owner,
        row.title,
        row.created_at,
        row.updated_at,
      );
      this.#insertVersion(
        1,
        null,
        first,
        this.#storeChunks(first.xml, 1),
        first.stats.bytes,
        row.created_at,
      );
    });
  }

  /** Appends version head+1 and moves the head, in one transaction; returns its number. */
  append(version: NewVersion, now: string): number {
    return this.#storage.transactionSync(() => {
      const head = this.#head();
      const ids = this.#storeChunks(version.xml, head + 1, head);
      this.#insertVersion(head + 1, head, version, ids, version.stats.bytes, now);
      return head + 1;
    });
  }

  rename(title: string, now: string): void {
    this.#sql.exec("UPDATE diagram SET title = ?, updated_at = ?", title, now);
  }

  /** One version's metadata, or undefined. */
  summary(n: number): VersionSummary | undefined {
    const row = this.#sql
      .exec<VersionRow>(`SELECT ${SUMMARY_COLUMNS} FROM versions WHERE n = ?`, n)
      .toArray()[0];
    return row && toSummary(row);
  }

  /** Versions older than `before` (all when undefined), newest first. */
  list(before: number | undefined, limit: number): VersionSummary[] {
    return this.#sql
      .exec<VersionRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM versions WHERE n < ? ORDER BY n DESC LIMIT ?`,
        before ?? Number.MAX_SAFE_INTEGER,
        limit,
      )
      .toArray()
      .map(toSummary);
  }

  /** The XML of version `n`, or undefined. */
  xml(n: number): string | undefined {
    const ids = this.#chunkIds(n);
    return ids && this.#texts(ids).join("");
  }

  /** Appends version head+1 with the same XML as version `n` (a restore): it shares every chunk. */
  appendCopy(n: number, version: Omit<NewVersion, "xml">, now: string): number {
    const ids = this.#chunkIds(n);
    const bytes = this.summary(n)?.bytes;
    if (!ids || bytes === undefined) throw new Error(`version ${n} is missing`);
    return this.#storage.transactionSync(() => {
      const head = this.#head();
      this.#insertVersion(head + 1, head, version, ids, bytes, now);
      return head + 1;
    });
  }

  /** Adds a message to the conversation. */
  addMessage(role: MessageRow["role"], content: string, version: number | null, now: string): void {
    this.#sql.exec(
      "INSERT INTO messages (role, kind, content, version, created_at) VALUES (?, 'message', ?, ?, ?)",
      role,
      content,
      version,
      now,
    );
  }

  /** Messages older than `before` (all when undefined), newest first. */
  messages(before: number | undefined, limit: number): MessageRow[] {
    return this.#sql
      .exec<MessageRow & Record<string, SqlStorageValue>>(
        "SELECT id, role, content, version, created_at FROM messages WHERE kind = 'message' AND id < ? ORDER BY id DESC LIMIT ?",
        before ?? Number.MAX_SAFE_INTEGER,
        limit,
      )
      .toArray();
  }

  /** Messages after `after` and before `before` (ids), oldest first. */
  messagesBetween(after: number, before: number): MessageRow[] {
    return this.#sql
      .exec<MessageRow & Record<string, SqlStorageValue>>(
        "SELECT id, role, content, version, created_at FROM messages WHERE kind = 'message' AND id > ? AND id < ? ORDER BY id",
        after,
        before,
      )
      .toArray();
  }

  /** The newest summary of older messages, and the last message id it covers. */
  latestSummary(): { content: string; through: number } | undefined {
    return this.#sql
      .exec<{ content: string; through: number }>(
        "SELECT content, replaces_through AS through FROM messages WHERE kind = 'summary' ORDER BY id DESC LIMIT 1",
      )
      .toArray()[0];
  }

  /** Records a summary of the messages up to `through`. */
  addSummary(content: string, through: number, now: string): void {
    this.#sql.exec(
      "INSERT INTO messages (role, kind, content, replaces_through, created_at) VALUES ('assistant', 'summary', ?, ?, ?)",
      content,
      through,
      now,
    );
  }

  /** The newest version the agent made, if any. */
  lastAgentVersion(): number | undefined {
    return (
      this.#sql.exec<{ n: number }>("SELECT MAX(n) AS n FROM versions WHERE author = 'agent'").one()
        .n ?? undefined
    );
  }

  /** How version `n` is stored, or undefined. */
  storage(n: number): VersionStorage | undefined {
    const ids = this.#chunkIds(n);
    if (!ids) return undefined;
    const older = new Set<number>();
    for (const row of this.#sql
      .exec<{ chunk_ids: string }>("SELECT chunk_ids FROM versions WHERE n < ?", n)
      .toArray()) {
      for (const id of JSON.parse(row.chunk_ids) as number[]) older.add(id);
    }
    const added = [...new Set(ids)].filter((id) => !older.has(id));
    let addedBytes = 0;
    for (const id of added) {
      addedBytes += this.#sql
        .exec<{ size: number }>("SELECT length(data) AS size FROM chunks WHERE id = ?", id)
        .one().size;
    }
    return { chunks: ids.length, added: added.length, addedBytes };
  }

  /** Deletes everything: the only way anything is ever removed. */
  async destroy(): Promise<void> {
    this.#index = undefined;
    this.#schema.forget();
    await this.#storage.deleteAll();
  }

  #head(): number {
    return this.#sql.exec<{ head: number }>("SELECT head FROM diagram").one().head;
  }

  #insertVersion(
    n: number,
    parent: number | null,
    version: Omit<NewVersion, "xml">,
    chunkIds: number[],
    bytes: number,
    now: string,
  ): void {
    this.#sql.exec(
      `INSERT INTO versions (n, parent, author, message, restored_from, created_at, byte_size, chunk_ids, stats, usage)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      n,
      parent,
      version.author,
      version.message,
      version.restoredFrom,
      now,
      bytes,
      JSON.stringify(chunkIds),
      JSON.stringify(version.stats),
      version.usage ? JSON.stringify(version.usage) : null,
    );
    this.#sql.exec("UPDATE diagram SET head = ?, updated_at = ?", n, now);
  }

  /**
   * Splits XML into chunks, reuses those the version `base` already has, stores the others, and
   * remembers the result as the index for version `n`. Returns the chunk ids in order.
   */
  #storeChunks(xml: string, n: number, base?: number): number[] {
    const known = base === undefined ? new Map<string, number>() : this.#indexOf(base);
    const ids = new Map<string, number>();
    const order: number[] = [];
    for (const text of splitText(xml)) {
      let id = ids.get(text) ?? known.get(text);
      if (id === undefined) {
        const chunk = encodeChunk(text);
        id = this.#sql
          .exec<{ id: number }>(
            "INSERT INTO chunks (encoding, data) VALUES (?, ?) RETURNING id",
            chunk.encoding,
            chunk.data,
          )
          .one().id;
      }
      ids.set(text, id);
      order.push(id);
    }
    this.#index = { n, ids };
    return order;
  }

  #indexOf(n: number): Map<string, number> {
    if (this.#index?.n === n) return this.#index.ids;
    const order = this.#chunkIds(n) ?? [];
    const texts = this.#texts(order);
    const ids = new Map<string, number>();
    for (const [i, text] of texts.entries()) ids.set(text, order[i] as number);
    this.#index = { n, ids };
    return ids;
  }

  #chunkIds(n: number): number[] | undefined {
    const row = this.#sql
      .exec<{ chunk_ids: string }>("SELECT chunk_ids FROM versions WHERE n = ?", n)
      .toArray()[0];
    return row && (JSON.parse(row.chunk_ids) as number[]);
  }

  #texts(ids: number[]): string[] {
    const byId = new Map<number, string>();
    for (const row of this.#sql
      .exec<{ id: number; encoding: string; data: ArrayBuffer }>(
        "SELECT id, encoding, data FROM chunks WHERE id IN (SELECT value FROM json_each(?))",
        JSON.stringify(ids),
      )
      .toArray()) {
      byId.set(row.id, decodeChunk(row.encoding, row.data));
    }
    return ids.map((id) => {
      const text = byId.get(id);
      if (text === undefined) throw new Error(`chunk ${id} is missing`);
      return text;
    });
  }
}

function toSummary(row: VersionRow): VersionSummary {
  return {
    n: row.n,
    parent: row.parent,
    author: row.author as Author,
    message: row.message,
    restored_from: row.restored_from,
    created_at: row.created_at,
    bytes: row.byte_size,
    stats: JSON.parse(row.stats) as DiagramStats,
    usage: row.usage === null ? null : (JSON.parse(row.usage) as VersionSummary["usage"]),
  };
}
