/**
 * `EditorSession`: keeping the draw.io iframe and the stored diagram in sync through debounced
 * `If-Match` saves, live remote versions, agent turns and conflicts.
 */
import { PreconditionFailedError } from "../../sdk/index.ts";
import type { DrawioFrame } from "../drawio/drawio-frame.ts";
import type { DrawioEvent } from "../drawio/messages.ts";
import { reveal, type Snapshot, snapshot } from "../drawio/reveal.ts";
import type { WidgetClient } from "../shared/client.ts";
import { errorDetail, WidgetError } from "../shared/errors.ts";
import { type ChangeSource, emit } from "../shared/events.ts";
import type { LiveSocket, LiveState, VersionNotice } from "../shared/live-socket.ts";

/**
 * What the status line shows. `failed`: the diagram never opened (draw.io or the API could not
 * be loaded), as opposed to `error`, a save that failed.
 */
export type SaveState =
  | "loading"
  | "saved"
  | "unsaved"
  | "saving"
  | "conflict"
  | "error"
  | "failed";

/** How long draw.io may take to start before the editor reports it. */
const START_TIMEOUT_MS = 45_000;

/** What the session needs from its element. */
export interface SessionHost extends EventTarget {
  requestUpdate(): void;
}

/** A head the session merged or loaded. */
interface Head {
  version: number;
  xml?: string | undefined;
  title: string;
}

/**
 * Keeps one draw.io editor and one stored diagram in step: opens the head, saves a person's
 * edits (draw.io's `autosave`) as new versions with `If-Match`, debounced, and brings in
 * versions made elsewhere (live notices) by merging them. Work runs one task at a time, so a
 * save and a remote update never interleave. A save answered 412 puts the session in
 * `conflict`: nothing is overwritten until the person chooses {@link reload} or
 * {@link keepMine}.
 *
 * @example
 * const session = new EditorSession(host, df, frame, id, 800);
 * await session.open();
 */
export class EditorSession {
  state: SaveState = "loading";
  version: number | null = null;
  title = "";
  /** Set in `conflict`: the version someone else saved. */
  conflictHead: number | null = null;
  live: LiveState = "closed";
  /** While the agent works, saves wait and remote notices are left to the turn's end. */
  turnRunning = false;
  /** The last failure, for the banner; cleared by the next success. */
  error: string | null = null;
  /** The last failure's code (`drawio_unreachable`, `cors_blocked`, an API problem code, …). */
  errorCode: string | null = null;
  readonly #host: SessionHost;
  readonly #df: WidgetClient;
  readonly #frame: DrawioFrame;
  readonly #id: string;
  readonly #saveDelay: number;
  #socket: LiveSocket | undefined;
  /** The latest edited XML not saved yet. */
  #pending: string | null = null;
  /** The XML of `version`, put back when a turn's previews are abandoned. */
  #serverXml: string | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #queue: Promise<void> = Promise.resolve();
  #nextPreview: string | null = null;
  #previewing: Promise<void> | null = null;
  #previewed = false;
  /** What the editor showed before the turn's previews: the turn's version is compared with it. */
  #beforeTurn: Snapshot | undefined;

  constructor(
    host: SessionHost,
    df: WidgetClient,
    frame: DrawioFrame,
    id: string,
    saveDelay: number,
  ) {
    this.#host = host;
    this.#df = df;
    this.#frame = frame;
    this.#id = id;
    this.#saveDelay = saveDelay;
    frame.onEvent = (event) => this.#onFrame(event);
  }

