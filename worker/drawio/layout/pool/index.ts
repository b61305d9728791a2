/**
 * A swimlane diagram laid out as one pool: steps layered along the flow, lanes stacked across
 * it, and our layered drawing routing the edges with those positions fixed.
 */
import type { ElkExtendedEdge, ElkNode, ElkPoint } from "elkjs/lib/elk-api.js";
import type { WorkBudget } from "../../budget.ts";
import { checkLayoutCost, layoutCost, runThoroughness } from "../cost.ts";
import { type ElkPlan, edgesById } from "../elk-graph.ts";
import { drawLayered } from "../layers/draw.ts";
import { fixPorts, joinChains } from "../layers/plan.ts";
import type { GraphSpec } from "../spec.ts";
import {
  type Arc,
  type Item,
  longestPathLayers,
  orderLayers,
  type Passing,
  passingTracks,
} from "./layers.ts";
import { poolResult } from "./result.ts";
import { LANE_PADDING, type Pool } from "./swimlane.ts";

export { type Pool, poolOf } from "./swimlane.ts";

/** Between two steps (or an edge passing through) stacked in one lane and layer. */
const STACK_GAP = 40;
/** The across-flow room an edge passing a layer takes, and the room of one track. */
const PASSING = 2;
const TRACK = 16;
/** The thoroughness ELK ran pools at: the cost estimate still counts it. */
const POOL_THOROUGHNESS = 15;
/** The least depth of a lane's steps. */
const MIN_STEPS = 40;

/** Where the lanes lie across the flow, and where each step and passing point sits in them. */
interface Lanes {
  laneStart: number[];
  laneSize: number[];
  /** Across-flow position of each item (step or passing point), by ELK id. */
  acrossAt: Map<string, number>;
}

/**
 * Lays out a swimlane diagram as one pool: steps in layers along the flow (every edge forward
 * except the cycle's back edges the plan chose), ordered inside each layer by lane and then to
 * cut crossings, lanes stacked across the flow (rows for `right`/`left`, columns for
 * `down`/`up`), all of one length, touching, each with its header. The edges are then routed
 * orthogonally between the layers with the positions fixed (`drawPool`); an edge that skips
 * layers passes each one at a point of its source's lane, so it runs straight. Returns the same
 * shape of result as ELK's hierarchical run, so `toCells` writes it. The work is estimated first:
 * throws `layout_too_expensive`, or charges `budget`, as `layeredPlan` does.
 *
 * @example
 * const pool = poolOf(spec); if (pool) laid = layoutPool(spec, plan, pool);
 */
export function layoutPool(
  spec: GraphSpec,
  plan: ElkPlan,
  pool: Pool,
  budget?: WorkBudget,
): ElkNode {
  const direction = spec.direction;
  const vertical = direction === "down" || direction === "up";
  const elkNodes = new Map<string, ElkNode>();
  collectSteps(plan.root, plan, elkNodes);
  const elkEdges = edgesById(plan.root);
  // Layers: longest path from the sources over the edges as ELK gets them (cycles broken).
  const ids = spec.nodes.map((_, i) => `n${i}`);
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const arcs: Arc[] = plan.edges.map((id) => {
    const e = elkEdges.get(id) as ElkExtendedEdge;
    return {
      id,
      from: indexOf.get(e.sources[0] as string) as number,
      to: indexOf.get(e.targets[0] as string) as number,
    };
  });
  const layer = longestPathLayers(spec.nodes.length, arcs);
  const layers: Item[][] = Array.from({ length: Math.max(...layer) + 1 }, () => []);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    const n = elkNodes.get(id) as ElkNode;
    const box = plan.nodes.get(id)?.box;
    const across = vertical ? (box?.width ?? n.width ?? 0) : (box?.height ?? n.height ?? 0);
    (layers[layer[i] as number] as Item[]).push({
      id,
      lane: pool.laneOfNode[i] as number,
      across,
      order: i,
    });
  }
  orderLayers(layers, arcs, ids);
  const laneCount = pool.lanes.length;
  const { chains, tracksOf, passing } = passingTracks(arcs, ids, layer, pool.laneOfNode, laneCount);
  const { laneStart, laneSize, acrossAt } = stackLanes(layers, tracksOf, passing, laneCount);
  const laid = drawPool(plan, layers, arcs, chains, acrossAt, elkNodes, elkEdges, vertical, budget);
  // The drawing starts at 0 across the flow: the lanes' coordinates are moved onto it.
  const first = laid.children?.[0];
  const preset = acrossAt.get(first?.id ?? "") ?? 0;
  const shift = preset - ((vertical ? first?.x : first?.y) ?? 0);
  return poolResult(plan, pool, laid, chains, { laneStart, laneSize, vertical, direction, shift });
}

