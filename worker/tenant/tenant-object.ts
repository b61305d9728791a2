/**
 * The tenant's Durable Object: `Idempotency-Key` claims and replays, webhook signing secrets
 * with rotation, and the tenant-wide list of diagrams that diagram objects keep current.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Bindings } from "../bindings.ts";
import { decodeBlob, encodeBlob } from "../durable/chunks/blob.ts";
import { migrate } from "../durable/migrate.ts";
import { handle, type RpcInput } from "../durable/outcome.ts";
import * as Index from "./diagram-index.ts";
import { TENANT_MIGRATIONS } from "./migrations.ts";
import * as Style from "./style-memory.ts";
import { newWebhookSecret } from "./webhook-secret.ts";

/** Idempotency records are kept this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A pending record older than this belongs to a request that died; a retry may take it over. */
const PENDING_STALE_MS = 60 * 1000;

/** A response remembered for replay. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What {@link TenantObject.begin} decided. */
export type BeginResult =
  | { kind: "proceed" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in_progress" }
  | { kind: "mismatch" };

const key = z.string().min(1).max(300);
const BeginInput = z.object({ key, fingerprint: z.string().length(64), now: z.number().int() });
const CompleteInput = z.object({
  key,
  response: z.object({
    status: z.number().int().min(200).max(599),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
});
const ReleaseInput = z.object({ key });
const NowInput = z.object({ now: z.number().int() });
const NoInput = z.object({});

/** After a rotation, the previous webhook secret still signs for this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * Per-tenant bookkeeping that cannot live in one diagram: `Idempotency-Key` records (so a
 * retried create returns the first result for 24 h instead of creating twice), webhook secrets,
 * the list of the tenant's diagrams that their objects keep up to date, and the house style
 * learned across them.
 *
 * @example
 * const tenant = env.TENANT.getByName(principal.tenant);
 * const started = await tenant.begin({ key, fingerprint, now: Date.now() });
 */
export class TenantObject extends DurableObject<Bindings> {
  readonly #diagrams: Index.DiagramIndex;
  readonly #style: Style.StyleMemory;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    migrate(ctx.storage, TENANT_MIGRATIONS);
    this.#diagrams = new Index.DiagramIndex(ctx.storage.sql);
    this.#style = new Style.StyleMemory(ctx.storage.sql);
  }

  /** Claims a key, or says why not (replay of a finished request, still running, other body). */
  begin(input: RpcInput<typeof BeginInput>) {
    return handle(BeginInput, input, (args): BeginResult => {
      const sql = this.ctx.storage.sql;
      this.#expire(args.now);
      const row = sql
        .exec<{
          fingerprint: string;
          state: string;
          status: number | null;
          headers: string | null;
          encoding: string | null;
          created_at: number;
        }>(
          "SELECT fingerprint, state, status, headers, encoding, created_at FROM idempotency WHERE key = ?",
          args.key,
        )
        .toArray()[0];
      if (row && row.fingerprint !== args.fingerprint) return { kind: "mismatch" };
      if (row?.state === "done") {
        const chunks = sql
          .exec<{ data: ArrayBuffer }>(
            "SELECT data FROM idempotency_chunks WHERE key = ? ORDER BY seq",
            args.key,
          )
          .toArray()
          .map((r) => r.data);
        return {
          kind: "replay",
          response: {
            status: row.status ?? 200,
            headers: JSON.parse(row.headers ?? "{}") as Record<string, string>,
            body: decodeBlob(row.encoding ?? "utf8", chunks),
          },
        };
      }
      if (row && args.now - row.created_at < PENDING_STALE_MS) return { kind: "in_progress" };
      sql.exec(
        "INSERT OR REPLACE INTO idempotency (key, fingerprint, state, created_at) VALUES (?, ?, 'pending', ?)",
        args.key,
        args.fingerprint,
        args.now,
      );
      return { kind: "proceed" };
    });
  }

  /** Stores the response of a claimed key for replay. */
  complete(input: RpcInput<typeof CompleteInput>) {
    return handle(CompleteInput, input, (args) => {
      const blob = encodeBlob(args.response.body);
      this.ctx.storage.transactionSync(() => {
        const sql = this.ctx.storage.sql;
        sql.exec(
          "UPDATE idempotency SET state = 'done', status = ?, headers = ?, encoding = ? WHERE key = ?",
          args.response.status,
          JSON.stringify(args.response.headers),
          blob.encoding,
          args.key,
        );
        sql.exec("DELETE FROM idempotency_chunks WHERE key = ?", args.key);
        blob.chunks.forEach((data, seq) => {
          sql.exec(
            "INSERT INTO idempotency_chunks (key, seq, data) VALUES (?, ?, ?)",
            args.key,
            seq,
            data,
          );
        });
      });
      return true;
    });
  }

  /** Forgets a claimed key whose request failed, so that a retry can run it again. */
  release(input: RpcInput<typeof ReleaseInput>) {
    return handle(ReleaseInput, input, (args) => {
      this.ctx.storage.sql.exec(
        "DELETE FROM idempotency WHERE key = ? AND state = 'pending'",
        args.key,
      );
      return true;
    });
  }

  /** The webhook signing secret (made on first use), and the previous one while it still signs. */
  webhookSecret(input: RpcInput<typeof NowInput>) {
    return handle(NowInput, input, (args) => this.#secrets(args.now));
  }

  /** Replaces the webhook secret; the old one keeps signing for 24 h. */
  rotateWebhookSecret(input: RpcInput<typeof NowInput>) {
    return handle(NowInput, input, (args) => {
      this.#secrets(args.now);
      this.ctx.storage.sql.exec(
        "INSERT INTO webhook_secrets (secret, created_at) VALUES (?, ?)",
        newWebhookSecret(),
        args.now,
      );
      return this.#secrets(args.now);
    });
  }

  /** Records a diagram's latest state in the list; an older state than the stored one is ignored. */
  indexDiagram(input: RpcInput<typeof Index.UpsertInput>) {
    return handle(Index.UpsertInput, input, (args) => this.#diagrams.upsert(args.entry));
  }

  /** Takes a deleted diagram off the list. */
  unindexDiagram(input: RpcInput<typeof Index.RemoveInput>) {
    return handle(Index.RemoveInput, input, (args) => {
      this.#diagrams.remove(args.id, args.deleted_at);
      return true;
    });
  }

  /** One page of the tenant's diagrams, newest change first, and how many match `q`. */
  listDiagrams(input: RpcInput<typeof Index.ListInput>) {
    return handle(Index.ListInput, input, (args) => this.#diagrams.list(args));
  }

  /** Records the style values a person set by hand in one diagram (from its outbox). */
  observeStyle(input: RpcInput<typeof Style.ObserveInput>) {
    return handle(Style.ObserveInput, input, (args) => {
      this.ctx.storage.transactionSync(() =>
        this.#style.observe(
          args.diagram_id,
          args.observations as Parameters<Style.StyleMemory["observe"]>[1],
          args.at,
        ),
      );
      return true;
    });
  }

  /** The house style: the theme, the rules, and the revision a rules job writes against. */
  styleMemory() {
    return handle(NoInput, {}, () => this.#style.read());
  }

  /** A person's edit of the house style (`PUT /v1/style`); answers the memory after it. */
  setStyle(input: RpcInput<typeof Style.SetInput>) {
    return handle(Style.SetInput, input, (args) => {
      this.ctx.storage.transactionSync(() => this.#style.set(args, args.at));
      return this.#style.read();
    });
  }

  /** Forgets the house style (`DELETE /v1/style`). */
  clearStyle(input: RpcInput<typeof NowInput>) {
    return handle(NowInput, input, (args) => {
      this.ctx.storage.transactionSync(() => this.#style.clear(new Date(args.now).toISOString()));
      return this.#style.read();
    });
  }

  /** The rules job's answer, kept unless the memory changed since the job read it. */
  learnStyleRules(input: RpcInput<typeof Style.LearnRulesInput>) {
    return handle(Style.LearnRulesInput, input, (args) =>
      this.ctx.storage.transactionSync(() =>
        this.#style.learnRules(args.rules, args.revision, args.at),
      ),
    );
  }

  #secrets(now: number): { secret: string; previous_secret?: string } {
    const sql = this.ctx.storage.sql;
    const rows = sql
      .exec<{ secret: string; created_at: number }>(
        "SELECT secret, created_at FROM webhook_secrets ORDER BY id DESC LIMIT 2",
      )
      .toArray();
    if (rows.length === 0) {
      sql.exec(
        "INSERT INTO webhook_secrets (secret, created_at) VALUES (?, ?)",
        newWebhookSecret(),
        now,
      );
      return this.#secrets(now);
    }
    const [current, previous] = rows as [(typeof rows)[number], ...typeof rows];
    return now - current.created_at < SECRET_OVERLAP_MS && previous
      ? { secret: current.secret, previous_secret: previous.secret }
      : { secret: current.secret };
  }

  #expire(now: number): void {
    const sql = this.ctx.storage.sql;
    const cutoff = now - IDEMPOTENCY_TTL_MS;
    sql.exec(
      "DELETE FROM idempotency_chunks WHERE key IN (SELECT key FROM idempotency WHERE created_at < ?)",
      cutoff,
    );
    sql.exec("DELETE FROM idempotency WHERE created_at < ?", cutoff);
  }
}
