/**
 * `ApiError`, the one error the HTTP layer throws, its serialisable form for RPC, and how a draw.io
 * library error maps onto it.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DrawioError } from "../drawio/index.ts";
import { isProblemCode, PROBLEM_CODES, type ProblemCode } from "../schemas/problem-codes.ts";

/**
 * The one error type of the HTTP layer. Thrown anywhere below a route, rendered by
 * `app.onError` as `application/problem+json` with the same `code` every time.
 *
 * @example
 * throw new ApiError(404, "not_found", `diagram ${id} does not exist`);
 * throw new ApiError(412, "version_mismatch", "the diagram changed", { head_version: 7 });
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: ContentfulStatusCode;
  readonly code: ProblemCode;
  /** Extra members merged into the problem body (`errors`, `findings`, `head_version`…). */
  readonly extra: ProblemExtra;
  /** Extra response headers (`Retry-After`, `WWW-Authenticate`…). */
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: ProblemCode,
    detail: string,
    extra: ProblemExtra = {},
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

/**
 * What a problem's extra members may hold (`findings`, `operation`, `head_version`…): plain
 * data, typed so that a failed outcome keeps its type across RPC.
 */
export type ProblemExtra = Record<string, string | number | boolean | null | object>;

/** The serialisable form of an {@link ApiError}, as Durable Objects return it over RPC. */
export interface ProblemInit {
  status: ContentfulStatusCode;
  code: ProblemCode;
  detail: string;
  extra?: ProblemExtra;
  headers?: Record<string, string>;
}

/** Rebuilds an {@link ApiError} from its RPC form. */
export function apiErrorFrom(init: ProblemInit): ApiError {
  return new ApiError(init.status, init.code, init.detail, init.extra ?? {}, init.headers ?? {});
}

/**
 * A draw.io library error outside an operation as the API answers it: its code is a problem
 * code, with that code's status (404 for a missing page or cell, else mostly 422).
 *
 * @example
 * throw apiErrorOfDrawio(new DrawioError("page_not_found", "no page 3")); // 404 page_not_found
 */
export function apiErrorOfDrawio(error: DrawioError): ApiError {
  const code = isProblemCode(error.code) ? error.code : "invalid_request";
  // Where in the input the fault is (Mermaid text, XML), for the caller to point at.
  const extra: ProblemExtra = {};
  if (error.line !== undefined) extra.line = error.line;
  if (error.column !== undefined) extra.column = error.column;
  if (error.text !== undefined) extra.text = error.text;
  return new ApiError(PROBLEM_CODES[code].status, code, error.message, extra);
}
