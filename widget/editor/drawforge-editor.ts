/**
 * The `<drawforge-editor>` element: draw.io embedded for one stored diagram, with save status,
 * exports, and chat and history side panels.
 */
import { html, LitElement, nothing, type PropertyValues } from "lit";
import { DrawioFrame } from "../drawio/drawio-frame.ts";
import { DEFAULT_DRAWIO_URL, drawioIframe, parsedEmbedUrl } from "../drawio/embed-url.ts";
import { liveUrl, tokenProblem, widgetClient } from "../shared/client.ts";
import { errorDetail, WidgetError } from "../shared/errors.ts";
import { emit } from "../shared/events.ts";
import { LiveSocket } from "../shared/live-socket.ts";
import type { WidgetTheme } from "../shared/theme.ts";
import { ChatController } from "./chat.ts";
import { renderChat } from "./chat-view.ts";
import {
  type NoticeOptions,
  renderBanner,
  renderStageNotice,
  renderStatus,
} from "./editor-notices.ts";
import { editorStyles } from "./editor-styles.ts";
import { downloadExport, type ExportKind } from "./exports.ts";
import { HistoryController, renderHistory } from "./history.ts";
import { EditorSession } from "./session.ts";

const RESTART = ["diagramId", "token", "apiBase", "drawioUrl"] as const;

/** The export buttons: what each downloads, and its label. */
const EXPORTS = [
  ["drawio", ".drawio"],
  ["svg", "SVG"],
  ["png", "PNG"],
] as const satisfies readonly (readonly [ExportKind, string])[];

/**
 * The draw.io editor with an AI chat panel and the version history, for one stored diagram.
 * Edits are saved as new versions (debounced, with `If-Match`); versions made elsewhere — other
 * editors, the agent, the API — arrive live; a conflicting save is shown, never overwritten.
 *
 * @fires drawforge-load - The head version is open in the editor.
 * @fires drawforge-change - The diagram changed: an edit, a remote or agent version, a restore.
 * @fires drawforge-save - Edits were saved as a new version.
 * @fires drawforge-turn-start - The agent started on a prompt.
 * @fires drawforge-turn-end - The agent finished (changed, unchanged, failed or cancelled).
 * @fires drawforge-error - Something failed; `detail.code` says what.
 * @csspart base - The whole component.
 * @csspart toolbar - The bar with title, status, panels and exports.
 * @csspart status - The save status.
 * @csspart frame - The draw.io iframe.
 * @csspart panel - The side panel (chat or history).
 * @csspart chat - The chat panel.
 * @csspart history - The history panel.
 * @csspart house-style - The house-style panel atop the history panel.
 * @csspart prompt - The prompt form.
 * @csspart send-button - Send.
 * @csspart model - The model picker beside Send (only when more than one model can run).
 * @csspart model-select - Its `<select>`.
 * @csspart cancel-button - Cancel the agent's turn.
 * @csspart banner - The conflict and error banner.
 * @csspart stage-notice - What shows instead of draw.io when it could not be loaded or started.
 * @cssproperty --drawforge-accent - Primary buttons, focus rings, the active tab.
 * @cssproperty --drawforge-background - Panels and toolbar.
 * @cssproperty --drawforge-surface - Secondary surfaces.
 * @cssproperty --drawforge-border - Borders.
 * @cssproperty --drawforge-text - Text.
 * @cssproperty --drawforge-font - The font family.
 * @cssproperty --drawforge-radius - Corner radius.
 * @cssproperty --drawforge-panel-width - The side panel's width (default 340px).
 *
 * @example
 * <drawforge-editor diagram-id="d_…" token="dft_…" style="height: 640px"></drawforge-editor>
 */
export class DrawforgeEditor extends LitElement {
  static override styles = editorStyles;
  // `static properties` rather than decorators: the same reactive properties, without Lit's
  // decorator module and TypeScript's decorator helper in the bundle.
  static override properties = {
    diagramId: { attribute: "diagram-id" },
    token: {},
    apiBase: { attribute: "api-base" },
    drawioUrl: { attribute: "drawio-url" },
    theme: { reflect: true },
    saveDelay: { attribute: "save-delay", type: Number },
    panel: { reflect: true },
    model: {},
    houseStyle: { attribute: "house-style" },
    setupError: { state: true },
  };

