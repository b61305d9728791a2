import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { ElkPlan } from "./elk-graph.ts";
import { rootOptions } from "./elk-graph.ts";
import type { Direction, GraphSpec } from "./spec.ts";

/** A swimlane diagram: its lanes in spec order, and the group that holds them, if any. */
export interface Pool {
  /** Spec group indexes of the lanes, in the order they are stacked. */
  lanes: number[];
  /** Spec group index of the pool around the lanes, if the lanes have a parent. */
  pool?: number;
  /** Lane (position in `lanes`) of each spec node, by node index. */
  laneOfNode: number[];
}

/** A lane's header (draw.io's `startSize`), and the room around the steps inside a lane. */
const HEADER = 30;
const LANE_PADDING = 24;
/** Room above the lanes for a pool's title. */
const POOL_TITLE = 34;
/** Between two steps (or an edge passing through) stacked in one lane and layer. */
const STACK_GAP = 40;
/** The across-flow room an edge passing a layer takes, and the room of one track. */
const PASSING = 2;
const TRACK = 16;
/** The least depth of a lane's steps. */
const MIN_STEPS = 40;
/** Far apart enough that ELK's interactive layering reads one x per layer. */
const LAYER_STRIDE = 10_000;

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

/** One item of a layer: a step, or an edge passing through the layer. */
interface Item {
  /** ELK id: the step's, or a passing point's (`p3.1`: edge 3, first layer it passes). */
  id: string;
  lane: number;
  /** Room across the flow. */
  across: number;
  /** Position in the layer, refined by the ordering sweeps. */
  order: number;
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
  const laneCount = pool.lanes.length;
  const elkNodes = new Map<string, ElkNode>();
  const collectNodes = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      if (plan.nodes.has(child.id)) elkNodes.set(child.id, child);
      collectNodes(child);
    }
  };
  collectNodes(plan.root);
  const elkEdges = new Map<string, ElkExtendedEdge>();
  const collectEdges = (node: ElkNode) => {
    for (const e of node.edges ?? []) elkEdges.set(e.id, e);
    for (const child of node.children ?? []) collectEdges(child);
  };
  collectEdges(plan.root);

  // Layers: longest path from the sources over the edges as ELK gets them (cycles broken).
  const ids = spec.nodes.map((_, i) => `n${i}`);
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const arcs = plan.edges.map((id) => {
    const e = elkEdges.get(id) as ElkExtendedEdge;
    return {
      id,
      from: indexOf.get(e.sources[0] as string) as number,
      to: indexOf.get(e.targets[0] as string) as number,
    };
  });
  const layer = longestPathLayers(spec.nodes.length, arcs);
  const acrossOf = (id: string) => {
    const n = elkNodes.get(id) as ElkNode;
    const box = plan.nodes.get(id)?.box;
    return vertical ? (box?.width ?? n.width ?? 0) : (box?.height ?? n.height ?? 0);
  };
  const layers: Item[][] = Array.from({ length: Math.max(...layer) + 1 }, () => []);
  ids.forEach((id, i) => {
    const items = layers[layer[i] as number] as Item[];
    items.push({ id, lane: pool.laneOfNode[i] as number, across: acrossOf(id), order: i });
  });
  orderLayers(layers, arcs, ids);

  // A long edge runs straight along a track of its source's lane, beside the steps, passing
  // each layer between its ends at a point; edges whose stretches do not meet share a track.
  const chains = new Map<string, string[]>();
  const tracksOf: number[][] = Array.from({ length: laneCount }, () => []);
  const passing: { id: string; lane: number; track: number; layer: number }[] = [];
  arcs.forEach((arc, k) => {
    const chain = [ids[arc.from] as string];
    const first = (layer[arc.from] as number) + 1;
    const last = (layer[arc.to] as number) - 1;
    if (first <= last) {
      const lane = pool.laneOfNode[arc.from] as number;
      const tracks = tracksOf[lane] as number[];
      let track = tracks.findIndex((end) => end < first - 1);
      if (track < 0) track = tracks.push(last) - 1;
      else tracks[track] = last;
      for (let l = first; l <= last; l++) {
        const id = `p${k}.${l}`;
        passing.push({ id, lane, track, layer: l });
        chain.push(id);
      }
    }
    chain.push(ids[arc.to] as string);
    chains.set(arc.id, chain);
  });

  // Lanes across the flow: the steps of each layer stacked and centred, then the tracks.
  const stackDepth = (stack: Item[]) =>
    stack.reduce((sum, it) => sum + it.across, 0) + STACK_GAP * (stack.length - 1);
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

  // ELK places the layers along the flow and routes the edges, positions across kept.
  const flat: ElkNode = {
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
    children: [],
    edges: [],
  };
  const place = (node: ElkNode, l: number) => {
    const across = acrossAt.get(node.id) as number;
    const along = l * LAYER_STRIDE;
    flat.children?.push(
      vertical ? { ...node, x: across, y: along } : { ...node, x: along, y: across },
    );
  };
  layers.forEach((items, l) => {
    for (const it of items) {
      const node = elkNodes.get(it.id);
      if (node) place(node, l);
      else place({ id: it.id, width: vertical ? PASSING : 1, height: vertical ? 1 : PASSING }, l);
    }
  });
  for (const arc of arcs) {
    const edge = elkEdges.get(arc.id) as ElkExtendedEdge;
    const chain = chains.get(arc.id) as string[];
    for (let k = 1; k < chain.length; k++) {
      flat.edges?.push({
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
  const first = flat.children?.[0];
  const preset = (vertical ? first?.x : first?.y) ?? 0;
  const laid = await run(flat);
  // ELK keeps the positions across the flow but moves the drawing to 0: move it back.
  const shift = preset - ((vertical ? laid.children?.[0]?.x : laid.children?.[0]?.y) ?? 0);
  return poolResult(plan, pool, laid, chains, { laneStart, laneSize, vertical, direction, shift });
}

/** Layers by longest path from the sources, sources then pulled next to their first successor. */
function longestPathLayers(
  count: number,
  arcs: ReadonlyArray<{ from: number; to: number }>,
): number[] {
  const layer = new Array<number>(count).fill(0);
  const incoming = new Array<number>(count).fill(0);
  const next: number[][] = Array.from({ length: count }, () => []);
  for (const { from, to } of arcs) {
    if (from === to) continue;
    (next[from] as number[]).push(to);
    incoming[to] = (incoming[to] as number) + 1;
  }
  const hasIncoming = incoming.map((n) => n > 0);
  const queue = layer.flatMap((_, i) => (incoming[i] === 0 ? [i] : []));
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head] as number;
    for (const to of next[at] as number[]) {
      layer[to] = Math.max(layer[to] as number, (layer[at] as number) + 1);
      incoming[to] = (incoming[to] as number) - 1;
      if (incoming[to] === 0) queue.push(to);
    }
  }
  for (let i = 0; i < count; i++) {
    const successors = next[i] as number[];
    if (hasIncoming[i] || successors.length === 0) continue;
    layer[i] = Math.max(0, Math.min(...successors.map((s) => layer[s] as number)) - 1);
  }
  return layer;
}

/** Orders each layer by lane, and inside a lane by the barycentre of its neighbours (sweeps). */
function orderLayers(
  layers: Item[][],
  arcs: ReadonlyArray<{ from: number; to: number }>,
  ids: readonly string[],
): void {
  const before = new Map<string, string[]>();
  const after = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const { from, to } of arcs) {
    if (from === to) continue;
    push(after, ids[from] as string, ids[to] as string);
    push(before, ids[to] as string, ids[from] as string);
  }
  const position = new Map<string, number>();
  const sortLayer = (items: Item[]) => {
    items.sort((a, b) => a.lane - b.lane || a.order - b.order);
    items.forEach((it, k) => {
      position.set(it.id, k);
    });
  };
  for (const items of layers) sortLayer(items);
  const sweep = (items: Item[], side: Map<string, string[]>) => {
    for (const it of items) {
      const near = side.get(it.id) ?? [];
      const known = near.map((id) => position.get(id)).filter((p) => p !== undefined);
      it.order =
        known.length > 0
          ? known.reduce((sum, p) => sum + p, 0) / known.length
          : (position.get(it.id) as number);
    }
    sortLayer(items);
  };
  for (let round = 0; round < 4; round++) {
    for (let l = 1; l < layers.length; l++) sweep(layers[l] as Item[], before);
    for (let l = layers.length - 2; l >= 0; l--) sweep(layers[l] as Item[], after);
  }
}

