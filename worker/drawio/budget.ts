/**
 * The library's one way to bound work that an input can make large: a path first estimates its
 * cost from the input and refuses before it starts (`refuseOver`), then charges a budget inside
 * its loops as it goes (`WorkBudget`), so an estimate that was too kind still stops in time.
 */

import { DrawioError, type DrawioErrorCode } from "./errors.ts";

// Budgets count units of work, never milliseconds: a Worker's clock does not move while it
// computes, and the same input must give the same answer on a busy machine as on an idle one.

/**
 * Work that may be done for one request, in units the caller defines (a cell drawn, a glyph
 * shaped, a node visited). `charge` throws the error `spent` makes once the units run out;
 * `tryCharge` answers false instead, for work that may stop early and say so (the lint).
 *
 * @example
 * const budget = new WorkBudget(1_000_000, () => new DrawioError("render_too_expensive", "…"));
 * for (const cell of cells) budget.charge(1 + labelLength(cell));
 * const lint = new WorkBudget(2_000_000);
 * for (const pair of pairs) if (!lint.tryCharge(1)) break;
 */
export class WorkBudget {
  readonly limit: number;
  readonly #spent: (() => DrawioError) | undefined;
  #remaining: number;
  #refused = false;

  constructor(limit: number, spent?: () => DrawioError) {
    this.limit = limit;
    this.#remaining = limit;
    this.#spent = spent;
  }

  /** Takes `units` from the budget; throws when it is spent. */
  charge(units: number): void {
    this.#remaining -= units;
    if (this.#remaining < 0) {
      throw this.#spent?.() ?? new RangeError(`a work budget of ${this.limit} units is spent`);
    }
  }

  /** Takes `units` from the budget; false (taking nothing) when they are not left. */
  tryCharge(units: number): boolean {
    if (this.#remaining < units) {
      this.#refused = true;
      return false;
    }
    this.#remaining -= units;
    return true;
  }

  /** True once a `tryCharge` could not be paid, or a `charge` overdrew. */
  get spent(): boolean {
    return this.#refused || this.#remaining < 0;
  }

  /** The units used so far. */
  get used(): number {
    return this.limit - this.#remaining;
  }
}

/** One measured part of an input's cost: what it is, how much there is, and the most allowed. */
export interface CostFactor {
  /**
   * What is counted, as a reader would say it ("cells", "characters in one label"), or how to
   * say it, asked only when the input is refused.
   */
  what: string | (() => string);
  count: number;
  limit: number;
}

/**
 * Refuses, before any work, an input whose estimated cost exceeds a limit: the first factor
 * over its limit becomes a {@link DrawioError} with `code` whose message names the count, the
 * limit and what to do.
 *
 * @example
 * refuseOver("render_too_expensive", [{ what: "cells", count: 60_000, limit: 50_000 }], "split the page");
 */
export function refuseOver(
  code: DrawioErrorCode,
  factors: readonly CostFactor[],
  advice: string,
): void {
  for (const { what, count, limit } of factors) {
    if (count <= limit) continue;
    throw new DrawioError(
      code,
      `${typeof what === "function" ? what() : what}: ${count.toLocaleString("en-US")}, over the limit of ${limit.toLocaleString("en-US")}; ${advice}`,
    );
  }
}
