/**
 * The search for a layer order with few crossings (`orderLayers` runs it from several starts):
 * median sweeps, sifting and transposition over a proper layered graph, counting crossings and
 * the work done.
 */

/** Layers up to this long are sifted from a table of their pairs' crossings (4 MB at most). */
const SIFT_TABLE_MAX = 1024;

/** Every edge one layer long, as adjacency up and down (repeated for parallel edges). */
export interface ProperGraph {
  layerOf: number[];
  layerCount: number;
  up: number[][];
  down: number[][];
  dummies: number[][];
  nodeCount: number;
}

/** The sweeps, with the positions they share and the work they have done. */
export class OrderSearch {
  readonly graph: ProperGraph;
  readonly position: Int32Array;
  work = 0;

  /**
   * Per node, the positions of its neighbours up and down, sorted, at `at[v]` (up) and
   * `at[v] + up[v].length` (down) in `sorted`: refreshed (`sortNeighbours`) for a layer whose
   * neighbouring layers are fixed, so that two nodes compare by a merge of their lists.
   */
  private readonly sorted: Int32Array;
  private readonly at: Int32Array;

  constructor(graph: ProperGraph) {
    this.graph = graph;
    const total = graph.layerOf.length;
    this.position = new Int32Array(total);
    this.at = new Int32Array(total);
    let size = 0;
    for (let v = 0; v < total; v++) {
      this.at[v] = size;
      size += (graph.up[v] as number[]).length + (graph.down[v] as number[]).length;
    }
    this.sorted = new Int32Array(size);
  }

  /** Writes the sorted neighbour positions of each node of a layer (see `sorted`). */
  private sortNeighbours(layer: readonly number[]): void {
    const { up, down } = this.graph;
    for (const v of layer) {
      const at = this.at[v] as number;
      const ups = up[v] as number[];
      this.sortInto(ups, at);
      this.sortInto(down[v] as number[], at + ups.length);
    }
  }

  /** Writes the positions of `nodes` to `sorted` from `start` on, in order (insertion sort). */
  private sortInto(nodes: readonly number[], start: number): void {
    const { sorted, position } = this;
    for (let k = 0; k < nodes.length; k++) {
      const p = position[nodes[k] as number] as number;
      let i = start + k;
      while (i > start && (sorted[i - 1] as number) > p) {
        sorted[i] = sorted[i - 1] as number;
        i--;
      }
      sorted[i] = p;
    }
  }

  /** Median sweeps (with sifting when `sift`) and transposition from one start; the best met. */
  improve(
    start: number[][],
    {
      patience,
      sweeps,
      sift,
      cap,
    }: { patience: number; sweeps: number; sift: boolean; cap: number },
  ): { layers: number[][]; crossings: number } {
    const layers = start.map((l) => [...l]);
    for (const l of layers) this.place(l);
    this.transpose(layers);
    let best = layers.map((l) => [...l]);
    let bestCrossings = this.totalCrossings(layers);
    let idle = 0;
    for (
      let sweep = 0;
      sweep < sweeps && bestCrossings > 0 && idle < patience && this.work < cap;
      sweep++
    ) {
      const downward = sweep % 2 === 0;
      const count = layers.length;
      for (let k = 1; k < count; k++) {
        const l = downward ? k : count - 1 - k;
        const layer = layers[l] as number[];
        // Every other pair of sweeps, ties flip and equal swaps are taken (dot's way off a plateau).
        const loose = sweep % 4 < 2;
        this.sortByMedian(layer, downward ? this.graph.up : this.graph.down, loose);
        if (sift) this.siftLayer(layer);
      }
      this.transpose(layers, sweep % 4 < 2);
      const crossings = this.totalCrossings(layers);
      if (crossings < bestCrossings) {
        bestCrossings = crossings;
        best = layers.map((l) => [...l]);
        idle = 0;
      } else {
        idle++;
      }
    }
    // Sifting rounds on the best order, down and up, while they remove crossings.
    if (bestCrossings > 0) {
      for (const l of best) this.place(l);
      for (let round = 0; round < 4 && this.work < cap; round++) {
        let gain = 0;
        for (const layer of best) gain += this.siftLayer(layer);
        for (let l = best.length - 1; l >= 0; l--) gain += this.siftLayer(best[l] as number[]);
        if (gain === 0) break;
        bestCrossings -= gain;
      }
    }
    return { layers: best, crossings: bestCrossings };
  }

  private place(layer: readonly number[]): void {
    for (let i = 0; i < layer.length; i++) this.position[layer[i] as number] = i;
  }