/** The ELK nodes of the spec's nodes (the steps), at any depth, by id. */
function collectSteps(node: ElkNode, plan: ElkPlan, into: Map<string, ElkNode>): void {
  for (const child of node.children ?? []) {
    if (plan.nodes.has(child.id)) into.set(child.id, child);
    collectSteps(child, plan, into);
  }
}

/** The depth of a stack of items across the flow, gaps included. */
function stackDepth(stack: readonly Item[]): number {
  return stack.reduce((sum, it) => sum + it.across, 0) + STACK_GAP * (stack.length - 1);
}

/**
 * Lanes across the flow: the steps of each layer stacked and centred in their lane, then the
 * tracks. The passing points join their layers here, once the steps are placed.
 */
function stackLanes(
  layers: Item[][],
  tracksOf: readonly number[][],
  passing: readonly Passing[],
  laneCount: number,
): Lanes {
  const stepsDepth = new Array<number>(laneCount).fill(MIN_STEPS);
  for (const items of layers) {
    for (let lane = 0; lane < laneCount; lane++) {
      const depth = stackDepth(items.filter((it) => it.lane === lane));
      stepsDepth[lane] = Math.max(stepsDepth[lane] as number, depth);
    }
  }
  const laneSize = stepsDepth.map((depth, lane) => {
    const tracks = (tracksOf[lane] as number[]).length;
    return depth + 2 * LANE_PADDING + (tracks > 0 ? tracks * TRACK : 0);
  });
  const laneStart: number[] = [];
  let offset = 0;
  for (const size of laneSize) {
    laneStart.push(offset);
    offset += size;
  }
  const acrossAt = new Map<string, number>();
  for (const items of layers) {
    for (let lane = 0; lane < laneCount; lane++) {
      const stack = items.filter((it) => it.lane === lane);
      const top = (laneStart[lane] as number) + LANE_PADDING;
      let at = top + ((stepsDepth[lane] as number) - stackDepth(stack)) / 2;
      for (const it of stack) {
        acrossAt.set(it.id, at);
        at += it.across + STACK_GAP;
      }
    }
  }
  for (const p of passing) {
    const top = (laneStart[p.lane] as number) + LANE_PADDING + (stepsDepth[p.lane] as number);
    acrossAt.set(p.id, top + (p.track + 0.5) * TRACK - PASSING / 2);
    (layers[p.layer] as Item[]).push({ id: p.id, lane: p.lane, across: PASSING, order: 0 });
  }
  return { laneStart, laneSize, acrossAt };
}

/**
 * The pool drawn by our layered drawing (`drawLayered`) with every step and passing point kept
 * where the lanes put it across the flow: layers along the flow with room for the edges' jogs,
 * each edge cut into pieces between its passing points, each piece given ports in the order of
 * the places across, and routed along a track of its own. The drawing runs down or to the right;
 * `poolResult` mirrors it for up and left. A label sits at the middle of its edge's longest
 * stretch; the finishing passes move it where it could be taken for another edge's.
 */
