import { DurableObject } from "cloudflare:workers";
import type { z } from "zod";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import type { Bindings } from "../bindings.ts";
import { relayoutPage } from "../drawio/layout/relayout.ts";
import type { DiagramDocument } from "../drawio/model.ts";
import { emptyDocument } from "../drawio/model.ts";
import { applyOperations } from "../drawio/operations/apply.ts";
import { parseDiagram } from "../drawio/parse.ts";
import { validateDocument } from "../drawio/validate.ts";
import { migrate } from "../durable/migrate.ts";
import { handle, handleAsync, type RpcInput } from "../durable/outcome.ts";
import { pageOf } from "../durable/paging.ts";
import { ApiError } from "../http/api-error.ts";
import { loadStencilsFor } from "../images/stencil-assets.ts";
import type { Finding } from "../schemas/diagram.ts";
import type { Author, Usage } from "../schemas/version.ts";
import { unwrap } from "./client.ts";
import { type PreparedDiagram, prepareDocument, prepareXml } from "./documents.ts";
import { acceptLive, broadcast, closeAll, closeQuietly, type VersionNotice } from "./live.ts";
import { DIAGRAM_MIGRATIONS } from "./migrations.ts";
import {
  checkVersion,
  concurrentChange,
  layoutProblem,
  operationProblem,
  orFail,
  publicationNotFound,
  turnInProgress,
  versionNotFound,
} from "./problems.ts";
import { PublicationStore } from "./publications.ts";
import { ResidentHead } from "./resident-head.ts";
import * as In from "./rpc-schemas.ts";
import { type DiagramRow, DiagramStore } from "./store.ts";
import { TenantIndexOutbox } from "./tenant-index.ts";
import {
  eventStream,
  type HostedTurnEnd,
  runHostedTurn,
  type TurnAnswer,
  type TurnHead,
  type TurnHost,
  turnEngine,
} from "./turn-host.ts";
import { type DiagramView, diffView, exportFile } from "./views.ts";

/**
 * One diagram: its metadata, its append-only version history and its conversation with the
 * agent, in the object's own SQLite database. Every method is synchronous between its check
 * and its write, so concurrent callers are serialised: of fifty writes based on the same
 * version, one wins and the rest see `version_mismatch`.
 *
 * @example
 * const stub = env.DIAGRAM.getByName(id);
 * const outcome = await stub.read({ tenant, format: "xml" });
 */
