/**
 * The sankey's columns: each node's column is the longest path to it from a source, and the
 * sinks all stand in the last column (Mermaid's `justify`). A cycle is refused, as Mermaid
 * refuses it, at the line of the link that closes it.
 */
import { mermaidSyntax } from "../source.ts";
import type { FlowLink, FlowNode, Sankey } from "./model.ts";

/**
 * Sets every node's `column` and answers how many columns there are.
 *
 * @example
 * placeColumns(parseSankey(readMermaid("sankey-beta\nA,B,1\nB,C,1"))); // 3
 */
export function placeColumns(sankey: Sankey): number {
  const waiting = sankey.nodes.map((n) => n.incoming.length);
  const ready = sankey.nodes.filter((n) => n.incoming.length === 0);
  let done = 0;
  for (let k = 0; k < ready.length; k++) {
    const node = ready[k] as FlowNode;
    done++;
    for (const link of node.outgoing) {
      const target = link.target;
      target.column = Math.max(target.column, node.column + 1);
      waiting[target.index] = (waiting[target.index] as number) - 1;
      if (waiting[target.index] === 0) ready.push(target);
    }
  }
  if (done < sankey.nodes.length) throw cycleError(sankey, waiting);
  let last = 0;
  for (const n of sankey.nodes) last = Math.max(last, n.column);
  for (const n of sankey.nodes)
    if (n.outgoing.length === 0 && n.incoming.length > 0) n.column = last;
  return last + 1;
}

/** The error for a cycle: walks back along links among the nodes left over until one repeats. */
function cycleError(sankey: Sankey, waiting: readonly number[]) {
  const left = (n: FlowNode) => (waiting[n.index] as number) > 0;
  let node = sankey.nodes.find(left) as FlowNode;
  const seen = new Map<FlowNode, number>();
  const path: FlowLink[] = [];
  while (!seen.has(node)) {
    seen.set(node, path.length);
    const link = node.incoming.find((l) => left(l.source) || l.source === node) as FlowLink;
    path.push(link);
    node = link.source;
  }
  const cycle = path.slice(seen.get(node));
  const closing = cycle.reduce((a, b) => (b.index > a.index ? b : a));
  const names = [...cycle].reverse().map((l) => l.source.name);
  return mermaidSyntax(
    closing.at,
    `this link closes a cycle (${[...names, names[0]].join(" → ")}); a sankey diagram's flows cannot loop back`,
  );
}
