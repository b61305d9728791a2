// The HTML of a publication's page (`/p/{pub}`), and of the page that says there is none.

import { html } from "hono/html";
import { fileName } from "../diagram/views.ts";
import { FAVICON_PATH } from "./favicon.ts";

/** The viewer the page's draw.io fallback loads when `DRAWIO_URL` is unset (the widget's own default). */
const DEFAULT_VIEWER_URL = "https://viewer.diagrams.net/";

/** A page's HTML with the policy it must be served under. */
export interface PageAnswer {
  html: string;
  csp: string;
}

/** What a publication's page shows. */
export interface PublicationPageInput {
  /** The publication id (`pub_…`). */
  pub: string;
  /** The diagram's title, as its owner wrote it (escaped here: anyone may read the page). */
  title: string;
  /** This Worker's origin, for the absolute URLs link previews need. */
  origin: string;
  /** The draw.io the viewer loads, or undefined for diagrams.net's viewer. */
  drawio: string | undefined;
}

/**
 * The page of a publication: its title, links to download its SVG, PNG and `.drawio` file, the
 * read-only viewer on the published file, and the Worker's SVG in its place when draw.io's
 * viewer cannot load. Open Graph and Twitter tags name the PNG, so a pasted link unfurls with
 * the picture. Its policy lets it load only from this Worker and from the draw.io it names, so
 * nothing a diagram names (an image in a label) is fetched from anywhere else, by the page or by
 * the viewer's renderer frame, which inherits it.
 *
 * @example
 * const { html, csp } = publicationPage({ pub: "pub_…", title: "Checkout", origin, drawio });
 */
export function publicationPage(input: PublicationPageInput): PageAnswer {
  const { pub, origin } = input;
  const title = input.title.trim() || "Diagram";
  // A URL parsed by `new URL` is written through the same escaping as everything else.
  const viewer = new URL(input.drawio ?? DEFAULT_VIEWER_URL);
  const page = `${origin}/p/${pub}`;
  const name = fileName(title);
  // hono/html escapes every interpolation: a title cannot end an attribute or open a tag.
  const body = html`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<meta property="og:type" content="website"><meta property="og:site_name" content="Drawforge">
<meta property="og:title" content="${title}"><meta property="og:url" content="${page}">
<meta property="og:image" content="${page}.png"><meta property="og:image:type" content="image/png">
<meta property="og:image:alt" content="${title}">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="${title}">
<meta name="twitter:image" content="${page}.png">
<style>body{margin:0;padding:16px;font:14px system-ui,sans-serif;background:#f6f7f9;color:#1f2328}
header,drawforge-viewer,main>img{max-width:1200px;margin:0 auto;display:block}
header{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 16px;margin-bottom:12px}
h1{font-size:20px;margin:0;overflow-wrap:anywhere}nav{color:#57606a}nav a{color:#0b62c4;margin-left:8px}</style>
<script type="module" src="/widget.js"></script></head>
<body><header><h1>${title}</h1>
<nav aria-label="Downloads">Download
<a href="/p/${pub}.svg" download="${name}.svg" type="image/svg+xml">SVG</a>
<a href="/p/${pub}.png" download="${name}.png" type="image/png">PNG</a>
<a href="/p/${pub}.drawio" download="${name}.drawio">draw.io file</a></nav></header>
<main><drawforge-viewer src="/p/${pub}.drawio" drawio-url="${viewer.href}"></drawforge-viewer>
<noscript><img src="/p/${pub}.svg" alt="${title}"></noscript></main>
<script type="module">
// Where draw.io's viewer cannot load (offline, behind a firewall), show the Worker's own SVG.
const viewer = document.querySelector("drawforge-viewer");
viewer.addEventListener("drawforge-error", () => {
  const src = viewer.getAttribute("src").replace(/\\.drawio$/, ".svg");
  const img = Object.assign(document.createElement("img"), { src, alt: document.title });
  img.style.maxWidth = "100%";
  viewer.replaceWith(img);
});
</script></body></html>`;
  return { html: String(body), csp: pageCsp(viewer.origin) };
}

/**
 * The page for a link that shows nothing (unknown, revoked, or its diagram deleted).
 *
 * @example
 * c.html(missingPublicationPage().html, 404);
 */
export function missingPublicationPage(): PageAnswer {
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No such diagram</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<style>body{font:15px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}</style>
</head><body><h1>This diagram is not published</h1>
<p>The link is wrong, or its owner stopped publishing it.</p></body></html>`,
    csp: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  };
}

/**
 * This Worker and the draw.io viewer, nothing else. Inline scripts are allowed because the
 * viewer's renderer frame is an inline document (`srcdoc`) that inherits this policy; the page's
 * own script holds nothing a diagram wrote, and the title is escaped wherever it appears.
 */
function pageCsp(viewer: string): string {
  const from = `'self' ${viewer}`;
  return [
    "default-src 'none'",
    `script-src ${from} 'unsafe-inline'`,
    `style-src ${from} 'unsafe-inline'`,
    `img-src ${from} data: blob:`,
    `font-src ${from} data:`,
    `connect-src ${from}`,
    `frame-src ${from}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
