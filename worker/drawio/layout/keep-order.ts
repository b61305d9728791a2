/**
 * Stable re-layout: tells ELK where each shape is drawn now, so that a tidy-up in the drawing's
 * own direction keeps the order a person arranged.
 */
import type { ElkNode, LayoutOptions } from "elkjs/lib/elk-api.js";
import type { Rect } from "../cell.ts";
import type { Direction } from "./spec.ts";

/**
 * Crossing minimisation keeps the order of the shapes in each layer (from `elk.position`; only
 * long edges' bends are still ordered freely), and separate pieces of the graph keep their
 * order. The hierarchical greedy switch is off: ELK documents that it may break the order.
 */
const KEEP_ORDER: LayoutOptions = {
  "elk.layered.crossingMinimization.semiInteractive": "true",
  "elk.layered.crossingMinimization.greedySwitchHierarchical.type": "OFF",
  "elk.layered.considerModelOrder.components": "MODEL_ORDER",
};

/**
 * Each shape keeps its drawn place across the flow, moved only as far as needed to clear the
 * others. Only at the top: inside a container, ELK's interactive placement puts the points
 * where edges cross its border on other edges' lines (shared segments in microservices-150),
 * so a container's inside keeps its order but is placed afresh (Brandes–Köpf).
 */
const KEEP_PLACE: LayoutOptions = { "elk.layered.nodePlacement.strategy": "INTERACTIVE" };

/**
 * Prepares an ELK graph for a stable re-layout, given each shape's drawn rectangle (relative to
 * its parent, as draw.io stores it). The root and every compound node whose drawing already
 * flows in `direction` (its edges run that way more often than any other, and at least half of
 * them do; one without edges goes with its parent) hand ELK their children sorted by where they
 * are drawn across the flow (left to right for `down`/`up`, top to bottom for `right`/`left`),
 * each with its drawn corner as position: ELK keeps that order in each layer, and at the top
 * each shape at its place across the flow. The layers along the flow are computed afresh. A
 * graph drawn another way (a page turned to a new direction, a group drawn sideways) is left
 * as it is, and is laid out afresh as with `keepOrder: false`.
 *
 * @example
 * keepDrawnOrder(root, drawnRects, "down"); const laid = await runElk(root);
 */
export function keepDrawnOrder(
  root: ElkNode,
  drawn: ReadonlyMap<string, Rect>,
  direction: Direction,
): void {
  const centres = absoluteCentres(root, drawn);
  const visit = (graph: ElkNode, inherited: boolean) => {
    const children = graph.children ?? [];
    const keep = flowsAlong(graph, centres, direction) ?? inherited;
    for (const child of children) visit(child, keep);
    if (children.length === 0 || !keep) return;
    const top = graph === root;
    graph.layoutOptions = { ...graph.layoutOptions, ...KEEP_ORDER, ...(top ? KEEP_PLACE : {}) };
    const across = (id: string) => {
      const r = drawn.get(id);
      if (!r) return [0, 0];
      return direction === "down" || direction === "up" ? [r.x, r.y] : [r.y, r.x];
    };
    children.sort((a, b) => {
      const [a1 = 0, a2 = 0] = across(a.id);
      const [b1 = 0, b2 = 0] = across(b.id);
      return a1 - b1 || a2 - b2;
    });
    for (const child of children) {
      const r = drawn.get(child.id);
      if (!r) continue;
      child.layoutOptions = { ...child.layoutOptions, "elk.position": `(${r.x},${r.y})` };
      if (top) {
        child.x = r.x;
        child.y = r.y;
      }
    }
  };
  visit(root, true);
}

/**
 * Whether the edges declared in `graph` are drawn flowing in `direction` (target further that
 * way than source by more than 1 px) more often than in any other direction, and at least half
 * of the time; undefined when it declares none.
 */
function flowsAlong(
  graph: ElkNode,
  centres: ReadonlyMap<string, { x: number; y: number }>,
  direction: Direction,
): boolean | undefined {
  const share: Record<Direction, number> = { down: 0, right: 0, up: 0, left: 0 };
  let counted = 0;
  for (const edge of graph.edges ?? []) {
    const from = centres.get(edge.sources[0] ?? "");
    const to = centres.get(edge.targets[0] ?? "");
    if (!from || !to || edge.sources[0] === edge.targets[0]) continue;
    counted++;
    if (to.y - from.y > 1) share.down++;
    if (from.y - to.y > 1) share.up++;
    if (to.x - from.x > 1) share.right++;
    if (from.x - to.x > 1) share.left++;
  }
  if (counted === 0) return undefined;
  const most = Math.max(share.down, share.right, share.up, share.left);
  return share[direction] === most && share[direction] >= counted / 2;
}

/** The drawn centre of every node of the ELK tree, in the root's coordinates. */
function absoluteCentres(
  root: ElkNode,
  drawn: ReadonlyMap<string, Rect>,
): Map<string, { x: number; y: number }> {
  const centres = new Map<string, { x: number; y: number }>();
  const walk = (node: ElkNode, x: number, y: number) => {
    for (const child of node.children ?? []) {
      const r = drawn.get(child.id) ?? { x: 0, y: 0, width: 0, height: 0 };
      centres.set(child.id, { x: x + r.x + r.width / 2, y: y + r.y + r.height / 2 });
      walk(child, x + r.x, y + r.y);
    }
  };
  walk(root, 0, 0);
  return centres;
}
