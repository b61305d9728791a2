/**
 * Totals of the `extend` bench: per peer, the figures of every accepted edit added up, with
 * the median distance ratio and the share of edits accepted.
 */
import { median } from "../stats.ts";
import type { ExtendCase } from "./cases.ts";
import type { ExtendFigures } from "./measure.ts";

/** What one peer's edit came to: its figures, or the code it was refused with. */
export type Outcome =
  | { accepted: true; figures: ExtendFigures }
  | { accepted: false; code: string; message: string };

/** One case with both peers' outcomes (`ours` is missing while `add_graph` is not built). */
export interface CaseResult {
  case: ExtendCase;
  ours?: Outcome;
  baseline: Outcome;
}

/** The figures of many edits of one peer. */
export interface Totals {
  edits: number;
  accepted: number;
  moved: number;
  grown: number;
  overlaps: number;
  through: number;
  outside: number;
  shared: number;
  dangling: number;
  nodes: number;
  edges: number;
  /** Median over the edits' distance ratios; undefined without any. */
  distanceRatio: number | undefined;
  /** Refusals by code. */
  refused: Map<string, number>;
}

const SUMMED = [
  "moved",
  "grown",
  "overlaps",
  "through",
  "outside",
  "shared",
  "dangling",
  "nodes",
  "edges",
] as const;

/**
 * Adds up outcomes.
 *
 * @example
 * tally(results.map((r) => r.baseline)).overlaps; // 97
 */
export function tally(outcomes: readonly Outcome[]): Totals {
  const totals: Totals = {
    edits: outcomes.length,
    accepted: 0,
    moved: 0,
    grown: 0,
    overlaps: 0,
    through: 0,
    outside: 0,
    shared: 0,
    dangling: 0,
    nodes: 0,
    edges: 0,
    distanceRatio: undefined,
    refused: new Map(),
  };
  const ratios: number[] = [];
  for (const outcome of outcomes) {
    if (!outcome.accepted) {
      totals.refused.set(outcome.code, (totals.refused.get(outcome.code) ?? 0) + 1);
      continue;
    }
    totals.accepted++;
    for (const key of SUMMED) totals[key] += outcome.figures[key];
    if (outcome.figures.distanceRatio !== undefined) ratios.push(outcome.figures.distanceRatio);
  }
  if (ratios.length > 0) totals.distanceRatio = median(ratios);
  return totals;
}

/** The share of edits accepted (1 for none). */
export function acceptedShare(totals: Totals): number {
  return totals.edits === 0 ? 1 : totals.accepted / totals.edits;
}

/**
 * The JSON figures of one peer, keys prefixed (`extend_`, `baseline_`).
 *
 * @example
 * figuresOf("extend", tally(ours)); // { extend_moved_total: 0, … }
 */
export function figuresOf(prefix: string, t: Totals): Record<string, number | null> {
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    [`${prefix}_moved_total`]: t.moved,
    [`${prefix}_grown_total`]: t.grown,
    [`${prefix}_overlaps_total`]: t.overlaps,
    [`${prefix}_through_total`]: t.through,
    [`${prefix}_outside_total`]: t.outside,
    [`${prefix}_shared_total`]: t.shared,
    [`${prefix}_dangling_total`]: t.dangling,
    [`${prefix}_distance_ratio`]: t.distanceRatio === undefined ? null : round3(t.distanceRatio),
    [`${prefix}_accepted_share`]: round3(acceptedShare(t)),
    [`${prefix}_new_shapes`]: t.nodes,
    [`${prefix}_new_edges`]: t.edges,
  };
}
