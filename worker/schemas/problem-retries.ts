/**
 * Which problem codes a client may retry and which it must not, as short lists the compiler keeps
 * in step with the registry.
 */
import type { PROBLEM_CODES, ProblemCode } from "./problem-codes.ts";

/** The codes whose registry entry has the properties of `Entry`. */
type CodesWhere<Entry> = {
  [K in ProblemCode]: (typeof PROBLEM_CODES)[K] extends Entry ? K : never;
}[ProblemCode];

/** Compiles only when `Missing` is `never`: a list below left out a code of its kind. */
type Complete<Missing extends never> = Missing;

/** A 5xx status of the registry. */
type ServerStatus = 500 | 501 | 502 | 503 | 504;

/**
 * The 409s a retry may fix (`retryable: true` in the registry): "busy, try again", not a
 * conflict with the data. The SDK's retries read this and {@link FINAL_SERVER_CODES} instead of
 * the registry (other statuses decide by themselves), so that every page that loads the widget
 * does not download the registry's summaries. The compiler holds both lists to the registry: a
 * code missing here, or one the registry does not describe so, does not compile.
 *
 * @example
 * new Set<string>(RETRYABLE_CONFLICTS).has("turn_in_progress"); // true
 */
export const RETRYABLE_CONFLICTS = [
  "idempotency_in_progress",
  "turn_in_progress",
] as const satisfies readonly CodesWhere<{ retryable: true; status: 409 }>[];

/**
 * The 5xx codes a retry will not fix (`retryable: false`): the deployment lacks configuration,
 * a batch gave up, or the model failed a turn (an expensive failure the caller should decide to
 * repeat: a blind retry of `POST /v1/generate` would make a second diagram). Held to the
 * registry like {@link RETRYABLE_CONFLICTS}.
 *
 * @example
 * new Set<string>(FINAL_SERVER_CODES).has("turn_failed"); // true
 */
export const FINAL_SERVER_CODES = [
  "turn_failed",
  "model_not_configured",
  "model_settings_invalid",
  "retries_exhausted",
  "item_lost",
  "auth_not_configured",
] as const satisfies readonly CodesWhere<{ retryable: false; status: ServerStatus }>[];

export type RetryableListComplete = Complete<
  Exclude<CodesWhere<{ retryable: true; status: 409 }>, (typeof RETRYABLE_CONFLICTS)[number]>
>;
export type FinalListComplete = Complete<
  Exclude<
    CodesWhere<{ retryable: false; status: ServerStatus }>,
    (typeof FINAL_SERVER_CODES)[number]
  >
>;
