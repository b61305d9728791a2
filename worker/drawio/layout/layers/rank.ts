/**
 * Layer assignment for an acyclic graph by network simplex (Gansner, Koutsofios, North and Vo,
 * 1993): every edge goes down at least its minimum span, and the total length of the edges,
 * weighted, is as small as it can be. Short edges mean fewer dummy points, bends and crossings.
 */

/** An edge of the layered graph: `from` → `to`, pointing down the layers. */
export interface LayerEdge {
  from: number;
  to: number;
  /** How many layers the edge must span at least (2 leaves a layer for a centred label). */
  span: number;
}

/** Network simplex exchanges per node at most (it usually needs far fewer). */
const EXCHANGES_PER_NODE = 8;

/**
 * Assigns layers, starting at 0, so that the summed edge length is minimal: longest path
 * first, then a tight spanning tree per connected part, improved by exchanging tree edges
 * while one has a negative cut value. The edges must form no cycle (self-loops are ignored).
 * Deterministic.
 *
 * @example
 * assignLayers(3, [{ from: 0, to: 2, span: 1 }, { from: 1, to: 2, span: 1 }]); // [0, 0, 1]
 */
export function assignLayers(nodeCount: number, edges: readonly LayerEdge[]): Int32Array {
  const live = edges.filter((e) => e.from !== e.to);
  const rank = longestPath(nodeCount, live);
  const incident: number[][] = Array.from({ length: nodeCount }, () => []);
  live.forEach((e, i) => {
    (incident[e.from] as number[]).push(i);
    (incident[e.to] as number[]).push(i);
  });
  for (const part of connectedParts(nodeCount, live, incident)) {
    if (part.length > 1) new Simplex(part, live, incident, rank).run();
  }
  normalise(rank, live, incident);
  return rank;
}

/** Longest path from the sources: every node as high as its in-edges allow. */
function longestPath(nodeCount: number, edges: readonly LayerEdge[]): Int32Array {
  const outs: number[][] = Array.from({ length: nodeCount }, () => []);
  const indegree = new Int32Array(nodeCount);
  edges.forEach((e, i) => {
    (outs[e.from] as number[]).push(i);
    indegree[e.to] = (indegree[e.to] as number) + 1;
  });
  const rank = new Int32Array(nodeCount);
  const queue: number[] = [];
  for (let v = 0; v < nodeCount; v++) if (indegree[v] === 0) queue.push(v);
  let seen = 0;
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head] as number;
    seen++;
    for (const i of outs[v] as number[]) {
      const e = edges[i] as LayerEdge;
      rank[e.to] = Math.max(rank[e.to] as number, (rank[v] as number) + e.span);
      indegree[e.to] = (indegree[e.to] as number) - 1;
      if (indegree[e.to] === 0) queue.push(e.to);
    }
  }
  if (seen < nodeCount) throw new Error("assignLayers: the graph has a cycle");
  return rank;
}

/** The weakly connected parts of the graph, each as its node list. */
function connectedParts(
  nodeCount: number,
  edges: readonly LayerEdge[],
  incident: number[][],
): number[][] {
  const part = new Int32Array(nodeCount).fill(-1);
  const parts: number[][] = [];
  for (let start = 0; start < nodeCount; start++) {
    if (part[start] !== -1) continue;
    const nodes = [start];
    part[start] = parts.length;
    for (let k = 0; k < nodes.length; k++) {
      for (const i of incident[nodes[k] as number] as number[]) {
        const e = edges[i] as LayerEdge;
        for (const w of [e.from, e.to]) {
          if (part[w] !== -1) continue;
          part[w] = parts.length;
          nodes.push(w);
        }
      }
    }
    parts.push(nodes);
  }
  return parts;
}

/**
 * Each connected part starts at layer 0, and a node with as many edges in as out (weighted)
 * moves to the least crowded layer its edges allow, as dot balances its ranks.
 */
