/**
 * Widget failures: `WidgetError` with its own stable codes, the `dft_` prefix of widget tokens, and
 * turning any error into a `drawforge-error` detail.
 */
import { APIError, DrawforgeError } from "../../sdk/index.ts";

/** Every widget token starts with this; anything else is an API key and stays out of pages. */
export const TOKEN_PREFIX = "dft_";

/**
 * An error of the widget itself, with a stable code (`missing_token`, `not_a_widget_token`,
 * `drawio_failed`, …) like the API's problem codes.
 *
 * @example
 * throw new WidgetError("drawio_failed", "draw.io did not answer");
 */
export class WidgetError extends Error {
  override name = "WidgetError";
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The `detail` of a `drawforge-error` event for any failure: the API's problem code and
 * status, a widget code (also when the widget explained an SDK error, as its `cause`), or
 * `unexpected`.
 *
 * @example
 * catch (error) { emit(this, "drawforge-error", errorDetail(error)); }
 */
export function errorDetail(error: unknown): { code: string; message: string; status?: number } {
  if (error instanceof APIError) {
    return { code: error.code, message: error.detail, status: error.status };
  }
  const widget =
    error instanceof DrawforgeError && error.cause instanceof WidgetError ? error.cause : error;
  if (widget instanceof WidgetError) return { code: widget.code, message: widget.message };
  if (error instanceof DrawforgeError) return { code: "network_error", message: error.message };
  return { code: "unexpected", message: error instanceof Error ? error.message : String(error) };
}
