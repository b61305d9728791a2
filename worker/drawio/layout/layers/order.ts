/**
 * The order of nodes within their layers, chosen for few edge crossings. Edges longer than one
 * layer pass through dummy points, one per layer they cross. From several starting orders,
 * layers are swept down and up: each sorted by the weighted median of its neighbours on the
 * side already placed, then each node sifted to the slot where it crosses least (on both
 * sides), then neighbours swapped while a swap removes crossings. The best order met is kept.
 */
import { OrderSearch, type ProperGraph } from "./order-search.ts";
import type { LayerEdge } from "./rank.ts";

/** The layered graph with its order. */
export interface LayerOrder {
  /** Per layer, node ids in order: ids below `nodeCount` are the graph's nodes, others dummies. */
  layers: number[][];
  /** Per edge (by index), the dummy ids it passes through from its source on; [] for one layer. */
  dummies: number[][];
  /** Edge crossings between adjacent layers, dummies included (what the order minimises). */
  crossings: number;
}

/** Options for {@link orderLayers}. */
export interface OrderOptions {
  /** Sweeps without improvement before a start gives up (dot quits after 8). */
  patience?: number;
  /** Sweeps per start at most. */
  sweeps?: number;
  /**
   * Work for more starts, in neighbour comparisons (about 10 ns each on a busy machine):
   * after the first three, starts are added while the work done stays under it.
   */
  work?: number;
  /** Work at most: the search stops where it is once it has done this much. */
  cap?: number;
}

/**
 * Orders the nodes within the layers `assignLayers` gave them. Deterministic: the same graph
 * always gives the same order.
 *
 * @example
 * const layer = assignLayers(n, edges);
 * const { layers, dummies } = orderLayers(n, edges, layer);
 */
export function orderLayers(
  nodeCount: number,
  edges: readonly LayerEdge[],
  layer: Int32Array,
  { patience = 6, sweeps = 24, work = 1e7, cap = 2e7 }: OrderOptions = {},
): LayerOrder {
  const graph = properGraph(nodeCount, edges, layer);
  const search = new OrderSearch(graph);
  const starts = [breadthFirst(graph, false), depthFirst(graph), breadthFirst(graph, true)];
  let random = 7;
  const next = () => {
    random = (Math.imul(random, 1103515245) + 12345) & 0x7fffffff;
    return random / 0x7fffffff;
  };
  let best: { layers: number[][]; crossings: number } | undefined;
  for (let k = 0; k < 12 && best?.crossings !== 0; k++) {
    if (k >= 3 && search.work > work) break;
    const start = k < 3 ? (starts[k] as number[][]) : shuffled(starts[k % 3] as number[][], next);
    for (const sift of [false, true]) {
      if (best && search.work > cap) break;
      const found = search.improve(start, { patience, sweeps, sift, cap });
      if (!best || found.crossings < best.crossings) best = found;
    }
  }
  const chosen = best as { layers: number[][]; crossings: number };
  return { layers: chosen.layers, dummies: graph.dummies, crossings: chosen.crossings };
}

function properGraph(
  nodeCount: number,
  edges: readonly LayerEdge[],
  layer: Int32Array,
): ProperGraph {
  const layerOf = Array.from(layer);
  const up: number[][] = Array.from({ length: nodeCount }, () => []);
  const down: number[][] = Array.from({ length: nodeCount }, () => []);
  const dummies: number[][] = [];
  let layerCount = 0;
  for (const value of layerOf) layerCount = Math.max(layerCount, value + 1);
  for (const edge of edges) {
    const chain: number[] = [];
    dummies.push(chain);
    if (edge.from === edge.to) continue;
    let previous = edge.from;
    for (let at = (layerOf[edge.from] as number) + 1; at < (layerOf[edge.to] as number); at++) {
      const dummy = layerOf.length;
      layerOf.push(at);
      up.push([previous]);
      down.push([]);
      (down[previous] as number[]).push(dummy);
      chain.push(dummy);
      previous = dummy;
    }
    (down[previous] as number[]).push(edge.to);
    (up[edge.to] as number[]).push(previous);
  }
  return { layerOf, layerCount, up, down, dummies, nodeCount };
}

/** Nodes placed in their layers in the order a breadth-first walk meets them. */
function breadthFirst(graph: ProperGraph, fromSinks: boolean): number[][] {
  const { layerOf, up, down } = graph;
  const total = layerOf.length;
  const layers: number[][] = Array.from({ length: graph.layerCount }, () => []);
  const seen = new Uint8Array(total);
  const queue: number[] = [];
  const ahead = fromSinks ? up : down;
  const behind = fromSinks ? down : up;
  const visit = (start: number) => {
    if (seen[start]) return;
    seen[start] = 1;
    queue.length = 0;
    queue.push(start);
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head] as number;
      (layers[layerOf[v] as number] as number[]).push(v);
      for (const w of [...(ahead[v] as number[]), ...(behind[v] as number[])]) {
        if (seen[w]) continue;
        seen[w] = 1;
        queue.push(w);
      }
    }
  };
  for (let v = 0; v < graph.nodeCount; v++) if ((behind[v] as number[]).length === 0) visit(v);
  for (let v = 0; v < total; v++) visit(v);
  return layers;
}

/** Nodes placed in their layers in the order a depth-first walk from the sources meets them. */
function depthFirst(graph: ProperGraph): number[][] {
  const { layerOf, up, down } = graph;
  const total = layerOf.length;
  const layers: number[][] = Array.from({ length: graph.layerCount }, () => []);
  const seen = new Uint8Array(total);
  const stack: number[] = [];
  const visit = (start: number) => {
    stack.length = 0;
    stack.push(start);
    while (stack.length > 0) {
      const v = stack.pop() as number;
      if (seen[v]) continue;
      seen[v] = 1;
      (layers[layerOf[v] as number] as number[]).push(v);
      const around = [...(up[v] as number[]), ...(down[v] as number[])];
      for (let i = around.length - 1; i >= 0; i--) {
        const w = around[i] as number;
        if (!seen[w]) stack.push(w);
      }
    }
  };
  for (let v = 0; v < graph.nodeCount; v++) if ((up[v] as number[]).length === 0) visit(v);
  for (let v = 0; v < total; v++) if (!seen[v]) visit(v);
  return layers;
}

function shuffled(layers: number[][], next: () => number): number[][] {
  return layers.map((layer) => {
    const out = [...layer];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as number, out[i] as number];
    }
    return out;
  });
}
