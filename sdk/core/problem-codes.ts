/**
 * The API's problem codes as the SDK exports them (status, retryability, meaning), taken from the
 * Worker's registry, with a guard for codes this version knows.
 */
import { PROBLEM_CODES as REGISTRY } from "../../worker/schemas/problem-codes.ts";
import type { ProblemCode } from "../types.ts";

/** What the SDK knows of a problem code. */
export interface ProblemCodeInfo {
  /** The HTTP status the API usually answers with it. */
  status: number;
  /** Whether the same request may succeed if sent again later (the SDK's retries use this). */
  retryable: boolean;
  /** What it means, in a few words. */
  summary: string;
}

/**
 * Every `code` an API problem can carry, from the same registry the Worker's errors are typed
 * by: branch on `APIError.code` with these names.
 *
 * @example
 * if (e instanceof APIError && PROBLEM_CODES[e.code as ProblemCode]?.retryable) scheduleRetry();
 */
export const PROBLEM_CODES: Readonly<Record<ProblemCode, ProblemCodeInfo>> = REGISTRY;

/**
 * True when `code` is a code of the API (a newer server may send one this SDK does not know).
 *
 * @example
 * isProblemCode(error.code); // true for "not_found"
 */
export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEM_CODES, code);
}
