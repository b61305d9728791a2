/**
 * Which edges of a graph point back, in the order the author wrote them: edges are taken one by
 * one, and an edge whose target already reaches its source through the edges taken before it
 * closes a cycle, so it is the one drawn against the flow (a retry loop's "try again", not the
 * step that leads into the decision). Self-loops never point back. Deterministic.
 *
 * With `paths` (per node: the groups holding it, outermost first, then the node's own key),
 * groups are laid out as blocks: a group sits wholly before or after another group or loose node
 * of the same parent. Edges between blocks can then form cycles that no single node closes
 * (`a1 → b1 → a2` with `a1`, `a2` in one group), and some of them must point back; those are
 * chosen so that as few edges as possible do ({@link orderBlocks}), preferring the author's
 * choice on ties. Levels whose blocks form no such cycle keep the author's order untouched.
 *
 * @example
 * backEdges(3, [[0, 1], [1, 2], [2, 0]]); // [false, false, true]
 * backEdges(3, [[0, 1], [1, 2]], [["g", "a"], ["b"], ["g", "c"]]); // [false, true]
 */
export function backEdges(
  nodeCount: number,
  edges: ReadonlyArray<readonly [number, number]>,
  paths?: ReadonlyArray<readonly string[]>,
): boolean[] {
  const out = authoredBackEdges(nodeCount, edges);
  if (paths) untangleBlocks(edges, paths, out);
  return out;
}

function authoredBackEdges(
  nodeCount: number,
  edges: ReadonlyArray<readonly [number, number]>,
): boolean[] {
  const out = new Array<boolean>(edges.length).fill(false);
  const next: number[][] = Array.from({ length: nodeCount }, () => []);
  const seen = new Int32Array(nodeCount);
  const stack: number[] = [];
  let search = 0;
  const reaches = (from: number, to: number): boolean => {
    search++;
    stack.length = 0;
    stack.push(from);
    seen[from] = search;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      if (at === to) return true;
      for (const n of next[at] as number[]) {
        if (seen[n] === search) continue;
        seen[n] = search;
        stack.push(n);
      }
    }
    return false;
  };
  edges.forEach(([from, to], i) => {
    if (from === to) return;
    if (reaches(to, from)) {
      out[i] = true;
      (next[to] as number[]).push(from);
    } else {
      (next[from] as number[]).push(to);
    }
  });
  return out;
}

/** An edge between two blocks of one level: original direction and which spec edge it is. */
interface BlockArc {
  from: number;
  to: number;
  edge: number;
}

/** Cost of an edge drawn against the flow, against the cost of overruling the author's choice. */
const AGAINST = 1000;

function untangleBlocks(
  edges: ReadonlyArray<readonly [number, number]>,
  paths: ReadonlyArray<readonly string[]>,
  back: boolean[],
): void {
  const levels = new Map<string, { blocks: Map<string, number>; arcs: BlockArc[] }>();
  edges.forEach(([u, v], i) => {
    const pu = paths[u] ?? [];
    const pv = paths[v] ?? [];
    let k = 0;
    while (k < pu.length && k < pv.length && pu[k] === pv[k]) k++;
    // Same node, or one end holds the other: not an edge between two blocks.
    if (k >= pu.length || k >= pv.length) return;
    const key = pu.slice(0, k).join("\u0000");
    let level = levels.get(key);
    if (!level) {
      level = { blocks: new Map(), arcs: [] };
      levels.set(key, level);
    }
    const { blocks } = level;
    const block = (id: string): number => {
      const known = blocks.get(id);
      if (known !== undefined) return known;
      blocks.set(id, blocks.size);
      return blocks.size - 1;
    };
    level.arcs.push({ from: block(pu[k] as string), to: block(pv[k] as string), edge: i });
  });
  for (const { blocks, arcs } of levels.values()) {
    const oriented = arcs.map((a): [number, number] =>
      back[a.edge] ? [a.to, a.from] : [a.from, a.to],
    );
    for (const component of strongComponents(blocks.size, oriented)) {
      if (component.length < 2) continue;
      const local = new Map(component.map((b, i) => [b, i]));
      const prefer: Preference[] = [];
      for (const arc of arcs) {
        const a = local.get(arc.from);
        const b = local.get(arc.to);
        if (a === undefined || b === undefined) continue;
        const authored = back[arc.edge] === true;
        prefer.push({ before: a, after: b, weight: authored ? AGAINST : AGAINST + 1 });
        if (authored) prefer.push({ before: b, after: a, weight: 1 });
      }
      const position = orderBlocks(component.length, prefer);
      for (const arc of arcs) {
        const a = local.get(arc.from);
        const b = local.get(arc.to);
        if (a === undefined || b === undefined) continue;
        back[arc.edge] = (position[b] as number) < (position[a] as number);
      }
    }
  }
}

/** Item `before` should come before item `after`; `weight` is what it costs when it does not. */
export interface Preference {
  before: number;
  after: number;
  weight: number;
}

/** Up to this many blocks in one cycle, the best order is found exactly. */
const EXACT = 12;

/**
 * A linear order of `count` items that violates as little preference weight as it can (a weighted
 * feedback arc set): exact by dynamic programming over subsets up to {@link EXACT} items, above
 * that a greedy order (sources first, sinks last, else the item with most outgoing weight) refined
 * by moving single items to their best place until nothing improves. Deterministic: ties keep the
 * lower index first. Returns each item's position.
 *
 * @example
 * orderBlocks(2, [{ before: 0, after: 1, weight: 1 }, { before: 1, after: 0, weight: 3 }]); // [1, 0]
 */
