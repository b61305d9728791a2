/**
 * Why a browser request failed with nothing but "TypeError: Failed to fetch": CORS (the server
 * answers, but not to this page) or no answer at all, told apart by asking the server once more
 * in a way CORS does not block, and said with the setting that fixes it.
 */
import { WidgetError } from "./errors.ts";

/** How long the second look may take. */
const PROBE_TIMEOUT_MS = 5_000;

/** Whose URL failed: the Drawforge API (fixed by `ALLOWED_ORIGINS`) or another file's host. */
export type BlockedKind = "api" | "file";

/**
 * The widget's error for a request to `url` that failed without an answer the page may read.
 * A browser hides whether CORS refused it or the server never answered, but a `no-cors` request
 * (whose answer the page cannot read, so CORS lets it through) still tells whether the server
 * answers. Across origins, `cors_blocked` when it does and `network_error` when it does not,
 * both naming what to set; on the page's own origin CORS plays no part: `network_error`.
 *
 * @example
 * const error = await blockedRequest("https://df.example/v1/diagrams/d_1", "api");
 * error.message; // "The request to the Drawforge API at https://df.example was blocked: …"
 */
export async function blockedRequest(url: string, kind: BlockedKind): Promise<WidgetError> {
  const { origin } = new URL(url, document.baseURI);
  const page = location.origin;
  const what = kind === "api" ? `the Drawforge API at ${origin}` : url;
  if (origin === page) {
    return new WidgetError(
      "network_error",
      `Could not reach ${what}: the server did not answer or the network is down.`,
    );
  }
  const fix =
    kind === "api"
      ? `add this page's origin, ${page}, to ALLOWED_ORIGINS on the Worker (a comma-separated list)`
      : `${origin} must answer this page's origin, ${page}, with Access-Control-Allow-Origin`;
  if (await answers(url)) {
    return new WidgetError(
      "cors_blocked",
      `The request to ${what} was blocked: the server answers, so the likely cause is CORS — ${fix}.`,
    );
  }
  return new WidgetError(
    "network_error",
    `Could not reach ${what}: the request was blocked or the server is unreachable. If ${origin} is up, the likely cause is CORS — ${fix}.`,
  );
}

/**
 * Whether anything answers at `url`, whatever it answers: a `no-cors` request resolves (with an
 * opaque response the page cannot read) if so, and CORS does not stop it. A HEAD: only whether,
 * not what.
 *
 * @example
 * await answers("https://embed.diagrams.net/"); // true when it is up
 */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, {
      method: "HEAD",
      mode: "no-cors",
      credentials: "omit",
      cache: "no-store",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}
