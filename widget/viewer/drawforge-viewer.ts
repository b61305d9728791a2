/**
 * The `<drawforge-viewer>` element: a read-only, zoomable image of a diagram from XML, a file URL
 * or the API, kept live when given a token.
 */
import { html, LitElement, nothing, type PropertyValues } from "lit";
import { liveUrl } from "../shared/client.ts";
import { diagramsNetUrl } from "../shared/diagrams-net.ts";
import { errorDetail } from "../shared/errors.ts";
import { emit } from "../shared/events.ts";
import { LiveSocket } from "../shared/live-socket.ts";
import type { WidgetTheme } from "../shared/theme.ts";
import { type Drawing, drawingOf, type RendererChoice } from "./drawing.ts";
import {
  CanvasGestures,
  clampScale,
  fitting,
  scaleOf,
  ZOOM_STEP,
  type ZoomChoice,
} from "./pan-zoom.ts";
import { renderDiagram } from "./renderer.ts";
import { fromApi, fromSrc, type Source, wantsDark } from "./sources.ts";
import { viewerStyles } from "./viewer-styles.ts";

const SOURCES = [
  "diagramId",
  "token",
  "apiBase",
  "src",
  "xml",
  "drawioUrl",
  "renderer",
  "page",
  "theme",
] as const;

