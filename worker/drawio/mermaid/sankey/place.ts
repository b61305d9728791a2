/**
 * The sankey's vertical placement: node heights proportional to their flow, then sweeps back
 * and forth that pull each node towards the weighted centre of its neighbours (the barycentre)
 * and re-sort each column by it, so links cross as little as they can; nodes never overlap.
 */
import type { FlowLink, FlowNode, Sankey } from "./model.ts";

/** How tall the nodes may stand and the gap between two nodes of a column (px). */
export interface Span {
  height: number;
  padding: number;
}

const SWEEPS = 8;

/**
 * Sets each node's `y` and `height`; answers the columns (top to bottom) and the px per unit
 * of flow.
 *
 * @example
 * const { columns, scale } = placeNodes(sankey, 4, { height: 400, padding: 25 });
 */
export function placeNodes(
  sankey: Sankey,
  count: number,
  span: Span,
): { columns: FlowNode[][]; scale: number } {
  const columns: FlowNode[][] = Array.from({ length: count }, () => []);
  for (const n of sankey.nodes) columns[n.column]?.push(n);
  let scale = Number.POSITIVE_INFINITY;
  for (const column of columns) {
    const total = column.reduce((s, n) => s + n.value, 0);
    const room = span.height - (column.length - 1) * span.padding;
    if (total > 0) scale = Math.min(scale, room / total);
  }
  if (!Number.isFinite(scale) || scale <= 0) scale = 1;
  for (const column of columns) {
    let y = 0;
    for (const n of column) {
      n.height = Math.max(2, n.value * scale);
      n.y = y;
      y += n.height + span.padding;
    }
    const offset = (span.height - (y - span.padding)) / 2;
    for (const n of column) n.y += offset;
  }
  for (let sweep = 0, alpha = 0.9; sweep < SWEEPS; sweep++, alpha *= 0.8) {
    const order = sweep % 2 === 0 ? columns.slice(1) : columns.slice(0, -1).reverse();
    for (const column of order) {
      for (const n of column) {
        const wanted = barycentre(sweep % 2 === 0 ? n.incoming : n.outgoing, sweep % 2 === 0);
        if (wanted !== undefined) n.y += (wanted - (n.y + n.height / 2)) * alpha;
      }
      settle(column, span);
    }
  }
  return { columns, scale };
}

/** The flow-weighted centre of the nodes at the other end of `links`. */
function barycentre(links: readonly FlowLink[], fromSources: boolean): number | undefined {
  let sum = 0;
  let weight = 0;
  for (const l of links) {
    const other = fromSources ? l.source : l.target;
    const w = l.value > 0 ? l.value : 1e-6;
    sum += (other.y + other.height / 2) * w;
    weight += w;
  }
  return weight > 0 ? sum / weight : undefined;
}

/** Sorts a column by position and pushes nodes apart (and back inside the span) so none overlap. */
function settle(column: FlowNode[], span: Span): void {
  column.sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2) || a.index - b.index);
  let y = 0;
  for (const n of column) {
    n.y = Math.max(n.y, y);
    y = n.y + n.height + span.padding;
  }
  let bottom = span.height;
  for (let i = column.length - 1; i >= 0; i--) {
    const n = column[i] as FlowNode;
    if (n.y + n.height <= bottom) break;
    n.y = bottom - n.height;
    bottom = n.y - span.padding;
  }
}

/**
 * Where each link leaves its source and enters its target, as px from the node's top: links
 * stacked along the node in the order of the nodes at their other ends, so they do not twist.
 *
 * @example
 * const ends = linkEnds(sankey, scale); ends.get(link)?.exit;
 */
export function linkEnds(
  sankey: Sankey,
  scale: number,
): Map<FlowLink, { exit: number; entry: number; width: number }> {
  const ends = new Map<FlowLink, { exit: number; entry: number; width: number }>();
  for (const l of sankey.links)
    ends.set(l, { exit: 0, entry: 0, width: Math.max(1, l.value * scale) });
  const centre = (n: FlowNode) => n.y + n.height / 2;
  for (const n of sankey.nodes) {
    const out = [...n.outgoing].sort(
      (a, b) => centre(a.target) - centre(b.target) || a.index - b.index,
    );
    stack(out, n, scale, ends, "exit");
    const into = [...n.incoming].sort(
      (a, b) => centre(a.source) - centre(b.source) || a.index - b.index,
    );
    stack(into, n, scale, ends, "entry");
  }
  return ends;
}

function stack(
  links: readonly FlowLink[],
  node: FlowNode,
  scale: number,
  ends: Map<FlowLink, { exit: number; entry: number; width: number }>,
  side: "exit" | "entry",
): void {
  const total = links.reduce((s, l) => s + l.value * scale, 0);
  let at = (node.height - total) / 2;
  for (const l of links) {
    const w = l.value * scale;
    const end = ends.get(l);
    if (end) end[side] = Math.min(node.height, Math.max(0, at + w / 2));
    at += w;
  }
}
