/**
 * Where the embedded draw.io comes from: its embed URL with the widget's defaults, and the
 * iframe it runs in.
 */
/** The public draw.io editor for embedding; `drawio-url` may point to a self-hosted or offline one. */
export const DEFAULT_DRAWIO_URL = "https://embed.diagrams.net/";

/**
 * The URL of draw.io in embed mode with the JSON protocol. draw.io keeps its light UI in every
 * widget theme, as paper: its dark UI turns unstyled labels white, which is unreadable on the
 * light fills most diagrams use. A page that wants it anyway adds `ui=dark` to `drawio-url`. `embed` and `proto` are always set;
 * the other defaults (a spinner until the first load, no Save/Exit buttons, the format panel
 * closed, no service worker, no usage tracking) apply unless the draw.io URL sets them itself, so a self-hosted or offline
 * draw.io can take options such as `offline=1` in its `drawio-url`.
 *
 * @example
 * embedUrl("http://localhost:8080/?offline=1");
 * // "http://localhost:8080/?offline=1&embed=1&proto=json&spin=1&…"
 */
export function embedUrl(base: string): URL {
  const url = new URL(base || DEFAULT_DRAWIO_URL);
  url.searchParams.set("embed", "1");
  url.searchParams.set("proto", "json");
  const defaults: Record<string, string> = {
    spin: "1",
    ui: "kennedy",
    libraries: "1",
    // The format panel starts closed: the chat panel sits beside draw.io. Its button reopens it.
    format: "0",
    noSaveBtn: "1",
    noExitBtn: "1",
    saveAndExit: "0",
    pwa: "0",
    stealth: "1",
  };
  for (const [name, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url;
}

/**
 * draw.io's embed URL for a `drawio-url`, or undefined when that is not a URL.
 *
 * @example
 * parsedEmbedUrl("not a url"); // undefined
 */
export function parsedEmbedUrl(drawioUrl: string): URL | undefined {
  try {
    return embedUrl(drawioUrl);
  } catch {
    return undefined;
  }
}

/**
 * The iframe draw.io runs in, at `src` (an {@link embedUrl}).
 *
 * @example
 * const iframe = drawioIframe(embedUrl(drawioUrl).href);
 */
export function drawioIframe(src: string): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("part", "frame");
  iframe.title = "draw.io diagram editor";
  iframe.src = src;
  return iframe;
}
