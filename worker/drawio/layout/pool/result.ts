/**
 * A pool laid out flat by ELK, written back as ELK's hierarchical result would be: the pool,
 * its lanes all the flow's length, the steps inside them, and each edge whole again.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import { dropCollinear } from "../edges/route.ts";
import type { ElkPlan } from "../elk-graph.ts";
import type { Direction } from "../spec.ts";
import { HEADER, LANE_PADDING, POOL_TITLE, type Pool } from "./swimlane.ts";

type XY = { x: number; y: number };

/** Along the flow, the lanes' headers and then their padding come before the steps. */
const LEAD = HEADER + LANE_PADDING;

/** Where the lanes lie across the flow, and how ELK's flat result maps onto them. */
export interface PoolGeometry {
  laneStart: number[];
  laneSize: number[];
  vertical: boolean;
  direction: Direction;
  /** Added across the flow to ELK's coordinates, to match the lanes. */
  shift: number;
}

/**
 * From ELK's flat coordinates to the pool's: along the flow after the lanes' headers and
 * padding (mirrored for `up`/`left`), across shifted onto the lanes, below the pool's title.
 */
class PoolFrame {
  readonly vertical: boolean;
  readonly flip: boolean;
  readonly alongMin: number;
  readonly alongMax: number;
  readonly shift: number;
  readonly title: number;

  constructor(geometry: PoolGeometry, extent: [number, number], title: number) {
    this.vertical = geometry.vertical;
    this.flip = geometry.direction === "up" || geometry.direction === "left";
    [this.alongMin, this.alongMax] = extent;
    this.shift = geometry.shift;
    this.title = title;
  }

  /** Along-flow page coordinate of a laid coordinate. */
  along(v: number): number {
    return (this.flip ? this.alongMax - v : v - this.alongMin) + LEAD;
  }

  /** A laid point on the page. */
  toPage(p: XY): XY {
    return this.vertical
      ? { x: p.x + this.shift, y: this.along(p.y) + this.title }
      : { x: this.along(p.x), y: p.y + this.shift + this.title };
  }

  /** A laid box's top-left corner on the page: mirroring moves its far corner to the front. */
  corner(x: number, y: number, w: number, h: number): XY {
    const corner = this.toPage({ x, y });
    return {
      x: this.flip && !this.vertical ? corner.x - w : corner.x,
      y: this.flip && this.vertical ? corner.y - h : corner.y,
    };
  }
}

/**
 * Writes the flat result as ELK's hierarchical one: pool, lanes, steps, and whole edges.
 *
 * @example
 * return poolResult(plan, pool, await run(flat), chains,
 *   { laneStart, laneSize, vertical, direction, shift });
 */
export function poolResult(
  plan: ElkPlan,
  pool: Pool,
  laid: ElkNode,
  chains: Map<string, string[]>,
  geometry: PoolGeometry,
): ElkNode {
  const { laneStart, laneSize, vertical } = geometry;
  const steps = (laid.children ?? []).filter((c) => plan.nodes.has(c.id));
  const extent = alongExtent(steps, laid.edges ?? [], vertical);
  const acrossTotal = laneStart.length
    ? (laneStart[laneStart.length - 1] as number) + (laneSize[laneSize.length - 1] as number)
    : 0;
  // Page frame: lanes' headers first, then LANE_PADDING, then the flow.
  const length = extent[1] - extent[0] + LEAD + LANE_PADDING;
  const title = pool.pool === undefined ? 0 : POOL_TITLE;
  const frame = new PoolFrame(geometry, extent, title);
  const lanes = laneNodes(pool, geometry, title, length);
  placeSteps(steps, plan, pool, lanes, frame);
  const laidEdges = new Map((laid.edges ?? []).map((e) => [e.id, e]));
  const edges: ElkExtendedEdge[] = [];
  for (const [id, chain] of chains) edges.push(wholeEdge(id, chain, laidEdges, frame));
  const width = vertical ? acrossTotal : length;
  const height = (vertical ? length : acrossTotal) + title;
  const children: ElkNode[] =
    pool.pool === undefined
      ? lanes
      : [{ id: `g${pool.pool}`, x: 0, y: 0, width, height, children: lanes }];
  return { id: "root", x: 0, y: 0, width, height, children, edges };
}

