/**
 * Schemas every route shares: the problem body and error responses, ids and version numbers,
 * paging, and the `If-Match`, `Prefer` and `Idempotency-Key` headers.
 */
import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";
import { PROBLEM_CODE_NAMES } from "./problem-codes.ts";

/** An RFC 9457 problem, as every error response of the API carries it. */
export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: "urn:drawforge:problem:not_found" }),
    title: z.string().openapi({ example: "Not Found" }),
    status: z.number().int().openapi({ example: 404 }),
    detail: z.string().openapi({ example: "diagram d_8f2… does not exist" }),
    code: z.enum(PROBLEM_CODE_NAMES).openapi({
      description:
        "Stable machine-readable code; branch on this, not on `detail`. The SDK exports every code with its usual status and whether a retry may help (`PROBLEM_CODES`).",
      example: "not_found",
    }),
    request_id: z.string().openapi({ example: "req_5b1e0c8d2f3a4e6b9c7d1a2b3c4d5e6f" }),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "For `invalid_request`: each offending field." }),
  })
  .catchall(z.unknown())
  .openapi("Problem", {
    description:
      "An error (RFC 9457). Some codes add members: `findings` (invalid_xml), `operation` " +
      "(operation_failed, xpath_too_expensive, replace_text_too_expensive), `head_version` (version_mismatch), `limit_bytes` (payload_too_large).",
  });

const ERROR_TEXT: Record<number, string> = {
  400: "The body is not valid JSON or not UTF-8 (`malformed_json`, `invalid_utf8`).",
  401: "No or unknown credentials (`missing_credentials`, `invalid_credentials`).",
  403: "A widget token used outside its diagram or scope (`forbidden`).",
  404: "No such diagram for this caller, or no such version (`not_found`).",
  409: "The same `Idempotency-Key` is still being processed (`idempotency_in_progress`).",
  412: "`If-Match` names an older version (`version_mismatch`; the body has `head_version`).",
  413: "The body, the XML, the number of cells or pages, the attributes of one element or a cell id is over the limit (`payload_too_large`, `diagram_too_large`, `too_many_cells`, `too_many_pages`, `too_many_attributes`, `id_too_long`).",
  415: "The body is not JSON (`unsupported_media_type`).",
  422: "A field is invalid (`invalid_request`, with `errors`), or the diagram is (`invalid_xml`, `operation_failed`), or an XPath `select` or the batch's `replace_text` operations would cost too much (`xpath_too_expensive`, `replace_text_too_expensive`).",
  428: "`If-Match` is required here (`if_match_required`): a version, or `*` for whatever version is current.",
  429: "Too many requests for this key (`rate_limited`; see `Retry-After`).",
  502: "The model failed or never produced a valid diagram (`turn_failed`); nothing was saved.",
  503: "The service is not configured (`auth_not_configured`, or `model_not_configured` / `model_settings_invalid` for AI endpoints, with the `setting` to fix).",
};

/**
 * The error responses of a route, each described and typed as a {@link ProblemSchema}.
 *
 * @example
 * responses: { 200: …, ...errorResponses(404, 422) }
 */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set([401, 429, 503, ...statuses])].sort();
  return Object.fromEntries(
    all.map((status) => [
      status,
      {
        description: ERROR_TEXT[status] ?? "Error",
        content: { "application/problem+json": { schema: ProblemSchema } },
      },
    ]),
  );
}

/** Diagram ids are random and URL-safe. */
export const DiagramIdSchema = z
  .string()
  .regex(/^d_[A-Za-z0-9]{10,40}$/, "not a diagram id")
  .openapi({ example: "d_3kTq9ZpL0mWv8XcR2aYb1N" });

/** Where a finished diagram can be opened, fetched or seen (API credentials where needed). */
export const DiagramLinksSchema = z
  .object({
    api: z.string(),
    diagrams_net: z.string(),
    editor: z.string(),
    svg: z.string().openapi({ description: "The first page as SVG (same credentials)." }),
    png: z.string().openapi({ description: "The first page as PNG (same credentials)." }),
  })
  .openapi("DiagramLinks");

export const DiagramParamsSchema = z.object({
  id: DiagramIdSchema.openapi({ param: { name: "id", in: "path" } }),
});

/** A version number: 1 for the first version, then one more for every change. */
export const VersionNumberSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31)
  .openapi({ example: 3 });

export const VersionParamsSchema = DiagramParamsSchema.extend({
  n: VersionNumberSchema.openapi({ param: { name: "n", in: "path" } }),
});

/** `?cursor=&limit=`, the same on every list. */
export const PageQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "`next_cursor` from the previous page." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.pageSize.max)
    .default(LIMITS.pageSize.default)
    .openapi({ description: `Items per page (1–${LIMITS.pageSize.max}).` }),
});

/** `next_cursor` of every list: the cursor of the next page, null on the last. */
export const NextCursorSchema = z
  .string()
  .nullable()
  .openapi({ description: "Pass as `cursor`; null at the end." });

/**
 * The shape of every list: `{ items, next_cursor }`, `next_cursor` null on the last page.
 *
 * @example
 * listOf(VersionSummarySchema, "VersionList")
 */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ items: z.array(item), next_cursor: NextCursorSchema }).openapi(name);
}

/**
 * A {@link listOf} list that also counts what matches, over every page: `{ items, next_cursor,
 * total }`.
 *
 * @example
 * countedListOf(DiagramSummarySchema, "DiagramList")
 */
export function countedListOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      next_cursor: NextCursorSchema,
      total: z.number().int().openapi({ description: "Items that match, over all pages." }),
    })
    .openapi(name);
}

/** `If-Match: "<version>"`, the ETag of the version a change is based on. */
export const IfMatchHeaderSchema = z.object({
  "if-match": z.string().optional().openapi({
    description:
      'The ETag of the version you edited, e.g. `"3"`; `*` means whatever version is current (RFC 9110).',
    example: '"3"',
  }),
});

/** `Prefer: return=representation` (RFC 7240): answer a write with the diagram's XML too. */
export const PreferHeaderSchema = z.object({
  prefer: z.string().optional().openapi({
    description:
      "`return=representation` to get the diagram's XML in the answer; by default writes answer with its metadata only.",
    example: "return=representation",
  }),
});

/** `Idempotency-Key`: the same key and body within 24 h return the first result. */
export const IdempotencyHeaderSchema = z.object({
  "idempotency-key": z.string().optional().openapi({
    description:
      "Any unique string (≤255 chars). Retrying with the same key and body within 24 h returns the first result instead of doing the work twice.",
    example: "4f1c2b6e-0a9d-4c3e-8f7a-2d5b9e1c0a44",
  }),
});
