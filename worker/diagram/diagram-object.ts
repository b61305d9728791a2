/**
 * The diagram Durable Object: its RPC methods (each validated, then handed to the edit, read,
 * sharing or turn module), its live WebSocket entry and the alarm of its tenant-list outbox.
 */
import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../bindings.ts";
import { LazySchema } from "../durable/lazy-schema.ts";
import { handle, handleAsync, type RpcInput } from "../durable/outcome.ts";
import { unwrap } from "./client.ts";
import { DiagramState } from "./diagram-state.ts";
import { DiagramEdits } from "./edits.ts";
import { acceptLive, closeQuietly } from "./live.ts";
import { DIAGRAM_MIGRATIONS } from "./migrations.ts";
import { PublicationIndex } from "./publication-index.ts";
import * as Read from "./reads.ts";
import * as In from "./rpc-schemas.ts";
import * as Share from "./sharing.ts";
import { TenantIndexOutbox } from "./tenant-index.ts";
import type { TurnListener } from "./turn-host.ts";
import { TurnRunner } from "./turn-runner.ts";

/**
 * One diagram: its metadata, its append-only version history and its conversation with the
 * agent, in the object's own SQLite database. Every method is synchronous between its check
 * and its write, so concurrent callers are serialised: of fifty writes based on the same
 * version, one wins and the rest see `version_mismatch`.
 *
 * This class is the RPC surface: each method checks its argument against its schema
 * (`rpc-schemas.ts`) and hands it to the part that does the work: `edits.ts` (manual writes),
 * `reads.ts` (the head, its history, the conversation), `sharing.ts` (exports, publications),
 * `turn-runner.ts` (agent turns), all over `diagram-state.ts` (storage, head, tenant list,
 * live notices).
 *
 * @example
 * const stub = env.DIAGRAM.getByName(id);
 * const outcome = await stub.read({ tenant, format: "xml" });
 */
