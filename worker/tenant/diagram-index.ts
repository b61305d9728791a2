/**
 * The tenant object's SQLite list of its diagrams, paged and searchable by title: tolerant of
 * changes that arrive late or out of order, with tombstones so a deletion sticks.
 */
import { z } from "zod";
import { pageOf } from "../durable/paging.ts";
import { DiagramIdSchema } from "../schemas/common.ts";
import { NO_CONTROL_CHARACTERS } from "../schemas/diagram.ts";
import { LIMITS } from "../schemas/limits.ts";

const timestamp = z.iso.datetime();

/** A diagram as the tenant's list shows it; what a diagram object delivers after each change. */
export const IndexEntrySchema = z.object({
  id: DiagramIdSchema,
  title: z.string().max(LIMITS.titleChars),
  version: z.number().int().min(1),
  created_at: timestamp,
  updated_at: timestamp,
});

/** One entry of the index. */
export type IndexEntry = z.infer<typeof IndexEntrySchema>;

export const UpsertInput = z.object({ entry: IndexEntrySchema });
export const RemoveInput = z.object({ id: DiagramIdSchema, deleted_at: timestamp });
export const ListInput = z.object({
  q: z.string().max(LIMITS.titleChars).regex(NO_CONTROL_CHARACTERS).optional(),
  /** The last entry of the previous page (its `updated_at` and `id`). */
  after: z.object({ at: timestamp, id: z.string().min(1).max(64) }).optional(),
  limit: z.number().int().min(1).max(LIMITS.pageSize.max),
});

/** A deletion is remembered this long, so that a change delivered late cannot bring it back. */
const TOMBSTONE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The tenant's list of diagrams, newest change first. Diagram objects deliver their changes
 * here asynchronously and maybe out of order: a change older than the stored one is ignored,
 * and a deleted diagram stays deleted unless a newer life of it (created after the deletion)
 * arrives.
 *
 * @example
 * const index = new DiagramIndex(ctx.storage.sql);
 * index.upsert({ id, title: "Checkout", version: 1, created_at: now, updated_at: now });
 * index.list({ q: "check", limit: 20 }); // { items, next, total }
 */
export class DiagramIndex {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  /** Stores the entry unless the stored one is newer; returns whether it was stored. */
  upsert(entry: IndexEntry): boolean {
    const removed = this.#sql
      .exec<{ deleted_at: string }>(
        "SELECT deleted_at FROM diagram_tombstones WHERE id = ?",
        entry.id,
      )
      .toArray()[0];
    if (removed && entry.created_at <= removed.deleted_at) return false;
    // Newer means a later life (created_at), then a later version, then a later change.
    const stored =
      this.#sql.exec(
        `INSERT INTO diagrams (id, title, title_key, version, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (id) DO UPDATE SET title = ?2, title_key = ?3, version = ?4,
           created_at = ?5, updated_at = ?6
         WHERE (created_at, version, updated_at) <= (?5, ?4, ?6)`,
        entry.id,
        entry.title,
        entry.title.toLowerCase(),
        entry.version,
        entry.created_at,
        entry.updated_at,
      ).rowsWritten > 0;
    if (stored && removed) this.#sql.exec("DELETE FROM diagram_tombstones WHERE id = ?", entry.id);
    return stored;
  }

  /** Removes the entry of a diagram deleted at `deletedAt` (not a later life of the same id). */
  remove(id: string, deletedAt: string): void {
    this.#sql.exec(
      "DELETE FROM diagram_tombstones WHERE deleted_at < ?",
      new Date(Date.parse(deletedAt) - TOMBSTONE_TTL_MS).toISOString(),
    );
    this.#sql.exec("DELETE FROM diagrams WHERE id = ? AND created_at <= ?", id, deletedAt);
    this.#sql.exec(
      `INSERT INTO diagram_tombstones (id, deleted_at) VALUES (?1, ?2)
       ON CONFLICT (id) DO UPDATE SET deleted_at = max(deleted_at, ?2)`,
      id,
      deletedAt,
    );
  }

  /** One page, newest change first (ties by id), with the number of entries that match `q`. */
  list(args: z.infer<typeof ListInput>) {
    const filter = args.q ? "title_key LIKE ? ESCAPE '\\'" : "1";
    const params = args.q ? [`%${escapeLike(args.q.toLowerCase())}%`] : [];
    const after = args.after ? "(updated_at, id) < (?, ?)" : "1";
    const rows = this.#sql
      .exec<IndexEntry & Record<string, SqlStorageValue>>(
        `SELECT id, title, version, created_at, updated_at FROM diagrams
         WHERE ${filter} AND ${after} ORDER BY updated_at DESC, id DESC LIMIT ?`,
        ...params,
        ...(args.after ? [args.after.at, args.after.id] : []),
        args.limit + 1,
      )
      .toArray();
    const { total } = this.#sql
      .exec<{ total: number }>(`SELECT COUNT(*) AS total FROM diagrams WHERE ${filter}`, ...params)
      .one();
    const page = pageOf(rows, args.limit, (row) => ({ at: row.updated_at, id: row.id }));
    return { ...page, total };
  }
}

/** `text` for a LIKE pattern with `\` as the escape: `%`, `_` and `\` match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
