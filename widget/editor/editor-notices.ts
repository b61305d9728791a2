/**
 * What the editor says about its own state: the save status in the toolbar, the conflict and
 * error banner, and the notice that takes draw.io's place when the diagram could not be opened.
 */
import { html, nothing, type TemplateResult } from "lit";
import type { EditorSession, SaveState } from "./session.ts";

const STATUS: Record<SaveState, string> = {
  loading: "Loading…",
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving…",
  conflict: "Conflict",
  error: "Not saved",
  failed: "Not opened",
};

/** draw.io's own failures to start, as the stage tells them. */
const DRAWIO_FAILURES: Record<string, { title: string; hint: string }> = {
  drawio_unreachable: {
    title: "draw.io could not be loaded",
    hint: "Nothing answers there: check drawio-url, and that the draw.io server is up.",
  },
  drawio_failed: {
    title: "draw.io did not start",
    hint: "Something answers there, but draw.io did not start in time: check that drawio-url is draw.io itself.",
  },
};

/** What the notices show and what their buttons do. */
export interface NoticeOptions {
  /** Why the editor did not start at all (no request was made), or "". */
  setupError: string;
  /** The draw.io the editor loads, as its `drawio-url` says (or the default). */
  drawioUrl: string;
  /** Starts draw.io and the session again, after they failed to open. */
  reopen(): void;
  /** Asks for a repaint after the banner is dismissed. */
  requestUpdate(): void;
}

/**
 * The status line: whether the diagram is saved (with its version and the live dot), with
 * Retry after a failed save. A diagram that never opened is "Not opened": no save failed.
 *
 * @example
 * renderStatus(session, { setupError: "", drawioUrl, reopen, requestUpdate });
 */
export function renderStatus(s: EditorSession | undefined, o: NoticeOptions): TemplateResult {
  const state: SaveState = o.setupError ? "failed" : (s?.state ?? "loading");
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

/**
 * The banner under the toolbar: a setup error, a conflict with its two ways out, or the last
 * failure (dismissable). A failure to open is told in the stage instead.
 *
 * @example
 * renderBanner(session, options);
 */
export function renderBanner(s: EditorSession | undefined, o: NoticeOptions) {
  if (o.setupError) {
    return html`<div class="banner error" part="banner" role="alert">${o.setupError}</div>`;
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
  if (s?.error && s.state !== "loading" && s.state !== "failed") {
    return html`<div class="banner error" part="banner" role="alert">
        <span>${s.error}</span>
        <button class="icon" aria-label="Dismiss" @click=${() => {
          s.error = null;
          o.requestUpdate();
        }}>×</button>
      </div>`;
  }
  return nothing;
}

/**
 * What the stage shows instead of draw.io when the diagram is not open, so that nothing spins
 * forever: that draw.io was not started (the editor cannot open), that it could not be loaded
 * from its URL, or that the diagram could not be loaded; the last two with Retry.
 *
 * @example
 * renderStageNotice(session, options) ?? iframe;
 */
export function renderStageNotice(
  s: EditorSession | undefined,
  o: NoticeOptions,
): TemplateResult | undefined {
  if (o.setupError) {
    return html`<div class="stage-notice" part="stage-notice">
        <p>draw.io was not started: the editor cannot open this diagram (see above).</p>
      </div>`;
  }
  if (s?.state !== "failed") return undefined;
  const failure = DRAWIO_FAILURES[s.errorCode ?? ""];
  return html`<div class="stage-notice error" part="stage-notice" role="alert">
      <p><strong>${failure?.title ?? "The diagram could not be opened"}</strong></p>
      <p>${
        failure ? html`from <code>${o.drawioUrl}</code>. ${failure.hint}` : (s.error ?? "")
      } Nothing was edited.</p>
      <button class="primary" @click=${o.reopen}>Retry</button>
    </div>`;
}
