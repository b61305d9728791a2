import { html, LitElement, nothing, type PropertyValues } from "lit";
import { liveUrl, widgetClient } from "../shared/client.ts";
import { diagramsNetUrl } from "../shared/diagrams-net.ts";
import { errorDetail, WidgetError } from "../shared/errors.ts";
import { emit } from "../shared/events.ts";
import { LiveSocket } from "../shared/live-socket.ts";
import type { WidgetTheme } from "../shared/theme.ts";
import { type Rendered, renderDiagram } from "./renderer.ts";
import { viewerStyles } from "./viewer-styles.ts";

const ZOOM_STEP = 1.25;
const SOURCES = ["diagramId", "token", "apiBase", "src", "xml", "drawioUrl"] as const;

/**
 * A read-only diagram for docs pages and apps: no editor, no chat. It fits the page width,
 * zooms, links to an editor, and — with `diagram-id` and a `view` token — follows every new
 * version live. The diagram is drawn by draw.io's own viewer in a sandboxed iframe and shown as
 * an image, so nothing in a diagram can run in the page.
 *
 * Give one source: `xml` (draw.io XML), `src` (a URL of a `.drawio` file; CORS applies), or
 * `diagram-id` with `token` (and `api-base` when the API is not where `widget.js` came from).
 *
 * @fires drawforge-load - The diagram is shown.
 * @fires drawforge-change - A new version arrived and is shown (`source: "remote"`).
 * @fires drawforge-error - Loading or drawing failed.
 * @csspart base - The frame around everything.
 * @csspart canvas - The scrolling area holding the image.
 * @csspart image - The diagram image.
 * @csspart toolbar - The zoom and link bar.
 * @csspart open-link - The "Open in editor" link.
 * @cssproperty --drawforge-accent - Buttons and focus rings.
 * @cssproperty --drawforge-background - The background.
 * @cssproperty --drawforge-border - Borders.
 * @cssproperty --drawforge-radius - Corner radius.
 * @cssproperty --drawforge-viewer-max-height - The tallest the diagram gets before it scrolls.
 *
 * @example
 * <drawforge-viewer diagram-id="d_…" token="dft_…"></drawforge-viewer>
 * <drawforge-viewer src="/diagrams/checkout.drawio"></drawforge-viewer>
 */
export class DrawforgeViewer extends LitElement {
  static override styles = viewerStyles;
  // `static properties` rather than decorators: the same reactive properties, without Lit's
  // decorator module and TypeScript's decorator helper in the bundle.
  static override properties = {
    diagramId: { attribute: "diagram-id" },
    token: {},
    apiBase: { attribute: "api-base" },
    src: {},
    xml: {},
    drawioUrl: { attribute: "drawio-url" },
    editorUrl: { attribute: "editor-url" },
    theme: { reflect: true },
    rendered: { state: true },
    status: { state: true },
    message: { state: true },
    scale: { state: true },
    fitScale: { state: true },
    diagramTitle: { state: true },
    openHref: { state: true },
    labels: { state: true },
  };

  diagramId = "";
  /** A widget token (`dft_…`, `view` is enough). Never an API key. */
  token = "";
  apiBase = "";
  src = "";
  xml = "";
  /** The draw.io host whose viewer library draws the diagram (default: viewer.diagrams.net). */
  drawioUrl = "";
  /** Where "Open in editor" goes; by default a diagrams.net copy of the diagram. */
  editorUrl = "";
  /** The viewer's chrome: `light`, `dark`, or `auto` (the system's). The diagram stays as drawn. */
  theme: WidgetTheme = "light";

  private rendered: Rendered | null = null;
  private status: "idle" | "loading" | "ready" | "error" = "idle";
  private message = "";
  /** A number, or null to fit the width. */
  private scale: number | null = null;
  private fitScale = 1;
  private diagramTitle = "";
  private openHref = "";
  private labels: string[] = [];

