/**
 * Where each node sits across its layer (Brandes–Köpf): in four passes (aligning with the layer
 * before or after, packing from either end), runs of nodes linked through their median
 * neighbours are stacked into blocks, so that long edges and simple chains run straight from
 * port to port; the blocks are packed as tight as the spacing lets them; the narrowest of the
 * four passes is kept.
 * Coordinates here are along the layer ("across"); the caller turns them into x or y.
 */

/** A node as placing sees it: its extent across the layer and the room it keeps on each side. */
export interface PlacedNode {
  /** The node's size across its layer (0 for a point of a passing edge). */
  size: number;
  /** Room kept before the node (an outside label, self-loops) and after it. */
  before: number;
  after: number;
  /** Spacing class: nodes, edge labels and the points of passing edges keep different gaps. */
  kind: "node" | "label" | "point";
}

/** A link between adjacent layers, by node index, with where it meets each node across. */
export interface PlacedLink {
  from: number;
  to: number;
  /** Offsets of the link's ends from their node's start across the layer. */
  fromOffset: number;
  toOffset: number;
}

/** Gaps between neighbours in a layer, by their kinds (ELK's node–node, edge–node, edge–edge). */
const GAP = { node: 40, label: 20, point: 12 } as const;

function gapBetween(a: PlacedNode["kind"], b: PlacedNode["kind"]): number {
  if (a === "node" || b === "node")
    return a === b || a === "label" || b === "label" ? GAP.node : GAP.label;
  if (a === "label" || b === "label") return GAP.label;
  return GAP.point;
}

/**
 * Places every node across its layer: returns, per node index, the coordinate of its start.
 * `layers` lists node indices in order; every link joins a node to one in the next layer.
 *
 * @example
 * const at = placeAcross(nodes, [[0], [1, 2]], [{ from: 0, to: 1, fromOffset: 30, toOffset: 30 }]);
 */
export function placeAcross(
  nodes: readonly PlacedNode[],
  layers: readonly (readonly number[])[],
  links: readonly PlacedLink[],
): Float64Array {
  const n = nodes.length;
  const candidates: Float64Array[] = [];
  for (const fromBelow of [false, true]) {
    for (const fromEnd of [false, true]) {
      candidates.push(onePass(nodes, layers, links, fromBelow, fromEnd));
    }
  }
  // Each pass's extent; the narrowest is the reference the others are moved onto.
  const extents = candidates.map((x) => {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let v = 0; v < n; v++) {
      const node = nodes[v] as PlacedNode;
      low = Math.min(low, (x[v] as number) - node.before);
      high = Math.max(high, (x[v] as number) + node.size + node.after);
    }
    return { low, high };
  });
  let narrowest = 0;
  extents.forEach((e, k) => {
    const best = extents[narrowest] as { low: number; high: number };
    if (e.high - e.low < best.high - best.low) narrowest = k;
  });
  // The narrowest pass, not a blend of the four: each pass keeps its blocks straight, which
  // orthogonal routes show as edges without jogs (ELK does the same for orthogonal routing).
  const x = candidates[narrowest] as Float64Array;
  lineUpLoose(nodes, layers, links, x);
  return x;
}

/**
 * Moves each node none of whose links runs straight (a node no block took in) to where one of
 * them does, nearest first, when that fits between its neighbours: a label left beside its
 * block would otherwise make its edge step back and forth. Layers down, then up.
 */
function lineUpLoose(
  nodes: readonly PlacedNode[],
  layers: readonly (readonly number[])[],
  links: readonly PlacedLink[],
  x: Float64Array,
): void {
  const ends: { other: number; own: number; theirs: number }[][] = nodes.map(() => []);
  for (const link of links) {
    ends[link.from]?.push({ other: link.to, own: link.fromOffset, theirs: link.toOffset });
    ends[link.to]?.push({ other: link.from, own: link.toOffset, theirs: link.fromOffset });
  }
  const order = [...layers, ...[...layers].reverse()];
  for (const layer of order) {
    layer.forEach((v, k) => {
      const mine = ends[v] as { other: number; own: number; theirs: number }[];
      const wanted = mine.map((e) => (x[e.other] as number) + e.theirs - e.own);
      const at = x[v] as number;
      if (wanted.length === 0 || wanted.some((w) => Math.abs(w - at) < 0.5)) return;
      const node = nodes[v] as PlacedNode;
      const left = layer[k - 1];
      const right = layer[k + 1];
      const low =
        left === undefined
          ? Number.NEGATIVE_INFINITY
          : (x[left] as number) +
            (nodes[left] as PlacedNode).size +
            (nodes[left] as PlacedNode).after +
            gapBetween((nodes[left] as PlacedNode).kind, node.kind) +
            node.before;
      const high =
        right === undefined
          ? Number.POSITIVE_INFINITY
          : (x[right] as number) -
            (nodes[right] as PlacedNode).before -
            gapBetween(node.kind, (nodes[right] as PlacedNode).kind) -
            node.after -
            node.size;
      const fitting = wanted.filter((w) => w >= low - 1e-9 && w <= high + 1e-9);
      if (fitting.length === 0) return;
      fitting.sort((a, b) => Math.abs(a - at) - Math.abs(b - at));
      x[v] = fitting[0] as number;
    });
  }
}

/**
 * One of the four passes: aligns each node with its median neighbours in the layer before
 * (after, `fromBelow`), scanning each layer from its start (its end, `fromEnd`), then packs the
 * blocks towards the start (the end). Written for the first case; the others mirror the input
 * and the result.
 */
