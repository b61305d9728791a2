/**
 * The diagram object's outbox toward its tenant's object: each change for the tenant's list of
 * diagrams, and the style values people set by hand (for the house style), stored, then
 * delivered coalesced and in order, retried by the alarm.
 */
import { z } from "zod";
import type { Bindings } from "../bindings.ts";
import type { StyleObservation } from "../drawio/index.ts";
import type { LazySchema } from "../durable/lazy-schema.ts";
import type { Outcome } from "../durable/outcome.ts";
import { DiagramIdSchema } from "../schemas/common.ts";
import { IndexEntrySchema } from "../tenant/diagram-index.ts";
import type { DiagramRow } from "./store.ts";

/** A change for the tenant's list: the diagram's latest state, or its deletion. */
const ChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("upsert"), entry: IndexEntrySchema }),
  z.object({ kind: z.literal("remove"), id: DiagramIdSchema, deleted_at: z.iso.datetime() }),
]);
type Change = z.infer<typeof ChangeSchema>;

/**
 * A new version reaches the list this long after it was made, so that a burst of edits costs
 * one delivery rather than one each (creates, renames and deletions go at once).
 */
const COALESCE_MS = 1_000;
/**
 * If a change is still pending this long after it was written, the alarm delivers it: just past
 * the coalescing window, so an object that stopped before delivering (a crash, a restart) has
 * its tenant's list lag by seconds, not a minute. The alarm is deleted once nothing is pending.
 */
const SAFETY_DELAY_MS = COALESCE_MS + 1_000;
/** Retries after a failed delivery wait 1 s, 2 s, 4 s, … up to this. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * Keeps the tenant's list of diagrams ({@link TenantObject.listDiagrams}) in step with one
 * diagram, through an outbox in the diagram's own SQLite: each change writes the diagram's
 * latest state (or its deletion) there in the same synchronous handler as the change, so it
 * survives a crash, and is then delivered to the tenant's object without the caller waiting.
 * One delivery runs at a time, so a diagram's changes arrive in order; a row replaced while
 * its predecessor was on the way is delivered next. A failed delivery is retried by the alarm,
 * and an alarm is always set while a change may be pending, so nothing waits for the next
 * request to wake the object.
 *
 * @example
 * const outbox = new TenantIndexOutbox(ctx, env, schema);
 * outbox.put(store.diagram()); // after a create, rename or new version
 * override async alarm() { await outbox.alarm(); }
 */
export class TenantIndexOutbox {
  readonly #ctx: DurableObjectState;
  readonly #env: Bindings;
  readonly #schema: LazySchema;
  #running: Promise<void> | undefined;
  #failures = 0;
  /** Whether this instance has set an alarm that has not fired yet. */
  #armed = false;
  /** A delivery waiting for more versions to coalesce with. */
  #soon: ReturnType<typeof setTimeout> | undefined;

  constructor(ctx: DurableObjectState, env: Bindings, schema: LazySchema) {
    this.#ctx = ctx;
    this.#env = env;
    this.#schema = schema;
  }

