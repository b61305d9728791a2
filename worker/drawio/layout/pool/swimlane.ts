/**
 * Which specs are swimlane diagrams the layout draws as one pool (`poolOf`), and the frame of
 * such a pool's lanes: header, padding, the pool's title.
 */
import type { GraphSpec } from "../spec.ts";

/** A swimlane diagram: its lanes in spec order, and the group that holds them, if any. */
export interface Pool {
  /** Spec group indexes of the lanes, in the order they are stacked. */
  lanes: number[];
  /** Spec group index of the pool around the lanes, if the lanes have a parent. */
  pool?: number;
  /** Lane (position in `lanes`) of each spec node, by node index. */
  laneOfNode: number[];
}

/** A lane's header (draw.io's `startSize`). */
export const HEADER = 30;
/** The room around the steps inside a lane. */
export const LANE_PADDING = 24;
/** Room above the lanes for a pool's title. */
export const POOL_TITLE = 34;

/**
 * Whether a spec is a swimlane diagram we lay out as one pool: two or more `swimlane` groups
 * that hold only nodes, every node in one of them, and at most one group (the pool) around
 * them. Other specs (lanes beside other groups, nested lanes) get the general layout.
 *
 * @example
 * poolOf(spec)?.lanes; // [0, 1, 2]
 */
export function poolOf(spec: GraphSpec): Pool | undefined {
  const lanes = spec.groups.flatMap((g, i) => (g.kind === "swimlane" ? [i] : []));
  if (lanes.length < 2) return undefined;
  const others = spec.groups.flatMap((g, i) => (g.kind === "swimlane" ? [] : [i]));
  if (others.length > 1) return undefined;
  const poolIndex = others[0];
  const poolId = poolIndex === undefined ? undefined : spec.groups[poolIndex]?.id;
  if (poolId !== undefined && spec.groups[poolIndex as number]?.parent !== undefined) {
    return undefined;
  }
  if (lanes.some((i) => spec.groups[i]?.parent !== poolId)) return undefined;
  const laneById = new Map(lanes.map((g, k) => [spec.groups[g]?.id, k]));
  const laneOfNode: number[] = [];
  for (const node of spec.nodes) {
    const lane = node.group === undefined ? undefined : laneById.get(node.group);
    if (lane === undefined) return undefined;
    laneOfNode.push(lane);
  }
  return poolIndex === undefined ? { lanes, laneOfNode } : { lanes, pool: poolIndex, laneOfNode };
}
