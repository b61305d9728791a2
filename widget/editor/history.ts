/**
 * The editor's History panel: `HistoryController` fetches the versions and a preview's XML,
 * `renderHistory` draws the list with preview and restore.
 */
import { html, nothing, type TemplateResult } from "lit";
import type { VersionSummary } from "../../sdk/index.ts";
import type { WidgetClient } from "../shared/client.ts";
import { errorDetail } from "../shared/errors.ts";
import type { SessionHost } from "./session.ts";

const AUTHORS: Record<VersionSummary["author"], string> = {
  user: "Edited by hand",
  agent: "Agent",
  api: "API",
  mcp: "Assistant (MCP)",
};

/** The message of a version the editor saves from Mermaid pasted into its chat. */
export const MERMAID_IMPORT = "Imported from Mermaid";

/** The messages Mermaid imports were saved with, this one and the one before it. */
const MERMAID_MESSAGES = new Set([MERMAID_IMPORT, "Converted from Mermaid"]);

/**
 * What made a version, as its label in the list says: a restore, a Mermaid import (a person's
 * version, but not edited by hand), or who made it.
 *
 * @example
 * versionLabel({ author: "user", message: "Imported from Mermaid", restored_from: null }); // "Imported from Mermaid"
 */
export function versionLabel(
  v: Pick<VersionSummary, "author" | "message" | "restored_from">,
): string {
  if (v.restored_from !== null) return "Restored";
  if (v.author === "user" && v.message !== null && MERMAID_MESSAGES.has(v.message)) {
    return MERMAID_IMPORT;
  }
  return AUTHORS[v.author];
}

/**
 * The version history panel's data: the newest versions, and the XML of the one being
 * previewed.
 *
 * @example
 * const history = new HistoryController(host, df, id);
 * await history.load();
 */
export class HistoryController {
  items: VersionSummary[] = [];
  loading = false;
  error = "";
  /** The version whose preview is open, and its XML once fetched. */
  previewing: number | null = null;
  previewXml = "";
  readonly #host: SessionHost;
  readonly #df: WidgetClient;
  readonly #id: string;

  constructor(host: SessionHost, df: WidgetClient, id: string) {
    this.#host = host;
    this.#df = df;
    this.#id = id;
  }

  async load(): Promise<void> {
    this.loading = true;
    this.#host.requestUpdate();
    try {
      this.items = (await this.#df.diagrams.versions.list(this.#id, { limit: 50 })).items;
      this.error = "";
    } catch (error) {
      this.error = errorDetail(error).message;
    } finally {
      this.loading = false;
      this.#host.requestUpdate();
    }
  }

  /** Opens the preview of version `n`, or closes it when it is open. */
  async togglePreview(n: number): Promise<void> {
    if (this.previewing === n) {
      this.previewing = null;
      this.#host.requestUpdate();
      return;
    }
    this.previewing = n;
    this.previewXml = "";
    this.#host.requestUpdate();
    try {
      const version = await this.#df.diagrams.versions.retrieve(this.#id, n);
      if (this.previewing === n) this.previewXml = version.xml;
    } catch (error) {
      this.error = errorDetail(error).message;
    }
    this.#host.requestUpdate();
  }
}

/** What the history panel needs from the editor. */
export interface HistoryViewOptions {
  current: number | null;
  busy: boolean;
  drawioUrl: string;
  onRestore(n: number): void;
}

/**
 * The history panel: every version with who made it, when and why; preview and restore.
 *
 * @example
 * renderHistory(this.history, { current: 4, busy: false, drawioUrl, onRestore: (n) => … });
 */
export function renderHistory(h: HistoryController, o: HistoryViewOptions): TemplateResult {
  return html`<section class="history" part="history" aria-label="Version history">
    <div class="panel-head">
      <h2>Versions</h2>
      <button class="icon" aria-label="Refresh the history" title="Refresh" @click=${() => h.load()}>↻</button>
    </div>
    ${h.error ? html`<p class="inline-error" role="alert">${h.error}</p>` : nothing}
    ${h.loading && h.items.length === 0 ? html`<p class="empty">Loading…</p>` : nothing}
    <ol class="versions">
      ${h.items.map((v) => {
        const current = v.n === o.current;
        const open = h.previewing === v.n;
        const label = versionLabel(v);
        return html`<li class="version ${current ? "current" : ""}">
          <div class="version-line">
            <span class="badge">v${v.n}</span>
            <span class="author ${v.author}">${label}</span>
            <time datetime=${v.created_at} title=${new Date(v.created_at).toLocaleString()}>${ago(v.created_at)}</time>
          </div>
          ${
            // An import's message is its label: said once.
            v.message && label !== MERMAID_IMPORT
              ? html`<p class="message">${v.message}</p>`
              : nothing
          }
          <div class="version-actions">
            <button aria-expanded=${open} aria-label=${`Preview version ${v.n}`} @click=${() => h.togglePreview(v.n)}>
              ${open ? "Hide" : "Preview"}
            </button>
            ${
              current
                ? html`<span class="current-label">Current</span>`
                : html`<button
                  ?disabled=${o.busy}
                  aria-label=${`Restore version ${v.n}`}
                  @click=${() => o.onRestore(v.n)}
                >Restore</button>`
            }
          </div>
          ${
            open
              ? h.previewXml
                ? html`<drawforge-viewer class="thumb" .xml=${h.previewXml} drawio-url=${o.drawioUrl}></drawforge-viewer>`
                : html`<p class="empty">Loading preview…</p>`
              : nothing
          }
        </li>`;
      })}
    </ol>
  </section>`;
}

/** "just now", "5 min ago", "3 h ago", or the date. */
function ago(iso: string): string {
  const seconds = (Date.now() - Date.parse(iso)) / 1000;
  if (seconds < 45) return "just now";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}
