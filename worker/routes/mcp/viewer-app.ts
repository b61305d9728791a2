/** The inline viewer's resource: an MCP App that hosts show next to a tool's answer. */
export const VIEWER_URI = "ui://drawforge/viewer.html";

/** The MIME type MCP Apps hosts render as an app. */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

/** Where a tool answer carries the diagram for the viewer (hosts do not show `_meta` to models). */
export const VIEWER_XML_KEY = "drawforge/xml";

/** Where draw.io's viewer library, which `<drawforge-viewer>` draws with, comes from by default. */
const DRAWIO_VIEWER = "https://viewer.diagrams.net/";

/** Where the viewer app loads its parts from. */
export interface ViewerSources {
  /** This deployment's origin, which serves `/widget.js`. */
  origin: string;
  /** A draw.io deployment whose `js/viewer-static.min.js` draws (`DRAWIO_URL`). */
  drawioUrl?: string | undefined;
}

/**
 * The `_meta` of a tool answer that shows a diagram: its XML, for the inline viewer only.
 *
 * @example
 * result._meta = viewerResultMeta(xml);
 */
export function viewerResultMeta(xml: string): Record<string, unknown> {
  return { [VIEWER_XML_KEY]: xml };
}

/**
 * The viewer app for hosts that support MCP Apps (`@modelcontextprotocol/ext-apps`): a page that
 * loads `<drawforge-viewer>` from this deployment, greets the host (`ui/initialize`), and draws
 * the diagram of each tool result the host hands it, read-only, with a link to the editor.
 *
 * @example
 * const resource = viewerResource({ origin: "https://drawforge.example.com" });
 */
export function viewerResource(sources: ViewerSources) {
  const drawio = sources.drawioUrl || DRAWIO_VIEWER;
  const drawioOrigin = new URL(drawio).origin;
  return {
    uri: VIEWER_URI,
    mimeType: MCP_APP_MIME_TYPE,
    text: viewerPage(sources.origin, drawio),
    _meta: {
      ui: {
        csp: {
          resourceDomains: [...new Set([sources.origin, drawioOrigin])],
          frameDomains: [drawioOrigin],
        },
        prefersBorder: true,
      },
    },
  };
}

function viewerPage(origin: string, drawio: string): string {
  const script = JSON.stringify(`${origin}/widget.js`);
  const drawioAttr = drawio.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Drawforge diagram</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;font:14px system-ui,sans-serif;color:#444}#wait{padding:12px}
drawforge-viewer{--drawforge-viewer-max-height:720px}</style>
<script type="module" src=${script}></script></head>
<body><p id="wait">Waiting for the diagram…</p>
<drawforge-viewer id="viewer" drawio-url="${drawioAttr}" hidden></drawforge-viewer>
<script type="module">
const viewer = document.getElementById("viewer");
const wait = document.getElementById("wait");
const pending = new Map();
let nextId = 1;
const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ id, method, params });
  });
function show(result) {
  const xml = result && result._meta && result._meta[${JSON.stringify(VIEWER_XML_KEY)}];
  if (typeof xml !== "string") return;
  viewer.xml = xml;
  viewer.hidden = false;
  wait.hidden = true;
}
window.addEventListener("message", (event) => {
  const message = event.data;
  if (event.source !== window.parent || !message || message.jsonrpc !== "2.0") return;
  if (message.method === undefined && pending.has(message.id)) {
    const { resolve, reject } = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) reject(message.error); else resolve(message.result);
  } else if (message.method === "ui/notifications/tool-result") {
    show(message.params);
  } else if (message.method !== undefined && message.id !== undefined) {
    send({ id: message.id, result: {} });
  }
});
new ResizeObserver(() => {
  const root = document.documentElement;
  send({ method: "ui/notifications/size-changed", params: { width: root.scrollWidth, height: root.scrollHeight } });
}).observe(document.body);
await request("ui/initialize", {
  appInfo: { name: "drawforge-viewer", version: "1.0.0" },
  appCapabilities: {},
  protocolVersion: "2026-01-26",
});
send({ method: "ui/notifications/initialized", params: {} });
</script></body></html>`;
}
