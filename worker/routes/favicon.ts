/**
 * The site's icon: one small SVG at `/favicon.svg`, which the pages link, and at `/favicon.ico`,
 * which browsers ask for on their own, so neither answers 404.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { INERT_CSP } from "../http/public-headers.ts";

/** Where the pages' `<link rel="icon">` points. */
export const FAVICON_PATH = "/favicon.svg";

/** Two boxes joined by a connector, white on blue: a diagram at 16 px. */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#1e5fa8"/>' +
  '<path d="M10.5 14v8.5H17" fill="none" stroke="#fff" stroke-width="2.5"/>' +
  '<rect x="4.5" y="5" width="12" height="9" rx="2" fill="#fff"/>' +
  '<rect x="17" y="18" width="11" height="9" rx="2" fill="#fff"/></svg>';

/**
 * `/favicon.svg` and `/favicon.ico`: the icon, kept a day by browsers, running nothing.
 *
 * @example
 * app.route("/", favicon);
 */
export const favicon = new Hono<AppEnv>();

favicon.get("/favicon.svg", serveIcon);
// Browsers fetch /favicon.ico whatever a page links; an SVG body serves them as well.
favicon.get("/favicon.ico", serveIcon);

function serveIcon(c: Context<AppEnv>) {
  return c.body(ICON, 200, {
    "content-type": "image/svg+xml",
    "cache-control": "public, max-age=86400",
    "content-security-policy": INERT_CSP,
    "x-content-type-options": "nosniff",
  });
}
