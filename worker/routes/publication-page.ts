// The HTML of a publication's page (`/p/{pub}`), and of the page that says there is none.

/** The viewer the page's draw.io fallback loads when `DRAWIO_URL` is unset (the widget's own default). */
const DEFAULT_VIEWER_URL = "https://viewer.diagrams.net/";

/** A page's HTML with the policy it must be served under. */
export interface PageAnswer {
  html: string;
  csp: string;
}

/**
 * The page of a publication: the read-only viewer on the published file, and the Worker's SVG
 * in its place when draw.io's viewer cannot load. Its policy lets it load only from this Worker
 * and from the draw.io it names, so nothing a diagram names (an image in a label) is fetched
 * from anywhere else, by the page or by the viewer's renderer frame, which inherits it.
 *
 * @example
 * const { html, csp } = publicationPage("pub_…", "https://df.example/drawio/?offline=1");
 */
export function publicationPage(pub: string, drawio: string | undefined): PageAnswer {
  // A URL parsed by `new URL`: no quotes, angle brackets or spaces to escape.
  const viewer = new URL(drawio ?? DEFAULT_VIEWER_URL);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Diagram</title>
<style>body{margin:0;padding:16px;font:14px system-ui,sans-serif;background:#f6f7f9}
drawforge-viewer{max-width:1200px;margin:0 auto;display:block}</style>
<script type="module" src="/widget.js"></script></head>
<body><drawforge-viewer src="/p/${pub}.drawio" drawio-url="${viewer.href}"></drawforge-viewer>
<noscript><img src="/p/${pub}.svg" alt="Diagram"></noscript>
<script type="module">
// Where draw.io's viewer cannot load (offline, behind a firewall), show the Worker's own SVG.
const viewer = document.querySelector("drawforge-viewer");
viewer.addEventListener("drawforge-error", () => {
  const img = Object.assign(document.createElement("img"), { src: "/p/${pub}.svg", alt: "Diagram" });
  img.style.maxWidth = "100%";
  viewer.replaceWith(img);
});
</script></body></html>`;
  return { html, csp: pageCsp(viewer.origin) };
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
<style>body{font:15px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}</style>
</head><body><h1>This diagram is not published</h1>
<p>The link is wrong, or its owner stopped publishing it.</p></body></html>`,
    csp: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  };
}

/**
 * This Worker and the draw.io viewer, nothing else. Inline scripts are allowed because the
 * viewer's renderer frame is an inline document (`srcdoc`) that inherits this policy; the page
 * itself holds nothing a diagram wrote (the publication id is checked as `pub_` and letters).
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
