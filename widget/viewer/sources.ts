/**
 * Where the viewer's diagram comes from: the API with a widget token, or a `.drawio` or publication
 * URL; beside the XML, the server's SVG where there is one and the renderer wants it.
 */
import { blockedRequest } from "../shared/blocked-request.ts";
import { type ServerSvg, serverSvg, widgetClient } from "../shared/client.ts";
import { WidgetError } from "../shared/errors.ts";
import type { WidgetTheme } from "../shared/theme.ts";
import type { RendererChoice } from "./drawing.ts";

/** What a viewer was told to show, and how: its attributes. */
export interface SourceOptions {
  diagramId: string;
  token: string;
  apiBase: string;
  src: string;
  renderer: RendererChoice;
  page: number;
  theme: WidgetTheme;
}

/** A diagram to show: its XML (for draw.io and the editor link) and the server's SVG, if any. */
export interface Source {
  xml: string;
  title: string;
  version: number | null;
  /** The server's drawing; none when it was not asked for, or failed under `auto`. */
  server?: ServerSvg | undefined;
  /** The server drew it dark. */
  dark?: boolean;
}

/** What the server's SVG may take before the viewer gives up on it and asks draw.io. */
const SERVER_TIMEOUT_MS = 20_000;

/**
 * A stored diagram's head (through the API, with the widget token) and, unless `drawio` is
 * forced, that version's SVG: dark when the viewer's theme is.
 *
 * @example
 * const { xml, version, server } = await fromApi(viewer);
 */
export async function fromApi(o: SourceOptions): Promise<Source> {
  const df = widgetClient(o.apiBase, o.token);
  const { xml, title, version } = await df.diagrams.retrieve(o.diagramId);
  const dark = wantsDark(o.theme);
  const server = await serverOf(o, () =>
    df.diagrams.svg(
      o.diagramId,
      { version, page: o.page, theme: dark ? "dark" : "light" },
      { timeout: SERVER_TIMEOUT_MS },
    ),
  );
  return { xml: xml ?? "", title, version, server, dark };
}

/**
 * Whether a viewer in `theme` shows its diagram dark: `dark`, or `auto` in a dark system.
 *
 * @example
 * wantsDark("auto"); // true where the system prefers dark
 */
export function wantsDark(theme: WidgetTheme): boolean {
  return (
    theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches)
  );
}

/**
 * A `.drawio` file at `src` or, for any link of a Drawforge publication (the page, or its
 * `.svg`, `.png` or `.drawio`), its file and, beside it, its SVG (the first page, drawn light). Both
 * are public and CORS-open.
 *
 * @example
 * const { xml, server } = await fromSrc({ ...viewer, src: "https://df.example/p/pub_…" });
 */
export async function fromSrc(o: SourceOptions): Promise<Source> {
  const { origin, pathname } = new URL(o.src, document.baseURI);
  const pub = /^.*\/p\/pub_[A-Za-z0-9]{38}(?=(\.\w+)?$)/.exec(pathname)?.[0];
  const [file, server] = await Promise.all([
    fetchOk(pub ? `${origin}${pub}.drawio` : o.src),
    pub && o.page === 0
      ? serverOf(o, async () => {
          const r = await fetchOk(`${origin}${pub}.svg`);
          return serverSvg(await r.text(), r.headers);
        })
      : undefined,
  ]);
  return { xml: await file.text(), title: "", version: null, server };
}

/**
 * The server's SVG, asked for unless `drawio` is forced; under `auto`, nothing when it fails
 * (draw.io draws instead), so it can run beside another request without an unhandled rejection.
 */
function serverOf(
  o: SourceOptions,
  request: () => Promise<ServerSvg>,
): Promise<ServerSvg | undefined> | undefined {
  if (o.renderer === "drawio") return undefined;
  const svg = request();
  return o.renderer === "server" ? svg : svg.catch(() => undefined);
}

/** A response that is OK, or an error naming the URL (and, if it never came, why). */
async function fetchOk(src: string): Promise<Response> {
  const response = await fetch(src).catch(async () => {
    throw await blockedRequest(new URL(src, document.baseURI).href, "file");
  });
  if (!response.ok) {
    throw new WidgetError("src_failed", `could not load ${src} (HTTP ${response.status})`);
  }
  return response;
}
