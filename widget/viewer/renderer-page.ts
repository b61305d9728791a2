/**
 * The page of the renderer iframe: draw.io's read-only viewer library (`viewer-static.min.js`
 * from the draw.io host) turns diagram XML into SVG. It runs in a sandbox without
 * `allow-same-origin`, so whatever a diagram's HTML labels contain cannot reach the page, and
 * under a policy that lets it load from the draw.io host only: an image a label or a shape names
 * on another host is not fetched (the SVG is shown as an `<img>`, which would not show it
 * anyway), so a diagram cannot make its readers' browsers call anyone.
 *
 * Protocol (JSON strings): the page posts `{type:"ready"}`; the parent posts `{id, xml, page}`; the
 * page answers `{type:"rendered", id, svg}` or `{type:"failed", id, error}`.
 *
 * The page's scripts are the two functions below, embedded as their source text
 * (`Function.prototype.toString`), so the bundler minifies them like the rest of the widget.
 * Each runs in the iframe: it must use nothing from this module, only its argument and the
 * iframe's globals.
 *
 * @example
 * iframe.srcdoc = rendererPage("https://viewer.diagrams.net/");
 */
export function rendererPage(base: string): string {
  // JSON.stringify makes the base a safe JS string; "<" is escaped so it cannot end the script.
  const at = JSON.stringify(base).replaceAll("<", "\\u003c");
  const src = `${base}js/viewer-static.min.js`.replaceAll('"', "%22").replaceAll("<", "%3C");
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${rendererPolicy(base)}"><script>(${configure})(${at})</script><script src="${src}"></script></head><body style="margin:0"><script>(${serve})(${at})</script></body></html>`;
}

/**
 * The renderer's policy: scripts, styles, stencils and images from the draw.io host (and the
 * page's own inline scripts), data and blob images, nothing else; no `eval`.
 *
 * @example
 * rendererPolicy("https://viewer.diagrams.net/"); // "default-src 'none'; script-src https://viewer.diagrams.net 'unsafe-inline'; …"
 */
export function rendererPolicy(base: string): string {
  // An origin as the URL parser writes it: no quotes, spaces or semicolons.
  const host = new URL(base).origin;
  return [
    "default-src 'none'",
    `script-src ${host} 'unsafe-inline'`,
    `style-src ${host} 'unsafe-inline'`,
    `img-src ${host} data: blob:`,
    `font-src ${host} data:`,
    `connect-src ${host}`,
  ].join("; ");
}

/** The parts of draw.io's viewer library the renderer uses: globals of the iframe. */
interface ViewerGlobals {
  Graph?: new (container: HTMLElement) => ViewerGraph;
  Editor?: {
    new (chromeless: boolean, themes: null, model: null, graph: ViewerGraph): ViewerEditor;
    parseDiagramNode(node: Element | undefined): Element;
  };
  mxUtils: { parseXml(xml: string): Document; getXml(node: Node): string };
}

interface ViewerGraph {
  getSvg(background: null, scale: number, border: number): SVGElement;
  destroy(): void;
}

interface ViewerEditor {
  setGraphXml(node: Element): void;
}

/** Before the library loads: where it finds its stencils, shapes and images. */
function configure(base: string): void {
  Object.assign(window, {
    STENCIL_PATH: `${base}stencils`,
    SHAPES_PATH: `${base}shapes`,
    mxBasePath: `${base}mxgraph/`,
    mxImageBasePath: `${base}mxgraph/images`,
    DRAWIO_BASE_URL: base.replace(/\/$/, ""),
  });
}

/** After the library loads: draws every `{id, xml, page}` the parent posts, and answers. */
function serve(base: string): void {
  const reply = (message: object) => parent.postMessage(JSON.stringify(message), "*");
  const { Graph, Editor, mxUtils } = window as unknown as ViewerGlobals;
  if (Graph === undefined || Editor === undefined) {
    reply({ type: "failed", id: "", error: `draw.io's viewer did not load from ${base}` });
    return;
  }
  addEventListener("message", (event) => {
    if (event.source !== parent || typeof event.data !== "string") return;
    let request: { id?: unknown; xml?: unknown; page?: unknown } | null;
    try {
      request = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!request || typeof request.id !== "string" || typeof request.xml !== "string") return;
    const container = document.createElement("div");
    document.body.appendChild(container);
    try {
      let node: Element = mxUtils.parseXml(request.xml).documentElement;
      if (node.nodeName === "mxfile") {
        const pages = node.getElementsByTagName("diagram");
        const page = typeof request.page === "number" ? request.page : 0;
        node = Editor.parseDiagramNode(pages[page] ?? pages[0]);
      }
      const graph = new Graph(container);
      new Editor(true, null, null, graph).setGraphXml(node);
      const svg = graph.getSvg(null, 1, 8);
      reply({
        type: "rendered",
        id: request.id,
        svg: mxUtils.getXml(svg),
      });
      graph.destroy();
    } catch (e) {
      reply({ type: "failed", id: request.id, error: String((e as Error)?.message || e) });
    }
    container.remove();
  });
  reply({ type: "ready" });
}
