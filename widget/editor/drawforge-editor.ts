/**
 * The `<drawforge-editor>` element: draw.io embedded for one stored diagram, with save status,
 * exports, and chat and history side panels.
 */
import { html, LitElement, nothing, type PropertyValues } from "lit";
import { DrawioFrame } from "../drawio/drawio-frame.ts";
import { embedUrl } from "../drawio/embed-url.ts";
import { liveUrl, type WidgetClient, widgetClient } from "../shared/client.ts";
import { errorDetail } from "../shared/errors.ts";
import { emit } from "../shared/events.ts";
import { LiveSocket } from "../shared/live-socket.ts";
import type { WidgetTheme } from "../shared/theme.ts";
import { ChatController } from "./chat.ts";
import { renderChat } from "./chat-view.ts";
import { editorStyles } from "./editor-styles.ts";
import { downloadExport, type ExportKind } from "./exports.ts";
import { HistoryController, renderHistory } from "./history.ts";
import { EditorSession, type SaveState } from "./session.ts";

const RESTART = ["diagramId", "token", "apiBase", "drawioUrl"] as const;

/** The export buttons: what each downloads, and its label. */
const EXPORTS = [
  ["drawio", ".drawio"],
  ["svg", "SVG"],
  ["png", "PNG"],
] as const satisfies readonly (readonly [ExportKind, string])[];

const STATUS: Record<SaveState, string> = {
  loading: "Loading…",
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving…",
  conflict: "Conflict",
  error: "Not saved",
};

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
 * @csspart prompt - The prompt form.
 * @csspart send-button - Send.
 * @csspart cancel-button - Cancel the agent's turn.
 * @csspart banner - The conflict and error banner.
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

  private setupError = "";

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
    if (RESTART.some((key) => changed.has(key))) {
      try {
        this.#src = embedUrl(this.drawioUrl);
        this.setupError = "";
      } catch {
        this.#src = undefined;
        this.setupError = `drawio-url is not a URL: ${this.drawioUrl}`;
      }
      // A fresh iframe (fresh draw.io) for another URL, diagram or token, as `keyed` would
      // give, without Lit's directive modules in the bundle.
      const src = this.#src?.href;
      const key = src ? `${src}|${this.diagramId}|${this.token}` : "";
      if (key !== this.#iframeKey) {
        this.#iframeKey = key;
        this.#iframe = src ? drawioIframe(src) : undefined;
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (RESTART.some((key) => changed.has(key))) this.#start();
    if (changed.has("panel") && this.panel === "history") void this.#history?.load();
  }

  protected override render() {
    const s = this.#session;
    const state = s?.state ?? "loading";
    const busy = s === undefined || state === "loading" || this.#chat?.running === true;
    return html`<div class="shell" part="base">
      <header class="toolbar" part="toolbar">
        <span class="title" title=${s?.title ?? ""}>${s?.title || "Diagram"}</span>
        ${this.#renderStatus(state)}
        <span class="spacer"></span>
        <div class="group" role="group" aria-label="Export">
          ${EXPORTS.map(
            ([kind, label]) => html`<button
              part="export-button"
              ?disabled=${state === "loading"}
              aria-label=${`Download as ${label}`}
              @click=${() => this.#export(kind)}
            >${label}</button>`,
          )}
        </div>
        <div class="tabs" role="group" aria-label="Side panel">
          ${this.#tab("chat", "Chat")} ${this.#tab("history", "History")}
        </div>
      </header>
      ${this.#renderBanner()}
      <div class="body">
        <div class="stage">${this.#iframe ?? nothing}</div>
        ${
          this.panel === "none"
            ? nothing
            : html`<aside class="panel" part="panel" id="panel" aria-label=${this.panel === "chat" ? "Chat" : "History"}>
              ${
                this.panel === "chat" && this.#chat
                  ? renderChat(this.#chat, { disabled: busy, onSend: (p) => this.#chat?.send(p) })
                  : nothing
              }
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

  #renderStatus(state: SaveState) {
    const s = this.#session;
    const version = s?.version ? ` · v${s.version}` : "";
    const live = s?.live === "open";
    const text = `${STATUS[state]}${state === "saved" ? version : ""}`;
    return html`<span class="status ${state}" part="status" role="status" aria-live="polite">
      <span class="live ${live ? "on" : ""}" title=${live ? "Live updates on" : "Live updates reconnecting"}></span>
      ${
        state === "error"
          ? html`${text} <button class="link" @click=${() => s?.flush()}>Retry</button>`
          : text
      }
    </span>`;
  }

  #renderBanner() {
    const s = this.#session;
    if (this.setupError) {
      return html`<div class="banner error" part="banner" role="alert">${this.setupError}</div>`;
    }
    if (s?.state === "conflict") {
      const head = s.conflictHead ? `version ${s.conflictHead}` : "a newer version";
      return html`<div class="banner conflict" part="banner" role="alert">
        <span><strong>Someone else saved ${head}</strong> while you were editing. Your changes are not saved.</span>
        <span class="banner-actions">
          <button @click=${() => s.reload()}>Reload theirs</button>
          <button class="primary" @click=${() => s.keepMine()}>Keep mine</button>
        </span>
      </div>`;
    }
    if (s?.error && s.state !== "loading") {
      return html`<div class="banner error" part="banner" role="alert">
        <span>${s.error}</span>
        <button class="icon" aria-label="Dismiss" @click=${() => {
          s.error = null;
          this.requestUpdate();
        }}>×</button>
      </div>`;
    }
    return nothing;
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
    const iframe = this.renderRoot.querySelector("iframe");
    if (!this.diagramId || !this.token || !iframe || !this.#src) return;
    let df: WidgetClient;
    try {
      df = widgetClient(this.apiBase, this.token);
    } catch (error) {
      const detail = errorDetail(error);
      this.setupError = detail.message;
      emit(this, "drawforge-error", detail);
      return;
    }
    const frame = new DrawioFrame(iframe, this.#src.origin);
    const session = new EditorSession(this, df, frame, this.diagramId, this.saveDelay);
    const history = new HistoryController(this, df, this.diagramId);
    this.#frame = frame;
    this.#session = session;
    this.#history = history;
    this.#chat = new ChatController(this, df, session, this.diagramId);
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

/** The iframe draw.io runs in. */
function drawioIframe(src: string): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("part", "frame");
  iframe.title = "draw.io diagram editor";
  iframe.src = src;
  return iframe;
}
