/**
 * Which edges of a graph point back, in the order the author wrote them: edges are taken one by
 * one, and an edge whose target already reaches its source through the edges taken before it
 * closes a cycle, so it is the one drawn against the flow (a retry loop's "try again", not the
 * step that leads into the decision). Self-loops never point back. Deterministic.
 *
 * @example
 * backEdges(3, [[0, 1], [1, 2], [2, 0]]); // [false, false, true]
 */
export function backEdges(nodeCount: number, edges: ReadonlyArray<readonly [number, number]>) {
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
