/** Where new shapes go in an existing page: the order they are placed in and what each links to. */
import type { Rect } from "../model/cell.ts";
import { type Unit, unitOf } from "./group-unit.ts";
import type { NewLink, NewShape, Placement, PlaceOptions } from "./placement.ts";
import { movedRect, Placer } from "./placer.ts";
import type { Scene } from "./scene.ts";

/**
 * Places new shapes into an existing page without moving anything (unless `makeRoom`): each
 * goes into free space near what it connects to, along the flow of the container it joins
 * (after its predecessors, before its successors, between the two ends of a link it is inserted
 * into when there is room there, else beside them), inside its container, which grows (with
 * the lanes of its pool) when it has no room. A new group is laid out around its members first,
 * in ranks along the flow, and placed as one shape. Shapes connected to nothing go after the end
 * of their container's contents.
 *
 * @example
 * const placement = placeShapes(new Scene(page), [{ id: "cache", width: 120, height: 60, parent: undefined }],
 *   [{ source: "api", target: "cache" }, { source: "cache", target: "db" }]);
 * placement.rects.get("cache"); // between "api" and "db" when they are far enough apart
 */
export function placeShapes(
  scene: Scene,
  shapes: readonly NewShape[],
  links: readonly NewLink[],
  options: PlaceOptions = {},
): Placement {
  const placement: Placement = { rects: new Map(), grown: new Map(), moved: new Map(), notes: [] };
  const byId = new Map(shapes.map((s) => [s.id, s]));
  const childrenOf = new Map<string | undefined, NewShape[]>();
  for (const shape of shapes) {
    const key = shape.parent !== undefined && byId.has(shape.parent) ? shape.parent : undefined;
    const list = childrenOf.get(key);
    if (list) list.push(shape);
    else childrenOf.set(key, [shape]);
  }
  // The top-level new shape each new shape is drawn in (itself, or its outermost new group).
  const topOf = new Map<string, string>();
  for (const shape of shapes) {
    let top = shape;
    for (let guard = 0; guard <= shapes.length; guard++) {
      const up = top.parent === undefined ? undefined : byId.get(top.parent);
      if (!up) break;
      top = up;
    }
    topOf.set(shape.id, top.id);
  }
  const placer = new Placer(scene, placement, options);
  const units = new Map<string, Unit>();
  for (const shape of childrenOf.get(undefined) ?? []) {
    const flow = scene.flow(shape.parent);
    units.set(shape.id, unitOf(shape, childrenOf, links, flow));
  }
  for (const id of placingOrder([...units.keys()], links, topOf, scene)) {
    const unit = units.get(id) as Unit;
    const shape = byId.get(id) as NewShape;
    placer.place(unit, shape.parent, neighbours(unit, links, placement, scene));
  }
  return placement;
}

/** The shapes a unit links to that already have a place: before it and after it in the flow. */
function neighbours(
  unit: Unit,
  links: readonly NewLink[],
  placement: Placement,
  scene: Scene,
): { before: Rect[]; after: Rect[] } {
  const inside = (id: string) => id === unit.id || unit.members.has(id);
  const rectOf = (id: string) =>
    placement.rects.get(id) ?? placement.grown.get(id) ?? movedRect(scene, placement, id);
  const before: Rect[] = [];
  const after: Rect[] = [];
  for (const link of links) {
    const s = inside(link.source);
    const t = inside(link.target);
    if (s === t) continue;
    const other = rectOf(s ? link.target : link.source);
    if (other) (s ? after : before).push(other);
  }
  return { before, after };
}

/**
 * The order top-level units are placed in: first those linked to existing shapes (most links
 * first), then, breadth first, those linked to what was just placed; a part linked to nothing
 * placed starts where the input lists it.
 */
function placingOrder(
  ids: readonly string[],
  links: readonly NewLink[],
  topOf: ReadonlyMap<string, string>,
  scene: Scene,
): string[] {
  const adjacent = new Map<string, Set<string>>();
  const anchors = new Map<string, number>();
  for (const link of links) {
    const s = topOf.get(link.source);
    const t = topOf.get(link.target);
    if (s !== undefined && t !== undefined && s !== t) {
      if (!adjacent.has(s)) adjacent.set(s, new Set());
      if (!adjacent.has(t)) adjacent.set(t, new Set());
      adjacent.get(s)?.add(t);
      adjacent.get(t)?.add(s);
    }
    if (s !== undefined && t === undefined && scene.rect(link.target))
      anchors.set(s, (anchors.get(s) ?? 0) + 1);
    if (t !== undefined && s === undefined && scene.rect(link.source))
      anchors.set(t, (anchors.get(t) ?? 0) + 1);
  }
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (start: string) => {
    const queue = [start];
    done.add(start);
    while (queue.length > 0) {
      const id = queue.shift() as string;
      order.push(id);
      for (const next of ids) {
        if (!done.has(next) && adjacent.get(id)?.has(next)) {
          done.add(next);
          queue.push(next);
        }
      }
    }
  };
  const anchored = ids
    .filter((id) => anchors.has(id))
    .sort((p, q) => (anchors.get(q) ?? 0) - (anchors.get(p) ?? 0));
  for (const id of anchored) if (!done.has(id)) visit(id);
  for (const id of ids) if (!done.has(id)) visit(id);
  return order;
}
