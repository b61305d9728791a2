/**
 * Drawing in the browser for the viewer: one hidden, sandboxed draw.io iframe per host, shared by
 * every viewer on the page, turns diagram XML into SVG.
 */
import * as v from "valibot";
import { WidgetError } from "../shared/errors.ts";
import { parseJson } from "../shared/parse.ts";
import { rendererPage } from "./renderer-page.ts";

/** draw.io's viewer host; `drawio-url` may name a self-hosted or offline draw.io instead. */
export const DEFAULT_VIEWER_URL = "https://viewer.diagrams.net/";

const RENDER_TIMEOUT_MS = 60_000;

/** What the renderer page posts; one object schema with the fields each `type` carries. */
const ReplySchema = v.object({
  type: v.picklist(["ready", "rendered", "failed"]),
  id: v.optional(v.string()),
  svg: v.optional(v.string()),
  error: v.optional(v.string()),
});

interface Pending {
  resolve(svg: string): void;
  reject(error: Error): void;
}

/**
 * One hidden, sandboxed iframe per draw.io host that draws diagrams to SVG for every viewer of
 * the page: a docs page with ten diagrams loads draw.io's viewer library once.
 */
class Renderer {
  readonly #frame: HTMLIFrameElement;
  readonly #pending = new Map<string, Pending>();
  readonly #ready: Promise<void>;
  #counter = 0;

  constructor(base: string) {
    const frame = document.createElement("iframe");
    // Scripts only: no same-origin, forms, popups or top navigation for diagram content.
    frame.setAttribute("sandbox", "allow-scripts");
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.title = "Drawforge diagram renderer";
    // Laid out (labels are measured) but off screen.
    frame.style.cssText =
      "position:fixed;left:-12000px;top:0;width:1200px;height:900px;border:0;visibility:hidden";
    frame.srcdoc = rendererPage(base);
    this.#frame = frame;
    this.#ready = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new WidgetError("drawio_failed", `draw.io's viewer did not start from ${base}`)),
        RENDER_TIMEOUT_MS,
      );
      window.addEventListener("message", (event) => {
        if (event.source !== frame.contentWindow) return;
        const message = parseJson(event.data, () => ReplySchema);
        if (!message) return;
        if (message.type === "ready") {
          clearTimeout(timer);
          resolve();
          return;
        }
        const { id = "", svg, error = "" } = message;
        if (id === "") {
          clearTimeout(timer);
          reject(new WidgetError("drawio_failed", error));
          return;
        }
        const waiter = this.#pending.get(id);
        this.#pending.delete(id);
        if (message.type === "rendered" && svg !== undefined) waiter?.resolve(svg);
        else waiter?.reject(new WidgetError("render_failed", error || "draw.io drew nothing"));
      });
    });
    document.body.appendChild(frame);
  }

  async render(xml: string, page: number): Promise<string> {
    await this.#ready;
    const id = `r${++this.#counter}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new WidgetError("render_failed", "draw.io took too long to draw the diagram"));
      }, RENDER_TIMEOUT_MS);
      this.#pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.#frame.contentWindow?.postMessage(JSON.stringify({ id, xml, page }), "*");
    });
  }
}

const renderers = new Map<string, Renderer>();

/**
 * The directory of a draw.io URL, where `js/viewer-static.min.js` lives: query, fragment and
 * file name (`index.html`) dropped.
 *
 * @example
 * viewerBase("http://localhost:8080/index.html?offline=1"); // "http://localhost:8080/"
 */
export function viewerBase(drawioUrl: string): string {
  const url = new URL(drawioUrl || DEFAULT_VIEWER_URL);
  url.search = "";
  url.hash = "";
  url.pathname = url.pathname.replace(/[^/]*$/, "");
  return url.href;
}

/**
 * Draws diagram XML (any draw.io form) to SVG with draw.io's own viewer from `drawioUrl`:
 * page `page` of a file (the first when it has fewer).
 *
 * @example
 * const svg = await renderDiagram("https://viewer.diagrams.net/", xml, 0);
 */
export function renderDiagram(drawioUrl: string, xml: string, page = 0): Promise<string> {
  const base = viewerBase(drawioUrl);
  let renderer = renderers.get(base);
  if (!renderer) {
    renderer = new Renderer(base);
    renderers.set(base, renderer);
  }
  const used = renderer;
  return used.render(xml, page).catch((error: unknown) => {
    // A renderer that never started is dropped, so the next viewer tries again.
    if (error instanceof WidgetError && error.code === "drawio_failed") renderers.delete(base);
    throw error;
  });
}