function normalise(rank: Int32Array, edges: readonly LayerEdge[], incident: number[][]): void {
  let min = Infinity;
  for (const r of rank) min = Math.min(min, r);
  if (Number.isFinite(min) && min !== 0)
    for (let v = 0; v < rank.length; v++) rank[v] = (rank[v] as number) - min;
  const count: number[] = [];
  for (const r of rank) count[r] = (count[r] ?? 0) + 1;
  for (let v = 0; v < rank.length; v++) {
    let balance = 0;
    let low = 0;
    let high = Infinity;
    for (const i of incident[v] as number[]) {
      const e = edges[i] as LayerEdge;
      if (e.to === v) {
        balance--;
        low = Math.max(low, (rank[e.from] as number) + e.span);
      } else {
        balance++;
        high = Math.min(high, (rank[e.to] as number) - e.span);
      }
    }
    if (balance !== 0 || !Number.isFinite(high) || (incident[v] as number[]).length === 0) continue;
    let best = rank[v] as number;
    for (let r = low; r <= high; r++) if ((count[r] ?? 0) < (count[best] ?? 0) - 1) best = r;
    if (best !== rank[v]) {
      count[rank[v] as number] = (count[rank[v] as number] as number) - 1;
      count[best] = (count[best] ?? 0) + 1;
      rank[v] = best;
    }
  }
}

/** Network simplex on one connected part, changing `rank` in place. */
class Simplex {
  private readonly inTree: Uint8Array;
  private readonly treeEdge: Uint8Array;
  /** Per node: the tree edge to its parent (-1 at the root), and its postorder interval. */
  private readonly parentEdge: Int32Array;
  private readonly low: Int32Array;
  private readonly lim: Int32Array;
  /** Per node: out-weight minus in-weight, summed over its subtree. */
  private readonly flow: Int32Array;
  private readonly nodes: readonly number[];
  private readonly edges: readonly LayerEdge[];
  private readonly incident: number[][];
  private readonly rank: Int32Array;

  constructor(
    nodes: readonly number[],
    edges: readonly LayerEdge[],
    incident: number[][],
    rank: Int32Array,
  ) {
    this.nodes = nodes;
    this.edges = edges;
    this.incident = incident;
    this.rank = rank;
    const n = rank.length;
    this.inTree = new Uint8Array(n);
    this.treeEdge = new Uint8Array(edges.length);
    this.parentEdge = new Int32Array(n);
    this.low = new Int32Array(n);
    this.lim = new Int32Array(n);
    this.flow = new Int32Array(n);
  }

  run(): void {
    this.feasibleTree();
    this.index();
    const limit = EXCHANGES_PER_NODE * this.nodes.length;
    for (let step = 0; step < limit; step++) {
      const leaving = this.leavingEdge();
      if (leaving < 0) break;
      const entering = this.enteringEdge(leaving);
      if (entering < 0) break;
      this.exchange(leaving, entering);
    }
  }

  private slack(i: number): number {
    const e = this.edges[i] as LayerEdge;
    return (this.rank[e.to] as number) - (this.rank[e.from] as number) - e.span;
  }

  /** A spanning tree of tight edges, ranks shifted until one exists. */
  private feasibleTree(): void {
    const root = this.nodes[0] as number;
    const members = [root];
    this.inTree[root] = 1;
    const grow = () => {
      for (let k = 0; k < members.length; k++) {
        for (const i of this.incident[members[k] as number] as number[]) {
          if (this.treeEdge[i]) continue;
          const e = this.edges[i] as LayerEdge;
          const other = this.inTree[e.from] ? e.to : e.from;
          if (this.inTree[other] || this.slack(i) !== 0) continue;
          this.inTree[other] = 1;
          this.treeEdge[i] = 1;
          members.push(other);
        }
      }
    };
    grow();
    while (members.length < this.nodes.length) {
      let best = -1;
      let bestSlack = Infinity;
      for (const v of members) {
        for (const i of this.incident[v] as number[]) {
          const e = this.edges[i] as LayerEdge;
          if (this.inTree[e.from] === this.inTree[e.to]) continue;
          const s = this.slack(i);
          if (s < bestSlack) {
            bestSlack = s;
            best = i;
          }
        }
      }
      const e = this.edges[best] as LayerEdge;
      const delta = this.inTree[e.to] ? -bestSlack : bestSlack;
      for (const v of members) this.rank[v] = (this.rank[v] as number) + delta;
      grow();
    }
  }

