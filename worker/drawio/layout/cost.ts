/**
 * What one ELK run will cost, estimated from the graph handed to it before it starts: ELK is
 * one synchronous call that nothing can stop, so this estimate is the only bound there is.
 * Its layered algorithm works on every node, every edge and every layer an edge crosses (a
 * dummy node per layer, and one for an edge's label), routes edges through the borders of the
 * groups between their ends, orders the edges that share a gap between two layers against each
 * other, and sweeps the layers again per unit of thoroughness. The weights were measured on
 * the generated specs and on hostile graphs (chains, stars, random, nested) on a busy two-core
 * machine: a unit is about a third of a millisecond there.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { WorkBudget } from "../budget.ts";
import { refuseOver } from "../budget.ts";

/**
 * The most one layout may cost. `units` is the work of one run ({@link runUnits}); at the
 * limit ELK takes about 1.5 s on a busy two-core machine (a 2,000-node chain, 300 nodes and
 * 400 edges in nested groups, 500 nodes and 1,250 edges in a lattice; not a star of 1,999
 * leaves, nor 500 nodes and 1,250 random edges). `depth` is how deep groups may nest.
 */
export const LAYOUT_LIMITS = { units: 4_500, depth: 50 } as const;

/**
 * Above this much work (in {@link runUnits}) at its usual thoroughness (15 up to 400 nodes and
 * edges, else 7), a run minimises crossings at thoroughness 1 instead: the sweeps it repeats
 * are most of ELK's time on such graphs (twice the time at 90 nodes and 270 edges, five times
 * at 100 nodes and 250 random edges), and a layout with a few more crossings beats a refusal.
 * Six of the 65 generated specs are this large (the benchmark's crossings rise by about 3 %).
 */
export const LIGHT_LAYOUT_UNITS = 3_500;

/**
 * What one group border crossed by an edge costs beside a node or an edge: ELK routes it
 * through ports and dummies in every group between its ends (the generated specs with groups
 * took three to five times as long per crossing as per node).
 */
const BORDER_UNITS = 3;

/**
 * How many squared edges of one gap between layers cost a unit: the edges between a hub and
 * its 2,000 leaves all run through one gap, and ELK orders their segments against each other
 * (4 million pairs: 10,000 units, about four seconds of ELK's on a busy machine).
 */
const CHANNEL_EDGES_SQUARED = 400;

/** What one run costs however small: building ELK's graph, its phases, reading it back. */
const RUN_UNITS = 30;

/** The measured parts of a layout's cost. */
export interface LayoutCost {
  nodes: number;
  edges: number;
  /** Layers crossed by edges beyond the next one, and edge labels (a dummy node each). */
  segments: number;
  /** Over the gaps between layers, the square of the edges running through each. */
  channels: number;
  /** Group borders edges cross (ELK routes each crossing through ports of its own). */
  borders: number;
  /** The deepest nesting of groups (compound nodes). */
  depth: number;
  /**
   * The graph's size for ELK: nodes + edges + segments + 3 × borders + channels / 400
   * (before thoroughness: see {@link runUnits}).
   */
  units: number;
}

/**
 * Estimates an ELK graph's cost: its nodes (groups included), edges, the extra layers long
 * edges and edge labels cross on a longest-path layering of all its nodes, and its depth.
 *
 * @example
 * layoutCost(plan.root).units; // 3 nodes + 2 edges = 5
 */