/** The flow's extent (the steps, every bend and every label), so that all lanes run its length. */
function alongExtent(
  steps: readonly ElkNode[],
  edges: readonly ElkExtendedEdge[],
  vertical: boolean,
): [number, number] {
  let alongMin = Number.POSITIVE_INFINITY;
  let alongMax = Number.NEGATIVE_INFINITY;
  const seeAlong = (v: number) => {
    alongMin = Math.min(alongMin, v);
    alongMax = Math.max(alongMax, v);
  };
  for (const c of steps) {
    seeAlong(vertical ? (c.y ?? 0) : (c.x ?? 0));
    seeAlong(vertical ? (c.y ?? 0) + (c.height ?? 0) : (c.x ?? 0) + (c.width ?? 0));
  }
  for (const e of edges) {
    for (const s of e.sections ?? []) {
      for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) {
        seeAlong(vertical ? p.y : p.x);
      }
    }
    for (const label of e.labels ?? []) {
      seeAlong(vertical ? (label.y ?? 0) : (label.x ?? 0));
      seeAlong(
        vertical ? (label.y ?? 0) + (label.height ?? 0) : (label.x ?? 0) + (label.width ?? 0),
      );
    }
  }
  return [alongMin, alongMax];
}

/** The lanes, side by side across the flow, each the flow's whole `length`, still empty. */
function laneNodes(pool: Pool, geometry: PoolGeometry, title: number, length: number): ElkNode[] {
  const { laneStart, laneSize, vertical } = geometry;
  return pool.lanes.map((groupIndex, lane) => {
    const start = laneStart[lane] as number;
    const size = laneSize[lane] as number;
    return vertical
      ? { id: `g${groupIndex}`, x: start, y: title, width: size, height: length, children: [] }
      : { id: `g${groupIndex}`, x: 0, y: start + title, width: length, height: size, children: [] };
  });
}

/** Puts each step into its lane, relative to the lane's corner. */
function placeSteps(
  steps: readonly ElkNode[],
  plan: ElkPlan,
  pool: Pool,
  lanes: ElkNode[],
  frame: PoolFrame,
): void {
  for (const c of steps) {
    const entry = plan.nodes.get(c.id);
    if (!entry) continue;
    const lane = lanes[pool.laneOfNode[entry.index] as number] as ElkNode;
    const { x, y } = frame.corner(c.x ?? 0, c.y ?? 0, c.width ?? 0, c.height ?? 0);
    lane.children?.push({ ...c, x: x - (lane.x ?? 0), y: y - (lane.y ?? 0) });
  }
}

/** One edge whole again: the pieces ELK routed between its passing points joined, on the page. */
function wholeEdge(
  id: string,
  chain: readonly string[],
  laidEdges: ReadonlyMap<string, ElkExtendedEdge>,
  frame: PoolFrame,
): ElkExtendedEdge {
  const points: XY[] = [];
  for (let k = 1; k < chain.length; k++) {
    const piece = laidEdges.get(k === 1 ? id : `${id}.${k}`);
    for (const s of piece?.sections ?? []) {
      for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) {
        const last = points[points.length - 1];
        if (!last || last.x !== p.x || last.y !== p.y) points.push(p);
      }
    }
  }
  const onPage: XY[] = new Array(points.length);
  for (let k = 0; k < points.length; k++) onPage[k] = frame.toPage(points[k] as XY);
  const page = dropCollinear(onPage);
  const first = laidEdges.get(id);
  const labels = (first?.labels ?? []).map((label) => ({
    ...label,
    ...frame.corner(label.x ?? 0, label.y ?? 0, label.width ?? 0, label.height ?? 0),
  }));
  const edge = first ?? { id, sources: [], targets: [] };
  return {
    id,
    sources: edge.sources,
    targets: [chain[chain.length - 1] as string],
    labels,
    sections:
      page.length >= 2
        ? [
            {
              id: `${id}-s`,
              startPoint: page[0] as XY,
              endPoint: page[page.length - 1] as XY,
              bendPoints: page.slice(1, -1),
            },
          ]
        : [],
  };
}
