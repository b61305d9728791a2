/**
 * The figures of one `extend` edit, read from the page before and after it in absolute
 * coordinates: existing shapes moved (or containers grown), new shapes overlapping others or
 * outside the container they were given, new edges through shapes, on top of other edges or
 * with ends off the outline, and how far new nodes sit from their neighbours.
 */

import { type LayoutCell, PageLayout } from "../../worker/drawio/geometry/page-layout.ts";
import { isPlacedVertex } from "../../worker/drawio/lint/overlaps.ts";
import type { Rect } from "../../worker/drawio/model/cell.ts";
import type { DiagramPage } from "../../worker/drawio/model/document.ts";
import { shapeOf } from "../../worker/drawio/model/style.ts";
import { danglingNew, sharedNew, throughNew } from "./edge-figures.ts";
import { distanceRatio } from "./linked-distance.ts";

/** What one edit did to a page. */
export interface ExtendFigures {
  /** Existing shapes whose box changed (or that are gone), other than containers that grew. */
  moved: number;
  /** Containers that only grew, around a new member. */
  grown: number;
  overlaps: number;
  through: number;
  outside: number;
  shared: number;
  dangling: number;
  /** New nodes' median distance to their neighbours over the page's; undefined without nodes. */
  distanceRatio: number | undefined;
  nodes: number;
  edges: number;
}

/** Boxes closer than this (px) are the same box; overlaps must exceed it on both axes. */
const TOLERANCE = 1;

/**
 * Measures an edit. `groups` maps a new node's id to the container it was given.
 *
 * @example
 * measureExtend(doc.pages[0], result.document.pages[0], new Map([["cache", "lane-1"]])).overlaps; // 0
 */
export function measureExtend(
  before: DiagramPage,
  after: DiagramPage,
  groups: ReadonlyMap<string, string> = new Map(),
): ExtendFigures {
  const old = new PageLayout(before);
  const layout = new PageLayout(after);
  const fresh = layout.cells.filter((c) => old.get(c.id) === undefined);
  const nodes = fresh.filter((c) => isPlacedVertex(layout, c));
  const edges = new Set(fresh.filter((c) => c.edge).map((c) => c.id));
  const { moved, grown } = movedShapes(old, layout, nodes);
  return {
    moved,
    grown,
    overlaps: overlappingNodes(layout, nodes),
    through: throughNew(layout, edges),
    outside: outsideNodes(layout, nodes, groups),
    shared: sharedNew(layout, edges),
    dangling: danglingNew(layout, edges),
    distanceRatio: distanceRatio(old, layout, nodes),
    nodes: nodes.length,
    edges: edges.size,
  };
}

/**
 * Existing vertices whose absolute box changed (or that are gone); an ancestor of a new node
 * whose new box holds its old one only grew, and so did a swimlane beside such an ancestor
 * (the issue asks the lanes of a pool to grow together).
 */
export function movedShapes(
  old: PageLayout,
  layout: PageLayout,
  nodes: readonly LayoutCell[],
): { moved: number; grown: number } {
  const holders = new Set(nodes.flatMap((n) => layout.ancestors(n).map((a) => a.id)));
  const isLane = (cell: LayoutCell | undefined) => shapeOf(cell?.style) === "swimlane";
  const laneParents = new Set(
    [...holders].flatMap((id) => {
      const cell = layout.get(id);
      return isLane(cell) ? [cell?.parent?.id] : [];
    }),
  );
  let moved = 0;
  let grown = 0;
  for (const cell of old.cells) {
    if (!cell.vertex) continue;
    const was = old.absoluteRect(cell);
    if (!was) continue;
    const now = layout.get(cell.id);
    const box = now && layout.absoluteRect(now);
    if (box && sameRect(was, box)) continue;
    const lane = isLane(cell) && laneParents.has(cell.parent?.id);
    if (box && (holders.has(cell.id) || lane) && holds(box, was)) grown++;
    else moved++;
  }
  return { moved, grown };
}

/**
 * New shapes overlapping another shape by more than 1 px on both axes, counted once each.
 * Nesting aside: a shape's ancestors and descendants, and a region it lies wholly on (a shape
 * that already held other shapes, such as a drawn zone), are not overlaps.
 */
export function overlappingNodes(layout: PageLayout, nodes: readonly LayoutCell[]): number {
  const shapes = layout.cells.flatMap((cell) => {
    const abs = isPlacedVertex(layout, cell) ? layout.absoluteRect(cell) : undefined;
    return abs && abs.width > 0 && abs.height > 0 ? [{ cell, abs }] : [];
  });
  const fresh = new Set(nodes);
  const old = shapes.filter((s) => !fresh.has(s.cell));
  const regions = new Set(
    old
      .filter((s) => old.some((t) => area(s.abs) > area(t.abs) && holds(s.abs, t.abs)))
      .map((s) => s.cell),
  );
  let count = 0;
  for (const node of nodes) {
    const abs = layout.absoluteRect(node);
    if (!abs || abs.width <= 0 || abs.height <= 0) continue;
    const lineage = new Set(layout.ancestors(node));
    const hit = shapes.some(
      (s) =>
        s.cell !== node &&
        !lineage.has(s.cell) &&
        !layout.ancestors(s.cell).includes(node) &&
        !(regions.has(s.cell) && holds(s.abs, abs)) &&
        overlapBy(abs, s.abs) > TOLERANCE,
    );
    if (hit) count++;
  }
  return count;
}

/**
 * New nodes given a container whose box does not lie inside that container's box; a node given
 * one that is not on the page as a new shape (say, renamed) counts as outside too.
 */
export function outsideNodes(
  layout: PageLayout,
  nodes: readonly LayoutCell[],
  groups: ReadonlyMap<string, string>,
): number {
  const fresh = new Set(nodes.map((n) => n.id));
  let count = 0;
  for (const [id, group] of groups) {
    const node = fresh.has(id) ? layout.get(id) : undefined;
    const holder = layout.get(group);
    const outer = holder && layout.absoluteRect(holder);
    const inner = node && layout.absoluteRect(node);
    if (!outer || !inner || !holds(outer, inner)) count++;
  }
  return count;
}

/** The smaller of the two axes' overlaps of two boxes (negative when apart). */
function overlapBy(a: Rect, b: Rect): number {
  const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.min(ox, oy);
}

/** True when `inner` lies inside `outer`, within the tolerance. */
function holds(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x - TOLERANCE &&
    inner.y >= outer.y - TOLERANCE &&
    inner.x + inner.width <= outer.x + outer.width + TOLERANCE &&
    inner.y + inner.height <= outer.y + outer.height + TOLERANCE
  );
}

function area(r: Rect): number {
  return r.width * r.height;
}

function sameRect(a: Rect, b: Rect): boolean {
  return (
    Math.abs(a.x - b.x) < 0.5 &&
    Math.abs(a.y - b.y) < 0.5 &&
    Math.abs(a.width - b.width) < 0.5 &&
    Math.abs(a.height - b.height) < 0.5
  );
}