export class DiagramObject extends DurableObject<Bindings> {
  readonly #state: DiagramState;
  /** The tenant's list of diagrams, told of every create, rename, version and deletion. */
  readonly #index: TenantIndexOutbox;
  readonly #turns: TurnRunner;
  readonly #edits: DiagramEdits;
  /** Which publications are live, for the public links' filter (KV). */
  readonly #publications: PublicationIndex;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // Made by the first write: waking the object for an id that names nothing stores nothing.
    const schema = new LazySchema(ctx.storage, DIAGRAM_MIGRATIONS);
    this.#index = new TenantIndexOutbox(ctx, env, schema);
    this.#state = new DiagramState(ctx, schema, this.#index);
    this.#turns = new TurnRunner(ctx, env, this.#state, async (tenant) => {
      unwrap(await this.destroy({ tenant }));
    });
    this.#edits = new DiagramEdits(this.#state, () => this.#turns.outside());
    this.#publications = new PublicationIndex(env.PUBLICATIONS);
    // A change written before the object last stopped may not have reached the tenant yet.
    void this.#index.deliver();
    // Publications recorded before the index existed: indexed now, once.
    ctx.waitUntil(
      Share.indexEarlierPublications(this.#state, this.#publications).catch((error: unknown) =>
        console.warn("publication index: earlier publications not indexed yet", error),
      ),
    );
  }

  /** Creates the diagram with version 1 (the given XML, or an empty page). */
  create(input: RpcInput<typeof In.CreateInput>) {
    return handle(In.CreateInput, input, (args) => this.#edits.create(args));
  }

  /** The diagram's metadata and head version number, without its XML. */
  meta(input: RpcInput<typeof In.TenantInput>) {
    return handle(In.TenantInput, input, (args) => Read.meta(this.#state, args));
  }

  /**
   * The head as the JSON the API answers with, cached here (the hot read path). A caller that
   * holds the JSON for `known` gets no copy when it is still current.
   */
  readJson(input: RpcInput<typeof In.ReadJsonInput>) {
    return handle(In.ReadJsonInput, input, (args) => Read.readJson(this.#state, args));
  }

  /** The head version, as XML or as the compact view. */
  read(input: RpcInput<typeof In.ReadInput>) {
    return handle(In.ReadInput, input, (args) =>
      this.#state.head.view(this.#state.own(args.tenant), args.format),
    );
  }

  /** Replaces the diagram with new XML, if `ifMatch` is still the head. */
  replace(input: RpcInput<typeof In.ReplaceInput>) {
    return handle(In.ReplaceInput, input, (args) => this.#edits.replace(args));
  }

  rename(input: RpcInput<typeof In.RenameInput>) {
    return handle(In.RenameInput, input, (args) => this.#edits.rename(args));
  }

  /** Applies a batch of operations to the head: one new version, or nothing. */
  operate(input: RpcInput<typeof In.OperateInput>) {
    return handle(In.OperateInput, input, (args) => this.#edits.operate(args));
  }

  versions(input: RpcInput<typeof In.ListInput>) {
    return handle(In.ListInput, input, (args) => Read.versions(this.#state, args));
  }

  version(input: RpcInput<typeof In.VersionInput>) {
    return handle(In.VersionInput, input, (args) => Read.version(this.#state, args));
  }

  /** The diff from version `against` (default n-1) to version `n`. */
  diff(input: RpcInput<typeof In.DiffInput>) {
    return handle(In.DiffInput, input, (args) => Read.diff(this.#state, args));
  }

  /** Appends a new version equal to version `n`. Nothing is lost: `n` and all after it stay. */
  restore(input: RpcInput<typeof In.RestoreInput>) {
    return handle(In.RestoreInput, input, (args) => this.#edits.restore(args));
  }

  /** Re-lays out the head (a page, or one container's inside) as a new version. */
  relayout(input: RpcInput<typeof In.RelayoutInput>) {
    return handleAsync(In.RelayoutInput, input, (args) => this.#edits.relayout(args));
  }

  exportAs(input: RpcInput<typeof In.ExportInput>) {
    return handleAsync(In.ExportInput, input, (args) =>
      Share.exportAs(this.#state, this.env.ASSETS, args),
    );
  }

  /** Makes a public, read-only link: pinned to `version`, or following the head (null). */
  publish(input: RpcInput<typeof In.PublishInput>) {
    return handleAsync(In.PublishInput, input, (args) =>
      Share.publish(this.#state, this.#publications, args),
    );
  }

  publications(input: RpcInput<typeof In.TenantInput>) {
    return handle(In.TenantInput, input, (args) => {
      this.#state.own(args.tenant);
      return this.#state.publications.list();
    });
  }

  /** Revokes a publication: its links answer 404 from now on. */
  unpublish(input: RpcInput<typeof In.UnpublishInput>) {
    return handleAsync(In.UnpublishInput, input, (args) =>
      Share.unpublish(this.#state, this.#publications, args),
    );
  }

  /** What a publication shows now (its version and ETag), without drawing it; cheap. */
  publication(input: RpcInput<typeof In.PublicationInput>) {
    return handle(In.PublicationInput, input, (args) => Share.publication(this.#state, args));
  }

  /**
   * A publication's picture or file, drawn now, for anyone with its link (no tenant: the link is
   * the permission). Ask {@link publication} first: what it shows may already be drawn.
   */
  published(input: RpcInput<typeof In.PublishedInput>) {
    return handleAsync(In.PublishedInput, input, (args) =>
      Share.published(this.#state, this.env.ASSETS, args),
    );
  }

  /** Deletes the diagram and its whole history. */
  destroy(input: RpcInput<typeof In.TenantInput>) {
    return handleAsync(In.TenantInput, input, async (args) => {
      await Share.forget(this.#publications, await this.#state.destroy(args.tenant));
      return { deleted: true as const };
    });
  }

  /** How version `n` is stored; for tests and diagnostics. */
  storageOf(input: RpcInput<typeof In.VersionInput>) {
    return handle(In.VersionInput, input, (args) => Read.storageOf(this.#state, args));
  }

  /**
   * Starts an agent turn and returns its events as a Server-Sent Events stream (for callers
   * that stream). The turn runs to its end even if nobody reads the stream (a client that
   * disconnects loses nothing): it commits one version, or nothing.
   */
  converse(input: RpcInput<typeof In.ConverseInput>) {
    return handleAsync(In.ConverseInput, input, (args) => this.#turns.converse(args));
  }

  /**
   * Runs an agent turn to its end and returns how it ended with the diagram's head (for JSON
   * callers and batch items): one call, no events to parse, no second read. A caller that
   * wants the events too (the MCP server, for progress) passes `listener`, a function it holds:
   * it hears each event as an object, and has heard them all when the answer comes.
   */
  runTurn(input: RpcInput<typeof In.ConverseInput>, listener?: TurnListener) {
    const heard = typeof listener === "function" ? listener : undefined;
    return handleAsync(In.ConverseInput, input, (args) => this.#turns.answer(args, heard));
  }

  /** Cancels the running turn, if any: it commits nothing. */
  cancelTurn(input: RpcInput<typeof In.TenantInput>) {
    return handle(In.TenantInput, input, (args) => {
      this.#state.own(args.tenant);
      return { cancelled: this.#turns.cancel() };
    });
  }

  /** The conversation, newest first. */
  messages(input: RpcInput<typeof In.MessagesInput>) {
    return handle(In.MessagesInput, input, (args) => Read.messages(this.#state, args));
  }

  override async alarm(): Promise<void> {
    await this.#index.alarm();
  }

  // Live widgets: hibernatable WebSockets (see live.ts). The Worker authorizes the upgrade.

  override async fetch(request: Request): Promise<Response> {
    return acceptLive(this.ctx, request, (tenant) => this.#state.headNotice(tenant));
  }

  /** Widgets only ping, and the runtime answers pings without waking the object. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, 1011, "socket error");
  }
}
