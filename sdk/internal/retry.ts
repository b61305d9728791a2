import { APIError, ConnectionError } from "../core/errors.ts";

/** 409 codes that mean "busy, try again", not "you are in conflict with the data". */
const TRANSIENT_CONFLICTS = new Set(["turn_in_progress", "idempotency_in_progress"]);

/**
 * 5xx codes that say retrying will not help: the deployment lacks configuration, or the model
 * failed a turn (an expensive failure the caller should decide to repeat, and one after which
 * `POST /v1/generate` keeps its new diagram, so a blind retry would make a second one).
 */
const FINAL_SERVER_ERRORS = new Set(["turn_failed", "model_not_configured", "auth_not_configured"]);

/** A Retry-After longer than this is ignored in favour of the usual backoff. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Whether a failed attempt may be repeated. Network failures are retried only when the request
 * is safe to send twice (`replayable`): a streamed turn has no idempotency key, so a retry
 * after a dropped connection could start a second turn.
 *
 * @example
 * if (attempt < maxRetries && isRetryable(error, true)) await sleep(retryDelay(attempt, error));
 */
export function isRetryable(error: unknown, replayable: boolean): boolean {
  if (error instanceof APIError) {
    const { status, code } = error;
    if (status === 409) return TRANSIENT_CONFLICTS.has(code);
    if (status >= 500) return !FINAL_SERVER_ERRORS.has(code);
    return status === 408 || status === 429;
  }
  return replayable && error instanceof ConnectionError;
}

/**
 * How long to wait before retry number `attempt + 1`: the server's `Retry-After` (seconds or
 * an HTTP date) when it sends a sensible one, else exponential backoff from 0.5 s, capped at
 * 8 s, with up to 25 % jitter so that many clients do not retry in lockstep.
 *
 * @example
 * await sleep(retryDelay(0, error)); // about 0.4–0.5 s, or what Retry-After says
 */
export function retryDelay(attempt: number, error: unknown): number {
  const header = error instanceof APIError ? error.headers.get("retry-after") : null;
  if (header !== null) {
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (ms >= 0 && ms <= MAX_RETRY_AFTER_MS) return ms;
  }
  const base = Math.min(500 * 2 ** attempt, 8_000);
  return base * (1 - Math.random() * 0.25);
}