/**
 * A read-only diagram for docs pages and apps: no editor, no chat. It fits the page width,
 * zooms, links to an editor, and — with `diagram-id` and a `view` token — follows every new
 * version live. The diagram is shown as an image, so nothing in a diagram can run in the page.
 *
 * On a narrow canvas (a phone) it starts at no less than half size rather than fitting a wide
 * diagram into unreadable text, and the person pans. Zoom: pinch, ctrl/⌘ + wheel, the + − and
 * Fit buttons, or + − 0 on the focused canvas; pan: drag, scroll, or the arrow keys.
 *
 * Give one source: `xml` (draw.io XML), `src` (a URL of a `.drawio` file, CORS applies, or any
 * link of a publication, `…/p/pub_…`), or `diagram-id` with `token` (and `api-base` when the API
 * is not where `widget.js` came from).
 *
 * Who draws it (`renderer`): by default (`auto`) the Worker's own SVG, for a `diagram-id` or a
 * publication, so a docs page downloads no draw.io; draw.io's viewer library, in a sandboxed
 * iframe, when the Worker names shapes it drew as boxes (`X-Drawforge-Unknown-Shapes`), when
 * its SVG fails, and always for `xml` and other `src` files. `renderer="server"` shows the
 * Worker's SVG boxes and all, and its failure as an error; `renderer="drawio"` always uses
 * draw.io. The image carries `data-renderer="server"` or `"drawio"`, and so does
 * `drawforge-load`'s detail.
 *
 * @fires drawforge-load - The diagram is shown (`renderer`: who drew it).
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
    renderer: {},
    page: { type: Number },
    rendered: { state: true },
    status: { state: true },
    message: { state: true },
    scale: { state: true },
    fitScale: { state: true },
    narrow: { state: true },
    diagramTitle: { state: true },
    openHref: { state: true },
  };

  diagramId = "";
  /** A widget token (`dft_…`, `view` is enough). Never an API key. */
  token = "";
  apiBase = "";
  src = "";
  xml = "";
  /** The draw.io host whose viewer library draws the fallback (default: viewer.diagrams.net). */
  drawioUrl = "";
  /** Where "Open in editor" goes; by default a diagrams.net copy of the diagram. */
  editorUrl = "";
  /**
   * The viewer's chrome and diagram: `light`, `dark`, or `auto` (the system's). Dark asks the
   * server for its dark drawing, and darkens a light one (draw.io's, a publication's) by the
   * same rule, draw.io's dark mode.
   */
  theme: WidgetTheme = "light";
  /** `auto` (the server's SVG, draw.io as the fallback), `server` or `drawio`. */
  renderer: RendererChoice = "auto";
  /** The page of a multi-page diagram to show, from 0. */
  page = 0;

  private rendered: Drawing | null = null;
  private status: "idle" | "loading" | "ready" | "error" = "idle";
  private message = "";
  private scale: ZoomChoice = null;
  private fitScale = 1;
  private narrow = false;
  private diagramTitle = "";
  private openHref = "";

  #version: number | null = null;
  #generation = 0;
  #live: LiveSocket | undefined;
  #resize = new ResizeObserver(() => this.#measure());
  #gestures: CanvasGestures | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#live?.stop();
    this.#resize.disconnect();
    this.#gestures?.disconnect();
    this.#draw(null);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected after a move in the page: pick the live updates up again.
    if (this.hasUpdated) {
      this.#gestures?.connect();
      void this.#load();
    }
  }

  protected override firstUpdated(): void {
    const canvas = this.renderRoot.querySelector<HTMLElement>(".canvas");
    if (!canvas) return;
    this.#gestures = new CanvasGestures(canvas, {
      shownScale: () => this.#shown(),
      setScale: async (scale) => {
        this.scale = clampScale(scale, this.fitScale);
        await this.updateComplete;
      },
      fit: this.#fit,
    });
    this.#gestures.connect();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (SOURCES.some((key) => changed.has(key))) void this.#load();
    const canvas = this.renderRoot.querySelector(".canvas");
    if (canvas) this.#resize.observe(canvas);
  }

  protected override render() {
    const shown = this.#shown();
    const fit = shown === this.fitScale;
    const width = this.rendered ? Math.round(this.rendered.width * shown) : 0;
    const name = this.diagramTitle || "Diagram";
    return html`<figure class="viewer" part="base" aria-busy=${this.status === "loading"}>
      <div
        class="canvas ${this.rendered?.dark ? "dark" : ""}"
        part="canvas"
        tabindex="0"
        role="region"
        aria-label=${`${name}. Use + and − to zoom, 0 to fit, the arrow keys to move.`}
      >
        ${
          this.rendered
            ? html`<img
              part="image"
              src=${this.rendered.url}
              data-renderer=${this.rendered.renderer}
              class=${this.rendered.dark === "filter" ? "darkened" : ""}
              alt=${this.rendered.labels.length ? `${name}: ${this.rendered.labels.join(", ")}` : name}
              width=${width}
              draggable="false"
            />`
            : html`<div class="placeholder ${this.status}" role="status">
              ${this.status === "error" ? this.message : this.status === "loading" ? "Loading diagram…" : "No diagram"}
            </div>`
        }
      </div>
      <div class="bar" part="toolbar" role="toolbar" aria-label="Diagram view">
        <button aria-label="Zoom out" title="Zoom out" @click=${() => this.#gestures?.zoomBy(1 / ZOOM_STEP)}>−</button>
        <span class="zoom" aria-live="polite">${Math.round(shown * 100)}%</span>
        <button aria-label="Zoom in" title="Zoom in" @click=${() => this.#gestures?.zoomBy(ZOOM_STEP)}>+</button>
        <button aria-pressed=${fit} aria-label="Fit to width" title="Fit to width" @click=${this.#fit}>Fit</button>
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
      this.#draw(null);
      return;
    }
    this.status = "loading";
    try {
      const source = this.xml
        ? { xml: this.xml, title: "", version: null }
        : await (this.src ? fromSrc(this) : fromApi(this));
      await this.#show(generation, source);
      if (generation !== this.#generation) return;
      emit(this, "drawforge-load", {
        diagramId: this.diagramId || null,
        version: this.#version,
        title: this.diagramTitle || null,
        renderer: this.rendered?.renderer,
      });
      if (this.diagramId && this.token) this.#follow(generation);
    } catch (error) {
      if (generation !== this.#generation) return;
      const detail = errorDetail(error);
      this.status = "error";
      this.message = detail.message;
      this.#draw(null);
      emit(this, "drawforge-error", detail);
    }
  }

  #follow(generation: number): void {
    this.#live = new LiveSocket(liveUrl(this.apiBase, this.diagramId, this.token), (notice) => {
      if (this.#version !== null && notice.version <= this.#version) return;
      fromApi(this)
        .then((source) => this.#show(generation, source))
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

  /**
   * Shows the server's SVG when there is one and it drew every shape (or `server` is forced,
   * boxes and all); else draw.io's viewer draws the XML, downloaded only now.
   */
  async #show(generation: number, { xml, title, version, server, dark }: Source): Promise<void> {
    const svg =
      server && (this.renderer === "server" || !server.unknownShapes.length)
        ? server.svg
        : await renderDiagram(this.drawioUrl, xml, this.page);
    if (generation !== this.#generation) return;
    const byServer = svg === server?.svg;
    // A light drawing (draw.io's, a publication's, inline XML) in the dark theme is darkened by
    // draw.io's own rule, as the server's dark drawing is painted.
    const darkBy = byServer && dark ? "server" : wantsDark(this.theme) ? "filter" : undefined;
    this.#draw(drawingOf(svg, byServer ? "server" : "drawio", darkBy));
    this.#version = version;
    this.diagramTitle = title;
    this.status = "ready";
    this.openHref = this.editorUrl || (await diagramsNetUrl(xml, title || undefined));
    this.#measure();
  }

  /**
   * Shows `drawing` (or none) and lets the image URL it replaces go: an image already drawn
   * stays on screen until its `<img>` is given the new one.
   */
  #draw(drawing: Drawing | null): void {
    if (this.rendered) URL.revokeObjectURL(this.rendered.url);
    this.rendered = drawing;
  }

  #measure(): void {
    const canvas = this.renderRoot.querySelector<HTMLElement>(".canvas");
    if (!canvas || !this.rendered?.width) return;
    ({ fit: this.fitScale, narrow: this.narrow } = fitting(
      canvas.clientWidth,
      this.rendered.width,
    ));
  }

  #shown(): number {
    return scaleOf(this.scale, this.fitScale, this.narrow);
  }

  #fit = (): void => {
    this.scale = "fit";
  };
}