  /** Parent edges, postorder intervals and subtree flows, from the part's first node. */
  private index(): void {
    const root = this.nodes[0] as number;
    let next = 1;
    // Iterative depth-first walk over tree edges.
    const stack: { v: number; k: number }[] = [{ v: root, k: 0 }];
    this.parentEdge[root] = -1;
    this.low[root] = next;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { v: number; k: number };
      const around = this.incident[top.v] as number[];
      if (top.k < around.length) {
        const i = around[top.k++] as number;
        if (!this.treeEdge[i] || i === this.parentEdge[top.v]) continue;
        const e = this.edges[i] as LayerEdge;
        const child = e.from === top.v ? e.to : e.from;
        this.parentEdge[child] = i;
        this.low[child] = next;
        stack.push({ v: child, k: 0 });
        continue;
      }
      stack.pop();
      const v = top.v;
      this.lim[v] = next++;
      let flow = 0;
      for (const i of around) {
        const e = this.edges[i] as LayerEdge;
        flow += e.from === v ? 1 : -1;
        if (this.treeEdge[i] && i !== this.parentEdge[v]) {
          const child = e.from === v ? e.to : e.from;
          flow += this.flow[child] as number;
        }
      }
      this.flow[v] = flow;
    }
  }

  /** The child end of a tree edge: the end whose parent edge it is. */
  private childOf(i: number): number {
    const e = this.edges[i] as LayerEdge;
    return this.parentEdge[e.from] === i ? e.from : e.to;
  }

  /** Cut value of a tree edge: weight from its tail's side to its head's side, minus back. */
  private cutValue(i: number): number {
    const child = this.childOf(i);
    const e = this.edges[i] as LayerEdge;
    return e.from === child ? (this.flow[child] as number) : -(this.flow[child] as number);
  }

  private inSubtree(v: number, root: number): boolean {
    const l = this.lim[v] as number;
    return (this.low[root] as number) <= l && l <= (this.lim[root] as number);
  }

  private leavingEdge(): number {
    let best = -1;
    let bestCut = 0;
    for (const v of this.nodes) {
      const i = this.parentEdge[v] as number;
      if (i < 0) continue;
      const cut = this.cutValue(i);
      if (cut < bestCut) {
        bestCut = cut;
        best = i;
      }
    }
    return best;
  }

  /** The non-tree edge of least slack crossing the cut of `leaving` the other way. */
  private enteringEdge(leaving: number): number {
    const child = this.childOf(leaving);
    const out = (this.edges[leaving] as LayerEdge).from === child;
    let best = -1;
    let bestSlack = Infinity;
    for (let i = 0; i < this.edges.length; i++) {
      if (this.treeEdge[i]) continue;
      const e = this.edges[i] as LayerEdge;
      const fromIn = this.inSubtree(e.from, child);
      const toIn = this.inSubtree(e.to, child);
      if (fromIn === toIn) continue;
      // The leaving edge leaves the subtree: enter with an edge into it, and the reverse.
      if (out ? fromIn : toIn) continue;
      if (!this.inTree[e.from] || !this.inTree[e.to]) continue;
      const s = this.slack(i);
      if (s < bestSlack) {
        bestSlack = s;
        best = i;
      }
    }
    return best;
  }

  private exchange(leaving: number, entering: number): void {
    const child = this.childOf(leaving);
    const e = this.edges[entering] as LayerEdge;
    const s = this.slack(entering);
    // Move the subtree so that the entering edge becomes tight.
    const delta = this.inSubtree(e.to, child) ? -s : s;
    if (delta !== 0) {
      for (const v of this.nodes) {
        if (this.inSubtree(v, child)) this.rank[v] = (this.rank[v] as number) + delta;
      }
    }
    this.treeEdge[leaving] = 0;
    this.treeEdge[entering] = 1;
    this.index();
  }
}