  /**
   * Records the diagram's current state: after a create or a rename (`now`: delivered at once),
   * or a new version (`soon`: delivered within {@link COALESCE_MS}, with any that follow).
   */
  put(row: DiagramRow, when: "now" | "soon" = "now"): void {
    const { id, title, head, created_at, updated_at } = row;
    this.#write(
      row.owner,
      { kind: "upsert", entry: { id, title, version: head, created_at, updated_at } },
      when,
    );
  }

  /**
   * Records style values a person set by hand in this diagram, for the tenant's house style;
   * delivered with the next coalesced change. A later value for the same key replaces one
   * still waiting.
   */
  observe(row: DiagramRow, observations: StyleObservation[]): void {
    if (observations.length === 0) return;
    this.#schema.ensure();
    const at = new Date().toISOString();
    for (const o of observations) {
      this.#ctx.storage.sql.exec(
        `INSERT INTO style_outbox (target, key, value, tenant, diagram_id, observed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (target, key) DO UPDATE SET value = ?3, tenant = ?4, diagram_id = ?5, observed_at = ?6`,
        o.target,
        o.key,
        o.value,
        row.owner,
        row.id,
        at,
      );
    }
    this.#schedule("soon");
  }

  /** Records the diagram's deletion: call it once the storage is wiped (the alarm may be gone too). */
  remove(owner: string, id: string): void {
    this.#armed = false;
    this.#write(owner, { kind: "remove", id, deleted_at: new Date().toISOString() }, "now");
  }

  /** Delivers the pending change, if any; one delivery at a time. */
  deliver(): Promise<void> {
    this.#running ??= this.#drain()
      .catch((error: unknown) => console.error("tenant index delivery stopped", error))
      .finally(() => {
        this.#running = undefined;
      });
    this.#ctx.waitUntil(this.#running);
    return this.#running;
  }

  /** The object's alarm: a retry, or the safety net of a change written before a crash. */
  async alarm(): Promise<void> {
    this.#armed = false;
    await this.deliver();
  }

  #write(tenant: string, change: Change, when: "now" | "soon"): void {
    this.#schema.ensure();
    this.#ctx.storage.sql.exec(
      `INSERT INTO index_outbox (singleton, tenant, change) VALUES (1, ?1, ?2)
       ON CONFLICT (singleton) DO UPDATE SET tenant = ?1, change = ?2`,
      tenant,
      JSON.stringify(change),
    );
    this.#schedule(when);
  }

  /** Arms the safety alarm, and delivers at once (`now`) or after the coalescing window. */
  #schedule(when: "now" | "soon"): void {
    // Not awaited: the output gate holds the answer until the row and the alarm are stored.
    if (!this.#armed) void this.#arm(SAFETY_DELAY_MS);
    if (when === "soon") {
      this.#soon ??= setTimeout(() => {
        this.#soon = undefined;
        void this.deliver();
      }, COALESCE_MS);
      return;
    }
    clearTimeout(this.#soon);
    this.#soon = undefined;
    void this.deliver();
  }

  async #drain(): Promise<void> {
    // An object that never wrote (or was deleted and told its tenant) has nothing to deliver.
    if (!this.#schema.exists) return;
    for (;;) {
      let delivered: boolean;
      try {
        delivered = (await this.#deliverIndex()) || (await this.#deliverStyle());
      } catch (error) {
        this.#failures += 1;
        console.warn(`tenant delivery failed (attempt ${this.#failures})`, error);
        await this.#arm(Math.min(1_000 * 2 ** (this.#failures - 1), MAX_RETRY_DELAY_MS));
        return;
      }
      this.#failures = 0;
      if (!delivered) return this.#disarm();
    }
  }

  /** Delivers the pending index change, if any; true when there was one. */
  async #deliverIndex(): Promise<boolean> {
    const row = this.#ctx.storage.sql
      .exec<{ tenant: string; change: string }>("SELECT tenant, change FROM index_outbox")
      .toArray()[0];
    if (!row) return false;
    const change = parseChange(row.change);
    const outcome = change ? await this.#send(row.tenant, change) : undefined;
    // A refused change (or an unreadable row) would be refused again: log it, drop it.
    if (!outcome?.ok) console.error("tenant index refused a change", row.change, outcome);
    // Only the row delivered: a change written meanwhile replaced it and goes next.
    this.#ctx.storage.sql.exec(
      "DELETE FROM index_outbox WHERE tenant = ? AND change = ?",
      row.tenant,
      row.change,
    );
    return true;
  }

  /**
   * Delivers the waiting style values, if any; true when some were delivered. A refused
   * delivery is logged and dropped (it would be refused again); a failed one throws.
   */
  async #deliverStyle(): Promise<boolean> {
    const sql = this.#ctx.storage.sql;
    const rows = sql
      .exec<{
        target: string;
        key: string;
        value: string;
        tenant: string;
        diagram_id: string;
        observed_at: string;
      }>("SELECT target, key, value, tenant, diagram_id, observed_at FROM style_outbox")
      .toArray();
    const first = rows[0];
    if (!first) return false;
    // One tenant owns a diagram; rows of another (none in practice) would never be accepted.
    const mine = rows.filter((r) => r.tenant === first.tenant);
    const observations = mine.map(({ target, key, value }) => ({ target, key, value }));
    // ISO times sort as text: the latest is the last.
    const at =
      mine
        .map((r) => r.observed_at)
        .sort()
        .at(-1) ?? new Date().toISOString();
    const outcome = await this.#env.TENANT.getByName(first.tenant).observeStyle({
      diagram_id: first.diagram_id,
      observations,
      at,
    });
    if (!outcome.ok) console.error("the tenant refused style observations", outcome.problem);
    for (const r of rows) {
      sql.exec(
        "DELETE FROM style_outbox WHERE target = ? AND key = ? AND value = ?",
        r.target,
        r.key,
        r.value,
      );
    }
    return true;
  }

  #send(tenant: string, change: Change): Promise<Outcome<boolean>> {
    const stub = this.#env.TENANT.getByName(tenant);
    return change.kind === "upsert"
      ? stub.indexDiagram({ entry: change.entry })
      : stub.unindexDiagram({ id: change.id, deleted_at: change.deleted_at });
  }

  #arm(delayMs: number): Promise<void> {
    this.#armed = true;
    return this.#ctx.storage.setAlarm(Date.now() + delayMs);
  }

  /** Nothing is pending: the alarm this instance set would only wake the object for nothing. */
  #disarm(): Promise<void> {
    if (!this.#armed) return Promise.resolve();
    this.#armed = false;
    return this.#ctx.storage.deleteAlarm();
  }
}

function parseChange(text: string): Change | undefined {
  try {
    return ChangeSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}
