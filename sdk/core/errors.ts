/**
 * The SDK's error classes: `DrawforgeError` at the root, `APIError` with a subclass per status,
 * the network, timeout, abort and webhook errors, and `errorFromResponse` to pick the right one.
 */
import type { Problem, ProblemCode } from "../types.ts";

/**
 * The base of every error the SDK throws: `catch (e) { if (e instanceof DrawforgeError) … }`
 * catches them all and nothing else.
 *
 * @example
 * try { await df.diagrams.retrieve(id); } catch (e) { if (e instanceof DrawforgeError) log(e.message); }
 */
export class DrawforgeError extends Error {
  override name = "DrawforgeError";
}

/**
 * The API answered with an error (`application/problem+json`). Branch on `code`, which is
 * stable; `detail` is for people. `problem` holds the whole body, with members such as
 * `head_version`, `findings` or `errors` where the API adds them.
 *
 * @example
 * catch (e) { if (e instanceof APIError && e.code === "version_mismatch") reload(e.problem?.head_version); }
 */
export class APIError extends DrawforgeError {
  override name = "APIError";
  /** The HTTP status. */
  readonly status: number;
  /**
   * The stable machine-readable code, e.g. `not_found` or `version_mismatch` (every code is in
   * `PROBLEM_CODES`); `http_error` when the answer carried no problem body.
   */
  readonly code: ProblemCode | "http_error" | (string & {});
  /** What went wrong, in words. */
  readonly detail: string;
  /** The request id to quote in a support request (`x-request-id`). */
  readonly requestId: string | undefined;
  /** The response headers (`Retry-After`, `ETag`…). */
  readonly headers: Headers;
  /** The parsed problem body, when the API sent one. */
  readonly problem: Problem | undefined;

  constructor(status: number, problem: Problem | undefined, headers: Headers, fallback: string) {
    const code = problem?.code ?? "http_error";
    const detail = problem?.detail ?? fallback;
    super(`${status} ${code}: ${detail}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.requestId = problem?.request_id || headers.get("x-request-id") || undefined;
    this.headers = headers;
    this.problem = problem;
  }
}

/** 400: the body was not valid JSON or not UTF-8. */
export class BadRequestError extends APIError {
  override name = "BadRequestError";
}
/** 401: no API key, or an unknown one. */
export class AuthenticationError extends APIError {
  override name = "AuthenticationError";
}
/** 403: a widget token used outside its diagram or scope. */
export class PermissionDeniedError extends APIError {
  override name = "PermissionDeniedError";
}
/** 404: no such diagram for this key, no such version, library or route. */
export class NotFoundError extends APIError {
  override name = "NotFoundError";
}
/** 409: a turn is running on the diagram, or the same `Idempotency-Key` is still in progress. */
export class ConflictError extends APIError {
  override name = "ConflictError";
}
/** 412: `ifMatch` named an older version; `problem.head_version` is the current one. */
export class PreconditionFailedError extends APIError {
  override name = "PreconditionFailedError";
}
/** 413: the body, the XML or the number of cells is over a limit. */
export class PayloadTooLargeError extends APIError {
  override name = "PayloadTooLargeError";
}
/** 422: a field, the XML, an operation or a graph is invalid (`errors`, `findings`, …). */
export class UnprocessableEntityError extends APIError {
  override name = "UnprocessableEntityError";
}
/** 429: too many requests for this key; retried automatically after `Retry-After`. */
export class RateLimitError extends APIError {
  override name = "RateLimitError";
}
/** 5xx: the service failed or is not configured (`model_not_configured`, `turn_failed`…). */
export class InternalServerError extends APIError {
  override name = "InternalServerError";
}

/** The request never got an answer: DNS, refused connection, reset, or an unreadable body. */
export class ConnectionError extends DrawforgeError {
  override name = "ConnectionError";
}

/** No answer within `timeout` milliseconds (after every retry), or a batch that `waitFor` gave up on. */
export class TimeoutError extends ConnectionError {
  override name = "TimeoutError";
}

/** The caller's `signal` aborted the request (or a stream was cancelled). */
export class AbortError extends DrawforgeError {
  override name = "AbortError";
}

/** A webhook's signature, timestamp or body did not check out: do not trust it. */
export class WebhookVerificationError extends DrawforgeError {
  override name = "WebhookVerificationError";
}

const BY_STATUS: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  413: PayloadTooLargeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * Reads an error response into the most specific {@link APIError} for its status. A body that
 * is not a problem (a proxy's HTML page, say) still gives an error with the status text.
 *
 * @example
 * if (!res.ok) throw await errorFromResponse(res);
 */
export async function errorFromResponse(res: Response): Promise<APIError> {
  const text = await res.text().catch(() => "");
  let problem: Problem | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isProblem(parsed)) problem = parsed;
  } catch {
    // Not JSON: keep the start of the text as the detail below.
  }
  const Class = BY_STATUS[res.status] ?? (res.status >= 500 ? InternalServerError : APIError);
  return new Class(res.status, problem, res.headers, text.slice(0, 200) || res.statusText);
}

function isProblem(value: unknown): value is Problem {
  const v = value as Partial<Problem> | null;
  return typeof v === "object" && v !== null && typeof v.code === "string";
}