  /**
   * Sorts a layer by the weighted median of each node's neighbours on the fixed side; nodes
   * without neighbours there keep their slots.
   */
  private sortByMedian(layer: number[], fixed: number[][], flipTies = false): void {
    const keyed: { v: number; key: number; at: number }[] = [];
    for (let i = 0; i < layer.length; i++) {
      const v = layer[i] as number;
      const key = this.median(fixed[v] as number[]);
      if (key >= 0) keyed.push({ v, key, at: i });
    }
    if (keyed.length < 2) return;
    const slots = keyed.map((k) => k.at);
    keyed.sort((a, b) => a.key - b.key || (flipTies ? b.at - a.at : a.at - b.at));
    keyed.forEach((k, i) => {
      layer[slots[i] as number] = k.v;
    });
    this.place(layer);
  }

  /** The weighted median of neighbour positions (Gansner et al.); -1 with no neighbours. */
  private median(neighbours: readonly number[]): number {
    const count = neighbours.length;
    if (count === 0) return -1;
    if (count === 1) return this.position[neighbours[0] as number] as number;
    const p = neighbours.map((n) => this.position[n] as number).sort((a, b) => a - b);
    const mid = count >> 1;
    if (count % 2 === 1) return p[mid] as number;
    if (count === 2) return ((p[0] as number) + (p[1] as number)) / 2;
    const left = (p[mid - 1] as number) - (p[0] as number);
    const right = (p[count - 1] as number) - (p[mid] as number);
    if (left + right === 0) return ((p[mid - 1] as number) + (p[mid] as number)) / 2;
    return ((p[mid - 1] as number) * right + (p[mid] as number) * left) / (left + right);
  }

  /** Scratch for `layerCrossings`: the lower ends in order, and the accumulator tree. */
  private ends = new Int32Array(64);
  private tree = new Int32Array(64);
  /** Scratch for `siftLayer`: per slot, what moving the node past that slot's node changes. */
  private deltas = new Int32Array(64);
  /** Crossings of `u`'s and `w`'s edges (both sides) with `u` before `w`, set by `compare`. */
  private before = 0;
  /** The same with `w` before `u`. */
  private after = 0;

  /**
   * Counts the crossings between the edges of `u` and `w`, both sides, in either order, in one
   * pass (`before`, `after`): two edges to one neighbour never cross, any other pair crosses in
   * exactly one of the orders. Returns the comparisons one order costs, for the work count.
   */
  private compare(u: number, w: number): number {
    const { up, down } = this.graph;
    const upU = (up[u] as number[]).length;
    const upW = (up[w] as number[]).length;
    const downU = (down[u] as number[]).length;
    const downW = (down[w] as number[]).length;
    const atU = this.at[u] as number;
    const atW = this.at[w] as number;
    this.before = 0;
    this.after = 0;
    this.pair(atU, upU, atW, upW);
    this.pair(atU + upU, downU, atW + upW, downW);
    // The work is counted as pairs of edges, as a count pair by pair would take.
    return upU * upW + downU * downW;
  }

  /**
   * Adds to `before` the pairs of one list's position above the other's, and to `after` those
   * below, by merging the two sorted lists at `a` and `b` in `sorted`.
   */
  private pair(a: number, aCount: number, b: number, bCount: number): void {
    const { sorted } = this;
    let below = 0;
    let notAbove = 0;
    let before = 0;
    let after = 0;
    for (let i = a; i < a + aCount; i++) {
      const p = sorted[i] as number;
      while (below < bCount && (sorted[b + below] as number) < p) below++;
      if (notAbove < below) notAbove = below;
      while (notAbove < bCount && (sorted[b + notAbove] as number) <= p) notAbove++;
      before += below;
      after += bCount - notAbove;
    }
    this.before += before;
    this.after += after;
  }

  /**
   * Moves each node of a layer, one at a time, to the slot where its edges cross the fewest
   * edges of the layer's other nodes. Returns the crossings removed.
   */
  private siftLayer(layer: number[]): number {
    const n = layer.length;
    if (n < 2) return 0;
    let removed = 0;
    if (this.deltas.length < n) this.deltas = new Int32Array(n * 2);
    const deltas = this.deltas;
    this.sortNeighbours(layer);
    // The crossings of every pair in either order, counted once: the layers beside this one
    // stay put while it is sifted. Only a layer too long for the table counts pair by pair.
    const table = n <= SIFT_TABLE_MAX ? this.pairTable(layer) : undefined;
    const { slot } = this;
    for (const v of [...layer]) {
      const from = layer.indexOf(v);
      layer.splice(from, 1);
      let current = 0;
      const row = (slot[v] as number) * n;
      for (let i = 0; i < n - 1; i++) {
        const w = layer[i] as number;
        let before: number;
        let after: number;
        if (table) {
          before = table[row + (slot[w] as number)] as number;
          after = table[(slot[w] as number) * n + (slot[v] as number)] as number;
        } else {
          this.work += 2 * this.compare(v, w);
          before = this.before;
          after = this.after;
        }
        current += before;
        deltas[i] = after - before;
      }
      let bestSlot = 0;
      let bestCost = current;
      let original = current;
      for (let i = 0; i < n - 1; i++) {
        current += deltas[i] as number;
        if (i + 1 === from) original = current;
        if (current < bestCost) {
          bestCost = current;
          bestSlot = i + 1;
        }
      }
      const to = bestCost < original ? bestSlot : from;
      removed += original - Math.min(bestCost, original);
      layer.splice(to, 0, v);
      this.place(layer);
    }
    return removed;
  }