export function layoutCost(root: ElkNode): LayoutCost {
  const index = new Map<string, number>();
  const parents: number[] = [];
  const edges: Array<{ from: number; to: number; labelled: boolean }> = [];
  const pending: ElkExtendedEdge[] = [];
  let depth = 0;
  // Iterative, so that nesting many thousands deep (a stored page may) is measured, not a crash.
  const stack: Array<{ node: ElkNode; level: number; at: number }> = [
    { node: root, level: 0, at: -1 },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, level, at } = item;
    depth = Math.max(depth, level);
    for (const edge of node.edges ?? []) pending.push(edge);
    for (const child of node.children ?? []) {
      const id = index.size;
      index.set(child.id, id);
      parents.push(at);
      stack.push({ node: child, level: level + (child.children?.length ? 1 : 0), at: id });
    }
  }
  for (const edge of pending) {
    const from = index.get(edge.sources[0] ?? "");
    const to = index.get(edge.targets[0] ?? "");
    if (from !== undefined && to !== undefined) {
      edges.push({ from, to, labelled: (edge.labels?.length ?? 0) > 0 });
    }
  }
  const nodes = index.size;
  const { segments, channels } = layering(nodes, edges);
  let borders = 0;
  // Too deep is refused anyway; walking every edge's ancestry there would cost its square.
  if (depth <= LAYOUT_LIMITS.depth) {
    for (const { from, to } of edges) borders += bordersCrossed(from, to, parents);
  }
  return {
    nodes,
    edges: edges.length,
    segments,
    borders,
    channels,
    depth,
    units:
      nodes +
      edges.length +
      segments +
      BORDER_UNITS * borders +
      Math.round(channels / CHANNEL_EDGES_SQUARED),
  };
}

/**
 * Refuses, before the graph for ELK is even built, a layout whose nodes and edges alone are
 * over {@link LAYOUT_LIMITS} (its cost is at least that): building it (the cycle breaking, the
 * text measured) is work of its own on a page of 50,000 cells.
 *
 * @example
 * checkLayoutSize(spec.nodes.length + spec.groups.length, spec.edges.length);
 */
export function checkLayoutSize(nodes: number, edges: number): void {
  refuseOver(
    "layout_too_expensive",
    [
      {
        what: "nodes, groups and edges to lay out",
        count: nodes + edges,
        limit: LAYOUT_LIMITS.units,
      },
    ],
    "lay out fewer at once: split the diagram, or lay out one container's inside",
  );
}

/**
 * The work of one ELK run: the graph's size ({@link layoutCost}), times what crossing
 * minimisation repeats at `thoroughness` (twice the work at 15, a little more at 1), plus what
 * every run costs however small (a Mermaid state diagram lays out each composite state).
 *
 * @example
 * runUnits(layoutCost(plan.root), 7);
 */
export function runUnits(cost: LayoutCost, thoroughness: number): number {
  return Math.round(cost.units * (1 + thoroughness / 15)) + RUN_UNITS;
}

/**
 * The thoroughness a run gets: its usual one, or 1 above {@link LIGHT_LAYOUT_UNITS}.
 *
 * @example
 * runThoroughness(layoutCost(graph), 15); // 15, or 1 for a large graph
 */
export function runThoroughness(cost: LayoutCost, usual: number): number {
  return runUnits(cost, usual) > LIGHT_LAYOUT_UNITS ? 1 : usual;
}

/**
 * Refuses a run whose work ({@link runUnits}) is over {@link LAYOUT_LIMITS}, or over what is
 * left of `budget` when several runs share one (a Mermaid state diagram lays out each
 * composite state), with `layout_too_expensive` naming what makes it large; else charges it.
 *
 * @example
 * checkLayoutCost(layoutCost(plan.root), 7); // throws layout_too_expensive past the limits
 */
export function checkLayoutCost(cost: LayoutCost, thoroughness: number, budget?: WorkBudget): void {
  const before = budget?.used ?? 0;
  const units = runUnits(cost, thoroughness);
  refuseOver(
    "layout_too_expensive",
    [
      { what: "groups nested in each other", count: cost.depth, limit: LAYOUT_LIMITS.depth },
      {
        what: () =>
          `layout work (${describe(cost)}${before > 0 ? ", beside the layouts before it" : ""})`,
        count: before + units,
        limit: budget?.limit ?? LAYOUT_LIMITS.units,
      },
    ],
    "lay out fewer nodes and edges at once (split the diagram, or lay out one container's inside), link nodes in fewer and shorter steps, or nest groups less deep",
  );
  budget?.charge(units);
}

