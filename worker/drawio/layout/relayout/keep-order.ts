/**
 * Stable re-layout: tells ELK where each shape is drawn now, so that a tidy-up in the drawing's
 * own direction keeps the order a person arranged.
 */
import type { ElkNode, LayoutOptions } from "elkjs/lib/elk-api.js";
import type { Rect } from "../../model/cell.ts";
import type { Direction } from "../spec.ts";

type Centre = { x: number; y: number };

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
 * where edges cross its border on other edges' lines (shared segments in microservices-150).
 */
const KEEP_PLACE: LayoutOptions = { "elk.layered.nodePlacement.strategy": "INTERACTIVE" };

/** Above this share of pairs of shapes turned round, a tidy-up keeps the places too. */
const MAX_REVERSED = 0.05;

/**
 * Lays out an ELK graph keeping the arrangement drawn (each shape's rectangle relative to its
 * parent, as draw.io stores it). The root and every compound node whose drawing already flows
 * in `direction` (its edges run that way more often than any other, and at least half of them
 * do; one without edges goes with its parent) hand ELK their children sorted by where they are
 * drawn across the flow (left to right for `down`/`up`, top to bottom for `right`/`left`), each
 * with its drawn corner as `elk.position`: ELK keeps that order in each layer, computes the
 * layers afresh and places the shapes as usual (Brandes–Köpf, straight edges). When that turns
 * round more than 5 % of the pairs of shapes (one left of, or above, the other; ties from
 * straightening do not count), which happens when layers slide against each other, it is laid
 * out again with the shapes at the top also kept at their drawn place across the flow (ELK's
 * interactive placement): stable, but long edges get more bends. A graph drawn another way (a
 * page turned to a new direction, a group drawn sideways) is laid out afresh, as with
 * `keepOrder: false`.
 *
 * @example
 * const laid = await layoutKeepingOrder(root, drawnRects, "down", runElk);
 */
export async function layoutKeepingOrder(
  root: ElkNode,
  drawn: ReadonlyMap<string, Rect>,
  direction: Direction,
  run: (graph: ElkNode) => Promise<ElkNode>,
): Promise<ElkNode> {
  const centres = absoluteCentres(root, drawn);
  const kept = keepDrawnOrder(root, drawn, direction, centres);
  if (!kept.has(root.id)) return run(root);
  const placing = structuredClone(root);
  const laid = await run(root);
  const after = absoluteCentres(laid, laidRects(laid));
  if (reversedShare(leavesOf(root), centres, after) <= MAX_REVERSED) return laid;
  placing.layoutOptions = { ...placing.layoutOptions, ...KEEP_PLACE };
  for (const child of placing.children ?? []) {
    const r = drawn.get(child.id);
    if (r) Object.assign(child, { x: r.x, y: r.y });
  }
  return run(placing);
}

/** Sorts and marks the children of every graph drawn in `direction`; returns those graphs. */
function keepDrawnOrder(
  root: ElkNode,
  drawn: ReadonlyMap<string, Rect>,
  direction: Direction,
  centres: ReadonlyMap<string, Centre>,
): Set<string> {
  const kept = new Set<string>();
  const across = (id: string) => {
    const r = drawn.get(id) ?? { x: 0, y: 0 };
    return direction === "down" || direction === "up" ? [r.x, r.y] : [r.y, r.x];
  };
  const visit = (graph: ElkNode, inherited: boolean) => {
    const children = graph.children ?? [];
    const keep = flowsAlong(graph, centres, direction) ?? inherited;
    for (const child of children) visit(child, keep);
    if (children.length === 0 || !keep) return;
    kept.add(graph.id);
    graph.layoutOptions = { ...graph.layoutOptions, ...KEEP_ORDER };
    children.sort((a, b) => {
      const [a1 = 0, a2 = 0] = across(a.id);
      const [b1 = 0, b2 = 0] = across(b.id);
      return a1 - b1 || a2 - b2;
    });
    for (const child of children) {
      const r = drawn.get(child.id);
      if (r) child.layoutOptions = { ...child.layoutOptions, "elk.position": `(${r.x},${r.y})` };
    }
  };
  visit(root, true);
  return kept;
}

/**
 * Whether the edges declared in `graph` are drawn flowing in `direction` (target further that
 * way than source by more than 1 px) more often than in any other direction, and at least half
 * of the time; undefined when it declares none.
 */
function flowsAlong(
  graph: ElkNode,
  centres: ReadonlyMap<string, Centre>,
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

/**
 * The share of pair-axes of `ids` that are now the other way round (centres more than 1 px
 * apart both times), of all pairs × 2 axes.
 */
function reversedShare(
  ids: readonly string[],
  before: ReadonlyMap<string, Centre>,
  after: ReadonlyMap<string, Centre>,
): number {
  const was = ids.map((id) => before.get(id) as Centre);
  const now = ids.map((id) => after.get(id) as Centre);
  let reversed = 0;
  for (let i = 0; i < ids.length; i++) {
    const [a0, a1] = [was[i] as Centre, now[i] as Centre];
    for (let j = i + 1; j < ids.length; j++) {
      const [b0, b1] = [was[j] as Centre, now[j] as Centre];
      for (const axis of ["x", "y"] as const) {
        const d0 = b0[axis] - a0[axis];
        const d1 = b1[axis] - a1[axis];
        if ((d0 > 1 && d1 < -1) || (d0 < -1 && d1 > 1)) reversed++;
      }
    }
  }
  const pairs = (ids.length * (ids.length - 1)) / 2;
  return pairs === 0 ? 0 : reversed / (pairs * 2);
}

/** The ids of the nodes of an ELK tree that hold no others. */
function leavesOf(root: ElkNode): string[] {
  const out: string[] = [];
  const walk = (node: ElkNode) => {
    for (const c of node.children ?? []) {
      if ((c.children ?? []).length === 0) out.push(c.id);
      else walk(c);
    }
  };
  walk(root);
  return out;
}

/** The rectangles ELK gave the nodes of a laid-out tree, relative to their parents. */
function laidRects(laid: ElkNode): Map<string, Rect> {
  const rects = new Map<string, Rect>();
  const walk = (node: ElkNode) => {
    for (const c of node.children ?? []) {
      rects.set(c.id, { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 });
      walk(c);
    }
  };
  walk(laid);
  return rects;
}

/** The centre of every node of an ELK tree, in the root's coordinates. */
function absoluteCentres(root: ElkNode, rects: ReadonlyMap<string, Rect>): Map<string, Centre> {
  const centres = new Map<string, Centre>();
  const walk = (node: ElkNode, x: number, y: number) => {
    for (const child of node.children ?? []) {
      const r = rects.get(child.id) ?? { x: 0, y: 0, width: 0, height: 0 };
      centres.set(child.id, { x: x + r.x + r.width / 2, y: y + r.y + r.height / 2 });
      walk(child, x + r.x, y + r.y);
    }
  };
  walk(root, 0, 0);
  return centres;
}
