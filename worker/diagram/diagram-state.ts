/**
 * A diagram object's storage and memory, and the only path by which its row and versions
 * change, keeping the head cache, the tenant's list and live widgets in step.
 */
import type { z } from "zod";
import { type DiagramDocument, emptyDocument, observeHandEdit } from "../drawio/index.ts";
import type { LazySchema } from "../durable/lazy-schema.ts";
import { ApiError } from "../http/api-error.ts";
import type { Author, Usage } from "../schemas/version.ts";
import { type PreparedDiagram, prepareDocument, prepareXml } from "./documents.ts";
import { broadcast, closeAll, type VersionNotice } from "./live.ts";
import { orFail, versionNotFound } from "./problems.ts";
import { PublicationStore } from "./publications.ts";
import { ResidentHead } from "./resident-head.ts";
import type * as In from "./rpc-schemas.ts";
import { type DiagramRow, DiagramStore } from "./store.ts";
import type { TenantIndexOutbox } from "./tenant-index.ts";

/** What creating a diagram takes: its create arguments, with or without XML. */
export type CreateArgs = Omit<z.infer<typeof In.CreateInput>, "xml"> & {
  xml?: string | undefined;
};

/** A document ready to become a version: its XML and stats, and its parsed form when known. */
export type CommitReady = Pick<PreparedDiagram, "xml" | "stats"> & { document?: DiagramDocument };

/**
 * A diagram object's SQLite and memory, and the only ways its row and versions change. Each
 * change is followed, in the same synchronous call, by what depends on it: the resident head,
 * the tenant's list (written to its outbox, delivered after the answer) and the live widgets.
 * Nothing here awaits between a check and its write, except {@link DiagramState.destroy}.
 *
 * @example
 * const schema = new LazySchema(ctx.storage, DIAGRAM_MIGRATIONS);
 * const state = new DiagramState(ctx, schema, new TenantIndexOutbox(ctx, env, schema));
 * state.commit(ready, "api", "Edited", null);
 * return state.head.view(state.own(tenant), "none");
 */
export class DiagramState {
  readonly store: DiagramStore;
  readonly head: ResidentHead;
  readonly publications: PublicationStore;
  readonly #ctx: DurableObjectState;
  /** The tenant's list of diagrams, told of every create, rename, version and deletion. */
  readonly #index: TenantIndexOutbox;

  constructor(ctx: DurableObjectState, schema: LazySchema, index: TenantIndexOutbox) {
    this.#ctx = ctx;
    this.#index = index;
    this.store = new DiagramStore(ctx.storage, schema);
    this.head = new ResidentHead(this.store);
    this.publications = new PublicationStore(ctx.storage.sql);
  }

  /** The diagram row, if it exists and belongs to `tenant`; otherwise a 404 (never a 403). */
  own(tenant: string): DiagramRow {
    const row = this.store.diagram();
    if (!row || row.owner !== tenant) throw new ApiError(404, "not_found", "no such diagram");
    return row;
  }

  /** Creates the diagram with version 1 (the given XML, or an empty page). */
  create(args: CreateArgs): PreparedDiagram {
    if (this.store.diagram())
      throw new ApiError(409, "already_exists", `diagram ${args.id} already exists`);
    const prepared =
      args.xml === undefined ? prepareDocument(emptyDocument()) : prepareXml(args.xml);
    const ready = orFail(prepared);
    const now = new Date().toISOString();
    this.store.create(
      { id: args.id, owner: args.tenant, title: args.title, created_at: now, updated_at: now },
      {
        xml: ready.xml,
        stats: ready.stats,
        author: args.author,
        message: "Created",
        restoredFrom: null,
      },
    );
    this.head.set({ n: 1, xml: ready.xml, stats: ready.stats, document: ready.document });
    this.#listed();
    return ready;
  }

  /** Renames the diagram; the tenant's list hears of it at once. */
  rename(title: string): void {
    this.store.rename(title, new Date().toISOString());
    this.#listed();
  }

  /**
   * Appends a new version and makes it the head. A version a person made (in the editor or
   * through the API) also tells the tenant's house style which style values they changed.
   */
  commit(
    ready: CommitReady,
    author: Author,
    message: string | null,
    restoredFrom: number | null,
    usage?: Usage,
  ): void {
    const before = author === "user" || author === "api" ? this.#headDocument() : undefined;
    const n = this.store.append(
      {
        xml: ready.xml,
        stats: ready.stats,
        author,
        message,
        restoredFrom,
        ...(usage ? { usage } : {}),
      },
      new Date().toISOString(),
    );
    this.head.set({
      n,
      xml: ready.xml,
      stats: ready.stats,
      ...(ready.document ? { document: ready.document } : {}),
    });
    this.#listed("soon");
    this.#announce(n, author, message);
    if (before) this.#observe(before, this.head.document(this.head.load(n)));
  }

  /** Appends a new version equal to version `n`. Nothing is lost: `n` and all after it stay. */
  restore(from: number, author: Author): void {
    const summary = this.store.summary(from) ?? versionNotFound(from);
    const xml = this.head.xmlOf(from);
    // The copy shares every chunk of version n: restoring stores no XML at all.
    const n = this.store.appendCopy(
      from,
      {
        stats: summary.stats,
        author,
        message: `Restored version ${from}`,
        restoredFrom: from,
      },
      new Date().toISOString(),
    );
    this.head.set({ n, xml, stats: summary.stats });
    this.#listed("soon");
    this.#announce(n, author, `Restored version ${from}`);
  }

  /**
   * Deletes the diagram and its whole history (publications and conversation included);
   * returns the ids of the publications that ended with it.
   */
  async destroy(tenant: string): Promise<string[]> {
    const row = this.own(tenant);
    const pubs = this.publications.list().map((pub) => pub.id);
    closeAll(this.#ctx, 4404, "diagram deleted");
    this.head.clear();
    await this.store.destroy();
    // The deletion still has to reach the tenant's list: its outbox row makes the tables again.
    this.#index.remove(row.owner, row.id);
    return pubs;
  }

  /** What a live widget of `tenant` is told first (the head), or undefined when not theirs. */
  headNotice(tenant: string): VersionNotice | undefined {
    const row = this.store.diagram();
    if (!row || row.owner !== tenant) return undefined;
    const head = this.store.summary(row.head);
    return this.#notice(row.head, head?.author ?? "api", head?.message ?? null);
  }

  /**
   * Queues the diagram's current state for its tenant's list (delivered without waiting): at
   * once after a create or a rename, coalesced over a second after a new version.
   */
  #listed(when: "now" | "soon" = "now"): void {
    const row = this.store.diagram();
    if (row) this.#index.put(row, when);
  }

  #headDocument(): DiagramDocument | undefined {
    const row = this.store.diagram();
    return row ? this.head.document(this.head.load(row.head)) : undefined;
  }

  /** Hands the style values a person changed to the tenant's house style (never fails the edit). */
  #observe(before: DiagramDocument, after: DiagramDocument): void {
    const row = this.store.diagram();
    if (!row) return;
    try {
      this.#index.observe(row, observeHandEdit(before, after));
    } catch (error) {
      console.error(`could not read the style changes of diagram ${row.id}`, error);
    }
  }

  #announce(version: number, author: Author, message: string | null): void {
    broadcast(this.#ctx, this.#notice(version, author, message));
  }

  #notice(version: number, author: Author, message: string | null): VersionNotice {
    return { type: "version", version, author, message };
  }
}
