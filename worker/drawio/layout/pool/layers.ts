/**
 * A pool's steps in layers along the flow: which layer each step takes, their order inside a
 * layer, and the tracks long edges run along past the layers they skip.
 */

/** One item of a layer: a step, or an edge passing through the layer. */
export interface Item {
  /** ELK id: the step's, or a passing point's (`p3.1`: edge 3, first layer it passes). */
  id: string;
  lane: number;
  /** Room across the flow. */
  across: number;
  /** Position in the layer, refined by the ordering sweeps. */
  order: number;
}

/** An edge between two steps (by node index), as ELK gets it: cycles already broken. */
export interface Arc {
  /** The edge's ELK id. */
  id: string;
  from: number;
  to: number;
}

/** Where an edge passes a layer it skips: on a track of its source's lane. */
export interface Passing {
  id: string;
  lane: number;
  track: number;
  layer: number;
}

/** The tracks of a pool's long edges. */
export interface Tracks {
  /** Per edge (ELK id), the ELK ids it runs through: its source, its passing points, its target. */
  chains: Map<string, string[]>;
  /** Per lane, where each of its tracks is taken up to (the last layer passed). */
  tracksOf: number[][];
  passing: Passing[];
}

/**
 * Layers by longest path from the sources, sources then pulled next to their first successor.
 *
 * @example
 * longestPathLayers(3, [{ from: 0, to: 1 }, { from: 1, to: 2 }]); // [0, 1, 2]
 */
export function longestPathLayers(
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

/**
 * Orders each layer by lane, and inside a lane by the barycentre of its neighbours (sweeps).
 *
 * @example
 * orderLayers(layers, arcs, ids); // layers sorted in place
 */
export function orderLayers(
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

/**
 * The tracks of the long edges: a long edge runs straight along a track of its source's lane,
 * beside the steps, passing each layer between its ends at a point; edges whose stretches do
 * not meet share a track.
 *
 * @example
 * passingTracks(arcs, ids, layer, pool.laneOfNode, pool.lanes.length).chains.get("e0");
 * // ["n0", "p0.1", "p0.2", "n3"]
 */
export function passingTracks(
  arcs: readonly Arc[],
  ids: readonly string[],
  layer: readonly number[],
  laneOfNode: readonly number[],
  laneCount: number,
): Tracks {
  const chains = new Map<string, string[]>();
  const tracksOf: number[][] = Array.from({ length: laneCount }, () => []);
  const passing: Passing[] = [];
  arcs.forEach((arc, k) => {
    const chain = [ids[arc.from] as string];
    const first = (layer[arc.from] as number) + 1;
    const last = (layer[arc.to] as number) - 1;
    if (first <= last) {
      const lane = laneOfNode[arc.from] as number;
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
  return { chains, tracksOf, passing };
}
