/**
 * Rendering any error as an RFC 9457 problem response, or as bare problem members for webhooks and
 * batch items.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DrawioError } from "../drawio/index.ts";
import type { ProblemCode } from "../schemas/problem-codes.ts";
import { ApiError, apiErrorOfDrawio } from "./api-error.ts";

const TITLES: Partial<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  428: "Precondition Required",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** The `type` URI of a problem code: stable, and the same for every response with that code. */
export function problemType(code: ProblemCode): string {
  return `urn:drawforge:problem:${code}`;
}

/**
 * The RFC 9457 members of a problem, for places that report one without a response (webhooks,
 * batch items).
 *
 * @example
 * problemObject({ status: 502, code: "turn_failed", detail: "…" }).title; // "Bad Gateway"
 */
export function problemObject(init: { status: number; code: ProblemCode; detail: string }) {
  return {
    type: problemType(init.code),
    title: TITLES[init.status] ?? "Error",
    status: init.status,
    detail: init.detail,
    code: init.code,
  };
}

/**
 * Renders an error as RFC 9457 `application/problem+json`:
 * `{ type, title, status, detail, code, request_id, ...extra }`.
 *
 * @example
 * app.onError((err, c) => problemResponse(c, err));
 */
export function problemResponse(c: Context, err: unknown): Response {
  const error = toApiError(err);
  const requestId = (c.get("requestId") as string | undefined) ?? "";
  const body = {
    type: problemType(error.code),
    title: TITLES[error.status] ?? "Error",
    status: error.status,
    detail: error.message,
    code: error.code,
    request_id: requestId,
    ...error.extra,
  };
  const headers = new Headers(error.headers);
  headers.set("content-type", "application/problem+json");
  if (requestId) headers.set("x-request-id", requestId);
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  // A library error that reached the route (an image too large to draw): its own code.
  if (err instanceof DrawioError) return apiErrorOfDrawio(err);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return new ApiError(status, status >= 500 ? "internal_error" : "bad_request", err.message);
  }
  console.error("unhandled error", err);
  return new ApiError(
    500,
    "internal_error",
    "Something went wrong on our side; nothing was changed. Retry, and quote the request id if it persists.",
  );
}
