/**
 * Places a mind map as a tidy tree on both sides of its root: the root's children are split
 * into a right and a left half of about equal height (in their order), and each side grows
 * outwards, every subtree in a band of its own (so subtrees never overlap), siblings stacked,
 * each parent centred on its children.
 */
import type { Rect } from "../../model/cell.ts";
import type { MindmapModel, MindmapNode } from "./model.ts";
import { type NodeSize, nodeSize } from "./size.ts";

/** Room between a parent and its children's column. */
const COLUMN_GAP = 56;
/** Room between sibling subtrees (more between the root's children). */
const SIBLING_GAP = 12;
const BRANCH_GAP = 24;

/** Where every node is, by its index, and which side of the root it is on. */
export interface MindmapPlacement {
  rects: Rect[];
  /** True for the nodes left of the root. */
  left: boolean[];
}

/**
 * Places every node around the root at (0, 0).
 *
 * @example
 * const { rects } = placeMindmap(model); // rects[0] is the root, centred on the origin
 */
export function placeMindmap(model: MindmapModel): MindmapPlacement {
  const sizes = model.nodes.map(nodeSize);
  const bands = bandHeights(model.nodes, sizes);
  const rects: Rect[] = new Array(model.nodes.length);
  const left: boolean[] = new Array(model.nodes.length).fill(false);
  const root = model.root;
  const size = sizes[0] as NodeSize;
  rects[0] = { x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height };
  const split = splitIndex(root.children.map((c) => bands[c.index] as number));
  const sides = [root.children.slice(0, split), root.children.slice(split)];
  sides.forEach((children, side) => {
    const isLeft = side === 1;
    for (const c of children) markSide(c, isLeft, left);
    const band = stackHeight(children, bands, BRANCH_GAP);
    const edge = isLeft ? -size.width / 2 - COLUMN_GAP : size.width / 2 + COLUMN_GAP;
    placeChildren(children, -band / 2, edge, isLeft, { sizes, bands, rects });
  });
  return { rects, left };
}

/** What placing a subtree reads and writes. */
interface Work {
  sizes: NodeSize[];
  bands: number[];
  rects: Rect[];
}

/**
 * Places siblings one below the other from `top`, each subtree in its own band; `edge` is the x
 * of their inner side (their left edge on the right of the root, their right edge on its left).
 */
function placeChildren(
  children: readonly MindmapNode[],
  top: number,
  edge: number,
  isLeft: boolean,
  work: Work,
): void {
  let y = top;
  const gap = children[0]?.depth === 1 ? BRANCH_GAP : SIBLING_GAP;
  for (const child of children) {
    const band = work.bands[child.index] as number;
    placeSubtree(child, y, band, edge, isLeft, work);
    y += band + gap;
  }
}

/** Places a node and its subtree in the band from `top` of height `band`. */
function placeSubtree(
  node: MindmapNode,
  top: number,
  band: number,
  edge: number,
  isLeft: boolean,
  work: Work,
): void {
  const size = work.sizes[node.index] as NodeSize;
  const x = isLeft ? edge - size.width : edge;
  let centre = top + band / 2;
  if (node.children.length > 0) {
    const block = stackHeight(node.children, work.bands, SIBLING_GAP);
    const next = isLeft ? x - COLUMN_GAP : x + size.width + COLUMN_GAP;
    placeChildren(node.children, top + (band - block) / 2, next, isLeft, work);
    const first = work.rects[node.children[0]?.index as number] as Rect;
    const last = work.rects[node.children[node.children.length - 1]?.index as number] as Rect;
    const middle = (first.y + first.height / 2 + last.y + last.height / 2) / 2;
    centre = Math.min(Math.max(middle, top + size.height / 2), top + band - size.height / 2);
  }
  work.rects[node.index] = { x, y: centre - size.height / 2, ...size };
}

/** The height of each node's band: its own height or its children's stacked, whichever is more. */
function bandHeights(nodes: readonly MindmapNode[], sizes: readonly NodeSize[]): number[] {
  const bands = new Array<number>(nodes.length).fill(0);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i] as MindmapNode;
    const own = (sizes[i] as NodeSize).height;
    bands[i] = Math.max(own, stackHeight(node.children, bands, SIBLING_GAP));
  }
  return bands;
}

/** The height of sibling bands stacked with gaps between them. */
function stackHeight(nodes: readonly MindmapNode[], bands: readonly number[], gap: number): number {
  if (nodes.length === 0) return 0;
  let sum = gap * (nodes.length - 1);
  for (const n of nodes) sum += bands[n.index] as number;
  return sum;
}

/** How many of the root's children go right so that both sides are about as tall. */
function splitIndex(bands: readonly number[]): number {
  if (bands.length <= 1) return bands.length;
  const total = bands.reduce((a, b) => a + b, 0);
  let best = 1;
  let bestDiff = Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let k = 1; k <= bands.length; k++) {
    sum += bands[k - 1] as number;
    const diff = Math.abs(total - 2 * sum);
    if (diff < bestDiff) {
      best = k;
      bestDiff = diff;
    }
  }
  return best;
}

/** Marks a subtree as left (or right) of the root. */
function markSide(node: MindmapNode, isLeft: boolean, left: boolean[]): void {
  const todo = [node];
  for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
    left[n.index] = isLeft;
    todo.push(...n.children);
  }
}
