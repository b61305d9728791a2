/**
 * The retry policy behind the transport: which failures deserve another attempt, and how long to
 * wait first (`Retry-After`, else jittered backoff).
 */
import { FINAL_SERVER_CODES, RETRYABLE_CONFLICTS } from "../../worker/schemas/problem-retries.ts";
import { APIError, ConnectionError } from "../core/errors.ts";

/** 409s that mean "busy, try again", per the registry. */
const RETRYABLE = new Set<string>(RETRYABLE_CONFLICTS);
/** 5xx codes that say a retry will not help, per the registry. */
const FINAL = new Set<string>(FINAL_SERVER_CODES);

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
    // The registry decides (through two lists, not the whole registry, to keep the widget
    // small): a 409 that means "busy" (a turn or an idempotent request still running) is
    // retried, not a conflict with the data; every 5xx is, except those that say the deployment
    // lacks configuration, a batch gave up, or the model failed a turn. A 5xx without a known
    // code (a proxy, say) is retried.
    if (status === 409) return RETRYABLE.has(code);
    if (status >= 500) return !FINAL.has(code);
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