/** The group borders between two nodes: up from one to their lowest common group, down to the other. */
function bordersCrossed(a: number, b: number, parents: readonly number[]): number {
  const above = new Set<number>();
  for (let n = parents[a] ?? -1; n >= 0; n = parents[n] ?? -1) above.add(n);
  let down = 0;
  let common = -1;
  for (let n = parents[b] ?? -1; n >= 0; n = parents[n] ?? -1) {
    if (above.has(n)) {
      common = n;
      break;
    }
    down++;
  }
  let up = 0;
  for (let n = parents[a] ?? -1; n >= 0 && n !== common; n = parents[n] ?? -1) up++;
  return up + down;
}

/** What a cost is made of, for the error that refuses it. */
function describe(cost: LayoutCost): string {
  const parts = [
    `${cost.nodes.toLocaleString("en-US")} nodes and groups`,
    `${cost.edges.toLocaleString("en-US")} edges`,
  ];
  if (cost.segments > 0) {
    parts.push(`${cost.segments.toLocaleString("en-US")} layers crossed by long or labelled edges`);
  }
  if (cost.borders > 0) parts.push(`${cost.borders.toLocaleString("en-US")} group borders crossed`);
  const crowded = Math.round(cost.channels / CHANNEL_EDGES_SQUARED);
  if (crowded >= cost.nodes) parts.push("many edges side by side between two layers (a hub)");
  return parts.join(", ");
}

/**
 * On a longest-path layering (each node one layer below its lowest predecessor; a labelled
 * edge spans two layers, its label being a node of its own): the layers edges cross beyond
 * the next one, and the sum over the gaps between layers of the square of the edges running
 * through each (ELK orders the segments of one gap against each other). Nodes on a cycle that
 * remains are left on the first layer.
 */
function layering(
  count: number,
  edges: ReadonlyArray<{ from: number; to: number; labelled: boolean }>,
): { segments: number; channels: number } {
  const out: number[][] = Array.from({ length: count }, () => []);
  const span: number[][] = Array.from({ length: count }, () => []);
  const indegree = new Int32Array(count);
  for (const { from, to, labelled } of edges) {
    if (from === to) continue;
    out[from]?.push(to);
    span[from]?.push(labelled ? 2 : 1);
    indegree[to] = (indegree[to] ?? 0) + 1;
  }
  const layer = new Float64Array(count);
  const queue: number[] = [];
  for (let i = 0; i < count; i++) if (indegree[i] === 0) queue.push(i);
  let layers = 1;
  for (let q = 0; q < queue.length; q++) {
    const a = queue[q] as number;
    const targets = out[a] as number[];
    const spans = span[a] as number[];
    for (let k = 0; k < targets.length; k++) {
      const b = targets[k] as number;
      layer[b] = Math.max(layer[b] as number, (layer[a] as number) + (spans[k] as number));
      layers = Math.max(layers, (layer[b] as number) + 1);
      indegree[b] = (indegree[b] as number) - 1;
      if (indegree[b] === 0) queue.push(b);
    }
  }
  let segments = 0;
  // Edges through each gap, counted with a difference array: +1 where an edge starts, -1 after.
  const through = new Float64Array(layers + 1);
  for (const { from, to, labelled } of edges) {
    const [lo, hi] = [layer[from] as number, layer[to] as number].sort((p, q) => p - q) as [
      number,
      number,
    ];
    segments += Math.max(labelled ? 1 : 0, hi - lo - 1);
    through[lo] = (through[lo] as number) + 1;
    through[Math.max(lo + 1, hi)] = (through[Math.max(lo + 1, hi)] as number) - 1;
  }
  let channels = 0;
  let running = 0;
  for (let g = 0; g < layers; g++) {
    running += through[g] as number;
    channels += running * running;
  }
  return { segments, channels };
}