  #version: number | null = null;
  #generation = 0;
  #live: LiveSocket | undefined;
  #resize = new ResizeObserver(() => this.#measure());

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#live?.stop();
    this.#resize.disconnect();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected after a move in the page: pick the live updates up again.
    if (this.hasUpdated) void this.#load();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (SOURCES.some((key) => changed.has(key))) void this.#load();
    const canvas = this.renderRoot.querySelector(".canvas");
    if (canvas) this.#resize.observe(canvas);
  }

  protected override render() {
    const fit = this.scale === null;
    const shown = fit ? this.fitScale : (this.scale ?? 1);
    const width = this.rendered ? Math.round(this.rendered.width * shown) : 0;
    const name = this.diagramTitle || "Diagram";
    return html`<figure class="viewer" part="base" aria-busy=${this.status === "loading"}>
      <div
        class="canvas"
        part="canvas"
        tabindex="0"
        role="region"
        aria-label=${`${name}. Use + and − to zoom, 0 to fit.`}
        @keydown=${this.#onKey}
      >
        ${
          this.rendered
            ? html`<img
              part="image"
              src=${`data:image/svg+xml;charset=utf-8,${encodeURIComponent(this.rendered.svg)}`}
              alt=${this.labels.length ? `${name}: ${this.labels.join(", ")}` : name}
              width=${width}
              draggable="false"
            />`
            : html`<div class="placeholder ${this.status}" role="status">
              ${this.status === "error" ? this.message : this.status === "loading" ? "Loading diagram…" : "No diagram"}
            </div>`
        }
      </div>
      <div class="bar" part="toolbar" role="toolbar" aria-label="Diagram view">
        <button aria-label="Zoom out" title="Zoom out" @click=${() => this.#zoom(1 / ZOOM_STEP)}>−</button>
        <span class="zoom" aria-live="polite">${Math.round(shown * 100)}%</span>
        <button aria-label="Zoom in" title="Zoom in" @click=${() => this.#zoom(ZOOM_STEP)}>+</button>
        <button aria-pressed=${fit} title="Fit to width" @click=${() => {
          this.scale = null;
        }}>Fit</button>
        <span class="spacer"></span>
        ${
          this.openHref
            ? html`<a part="open-link" href=${this.openHref} target="_blank" rel="noopener">Open in editor</a>`
            : nothing
        }
      </div>
    </figure>`;
  }

  async #load(): Promise<void> {
    const generation = ++this.#generation;
    this.#live?.stop();
    this.#live = undefined;
    this.#version = null;
    if (!this.xml && !this.src && !this.diagramId) {
      this.status = "idle";
      this.rendered = null;
      return;
    }
    this.status = "loading";
    try {
      if (this.xml) await this.#show(generation, this.xml, "");
      else if (this.src) await this.#show(generation, await fetchText(this.src), "");
      else await this.#fetchDiagram(generation);
      if (generation !== this.#generation) return;
      emit(this, "drawforge-load", {
        diagramId: this.diagramId || null,
        version: this.#version,
        title: this.diagramTitle || null,
      });
      if (this.diagramId && this.token) this.#follow(generation);
    } catch (error) {
      if (generation !== this.#generation) return;
      const detail = errorDetail(error);
      this.status = "error";
      this.message = detail.message;
      this.rendered = null;
      emit(this, "drawforge-error", detail);
    }
  }

  async #fetchDiagram(generation: number): Promise<void> {
    const df = widgetClient(this.apiBase, this.token);
    const diagram = await df.diagrams.retrieve(this.diagramId);
    this.#version = diagram.version;
    await this.#show(generation, diagram.xml ?? "", diagram.title);
  }

  #follow(generation: number): void {
    this.#live = new LiveSocket(liveUrl(this.apiBase, this.diagramId, this.token), (notice) => {
      if (this.#version !== null && notice.version <= this.#version) return;
      this.#fetchDiagram(generation)
        .then(() => {
          emit(this, "drawforge-change", {
            source: "remote",
            version: this.#version,
            author: notice.author,
          });
        })
        .catch((error: unknown) => emit(this, "drawforge-error", errorDetail(error)));
    });
    this.#live.start();
  }

  async #show(generation: number, xml: string, title: string): Promise<void> {
    const rendered = await renderDiagram(this.drawioUrl, xml);
    if (generation !== this.#generation) return;
    this.rendered = rendered;
    this.diagramTitle = title;
    this.labels = labelsOf(rendered.svg);
    this.status = "ready";
    this.openHref = this.editorUrl || (await diagramsNetUrl(xml, title || undefined));
    this.#measure();
  }

  #measure(): void {
    const canvas = this.renderRoot.querySelector<HTMLElement>(".canvas");
    if (!canvas || !this.rendered?.width) return;
    const room = canvas.clientWidth - 24;
    this.fitScale = Math.min(1, Math.max(0.05, room / this.rendered.width));
  }

  #zoom(factor: number): void {
    const current = this.scale ?? this.fitScale;
    this.scale = Math.min(8, Math.max(0.1, current * factor));
  }

  #onKey = (event: KeyboardEvent): void => {
    if (event.key === "+" || event.key === "=") this.#zoom(ZOOM_STEP);
    else if (event.key === "-") this.#zoom(1 / ZOOM_STEP);
    else if (event.key === "0") this.scale = null;
    else return;
    event.preventDefault();
  };
}

async function fetchText(src: string): Promise<string> {
  const response = await fetch(src);
  if (!response.ok) {
    throw new WidgetError("src_failed", `could not load ${src} (HTTP ${response.status})`);
  }
  return response.text();
}

/** The labels of a drawn diagram, for the image's text alternative. */
function labelsOf(svg: string): string[] {
  // An inert document: DOMParser runs no scripts and loads nothing.
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const texts = [...doc.querySelectorAll("foreignObject")].map((n) =>
    (n.textContent ?? "").replace(/\s+/g, " ").trim(),
  );
  return [...new Set(texts.filter(Boolean))].slice(0, 60);
}
