/**
 * The four ways a diagram's flow can run: spelled once, for the layout's graph spec and for the
 * judges of routes that ask whether an edge runs against the flow.
 */

/** The way the flow runs: where edges point. */
export const DIRECTIONS = ["down", "right", "up", "left"] as const;

/** One of {@link DIRECTIONS}. */
export type Direction = (typeof DIRECTIONS)[number];
