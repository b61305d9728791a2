/**
 * A swimlane diagram laid out as one pool: steps layered along the flow, lanes stacked across
 * it, and ELK routing the edges with those positions fixed.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import { type ElkPlan, edgesById, rootOptions } from "../elk-graph.ts";
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
/** The least depth of a lane's steps. */
const MIN_STEPS = 40;
/** Far apart enough that ELK's interactive layering reads one x per layer. */
const LAYER_STRIDE = 10_000;

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
 * `down`/`up`), all of one length, touching, each with its header. ELK then routes the edges
 * orthogonally between the layers with the positions fixed (its interactive strategies); an
 * edge that skips layers passes each one at a point of its source's lane, so it runs straight.
 * Returns the same shape of result as ELK's hierarchical run, so `toCells` writes it.
 *
 * @example
 * const pool = poolOf(spec); if (pool) laid = await layoutPool(spec, plan, pool, runElk);
 */
export async function layoutPool(
  spec: GraphSpec,
  plan: ElkPlan,
  pool: Pool,
  run: (graph: ElkNode) => Promise<ElkNode>,
): Promise<ElkNode> {
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
  const flat = flatGraph(layers, arcs, chains, acrossAt, elkNodes, elkEdges, vertical);
  const first = flat.children?.[0];
  const preset = (vertical ? first?.x : first?.y) ?? 0;
  const laid = await run(flat);
  // ELK keeps the positions across the flow but moves the drawing to 0: move it back.
  const shift = preset - ((vertical ? laid.children?.[0]?.x : laid.children?.[0]?.y) ?? 0);
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
 * The flat graph ELK gets: every step and passing point placed (layers along the flow, far
 * apart; positions across kept), each edge cut into pieces between them; ELK places the
 * layers and routes the pieces with its interactive strategies.
 */
function flatGraph(
  layers: readonly Item[][],
  arcs: readonly Arc[],
  chains: ReadonlyMap<string, string[]>,
  acrossAt: ReadonlyMap<string, number>,
  elkNodes: ReadonlyMap<string, ElkNode>,
  elkEdges: ReadonlyMap<string, ElkExtendedEdge>,
  vertical: boolean,
): ElkNode {
  const children: ElkNode[] = [];
  const edges: ElkExtendedEdge[] = [];
  layers.forEach((items, l) => {
    const along = l * LAYER_STRIDE;
    for (const it of items) {
      const node = elkNodes.get(it.id) ?? {
        id: it.id,
        width: vertical ? PASSING : 1,
        height: vertical ? 1 : PASSING,
      };
      const across = acrossAt.get(node.id) as number;
      children.push(vertical ? { ...node, x: across, y: along } : { ...node, x: along, y: across });
    }
  });
  for (const arc of arcs) {
    const edge = elkEdges.get(arc.id) as ElkExtendedEdge;
    const chain = chains.get(arc.id) as string[];
    for (let k = 1; k < chain.length; k++) {
      edges.push({
        id: k === 1 ? arc.id : `${arc.id}.${k}`,
        sources: [chain[k - 1] as string],
        targets: [chain[k] as string],
        ...(k === 1 && edge.labels
          ? {
              // Beside the source: no label dummies whose place ELK would have to guess.
              labels: edge.labels.map((label) => ({
                ...label,
                layoutOptions: { "elk.edgeLabels.placement": "HEAD" },
              })),
            }
          : {}),
      });
    }
  }
  return {
    id: "root",
    layoutOptions: {
      ...rootOptions(vertical ? "down" : "right"),
      "elk.hierarchyHandling": "SEPARATE_CHILDREN",
      "elk.layered.layering.strategy": "INTERACTIVE",
      "elk.layered.crossingMinimization.strategy": "INTERACTIVE",
      "elk.layered.nodePlacement.strategy": "INTERACTIVE",
      "elk.layered.cycleBreaking.strategy": "INTERACTIVE",
      // Steps keep their own gaps (set above); tracks lie closer together.
      "elk.spacing.nodeNode": String(TRACK - PASSING),
    },
    children,
    edges,
  };
}
