import type { DiagramStats } from "../schemas/diagram.ts";
import type { Author, VersionSummary } from "../schemas/version.ts";
import { COMPRESS_OVER, decodeBlob, encodeBlob } from "./blob.ts";

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
}

interface VersionRow extends Record<string, SqlStorageValue> {
  n: number;
  parent: number | null;
  author: string;
  message: string | null;
  restored_from: number | null;
  created_at: string;
  byte_size: number;
  encoding: string;
  chunk_count: number;
  stats: string;
}

const SUMMARY_COLUMNS =
  "n, parent, author, message, restored_from, created_at, byte_size, encoding, chunk_count, stats";

/**
 * SQLite access for one diagram: its row and its append-only versions (XML stored as chunked,
 * possibly deflated blobs). Synchronous, so a caller's check-then-write never interleaves.
 */
export class DiagramStore {
  readonly #storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
  }

  get #sql(): SqlStorage {
    return this.#storage.sql;
  }

  /** The diagram row, or undefined before creation (and after deletion). */
  diagram(): DiagramRow | undefined {
    return this.#sql
      .exec<DiagramRow & Record<string, SqlStorageValue>>(
        "SELECT id, owner, title, head, created_at, updated_at FROM diagram",
      )
      .toArray()[0];
  }

  /** Creates the diagram with its first version, in one transaction. */
  create(row: Omit<DiagramRow, "head">, first: NewVersion): void {
    this.#storage.transactionSync(() => {
      this.#sql.exec(
        "INSERT INTO diagram (singleton, id, owner, title, head, created_at, updated_at) VALUES (1, ?, ?, ?, 0, ?, ?)",
        row.id,
        row.owner,
        row.title,
        row.created_at,
        row.updated_at,
      );
      this.#insertVersion(1, null, first, row.created_at);
    });
  }

  /** Appends version head+1 and moves the head, in one transaction; returns its number. */
  append(version: NewVersion, now: string): number {
    return this.#storage.transactionSync(() => {
      const head = this.#head();
      this.#insertVersion(head + 1, head, version, now);
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
    const row = this.#sql
      .exec<{ encoding: string }>("SELECT encoding FROM versions WHERE n = ?", n)
      .toArray()[0];
    if (!row) return undefined;
    const chunks = this.#sql
      .exec<{ data: ArrayBuffer }>("SELECT data FROM version_chunks WHERE n = ? ORDER BY seq", n)
      .toArray()
      .map((r) => r.data);
    return decodeBlob(row.encoding, chunks);
  }

  /** Versions before the head still stored uncompressed although large enough to compress. */
  uncompacted(limit: number): number[] {
    return this.#sql
      .exec<{ n: number }>(
        "SELECT n FROM versions WHERE encoding = 'utf8' AND byte_size > ? AND n < (SELECT head FROM diagram) ORDER BY n LIMIT ?",
        COMPRESS_OVER,
        limit,
      )
      .toArray()
      .map((r) => r.n);
  }

  /** Re-stores version `n`'s XML deflated; its content and metadata stay exactly as they were. */
  compact(n: number): void {
    const xml = this.xml(n);
    if (xml === undefined) return;
    const blob = encodeBlob(xml, "now");
    this.#storage.transactionSync(() => {
      this.#sql.exec("DELETE FROM version_chunks WHERE n = ?", n);
      this.#insertChunks(n, blob.chunks);
      this.#sql.exec(
        "UPDATE versions SET encoding = ?, chunk_count = ? WHERE n = ?",
        blob.encoding,
        blob.chunks.length,
        n,
      );
    });
  }

  /** How version `n` is stored (for tests and diagnostics). */
  storage(n: number): { encoding: string; chunks: number } | undefined {
    return this.#sql
      .exec<{ encoding: string; chunks: number }>(
        "SELECT encoding, chunk_count AS chunks FROM versions WHERE n = ?",
        n,
      )
      .toArray()[0];
  }

  /** Deletes everything: the only way anything is ever removed. */
  async destroy(): Promise<void> {
    await this.#storage.deleteAll();
  }

  #head(): number {
    return this.#sql.exec<{ head: number }>("SELECT head FROM diagram").one().head;
  }

  #insertVersion(n: number, parent: number | null, version: NewVersion, now: string): void {
    // Large texts must be compressed to fit; others are compressed later, off the request path.
    const blob = encodeBlob(version.xml, "large");
    this.#sql.exec(
      `INSERT INTO versions (n, parent, author, message, restored_from, created_at, byte_size, encoding, chunk_count, stats)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      n,
      parent,
      version.author,
      version.message,
      version.restoredFrom,
      now,
      blob.byteSize,
      blob.encoding,
      blob.chunks.length,
      JSON.stringify(version.stats),
    );
    this.#insertChunks(n, blob.chunks);
    this.#sql.exec("UPDATE diagram SET head = ?, updated_at = ?", n, now);
  }

  #insertChunks(n: number, chunks: Uint8Array[]): void {
    chunks.forEach((chunk, seq) => {
      const data = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
      this.#sql.exec("INSERT INTO version_chunks (n, seq, data) VALUES (?, ?, ?)", n, seq, data);
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
  };
}