function drawPool(
  plan: ElkPlan,
  layers: readonly Item[][],
  arcs: readonly Arc[],
  chains: ReadonlyMap<string, string[]>,
  acrossAt: ReadonlyMap<string, number>,
  elkNodes: ReadonlyMap<string, ElkNode>,
  elkEdges: ReadonlyMap<string, ElkExtendedEdge>,
  vertical: boolean,
  budget: WorkBudget | undefined,
): ElkNode {
  const children: ElkNode[] = [];
  const fixed = new Map<string, number>();
  const ordered = layers.map((items) =>
    [...items].sort((a, b) => (acrossAt.get(a.id) as number) - (acrossAt.get(b.id) as number)),
  );
  const slotOf = new Map<string, number>();
  for (const items of ordered) {
    items.forEach((it, at) => {
      const step = elkNodes.get(it.id);
      // A passing point is a point, in the middle of its room.
      const node = step ? { ...step } : { id: it.id, width: 0, height: 0 };
      children.push(node);
      fixed.set(it.id, (acrossAt.get(it.id) as number) + (step ? 0 : PASSING / 2));
      slotOf.set(it.id, at);
    });
  }
  const links: ElkExtendedEdge[] = [];
  for (const arc of arcs) {
    const chain = chains.get(arc.id) as string[];
    const labels = elkEdges.get(arc.id)?.labels;
    for (let k = 1; k < chain.length; k++) {
      links.push({
        id: k === 1 ? arc.id : `${arc.id}.${k}`,
        sources: [chain[k - 1] as string],
        targets: [chain[k] as string],
        // On the first piece, placed once the drawing is done (`labelEdges`).
        ...(k === 1 && labels ? { labels: labels.map((label) => ({ ...label })) } : {}),
      });
    }
  }
  const root: ElkNode = { id: "root", children, edges: links };
  // Estimated as ELK's run on this graph was, before any work: refused, or charged to `budget`.
  const cost = layoutCost(root);
  checkLayoutCost(cost, runThoroughness(cost, POOL_THOROUGHNESS), budget);
  const direction = vertical ? "down" : "right";
  const ports = fixPorts(root, new Set(plan.nodes.keys()), links, slotOf, direction);
  const layered = {
    chains: new Map(),
    ports,
    layers: ordered.map((items) => items.map((it) => it.id)),
    crossings: 0,
  };
  // No chains to join here (`poolResult` joins the pieces): this turns ports back into steps.
  const laid = joinChains(drawLayered(root, layered, plan.nodes, direction, fixed), layered);
  labelEdges(laid, arcs, chains);
  return laid;
}

/**
 * Places each edge's label (on its first piece; a self-loop's is placed already) centred on the
 * longest stretch of the whole edge, so that `poolResult` writes it with the edge.
 */
function labelEdges(
  laid: ElkNode,
  arcs: readonly Arc[],
  chains: ReadonlyMap<string, string[]>,
): void {
  const pieces = new Map((laid.edges ?? []).map((e) => [e.id, e]));
  for (const arc of arcs) {
    const first = pieces.get(arc.id);
    const label = first?.labels?.[0];
    if (!first || !label || label.x !== undefined) continue;
    const chain = chains.get(arc.id) as string[];
    let best: { a: ElkPoint; b: ElkPoint; length: number } | undefined;
    for (let k = 1; k < chain.length; k++) {
      const piece = pieces.get(k === 1 ? arc.id : `${arc.id}.${k}`);
      for (const s of piece?.sections ?? []) {
        const points = [s.startPoint, ...(s.bendPoints ?? []), s.endPoint];
        for (let i = 1; i < points.length; i++) {
          const a = points[i - 1] as ElkPoint;
          const b = points[i] as ElkPoint;
          const length = Math.abs(b.x - a.x) + Math.abs(b.y - a.y);
          if (!best || length > best.length) best = { a, b, length };
        }
      }
    }
    if (!best) continue;
    const width = label.width ?? 0;
    const height = label.height ?? 0;
    const mid = { x: (best.a.x + best.b.x) / 2, y: (best.a.y + best.b.y) / 2 };
    label.x = mid.x - width / 2;
    label.y = mid.y - height / 2;
  }
}
