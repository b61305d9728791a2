/**
 * Every `code` a problem of the API can carry: its usual HTTP status, whether the same request
 * may succeed if sent again later (`retryable`), and what it means. The one list: the Worker's
 * errors are typed by it, `/openapi.json` publishes it as the enum of `Problem.code`, and the
 * SDK exports it (`PROBLEM_CODES`) and retries by it. Plain data, so the SDK bundles it as is.
 *
 * @example
 * PROBLEM_CODES.turn_in_progress.retryable; // true
 */
export const PROBLEM_CODES = {
  // The request itself
  invalid_request: { status: 422, retryable: false, summary: "a field is invalid (see `errors`)" },
  malformed_json: { status: 400, retryable: false, summary: "the body is not valid JSON" },
  invalid_utf8: { status: 400, retryable: false, summary: "the body is not UTF-8" },
  unsupported_media_type: { status: 415, retryable: false, summary: "the body is not JSON" },
  payload_too_large: { status: 413, retryable: false, summary: "the body is over 16 MB" },
  invalid_cursor: { status: 422, retryable: false, summary: "a list cursor we never issued" },
  invalid_if_match: { status: 400, retryable: false, summary: "If-Match is not a version ETag" },
  if_match_required: { status: 428, retryable: false, summary: "send If-Match (a version or *)" },
  invalid_idempotency_key: { status: 422, retryable: false, summary: "Idempotency-Key too long" },
  idempotency_key_reused: {
    status: 422,
    retryable: false,
    summary: "the Idempotency-Key was used with another body",
  },
  idempotency_in_progress: {
    status: 409,
    retryable: true,
    summary: "the first request with this Idempotency-Key is still running",
  },
  upgrade_required: { status: 426, retryable: false, summary: "this path needs a WebSocket" },
  route_not_found: { status: 404, retryable: false, summary: "no such route" },
  bad_request: { status: 400, retryable: false, summary: "the request could not be read" },
  // Who is calling
  missing_credentials: { status: 401, retryable: false, summary: "no API key or token" },
  invalid_credentials: { status: 401, retryable: false, summary: "unknown key, bad token" },
  forbidden: {
    status: 403,
    retryable: false,
    summary: "a token used outside its diagram or scope",
  },
  rate_limited: { status: 429, retryable: true, summary: "too many requests; see Retry-After" },
  // Resources
  not_found: { status: 404, retryable: false, summary: "no such diagram (for this caller)" },
  version_not_found: { status: 404, retryable: false, summary: "no such version" },
  page_not_found: { status: 404, retryable: false, summary: "no such page" },
  publication_not_found: {
    status: 404,
    retryable: false,
    summary: "no such publication, or it was revoked",
  },
  cell_not_found: { status: 404, retryable: false, summary: "no such cell" },
  library_not_found: { status: 404, retryable: false, summary: "no such shape library" },
  category_not_found: { status: 404, retryable: false, summary: "no such shape category" },
  already_exists: { status: 409, retryable: false, summary: "it exists already" },
  version_mismatch: {
    status: 412,
    retryable: false,
    summary: "If-Match names an older version (see `head_version`)",
  },
  concurrent_change: {
    status: 409,
    retryable: false,
    summary: "the diagram changed while the request ran",
  },
  // Diagram content
  invalid_xml: { status: 422, retryable: false, summary: "not a valid draw.io diagram" },
  empty_input: { status: 422, retryable: false, summary: "nothing was given" },
  malformed_xml: { status: 422, retryable: false, summary: "the XML is not well-formed" },
  unescaped_character: { status: 422, retryable: false, summary: "a bare & or < in the XML" },
  not_a_diagram: { status: 422, retryable: false, summary: "XML, but not a draw.io diagram" },
  invalid_compressed_content: {
    status: 422,
    retryable: false,
    summary: "a compressed page does not inflate",
  },
  invalid_link: { status: 422, retryable: false, summary: "not a diagrams.net link we can read" },
  invalid_graph: { status: 422, retryable: false, summary: "the graph spec is inconsistent" },
  layout_too_expensive: {
    status: 422,
    retryable: false,
    summary:
      "laying it out would cost too much (nodes, edges and the layers long edges cross, or groups nested over 50 deep); the detail names which",
  },
  image_too_large: {
    status: 422,
    retryable: false,
    summary: "the PNG would be over 4096 × 4096 px; lower the scale or ask for SVG",
  },
  render_too_expensive: {
    status: 422,
    retryable: false,
    summary:
      "drawing the page would cost too much (too many cells, label characters, waypoints, stencils or embedded images); the detail names which",
  },
  mermaid_syntax: {
    status: 422,
    retryable: false,
    summary: "the Mermaid text does not parse (see `line`, `column` and `text`)",
  },
  mermaid_unsupported: {
    status: 422,
    retryable: false,
    summary:
      "a Mermaid diagram type that is not converted (flowchart, state, class and sequence are)",
  },
  mermaid_too_large: {
    status: 413,
    retryable: false,
    summary:
      "the Mermaid text is over 256 KB, declares over 2,000 nodes, nests blocks over 50 deep, or would cost over the layout limit to lay out",
  },
  diagram_too_large: { status: 413, retryable: false, summary: "the XML is over 10 MB" },
  too_many_cells: { status: 413, retryable: false, summary: "over 50,000 cells" },
  too_many_pages: { status: 413, retryable: false, summary: "over 100 pages" },
  too_many_attributes: { status: 413, retryable: false, summary: "over 500 attributes" },
  id_too_long: { status: 413, retryable: false, summary: "a cell id over 512 characters" },
  operation_failed: {
    status: 422,
    retryable: false,
    summary: "an operation of the batch failed (see `operation`)",
  },
  xpath_too_expensive: {
    status: 422,
    retryable: false,
    summary: "an XPath `select` would cost too much (see `operation`)",
  },
  replace_text_too_expensive: {
    status: 422,
    retryable: false,
    summary: "the batch's replace_text operations would read too much",
  },
  extend_too_expensive: {
    status: 422,
    retryable: false,
    summary: "placing the new cells among the page's shapes would cost too much (see `operation`)",
  },
  // The agent and its model
  turn_in_progress: { status: 409, retryable: true, summary: "a turn is running on the diagram" },
  turn_failed: {
    status: 502,
    retryable: false,
    summary: "the model failed or drew nothing valid; nothing was saved",
  },
  turn_cancelled: {
    status: 409,
    retryable: false,
    summary: "the turn was cancelled (stop, or a newer edit); nothing was saved",
  },
  no_diagram: { status: 422, retryable: false, summary: "the model answered without drawing" },
  model_not_allowed: { status: 422, retryable: false, summary: "a model this deployment lacks" },
  model_lacks_vision: { status: 422, retryable: false, summary: "attachments need a vision model" },
  model_not_configured: { status: 503, retryable: false, summary: "no model is configured" },
  model_settings_invalid: {
    status: 503,
    retryable: false,
    summary: "a model setting is malformed (the problem's `setting` names it)",
  },
  // Batches and webhooks
  webhook_url_refused: { status: 422, retryable: false, summary: "the webhook URL points inward" },
  retries_exhausted: { status: 503, retryable: false, summary: "an item failed every attempt" },
  item_lost: {
    status: 503,
    retryable: false,
    summary: "an item's worker kept stopping; it was given up",
  },
  // The deployment
  auth_not_configured: { status: 503, retryable: false, summary: "no API keys are configured" },
  widget_not_built: { status: 404, retryable: false, summary: "run npm run widget:build" },
  internal_error: { status: 500, retryable: true, summary: "a bug on our side" },
} as const satisfies Record<string, { status: number; retryable: boolean; summary: string }>;

/** A problem code of the API. */
export type ProblemCode = keyof typeof PROBLEM_CODES;

/** The codes, for `z.enum` and for lists. */
export const PROBLEM_CODE_NAMES = Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]];

/**
 * True for a code of the registry.
 *
 * @example
 * isProblemCode("not_found"); // true
 */
export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEM_CODES, code);
}