/** Writes the flat result as ELK's hierarchical one: pool, lanes, steps, and whole edges. */
function poolResult(
  plan: ElkPlan,
  pool: Pool,
  laid: ElkNode,
  chains: Map<string, string[]>,
  geometry: {
    laneStart: number[];
    laneSize: number[];
    vertical: boolean;
    direction: Direction;
    /** Added across the flow to ELK's coordinates, to match the lanes. */
    shift: number;
  },
): ElkNode {
  const { laneStart, laneSize, vertical, direction, shift } = geometry;
  const steps = (laid.children ?? []).filter((c) => plan.nodes.has(c.id));
  // The flow's extent (the steps and every bend), so that all lanes run its whole length.
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
  const laidEdges = new Map((laid.edges ?? []).map((e) => [e.id, e]));
  for (const e of laid.edges ?? []) {
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
  const acrossTotal = laneStart.length
    ? (laneStart[laneStart.length - 1] as number) + (laneSize[laneSize.length - 1] as number)
    : 0;
  // Page frame: lanes' headers first, then LANE_PADDING, then the flow.
  const lead = HEADER + LANE_PADDING;
  const length = alongMax - alongMin + lead + LANE_PADDING;
  const title = pool.pool === undefined ? 0 : POOL_TITLE;
  const flip = direction === "up" || direction === "left";
  // Along-flow page coordinate of a laid coordinate (mirrored for `up`/`left`).
  const along = (v: number) => (flip ? alongMax - v : v - alongMin) + lead;
  const toPage = (p: { x: number; y: number }) =>
    vertical
      ? { x: p.x + shift, y: along(p.y) + title }
      : { x: along(p.x), y: p.y + shift + title };

  const laneNodes: ElkNode[] = pool.lanes.map((groupIndex, lane) => {
    const start = laneStart[lane] as number;
    const size = laneSize[lane] as number;
    return vertical
      ? { id: `g${groupIndex}`, x: start, y: title, width: size, height: length, children: [] }
      : { id: `g${groupIndex}`, x: 0, y: start + title, width: length, height: size, children: [] };
  });
  for (const c of steps) {
    const entry = plan.nodes.get(c.id);
    if (!entry) continue;
    const lane = laneNodes[pool.laneOfNode[entry.index] as number] as ElkNode;
    const w = c.width ?? 0;
    const h = c.height ?? 0;
    const corner = toPage({ x: c.x ?? 0, y: c.y ?? 0 });
    // Mirroring moves a box's far corner to the front.
    const x = flip && !vertical ? corner.x - w : corner.x;
    const y = flip && vertical ? corner.y - h : corner.y;
    lane.children?.push({ ...c, x: x - (lane.x ?? 0), y: y - (lane.y ?? 0) });
  }

  const edges: ElkExtendedEdge[] = [];
  for (const [id, chain] of chains) {
    const points: { x: number; y: number }[] = [];
    for (let k = 1; k < chain.length; k++) {
      const piece = laidEdges.get(k === 1 ? id : `${id}.${k}`);
      for (const s of piece?.sections ?? []) {
        for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) {
          const last = points[points.length - 1];
          if (!last || last.x !== p.x || last.y !== p.y) points.push(p);
        }
      }
    }
    const page = dropCollinear(points.map(toPage));
    const first = laidEdges.get(id);
    const labels = (first?.labels ?? []).map((label) => {
      const w = label.width ?? 0;
      const h = label.height ?? 0;
      const corner = toPage({ x: label.x ?? 0, y: label.y ?? 0 });
      const x = flip && !vertical ? corner.x - w : corner.x;
      const y = flip && vertical ? corner.y - h : corner.y;
      return { ...label, x, y };
    });
    const edge = first ?? { id, sources: [], targets: [] };
    edges.push({
      id,
      sources: edge.sources,
      targets: [chain[chain.length - 1] as string],
      labels,
      sections:
        page.length >= 2
          ? [
              {
                id: `${id}-s`,
                startPoint: page[0] as { x: number; y: number },
                endPoint: page[page.length - 1] as { x: number; y: number },
                bendPoints: page.slice(1, -1),
              },
            ]
          : [],
    });
  }

  const width = vertical ? acrossTotal : length;
  const height = (vertical ? length : acrossTotal) + title;
  const children: ElkNode[] =
    pool.pool === undefined
      ? laneNodes
      : [{ id: `g${pool.pool}`, x: 0, y: 0, width, height, children: laneNodes }];
  return { id: "root", x: 0, y: 0, width, height, children, edges };
}

/** Removes points that lie on the straight line between their neighbours. */
function dropCollinear(points: { x: number; y: number }[]): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (const p of points) {
    const a = out[out.length - 2];
    const b = out[out.length - 1];
    if (a && b && ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
}