function onePass(
  nodes: readonly PlacedNode[],
  layers: readonly (readonly number[])[],
  links: readonly PlacedLink[],
  fromBelow: boolean,
  fromEnd: boolean,
): Float64Array {
  const n = nodes.length;
  const order = (fromBelow ? [...layers].reverse() : [...layers]).map((layer) =>
    fromEnd ? [...layer].reverse() : [...layer],
  );
  const size = (v: number) => (nodes[v] as PlacedNode).size;
  const before = (v: number) =>
    fromEnd ? (nodes[v] as PlacedNode).after : (nodes[v] as PlacedNode).before;
  const after = (v: number) =>
    fromEnd ? (nodes[v] as PlacedNode).before : (nodes[v] as PlacedNode).after;
  const offset = (v: number, o: number) => (fromEnd ? size(v) - o : o);
  const pos = new Int32Array(n);
  for (const layer of order) {
    layer.forEach((v, k) => {
      pos[v] = k;
    });
  }
  // Per node, its links to the layer already aligned: the other end, and both offsets.
  type Up = { u: number; offU: number; offV: number; key: number; marked: boolean };
  const ups: Up[][] = Array.from({ length: n }, () => []);
  for (const link of links) {
    const [u, v, offU, offV] = fromBelow
      ? [link.to, link.from, link.toOffset, link.fromOffset]
      : [link.from, link.to, link.fromOffset, link.toOffset];
    const ou = offset(u, offU);
    (ups[v] as Up[]).push({ u, offU: ou, offV: offset(v, offV), key: 0, marked: false });
  }
  for (let v = 0; v < n; v++) {
    const list = ups[v] as Up[];
    for (const up of list) up.key = (pos[up.u] as number) * 1e6 + up.offU;
    list.sort((a, b) => a.key - b.key);
  }
  const dummy = (v: number) => (nodes[v] as PlacedNode).kind !== "node";
  markConflicts(order, ups, dummy);

  const root = new Int32Array(n);
  const align = new Int32Array(n);
  const shift = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    root[v] = v;
    align[v] = v;
  }
  for (let i = 1; i < order.length; i++) {
    let r = -1;
    for (const v of order[i] as number[]) {
      const list = ups[v] as Up[];
      const d = list.length;
      if (d === 0) continue;
      const medians = d % 2 === 1 ? [(d - 1) / 2] : [d / 2 - 1, d / 2];
      for (const m of medians) {
        if (align[v] !== v) break;
        const up = list[m] as Up;
        const u = up.u;
        if (up.marked || r >= (pos[u] as number)) continue;
        align[u] = v;
        root[v] = root[u] as number;
        shift[v] = (shift[u] as number) + up.offU - up.offV;
        align[v] = root[v] as number;
        r = pos[u] as number;
      }
    }
  }

  // Pack the blocks: each as near the start as its predecessors in every layer allow.
  const succ: { to: number; gap: number }[][] = Array.from({ length: n }, () => []);
  const indegree = new Int32Array(n);
  for (const layer of order) {
    for (let k = 1; k < layer.length; k++) {
      const p = layer[k - 1] as number;
      const w = layer[k] as number;
      const kinds = gapBetween((nodes[p] as PlacedNode).kind, (nodes[w] as PlacedNode).kind);
      const gap =
        (shift[p] as number) + size(p) + after(p) + kinds + before(w) - (shift[w] as number);
      (succ[root[p] as number] as { to: number; gap: number }[]).push({
        to: root[w] as number,
        gap,
      });
      indegree[root[w] as number] = (indegree[root[w] as number] as number) + 1;
    }
  }
  const at = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  for (let v = 0; v < n; v++) {
    const r = root[v] as number;
    at[r] = Math.max(at[r] as number, before(v) - (shift[v] as number));
  }
  const queue: number[] = [];
  for (let v = 0; v < n; v++) if (root[v] === v && indegree[v] === 0) queue.push(v);
  for (let head = 0; head < queue.length; head++) {
    const r = queue[head] as number;
    for (const { to, gap } of succ[r] as { to: number; gap: number }[]) {
      at[to] = Math.max(at[to] as number, (at[r] as number) + gap);
      indegree[to] = (indegree[to] as number) - 1;
      if (indegree[to] === 0) queue.push(to);
    }
  }
  const x = new Float64Array(n);
  for (let v = 0; v < n; v++) x[v] = (at[root[v] as number] as number) + (shift[v] as number);
  if (fromEnd) for (let v = 0; v < n; v++) x[v] = -((x[v] as number) + size(v));
  return x;
}

/**
 * Marks the links that cross an inner segment (a link between two points or labels of long
 * edges), so that alignment keeps long edges straight before short ones (type 1 conflicts).
 */
function markConflicts(
  order: readonly (readonly number[])[],
  ups: readonly { u: number; key: number; marked: boolean }[][],
  dummy: (v: number) => boolean,
): void {
  for (let i = 1; i < order.length; i++) {
    const layer = order[i] as readonly number[];
    let k0 = Number.NEGATIVE_INFINITY;
    let l = 0;
    for (let l1 = 0; l1 < layer.length; l1++) {
      const v = layer[l1] as number;
      const inner = dummy(v) ? ups[v]?.find((up) => dummy(up.u)) : undefined;
      if (l1 !== layer.length - 1 && !inner) continue;
      const k1 = inner ? inner.key : Number.POSITIVE_INFINITY;
      for (; l <= l1; l++) {
        const w = layer[l] as number;
        for (const up of ups[w] ?? []) {
          const isInner = dummy(w) && dummy(up.u);
          if (!isInner && (up.key < k0 || up.key > k1)) up.marked = true;
        }
      }
      k0 = k1;
    }
  }
}