export class DiagramObject extends DurableObject<Bindings> {
  readonly #store: DiagramStore;
  readonly #head: ResidentHead;
  /** The tenant's list of diagrams, told of every create, rename, version and deletion. */
  readonly #index: TenantIndexOutbox;
  readonly #publications: PublicationStore;
  /** The running agent turn, if any (one per diagram at a time). */
  #turn: AbortController | undefined;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    migrate(ctx.storage, DIAGRAM_MIGRATIONS);
    this.#store = new DiagramStore(ctx.storage);
    this.#head = new ResidentHead(this.#store);
    this.#publications = new PublicationStore(ctx.storage.sql);
    this.#index = new TenantIndexOutbox(ctx, env);
    // A change written before the object last stopped may not have reached the tenant yet.
    void this.#index.deliver();
  }

  /** Creates the diagram with version 1 (the given XML, or an empty page). */
  create(input: RpcInput<typeof In.CreateInput>) {
    return handle(In.CreateInput, input, (args) => {
      const ready = this.#create(args);
      return this.#view(this.#own(args.tenant), "xml", ready.warnings);
    });
  }

  #create(args: Omit<z.infer<typeof In.CreateInput>, "xml"> & { xml?: string | undefined }) {
    if (this.#store.diagram())
      throw new ApiError(409, "already_exists", `diagram ${args.id} already exists`);
    const prepared =
      args.xml === undefined ? prepareDocument(emptyDocument()) : prepareXml(args.xml);
    const ready = orFail(prepared);
    const now = new Date().toISOString();
    this.#store.create(
      { id: args.id, owner: args.tenant, title: args.title, created_at: now, updated_at: now },
      {
        xml: ready.xml,
        stats: ready.stats,
        author: args.author,
        message: "Created",
        restoredFrom: null,
      },
    );
    this.#head.set({ n: 1, xml: ready.xml, stats: ready.stats, document: ready.document });
    this.#listed();
    return ready;
  }

  /** The diagram's metadata and head version number, without its XML. */
  meta(input: RpcInput<typeof In.TenantInput>) {
    return handle(In.TenantInput, input, (args) => {
      const row = this.#own(args.tenant);
      return {
        id: row.id,
        title: row.title,
        version: row.head,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
    });
  }

  /**
   * The head as the JSON the API answers with, cached here (the hot read path). A caller that
   * holds the JSON for `known` gets no copy when it is still current.
   */
  readJson(input: RpcInput<typeof In.ReadJsonInput>) {
    return handle(In.ReadJsonInput, input, (args) => {
      const row = this.#own(args.tenant);
      const key = `${row.head}|${row.updated_at}`;
      if (args.known === key) return { version: row.head, key };
      const json = this.#head.json(key, () => JSON.stringify(this.#view(row, "xml")));
      return { version: row.head, key, json };
    });
  }

  /** The head version, as XML or as the compact view. */
  read(input: RpcInput<typeof In.ReadInput>) {
    return handle(In.ReadInput, input, (args) => this.#view(this.#own(args.tenant), args.format));
  }

  /** Replaces the diagram with new XML, if `ifMatch` is still the head. */
  replace(input: RpcInput<typeof In.ReplaceInput>) {
    return handle(In.ReplaceInput, input, (args) => {
      const row = this.#own(args.tenant);
      this.#outsideTurn();
      if (args.ifMatch !== undefined) checkVersion(row, args.ifMatch);
      const ready = orFail(prepareXml(args.xml));
      this.#commit(ready, args.author, args.message ?? null, null);
      return this.#view(this.#own(args.tenant), args.full ? "xml" : "none", ready.warnings);
    });
  }

  rename(input: RpcInput<typeof In.RenameInput>) {
    return handle(In.RenameInput, input, (args) => {
      this.#own(args.tenant);
      this.#store.rename(args.title, new Date().toISOString());
      this.#listed();
      return this.#view(this.#own(args.tenant), args.full ? "xml" : "none");
    });
  }

  /** Applies a batch of operations to the head: one new version, or nothing. */
  operate(input: RpcInput<typeof In.OperateInput>) {
    return handle(In.OperateInput, input, (args) => {
      const row = this.#own(args.tenant);
      this.#outsideTurn();
      if (args.ifMatch !== undefined) checkVersion(row, args.ifMatch);
      const head = this.#head.load(row.head);
      let result: ReturnType<typeof applyOperations>;
      try {
        result = applyOperations(this.#head.document(head), args.operations, {
          shapes: shapeCatalog(),
          ...(args.page === undefined ? {} : { page: args.page }),
        });
      } catch (error) {
        throw operationProblem(error);
      }
      const ready = orFail(prepareDocument(result.document, []));
      const count = args.operations.length;
      this.#commit(
        ready,
        args.author,
        args.message ?? `${count} operation${count === 1 ? "" : "s"}`,
        null,
      );
      return {
        ...this.#view(this.#own(args.tenant), args.full ? "xml" : "none"),
        changed: result.changed,
        deleted: result.deleted,
      };
    });
  }

  versions(input: RpcInput<typeof In.ListInput>) {
    return handle(In.ListInput, input, (args) => {
      this.#own(args.tenant);
      return pageOf(this.#store.list(args.before, args.limit + 1), args.limit, (v) => v.n);
    });
  }

  version(input: RpcInput<typeof In.VersionInput>) {
    return handle(In.VersionInput, input, (args) => {
      this.#own(args.tenant);
      const summary = this.#store.summary(args.n) ?? versionNotFound(args.n);
      return { ...summary, xml: this.#head.xmlOf(args.n) };
    });
  }

  /** The diff from version `against` (default n-1) to version `n`. */
  diff(input: RpcInput<typeof In.DiffInput>) {
    return handle(In.DiffInput, input, (args) => {
      this.#own(args.tenant);
      const against = args.against ?? args.n - 1;
      if (against < 1) {
        throw new ApiError(
          422,
          "invalid_request",
          "version 1 has no predecessor; pass ?against=<n>",
        );
      }
      const before = parseDiagram(this.#head.xmlOf(against));
      const after = parseDiagram(this.#head.xmlOf(args.n));
      return diffView(before, after, against, args.n);
    });
  }

  /** Appends a new version equal to version `n`. Nothing is lost: `n` and all after it stay. */
  restore(input: RpcInput<typeof In.RestoreInput>) {
    return handle(In.RestoreInput, input, (args) => {
      const row = this.#own(args.tenant);
      this.#outsideTurn();
      if (args.ifMatch !== undefined) checkVersion(row, args.ifMatch);
      const summary = this.#store.summary(args.n) ?? versionNotFound(args.n);
      const xml = this.#head.xmlOf(args.n);
      // The copy shares every chunk of version n: restoring stores no XML at all.
      const n = this.#store.appendCopy(
        args.n,
        {
          stats: summary.stats,
          author: args.author,
          message: `Restored version ${args.n}`,
          restoredFrom: args.n,
        },
        new Date().toISOString(),
      );
      this.#head.set({ n, xml, stats: summary.stats });
      this.#listed("soon");
      this.#announce(n, args.author, `Restored version ${args.n}`);
      return this.#view(this.#own(args.tenant), args.full ? "xml" : "none");
    });
  }

  /** Re-lays out the head (a page, or one container's inside) as a new version. */
  relayout(input: RpcInput<typeof In.RelayoutInput>) {
    return handleAsync(In.RelayoutInput, input, async (args) => {
      const row = this.#own(args.tenant);
      this.#outsideTurn();
      if (args.ifMatch !== undefined) checkVersion(row, args.ifMatch);
      const head = this.#head.load(row.head);
      const options = {
        page: args.page,
        direction: args.direction,
        ...(args.containerId === undefined ? {} : { containerId: args.containerId }),
      };
      const result = await relayoutPage(this.#head.document(head), options).catch(
        (error: unknown) => {
          throw layoutProblem(error);
        },
      );
      // ELK ran asynchronously: another write may have landed meanwhile.
      const now = this.#own(args.tenant);
      if (now.head !== row.head) concurrentChange(now.head);
      const ready = orFail(prepareDocument(result.document, []));
      this.#commit(ready, args.author, args.message ?? "Tidied the layout", null);
      const view = this.#view(this.#own(args.tenant), args.full ? "xml" : "none");
      return { ...view, moved: result.moved, routed: result.routed };
    });
  }

  exportAs(input: RpcInput<typeof In.ExportInput>) {
    return handleAsync(In.ExportInput, input, async (args) => {
      const row = this.#own(args.tenant);
      const { xml, document } = this.#head.versionDocument(row.head, args.version ?? row.head);
      if (args.format === "svg") await loadStencilsFor(this.env.ASSETS, document, args.page);
      return exportFile(document, xml, row.title, args);
    });
  }

  /** Makes a public, read-only link: pinned to `version`, or following the head (null). */
  publish(input: RpcInput<typeof In.PublishInput>) {
    return handle(In.PublishInput, input, (args) => {
      this.#own(args.tenant);
      if (args.version !== null && !this.#store.summary(args.version))
        versionNotFound(args.version);
      const row = { id: args.id, version: args.version, created_at: new Date().toISOString() };
      this.#publications.add(row);
      return row;
    });
  }

  publications(input: RpcInput<typeof In.TenantInput>) {
    return handle(In.TenantInput, input, (args) => {
      this.#own(args.tenant);
      return this.#publications.list();
    });
  }

  /** Revokes a publication: its links answer 404 from now on. */
  unpublish(input: RpcInput<typeof In.UnpublishInput>) {
    return handle(In.UnpublishInput, input, (args) => {
      this.#own(args.tenant);
      if (!this.#publications.remove(args.id)) publicationNotFound();
      return { revoked: true as const };
    });
  }

  /**
   * A publication's picture or file, for anyone with its link (no tenant: the link is the
   * permission). `known` saves the work when the caller's copy is still current.
   */
  published(input: RpcInput<typeof In.PublishedInput>) {
    return handleAsync(In.PublishedInput, input, async (args) => {
      const row = this.#store.diagram();
      const pub = row ? this.#publications.get(args.id) : undefined;
      if (!row || !pub) return publicationNotFound();
      const n = pub.version ?? row.head;
      const etag = `"${n}"`;
      const pinned = pub.version !== null;
      if (args.known === etag) return { etag, pinned, version: n };
      const { xml, document } = this.#head.versionDocument(row.head, n);
      if (args.format === "svg") await loadStencilsFor(this.env.ASSETS, document, 0);
      const file = exportFile(document, xml, row.title, { format: args.format, page: 0 });
      return { etag, pinned, version: n, file };
    });
  }

  /** Deletes the diagram and its whole history. */
  destroy(input: RpcInput<typeof In.TenantInput>) {
    return handleAsync(In.TenantInput, input, async (args) => {
      const row = this.#own(args.tenant);
      closeAll(this.ctx, 4404, "diagram deleted");
      this.#head.clear();
      await this.#store.destroy();
      migrate(this.ctx.storage, DIAGRAM_MIGRATIONS);
      this.#index.remove(row.owner, row.id);
      return { deleted: true as const };
    });
  }

  /** How version `n` is stored; for tests and diagnostics. */
  storageOf(input: RpcInput<typeof In.VersionInput>) {
    return handle(In.VersionInput, input, (args) => {
      this.#own(args.tenant);
      return this.#store.storage(args.n) ?? versionNotFound(args.n);
    });
  }

  /**
   * Starts an agent turn and returns its events as a Server-Sent Events stream (for callers
   * that stream). The turn runs to its end even if nobody reads the stream (a client that
   * disconnects loses nothing): it commits one version, or nothing.
   */
  converse(input: RpcInput<typeof In.ConverseInput>) {
    return handleAsync(In.ConverseInput, input, async (args) => {
      const turn = await this.#beginTurn(args);
      const sse = eventStream();
      turn.run(sse.emit).finally(sse.close);
      return { stream: sse.stream, model: turn.model };
    });
  }

  /**
   * Runs an agent turn to its end and returns how it ended with the diagram's head (for JSON
   * callers and batch items): one call, no events to parse, no second read.
   */
  runTurn(input: RpcInput<typeof In.ConverseInput>) {
    return handleAsync(In.ConverseInput, input, async (args): Promise<TurnAnswer> => {
      const turn = await this.#beginTurn(args);
      const end = await turn.run(() => {});
      const { completed } = end;
      if (completed.status === "failed" || completed.status === "cancelled") {
        return { completed, model: turn.model };
      }
      return { completed, model: turn.model, head: this.#finished(args.tenant, end) };
    });
  }

  /**
   * Takes the diagram's one turn slot, chooses the model (creating the diagram when asked,
   * once the model is known), and returns how to run the turn. Nothing runs until `run`.
   */
  async #beginTurn(args: z.infer<typeof In.ConverseInput>) {
    if (!args.create) this.#own(args.tenant);
    this.#outsideTurn();
    // Taken before the first await: a second request sees the turn at once.
    const controller = new AbortController();
    this.#turn = controller;
    let row: DiagramRow;
    let engine: Awaited<ReturnType<typeof turnEngine>>;
    try {
      engine = await turnEngine(this.env, {
        model: args.model,
        images: (args.attachments?.length ?? 0) > 0,
        retries: args.retries,
      });
      if (args.create) this.#create({ ...args.create, tenant: args.tenant });
      row = this.#own(args.tenant);
    } catch (error) {
      this.#turn = undefined;
      throw error;
    }
    const run = (emit: Parameters<typeof runHostedTurn>[3]): Promise<HostedTurnEnd> => {
      const done = runHostedTurn(
        this.#turnHost(),
        engine,
        { ...args, row, signal: controller.signal },
        emit,
      ).finally(() => {
        this.#turn = undefined;
      });
      this.ctx.waitUntil(done);
      return done;
    };
    return { model: engine.name, run };
  }

  /** The head after a turn that ended well, with the findings the turn already knows. */
  #finished(tenant: string, end: HostedTurnEnd): TurnHead {
    const row = this.#own(tenant);
    const head = this.#head.load(row.head);
    const findings =
      end.findings ?? validateDocument(this.#head.document(head), { shapes: shapeCatalog() });
    return { version: row.head, title: row.title, xml: head.xml, findings };
  }

  /** Cancels the running turn, if any: it commits nothing. */
  cancelTurn(input: RpcInput<typeof In.TenantInput>) {
    return handle(In.TenantInput, input, (args) => {
      this.#own(args.tenant);
      const running = this.#turn !== undefined;
      this.#turn?.abort();
      return { cancelled: running };
    });
  }

  /** The conversation, newest first. */
  messages(input: RpcInput<typeof In.MessagesInput>) {
    return handle(In.MessagesInput, input, (args) => {
      this.#own(args.tenant);
      return pageOf(this.#store.messages(args.before, args.limit + 1), args.limit, (m) => m.id);
    });
  }

  #outsideTurn(): void {
    if (this.#turn) turnInProgress();
  }

  /** What a turn needs from the object, without reaching into its fields. */
  #turnHost(): TurnHost {
    return {
      store: this.#store,
      document: (row) => this.#head.document(this.#head.load(row.head)),
      xmlOf: (n) => this.#head.xmlOf(n),
      discard: async (tenant) => {
        unwrap(await this.destroy({ tenant }));
      },
      commit: (ready, message, usage, title) => {
        if (title !== undefined) this.#store.rename(title, new Date().toISOString());
        this.#commit(ready, "agent", message, null, usage);
        return this.#own(ready.tenant).head;
      },
    };
  }

  /** The diagram row, if it exists and belongs to `tenant`; otherwise a 404 (never a 403). */
  #own(tenant: string): DiagramRow {
    const row = this.#store.diagram();
    if (!row || row.owner !== tenant) throw new ApiError(404, "not_found", "no such diagram");
    return row;
  }

  #commit(
    ready: Pick<PreparedDiagram, "xml" | "stats"> & { document?: DiagramDocument },
    author: Author,
    message: string | null,
    restoredFrom: number | null,
    usage?: Usage,
  ): void {
    const n = this.#store.append(
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
    this.#head.set({
      n,
      xml: ready.xml,
      stats: ready.stats,
      ...(ready.document ? { document: ready.document } : {}),
    });
    this.#listed("soon");
    this.#announce(n, author, message);
  }

  /**
   * Queues the diagram's current state for its tenant's list (delivered without waiting): at
   * once after a create or a rename, coalesced over a second after a new version.
   */
  #listed(when: "now" | "soon" = "now"): void {
    const row = this.#store.diagram();
    if (row) this.#index.put(row, when);
  }

  override async alarm(): Promise<void> {
    await this.#index.alarm();
  }

  // Live widgets: hibernatable WebSockets (see live.ts). The Worker authorizes the upgrade.

  override async fetch(request: Request): Promise<Response> {
    return acceptLive(this.ctx, request, (tenant) => {
      const row = this.#store.diagram();
      if (!row || row.owner !== tenant) return undefined;
      const head = this.#store.summary(row.head);
      return this.#notice(row.head, head?.author ?? "api", head?.message ?? null);
    });
  }

  /** Widgets only ping, and the runtime answers pings without waking the object. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, 1011, "socket error");
  }

  #announce(version: number, author: Author, message: string | null): void {
    broadcast(this.ctx, this.#notice(version, author, message));
  }

  #notice(version: number, author: Author, message: string | null): VersionNotice {
    return { type: "version", version, author, message };
  }

  /** The API view of the head: with its XML, its compact view, or neither. */
  #view(row: DiagramRow, format: "xml" | "compact" | "none", warnings?: Finding[]): DiagramView {
    const head = this.#head.load(row.head);
    const view: DiagramView = {
      id: row.id,
      title: row.title,
      version: row.head,
      created_at: row.created_at,
      updated_at: row.updated_at,
      stats: head.stats,
    };
    if (format === "compact") {
      view.compact = this.#head.compact(head);
    } else if (format === "xml") {
      view.xml = head.xml;
    }
    if (warnings && warnings.length > 0) view.warnings = warnings;
    return view;
  }
}
