import { APIError, ConnectionError } from "../core/errors.ts";
import { isProblemCode, PROBLEM_CODES } from "../core/problem-codes.ts";

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
    // The registry says which codes a retry may fix: a 409 that means "busy" (a turn or an
    // idempotent request still running), not a conflict with the data; every 5xx except those
    // that say the deployment lacks configuration or the model failed a turn (an expensive
    // failure the caller should decide to repeat: a blind retry of /v1/generate would make a
    // second diagram). A 5xx without a known code (a proxy, say) is retried.
    const known = isProblemCode(code) ? PROBLEM_CODES[code] : undefined;
    if (status === 409) return known?.retryable === true;
    if (status >= 500) return known === undefined || known.retryable;
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
