/**
 * The page of the renderer iframe: draw.io's read-only viewer library (`viewer-static.min.js`
 * from the draw.io host) turns diagram XML into SVG. It runs in a sandbox without
 * `allow-same-origin`, so whatever a diagram's HTML labels contain cannot reach the page.
 *
 * Protocol (JSON strings): the page posts `{type:"ready"}`; the parent posts `{id, xml}`; the
 * page answers `{type:"rendered", id, svg, width, height}` or `{type:"failed", id, error}`.
 *
 * @example
 * iframe.srcdoc = rendererPage("https://viewer.diagrams.net/");
 */
export function rendererPage(base: string): string {
  // JSON.stringify makes the base a safe JS string; "<" is escaped so it cannot end the script.
  const at = JSON.stringify(base).replaceAll("<", "\\u003c");
  const src = `${base}js/viewer-static.min.js`.replaceAll('"', "%22").replaceAll("<", "%3C");
  return `<!doctype html><html><head><meta charset="utf-8">
<script>
var BASE = ${at};
window.STENCIL_PATH = BASE + "stencils";
window.SHAPES_PATH = BASE + "shapes";
window.mxBasePath = BASE + "mxgraph/";
window.mxImageBasePath = BASE + "mxgraph/images";
window.DRAWIO_BASE_URL = BASE.replace(/\\/$/, "");
</script>
<script src="${src}"></script>
</head><body style="margin:0">
<script>
(function () {
  function reply(message) { parent.postMessage(JSON.stringify(message), "*"); }
  if (typeof Graph === "undefined" || typeof Editor === "undefined") {
    reply({ type: "failed", id: "", error: "draw.io's viewer did not load from " + BASE });
    return;
  }
  addEventListener("message", function (event) {
    if (event.source !== parent || typeof event.data !== "string") return;
    var request;
    try { request = JSON.parse(event.data); } catch (e) { return; }
    if (!request || typeof request.id !== "string" || typeof request.xml !== "string") return;
    var container = document.createElement("div");
    document.body.appendChild(container);
    try {
      var node = mxUtils.parseXml(request.xml).documentElement;
      if (node.nodeName == "mxfile") {
        node = Editor.parseDiagramNode(node.getElementsByTagName("diagram")[0]);
      }
      var graph = new Graph(container);
      new Editor(true, null, null, graph).setGraphXml(node);
      var svg = graph.getSvg(null, 1, 8);
      reply({
        type: "rendered", id: request.id, svg: mxUtils.getXml(svg),
        width: parseFloat(svg.getAttribute("width")) || 0,
        height: parseFloat(svg.getAttribute("height")) || 0
      });
      graph.destroy();
    } catch (e) {
      reply({ type: "failed", id: request.id, error: String(e && e.message || e) });
    }
    container.remove();
  });
  reply({ type: "ready" });
})();
</script></body></html>`;
}