  /** Opens the head version (fetched while draw.io starts) and starts live updates. */
  async open(socket?: LiveSocket): Promise<void> {
    try {
      const [diagram] = await Promise.all([
        this.#df.diagrams.retrieve(this.#id),
        this.#frame.whenReady(START_TIMEOUT_MS),
      ]);
      await this.#frame.load(diagram.xml ?? "");
      this.#adopt(diagram);
      this.#set("saved");
      emit(this.#host, "drawforge-load", {
        diagramId: this.#id,
        version: diagram.version,
        title: diagram.title,
      });
    } catch (error) {
      this.#fail(error);
      return;
    }
    if (socket) {
      this.#socket = socket;
      socket.onState = (state) => {
        this.live = state;
        this.#host.requestUpdate();
      };
      socket.start();
    }
  }

  /** Stops the session; edits still waiting for their debounce are saved on the way out. */
  close(): void {
    clearTimeout(this.#timer);
    this.#socket?.stop();
    this.#frame.dispose();
    if (this.#pending !== null) void this.#run(() => this.#save());
  }

  /** A notice from the live socket: another editor, the agent or the API saved a version. */
  notice(notice: VersionNotice): void {
    if (this.version !== null && notice.version <= this.version) return;
    void this.#run(() => this.#syncRemote(notice.version, notice.author));
  }

  /** Saves pending edits now instead of after the debounce. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    return this.#run(() => this.#save());
  }

  /** Resolves a conflict by discarding local edits and opening the head. */
  reload(): Promise<void> {
    return this.#run(async () => {
      const head = await this.#df.diagrams.retrieve(this.#id);
      this.#pending = null;
      this.conflictHead = null;
      await this.#frame.load(head.xml ?? "");
      this.#adopt(head);
      this.#set("saved");
      this.#changed("reload", null);
    });
  }

  /** Resolves a conflict by saving the local edits over the head (which stays in the history). */
  keepMine(): Promise<void> {
    return this.#run(async () => {
      if (this.state !== "conflict") return;
      this.version = this.conflictHead ?? (await this.#df.diagrams.retrieve(this.#id)).version;
      this.conflictHead = null;
      this.#set(this.#pending === null ? "saved" : "unsaved");
      await this.#save();
    });
  }

  /** Restores version `n` as a new version; pending edits are saved first, so nothing is lost. */
  restore(n: number): Promise<void> {
    return this.#run(async () => {
      if (this.turnRunning) throw new WidgetError("busy", "wait for the agent to finish");
      await this.#save();
      if (this.state === "conflict" || this.version === null) return;
      try {
        const head = await this.#df.diagrams.versions.restore(this.#id, n, {
          ifMatch: this.version,
          returnXml: true,
        });
        await this.#show(head);
        this.#changed("restore", "user");
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
        // Someone saved first: catch up, and let the person decide again.
        await this.#syncRemote(Number.MAX_SAFE_INTEGER, null);
        throw new WidgetError("version_mismatch", "the diagram changed meanwhile; check and retry");
      }
    });
  }

  /** Called before an agent turn: pending edits are saved so the agent sees them. */
  async beginTurn(): Promise<void> {
    await this.flush();
    if (this.state === "conflict") {
      throw new WidgetError("conflict", "resolve the conflict before asking the agent");
    }
    this.turnRunning = true;
    this.#previewed = false;
    this.#beforeTurn = snapshot(this.#frame.graph);
    this.#host.requestUpdate();
  }

  /** Shows the agent's working diagram; only the newest preview is merged when they pile up. */
  preview(xml: string): void {
    this.#nextPreview = xml;
    this.#previewed = true;
    this.#previewing ??= (async () => {
      while (this.#nextPreview !== null) {
        const next = this.#nextPreview;
        this.#nextPreview = null;
        await this.#frame.merge(next).catch(() => {});
      }
      this.#previewing = null;
    })();
  }

  /**
   * Called when a turn ends: show its version, or put back what was there before its previews.
   * `source`: what made the change (Mermaid pasted in the chat is the person's, saved as theirs).
   */
  endTurn(changed: boolean, source: "agent" | "mermaid" = "agent"): Promise<void> {
    return this.#run(async () => {
      await this.#previewing;
      this.turnRunning = false;
      const head = changed ? await this.#df.diagrams.retrieve(this.#id) : null;
      if (head && this.#pending !== null) {
        // A person edited during the turn: neither side wins silently.
        this.conflictHead = head.version;
        this.#set("conflict");
        return;
      }
      if (head) {
        await this.#show(head, this.#beforeTurn);
        this.#beforeTurn = undefined;
        this.#changed(source, source === "agent" ? "agent" : "user");
      } else if (this.#previewed && this.#serverXml !== null) {
        await this.#frame.merge(this.#serverXml);
      }
      this.#set(this.#pending === null ? "saved" : "unsaved");
      if (this.#pending !== null) this.#schedule();
    });
  }

  #onFrame(event: DrawioEvent): void {
    if (event.event !== "autosave" && event.event !== "save") return;
    // A merge's own change (a remote version, a preview) is not a person's edit.
    if (this.#frame.merging || this.state === "loading") return;
    this.#pending = event.xml;
    if (this.state !== "conflict") this.#set("unsaved");
    this.#changed("edit", "user");
    if (event.event === "save") void this.flush();
    else this.#schedule();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(() => this.#save()), this.#saveDelay);
  }

  async #save(): Promise<void> {
    const xml = this.#pending;
    const previous = this.version;
    if (xml === null || previous === null || this.turnRunning || this.state === "conflict") return;
    this.#set("saving");
    try {
      const saved = await this.#df.diagrams.replace(this.#id, { xml }, { ifMatch: previous });
      this.version = saved.version;
      this.#serverXml = xml;
      if (this.#pending === xml) this.#pending = null;
      this.error = null;
      this.#set(this.#pending === null ? "saved" : "unsaved");
      if (this.#pending !== null) this.#schedule();
      emit(this.#host, "drawforge-save", { version: saved.version, previous });
    } catch (error) {
      if (error instanceof PreconditionFailedError) {
        this.conflictHead = Number(error.problem?.head_version) || null;
        this.#set("conflict");
        emit(this.#host, "drawforge-error", errorDetail(error));
        return;
      }
      throw error;
    }
  }

  async #syncRemote(version: number, author: VersionNotice["author"] | null): Promise<void> {
    if (this.turnRunning || this.state === "conflict" || this.version === null) return;
    if (version <= this.version) return;
    // Local edits based on an older version: saving them is what reveals the conflict.
    if (this.#pending !== null) return this.#save();
    const head = await this.#df.diagrams.retrieve(this.#id);
    if (head.version <= this.version) return;
    await this.#show(head, snapshot(this.#frame.graph));
    this.#changed("remote", author);
  }

  /**
   * Brings a head into the editor, keeping the view; a failed merge falls back to a load. Given
   * what the editor showed `before`, the cells the head added or changed are then scrolled (or
   * zoomed) into view.
   */
  async #show(head: Head, before?: Snapshot): Promise<void> {
    const xml = head.xml ?? "";
    // draw.io's embed protocol (14.6, and 24.8's source) has no action that fits or scrolls
    // the view, and a `load` does not fit either (100 % at the first page's corner, undo history
    // cleared), so the merge keeps the view and `reveal` moves it through draw.io's own graph.
    // That works only with draw.io on the page's origin (self-hosted); across origins cells
    // added off screen stay off screen.
    await this.#frame.merge(xml).catch(() => this.#frame.load(xml));
    reveal(this.#frame.graph, before);
    this.#adopt(head);
    this.#set("saved");
  }

  #adopt(head: Head): void {
    this.version = head.version;
    this.title = head.title;
    this.#serverXml = head.xml ?? null;
  }

  #run(task: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(task).catch((error: unknown) => this.#fail(error));
    this.#queue = next;
    return next;
  }

  #changed(source: ChangeSource, author: VersionNotice["author"] | null): void {
    emit(this.#host, "drawforge-change", { source, version: this.version, author });
  }

  #fail(error: unknown): void {
    const detail = errorDetail(error);
    this.error = detail.message;
    this.errorCode = detail.code;
    // Nothing was edited if the diagram never opened: that is not a failed save.
    if (this.state === "loading") this.#set("failed");
    else if (this.state === "saving") this.#set("error");
    else this.#host.requestUpdate();
    emit(this.#host, "drawforge-error", detail);
  }

  #set(state: SaveState): void {
    this.state = state;
    this.#host.requestUpdate();
  }
}