  /** Per node of a layer being sifted, its row in the pair table (its slot when sifting began). */
  private slot: Int32Array = new Int32Array(0);
  /** Scratch for `pairTable`. */
  private table = new Int32Array(0);

  /**
   * The crossings between the edges of each two nodes of a layer with the first before the
   * second, at `slot[u] * n + slot[w]`, and the work counted as comparing each ordered pair would.
   */
  private pairTable(layer: readonly number[]): Int32Array {
    const n = layer.length;
    if (this.slot.length < this.position.length) this.slot = new Int32Array(this.position.length);
    if (this.table.length < n * n) this.table = new Int32Array(n * n);
    const { slot, table } = this;
    for (let k = 0; k < n; k++) slot[layer[k] as number] = k;
    for (let k = 0; k < n; k++) {
      const u = layer[k] as number;
      for (let j = k + 1; j < n; j++) {
        this.work += 4 * this.compare(u, layer[j] as number);
        table[k * n + j] = this.before;
        table[j * n + k] = this.after;
      }
    }
    return table;
  }

  /** Swaps neighbours in each layer wherever that removes crossings, until none does. */
  private transpose(layers: number[][], equalSwaps = false): void {
    let improved = true;
    for (let pass = 0; improved && pass < 32; pass++) {
      improved = false;
      for (const layer of layers) {
        this.sortNeighbours(layer);
        for (let i = 0; i + 1 < layer.length; i++) {
          const u = layer[i] as number;
          const v = layer[i + 1] as number;
          const comparisons = this.compare(u, v);
          this.work += comparisons;
          const kept = this.before;
          if (kept === 0) continue;
          this.work += comparisons;
          const swapped = this.after;
          if (swapped < kept || (equalSwaps && swapped === kept)) {
            layer[i] = v;
            layer[i + 1] = u;
            this.position[v] = i;
            this.position[u] = i + 1;
            if (swapped < kept) improved = true;
          }
        }
      }
    }
  }

  private totalCrossings(layers: number[][]): number {
    let total = 0;
    for (let l = 0; l + 1 < layers.length; l++) {
      total += this.layerCrossings(layers[l] as number[], (layers[l + 1] as number[]).length);
    }
    return total;
  }

  /**
   * Crossings between a layer and the next (Barth, Jünger and Mutzel's accumulator tree: edges
   * taken by their upper end, counted by their lower end).
   */
  private layerCrossings(upper: readonly number[], lowerCount: number): number {
    // The lower ends, each upper node's in order: its own stretch of `sorted`, after its ups.
    let endCount = 0;
    for (const u of upper) endCount += (this.graph.down[u] as number[]).length;
    if (endCount < 2) return 0;
    if (this.ends.length < endCount) this.ends = new Int32Array(endCount * 2);
    const ends = this.ends;
    let k = 0;
    for (const u of upper) {
      const downs = this.graph.down[u] as number[];
      const start = (this.at[u] as number) + (this.graph.up[u] as number[]).length;
      this.sortInto(downs, start);
      for (let i = 0; i < downs.length; i++) ends[k++] = this.sorted[start + i] as number;
    }
    let size = 1;
    while (size < lowerCount) size *= 2;
    if (this.tree.length < 2 * size - 1) this.tree = new Int32Array(4 * size);
    const tree = this.tree;
    tree.fill(0, 0, 2 * size - 1);
    let count = 0;
    for (let e = 0; e < endCount; e++) {
      const end = ends[e] as number;
      let index = end + size - 1;
      tree[index] = (tree[index] as number) + 1;
      while (index > 0) {
        if (index % 2 === 1) count += tree[index + 1] as number;
        index = (index - 1) >> 1;
        tree[index] = (tree[index] as number) + 1;
      }
    }
    this.work += endCount;
    return count;
  }
}