  diagramId = "";
  /** A widget token (`dft_…`) with the `edit` scope. Never an API key. */
  token = "";
  /** Where the API is (default: the origin `widget.js` came from). */
  apiBase = "";
  /** The draw.io to embed (default: embed.diagrams.net); self-hosted and offline work too. */
  drawioUrl = "";
  /** The widget's own chrome: `light`, `dark`, or `auto` (the system's). */
  theme: WidgetTheme = "light";
  /** Milliseconds of quiet after an edit before it is saved. */
  saveDelay = 800;
  /** The open side panel. */
  panel: "chat" | "history" | "none" = "chat";
  /**
   * The model the chat starts on (`provider:model`, from `GET /v1/models`), when the deployment
   * offers more than one; a person's pick in the chat's picker wins for the rest of the page's
   * session (`sessionStorage`). Default: the deployment's.
   */
  model = "";
  /**
   * `none`: the chat's turns start without the team's house style (`GET /v1/style`); a person's
   * switch in the History panel wins for the rest of the page's session. Default: `house`.
   */
  houseStyle: "house" | "none" | "" = "";

  /** Why the editor cannot start at all (an API key for a token, a drawio-url that is no URL). */
  private setupError = "";
  #setupCode = "";

  #session: EditorSession | undefined;
  #chat: ChatController | undefined;
  #history: HistoryController | undefined;
  #frame: DrawioFrame | undefined;
  #src: URL | undefined;
  /** The draw.io iframe, made anew whenever its key (URL, diagram, token) changes. */
  #iframe: HTMLIFrameElement | undefined;
  #iframeKey = "";

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stop();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.requestUpdate("diagramId");
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Before render, so a host page's new `model` shows in this very update.
    if (changed.has("model") && this.#chat) this.#chat.models.preferred = this.model;
    if (changed.has("houseStyle") && this.#chat) this.#chat.house.preferred = this.houseStyle;
    if (!RESTART.some((key) => changed.has(key))) return;
    const refused = this.token ? tokenProblem(this.token) : undefined;
    this.#src = refused ? undefined : parsedEmbedUrl(this.drawioUrl);
    const problem =
      refused ??
      (this.#src
        ? undefined
        : new WidgetError("invalid_drawio_url", `drawio-url is not a URL: ${this.drawioUrl}`));
    this.setupError = problem?.message ?? "";
    this.#setupCode = problem?.code ?? "";
    // draw.io starts only for an editor that can open a diagram: left spinning otherwise. A
    // fresh iframe (fresh draw.io) for another URL, diagram or token, as `keyed` would give,
    // without Lit's directive modules in the bundle.
    const src = this.diagramId && this.token ? this.#src?.href : undefined;
    const key = src ? `${src}|${this.diagramId}|${this.token}` : "";
    if (key !== this.#iframeKey) {
      this.#iframeKey = key;
      this.#iframe = src ? drawioIframe(src) : undefined;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (RESTART.some((key) => changed.has(key))) this.#start();
    if (changed.has("panel") && this.panel === "history") void this.#history?.load();
  }

  protected override render() {
    const s = this.#session;
    const state = s?.state ?? "loading";
    const opening = state === "loading" || state === "failed";
    const busy = s === undefined || opening || this.#chat?.running === true;
    const notices = this.#notices();
    return html`<div class="shell" part="base">
      <header class="toolbar" part="toolbar">
        <span class="title" title=${s?.title ?? ""}>${s?.title || "Diagram"}</span>
        ${renderStatus(s, notices)}
        <span class="spacer"></span>
        <div class="group" role="group" aria-label="Export">
          ${EXPORTS.map(
            ([kind, label]) => html`<button
              part="export-button"
              ?disabled=${opening}
              aria-label=${`Download as ${label}`}
              @click=${() => this.#export(kind)}
            >${label}</button>`,
          )}
        </div>
        <div class="tabs" role="group" aria-label="Side panel">
          ${this.#tab("chat", "Chat")} ${this.#tab("history", "History")}
        </div>
      </header>
      ${renderBanner(s, notices)}
      <div class="body">
        <div class="stage">${renderStageNotice(s, notices) ?? this.#iframe ?? nothing}</div>
        ${
          this.panel === "none"
            ? nothing
            : html`<aside class="panel" part="panel" id="panel" aria-label=${this.panel === "chat" ? "Chat" : "History"}>
              ${
                this.panel === "chat" && this.#chat
                  ? renderChat(this.#chat, { disabled: busy, onSend: (p) => this.#chat?.send(p) })
                  : nothing
              }
              ${this.panel === "history" ? this.#chat?.house.render() : nothing}
              ${
                this.panel === "history" && this.#history
                  ? renderHistory(this.#history, {
                      current: s?.version ?? null,
                      busy,
                      drawioUrl: this.drawioUrl,
                      onRestore: (n) => this.#restore(n),
                    })
                  : nothing
              }
            </aside>`
        }
      </div>
    </div>`;
  }

  #notices(): NoticeOptions {
    return {
      setupError: this.setupError,
      drawioUrl: this.drawioUrl || DEFAULT_DRAWIO_URL,
      reopen: () => void this.#reopen(),
      requestUpdate: () => this.requestUpdate(),
    };
  }

  #tab(name: "chat" | "history", label: string) {
    const selected = this.panel === name;
    return html`<button
      class=${selected ? "tab primary" : "tab"}
      aria-pressed=${selected}
      aria-controls="panel"
      @click=${() => {
        this.panel = selected ? "none" : name;
      }}
    >${label}</button>`;
  }

  #start(): void {
    this.#stop();
    if (this.setupError) {
      emit(this, "drawforge-error", { code: this.#setupCode, message: this.setupError });
      return;
    }
    const iframe = this.#iframe;
    if (!this.diagramId || !iframe?.isConnected || !this.#src) return;
    const df = widgetClient(this.apiBase, this.token);
    const frame = new DrawioFrame(iframe, this.#src.origin);
    const session = new EditorSession(this, df, frame, this.diagramId, this.saveDelay);
    const history = new HistoryController(this, df, this.diagramId);
    this.#frame = frame;
    this.#session = session;
    this.#history = history;
    this.#chat = new ChatController(this, df, session, this.diagramId);
    this.#chat.models.preferred = this.model;
    this.#chat.house.preferred = this.houseStyle;
    void this.#chat.models.load();
    const socket = new LiveSocket(liveUrl(this.apiBase, this.diagramId, this.token), (n) => {
      session.notice(n);
      if (this.panel === "history") void history.load();
    });
    const chat = this.#chat;
    void session.open(socket).then(() => {
      void chat.loadHistory();
      if (this.panel === "history") void history.load();
    });
    this.requestUpdate();
  }

  /** Starts draw.io (a fresh frame) and the session again, after they failed to open. */
  async #reopen(): Promise<void> {
    const src = this.#src?.href;
    if (!src) return;
    this.#stop();
    this.#iframe = drawioIframe(src);
    this.requestUpdate();
    await this.updateComplete;
    this.#start();
  }

  #stop(): void {
    this.#session?.close();
    this.#session = undefined;
    this.#chat?.cancel();
    this.#chat = undefined;
    this.#history = undefined;
    this.#frame = undefined;
  }

  async #restore(n: number): Promise<void> {
    await this.#session?.restore(n);
    await this.#history?.load();
  }

  async #export(kind: ExportKind): Promise<void> {
    if (!this.#frame) return;
    try {
      await downloadExport(this.#frame, kind, this.#session?.title || "diagram");
    } catch (error) {
      emit(this, "drawforge-error", errorDetail(error));
    }
  }
}