export function orderBlocks(count: number, prefer: readonly Preference[]): number[] {
  const order = count <= EXACT ? exactOrder(count, prefer) : improvedOrder(count, prefer);
  const position = new Array<number>(count).fill(0);
  order.forEach((item, i) => {
    position[item] = i;
  });
  return position;
}

function exactOrder(count: number, prefer: readonly Preference[]): number[] {
  // ahead[v]: the items v should precede, with the cost of placing v after them.
  const ahead: Array<Array<[number, number]>> = Array.from({ length: count }, () => []);
  for (const p of prefer) {
    if (p.before !== p.after) ahead[p.before]?.push([p.after, p.weight]);
  }
  const size = 1 << count;
  const cost = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  const last = new Int8Array(size).fill(-1);
  cost[0] = 0;
  for (let mask = 0; mask < size; mask++) {
    const base = cost[mask] as number;
    if (base === Number.POSITIVE_INFINITY) continue;
    for (let v = 0; v < count; v++) {
      if (mask & (1 << v)) continue;
      let c = base;
      for (const [u, w] of ahead[v] as Array<[number, number]>) if (mask & (1 << u)) c += w;
      const next = mask | (1 << v);
      if (c < (cost[next] as number)) {
        cost[next] = c;
        last[next] = v;
      }
    }
  }
  const order: number[] = [];
  for (let mask = size - 1; mask > 0; ) {
    const v = last[mask] as number;
    order.push(v);
    mask &= ~(1 << v);
  }
  return order.reverse();
}

function improvedOrder(count: number, prefer: readonly Preference[]): number[] {
  const out: Array<Array<[number, number]>> = Array.from({ length: count }, () => []);
  const into: Array<Array<[number, number]>> = Array.from({ length: count }, () => []);
  for (const p of prefer) {
    if (p.before === p.after) continue;
    out[p.before]?.push([p.after, p.weight]);
    into[p.after]?.push([p.before, p.weight]);
  }
  // Greedy (Eades, Lin and Smyth), on weights.
  const left = new Set(Array.from({ length: count }, (_, i) => i));
  const weightIn = (v: number) => sumOver(into[v], left);
  const weightOut = (v: number) => sumOver(out[v], left);
  const head: number[] = [];
  const tail: number[] = [];
  while (left.size > 0) {
    let moved = true;
    while (moved) {
      moved = false;
      for (const v of left) {
        if (weightOut(v) === 0) {
          tail.push(v);
          left.delete(v);
          moved = true;
        } else if (weightIn(v) === 0) {
          head.push(v);
          left.delete(v);
          moved = true;
        }
      }
    }
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const v of left) {
      const score = weightOut(v) - weightIn(v);
      if (score > bestScore) {
        best = v;
        bestScore = score;
      }
    }
    if (best < 0) break;
    head.push(best);
    left.delete(best);
  }
  const order = [...head, ...tail.reverse()];

  // Move single items to their best place while that lowers the cost.
  const position = new Int32Array(count);
  for (let pass = 0; pass < 20; pass++) {
    let improved = false;
    for (let v = 0; v < count; v++) {
      order.forEach((item, i) => {
        position[item] = i;
      });
      const from = position[v] as number;
      const rest = order.filter((item) => item !== v);
      // Cost of v at slot s (just before rest[s]): what v should precede but sits before s, plus
      // what should precede v but sits at or after s.
      const delta = new Float64Array(rest.length + 1);
      const slotOf = (u: number) =>
        (position[u] as number) - ((position[u] as number) > from ? 1 : 0);
      let cost = 0;
      for (const [u, w] of into[v] as Array<[number, number]>) {
        cost += w;
        delta[slotOf(u) + 1] = (delta[slotOf(u) + 1] as number) - w;
      }
      for (const [u, w] of out[v] as Array<[number, number]>) {
        delta[slotOf(u) + 1] = (delta[slotOf(u) + 1] as number) + w;
      }
      let bestSlot = 0;
      let bestCost = cost;
      let currentCost = cost;
      for (let s = 1; s <= rest.length; s++) {
        cost += delta[s] as number;
        if (s === from) currentCost = cost;
        if (cost < bestCost) {
          bestCost = cost;
          bestSlot = s;
        }
      }
      if (bestCost < currentCost) {
        rest.splice(bestSlot, 0, v);
        order.splice(0, order.length, ...rest);
        improved = true;
      }
    }
    if (!improved) break;
  }
  return order;
}

function sumOver(arcs: Array<[number, number]> | undefined, left: ReadonlySet<number>): number {
  let sum = 0;
  for (const [u, w] of arcs ?? []) if (left.has(u)) sum += w;
  return sum;
}

/** Strongly connected components (Tarjan's, without recursion), each a list of vertices. */
function strongComponents(count: number, arcs: ReadonlyArray<readonly [number, number]>) {
  const next: number[][] = Array.from({ length: count }, () => []);
  for (const [a, b] of arcs) next[a]?.push(b);
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < count; root++) {
    if ((index[root] as number) >= 0) continue;
    const work: Array<[number, number]> = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [v, k] = frame;
      const targets = next[v] as number[];
      if (k < targets.length) {
        frame[1] = k + 1;
        const w = targets[k] as number;
        if ((index[w] as number) < 0) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, 0]);
        } else if (onStack[w]) {
          low[v] = Math.min(low[v] as number, index[w] as number);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[v] as number);
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        components.push(component.sort((a, b) => a - b));
      }
    }
  }
  return components;
}
