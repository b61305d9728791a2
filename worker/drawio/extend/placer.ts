/** The placer: puts one unit at a time into the free space of a page, growing containers. */

import { containsRect } from "../geometry/page-layout.ts";
import type { Direction } from "../layout/spec.ts";
import type { Point, Rect } from "../model/cell.ts";
import { shapeOf } from "../model/style.ts";
import { FLOW_AXES, FreeSpace, inflate } from "./free-space.ts";
import type { Unit } from "./group-unit.ts";
import type { Placement, PlaceOptions } from "./placement.ts";
import { CONTAINER_PADDING, type Scene } from "./scene.ts";

/** Space between linked shapes along the flow. */
const FLOW_GAP = 50;
/** Space kept clear around a new shape. */
const CLEARANCE = 24;

/** An existing shape's box, moved with the nearest shape `make_room` moved that holds it. */
export function movedRect(scene: Scene, placement: Placement, id: string): Rect | undefined {
  const rect = scene.rect(id);
  if (!rect || placement.moved.size === 0) return rect;
  // A shape moves with the nearest moved shape that holds it.
  let by = placement.moved.get(id);
  for (const up of by ? [] : scene.vertexAncestors(id)) {
    by = placement.moved.get(up);
    if (by) break;
  }
  return rect && by ? { ...rect, x: rect.x + by.x, y: rect.y + by.y } : rect;
}

/** Places units one at a time into the free space of the page. */
export class Placer {
  readonly #scene: Scene;
  readonly #placement: Placement;
  readonly #space: FreeSpace;
  readonly #makeRoom: boolean;
  /** Each placed unit's container. */
  readonly #parents = new Map<string, string | undefined>();

  constructor(scene: Scene, placement: Placement, options: PlaceOptions) {
    this.#scene = scene;
    this.#placement = placement;
    this.#space = new FreeSpace(scene.boxes, scene.routes(), CLEARANCE);
    this.#makeRoom = options.makeRoom === true;
  }

  /** The current box of an existing shape (grown or moved) or of a placed new one. */
  #rect(id: string): Rect | undefined {
    const p = this.#placement;
    return p.rects.get(id) ?? p.grown.get(id) ?? movedRect(this.#scene, p, id);
  }

  place(unit: Unit, parent: string | undefined, near: { before: Rect[]; after: Rect[] }): void {
    const scene = this.#scene;
    const flow = scene.flow(parent);
    const allowed = new Set(parent === undefined ? [] : [parent, ...scene.vertexAncestors(parent)]);
    const parentRect = parent === undefined ? undefined : this.#rect(parent);
    const within = parent === undefined ? undefined : scene.inner(parent, parentRect);
    const ideal = this.#ideal(unit, parent, flow, near);
    const request = { width: unit.width, height: unit.height, ideal, flow, allowed };
    let spot: Point | undefined;
    const idealRect = { ...ideal, width: unit.width, height: unit.height };
    const idealInside = !within || containsRect(inflate(within, 0.5), idealRect);
    if (this.#makeRoom && idealInside && !this.#space.isFree(idealRect, allowed)) {
      // Right after what comes before it; what is in the way moves along the flow.
      const after =
        near.before.length > 0 ? this.#ideal(unit, parent, flow, { ...near, after: [] }) : ideal;
      const room = { ...after, width: unit.width, height: unit.height };
      if (this.#openGap(room, parent, flow, allowed)) spot = after;
    }
    spot ??= this.#space.find(within ? { ...request, within } : request);
    if (!spot && parent !== undefined) spot = this.#growInto(parent, unit, request);
    if (!spot) {
      spot = this.#space.find(request) ?? ideal;
      this.#placement.notes.push(
        `"${unit.id}" found no room inside "${parent}" and was placed beside it`,
      );
    }
    const rect = { x: spot.x, y: spot.y, width: unit.width, height: unit.height };
    this.#placement.rects.set(unit.id, rect);
    this.#parents.set(unit.id, parent);
    this.#space.add({ id: unit.id, rect });
    for (const [id, r] of unit.members) {
      this.#placement.rects.set(id, { ...r, x: r.x + rect.x, y: r.y + rect.y });
    }
  }

  /** The top-left corner the unit would have with nothing in the way. */
  #ideal(
    unit: Unit,
    parent: string | undefined,
    flow: Direction,
    near: { before: Rect[]; after: Rect[] },
  ): Point {
    const { along, across } = FLOW_AXES[flow];
    const dot = (p: Point, v: Point) => p.x * v.x + p.y * v.y;
    const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
    const half = (r: { width: number; height: number }, v: Point) =>
      (Math.abs(v.x) * r.width + Math.abs(v.y) * r.height) / 2;
    const mean = (rs: Rect[], v: Point) =>
      rs.reduce((s, r) => s + dot(centre(r), v), 0) / rs.length;
    let a: number;
    let c: number;
    if (near.before.length > 0 && near.after.length > 0) {
      a = (mean(near.before, along) + mean(near.after, along)) / 2;
      c = (mean(near.before, across) + mean(near.after, across)) / 2;
    } else if (near.before.length > 0) {
      a = Math.max(...near.before.map((r) => dot(centre(r), along) + half(r, along)));
      a += FLOW_GAP + half(unit, along);
      c = mean(near.before, across);
    } else if (near.after.length > 0) {
      a = Math.min(...near.after.map((r) => dot(centre(r), along) - half(r, along)));
      a -= FLOW_GAP + half(unit, along);
      c = mean(near.after, across);
    } else {
      // Linked to nothing placed: after the end of the container's (or page's) contents.
      const content = this.#contents(parent);
      if (content.length === 0) {
        const inner =
          parent === undefined ? undefined : this.#scene.inner(parent, this.#rect(parent));
        const origin = inner ?? { x: 40, y: 40, width: 0, height: 0 };
        return { x: Math.round(origin.x), y: Math.round(origin.y) };
      }
      a = Math.max(...content.map((r) => dot(centre(r), along) + half(r, along)));
      a += FLOW_GAP + half(unit, along);
      c = Math.min(...content.map((r) => dot(centre(r), across) - half(r, across)));
      c += half(unit, across);
    }
    // Back from (along, across) coordinates to the page; both axes are ±1 on x or y.
    const cx = a * along.x + c * across.x;
    const cy = a * along.y + c * across.y;
    return { x: Math.round(cx - unit.width / 2), y: Math.round(cy - unit.height / 2) };
  }

  /** The boxes of what a container (or the page's top level) holds, new shapes included. */
  #contents(parent: string | undefined): Rect[] {
    const scene = this.#scene;
    const out: Rect[] = [];
    for (const box of scene.boxes) {
      const up = scene.vertexAncestors(box.id)[0];
      if (up === parent) out.push(this.#rect(box.id) ?? box.rect);
    }
    return out;
  }

  /**
   * Grows a container that has no room: toward the end of its flow first, then across it, by
   * what the unit needs; its pool's lanes grow with it, and every container around it.
   */
  #growInto(
    parent: string,
    unit: Unit,
    request: {
      width: number;
      height: number;
      ideal: Point;
      flow: Direction;
      allowed: ReadonlySet<string>;
    },
  ): Point | undefined {
    const rect = this.#rect(parent);
    if (!rect) return undefined;
    const inner = this.#scene.inner(parent, rect) as Rect;
    // Wider (or longer) by what the unit needs; never narrower than the unit either way.
    const growRight = {
      ...inner,
      width: inner.width + unit.width + CLEARANCE + CONTAINER_PADDING,
      height: Math.max(inner.height, unit.height),
    };
    const growDown = {
      ...inner,
      width: Math.max(inner.width, unit.width),
      height: inner.height + unit.height + CLEARANCE + CONTAINER_PADDING,
    };
    const vertical = request.flow === "down" || request.flow === "up";
    // The container may spread over nothing but what it holds and what holds it.
    const own = new Set([
      ...request.allowed,
      ...this.#descendants(parent),
      ...this.#lanesBeside(parent),
    ]);
    let fallback: { spot: Point; right: number; down: number } | undefined;
    // A lane grows along its length (its neighbours with it); across, the lanes after it move.
    const lanes = this.#lanesBeside(parent);
    const columns =
      lanes.length > 1 && lanes.every((l) => Math.abs((this.#rect(l) as Rect).y - rect.y) < 1);
    const rows = lanes.length > 1 && !columns;
    const lengthFirst = columns || (!rows && vertical);
    for (const within of lengthFirst ? [growDown, growRight] : [growRight, growDown]) {
      const spot = this.#space.find({ ...request, within });
      if (!spot) continue;
      // Less than a pixel over is rounding: the padding takes it.
      const right = beyond(spot.x + unit.width, inner.x + inner.width);
      const down = beyond(spot.y + unit.height, inner.y + inner.height);
      const grown = { ...rect, width: rect.width + right, height: rect.height + down };
      if (this.#space.isFree(grown, own, 0)) {
        this.#grow(parent, right, down);
        return spot;
      }
      fallback ??= { spot, right, down };
    }
    if (!fallback) {
      // Nowhere free even in the grown part: past the end of its contents, held all the same.
      const spot = vertical
        ? { x: Math.round(inner.x), y: Math.round(inner.y + inner.height + CLEARANCE) }
        : { x: Math.round(inner.x + inner.width + CLEARANCE), y: Math.round(inner.y) };
      const right = Math.max(0, spot.x + unit.width - (inner.x + inner.width));
      const down = Math.max(0, spot.y + unit.height - (inner.y + inner.height));
      fallback = { spot, right, down };
    }
    this.#placement.notes.push(
      `"${parent}" grew to hold "${unit.id}" and now touches a shape beside it`,
    );
    this.#grow(parent, fallback.right, fallback.down);
    return fallback.spot;
  }

  /** Everything inside a container: its existing descendants and the new shapes placed in it. */
  #descendants(id: string): string[] {
    const scene = this.#scene;
    const out = scene.boxes
      .filter((b) => scene.vertexAncestors(b.id).includes(id))
      .map((b) => b.id);
    for (const [placed, parent] of this.#parents) {
      if (parent === id || (parent !== undefined && scene.vertexAncestors(parent).includes(id)))
        out.push(placed);
    }
    return out;
  }

  /** Widens and/or lengthens a container by (dx, dy), then what holds it, lanes of a pool together. */
  #grow(id: string, dx: number, dy: number): void {
    if (dx <= 0 && dy <= 0) return;
    const scene = this.#scene;
    const rect = this.#rect(id) as Rect;
    const next = { ...rect, width: rect.width + dx, height: rect.height + dy };
    this.#setGrown(id, next);
    const up = scene.vertexAncestors(id)[0];
    const lanes = this.#lanesBeside(id);
    if (lanes.length > 1) {
      // A lane: every lane beside it takes the same length, and the lanes after it move along.
      const rows = lanes.every((l) => Math.abs((this.#rect(l) as Rect).x - rect.x) < 1);
      for (const lane of lanes) {
        if (lane === id) continue;
        const r = this.#rect(lane) as Rect;
        const after = rows ? r.y > rect.y : r.x > rect.x;
        this.#setGrown(lane, {
          x: r.x + (!rows && after ? dx : 0),
          y: r.y + (rows && after ? dy : 0),
          width: r.width + (rows ? dx : 0),
          height: r.height + (rows ? 0 : dy),
        });
      }
    }
    if (up === undefined) return;
    // The container around it grows as far as it must to hold it.
    const outer = this.#rect(up) as Rect;
    const inner = scene.inner(up, outer) as Rect;
    let right = 0;
    let down = 0;
    for (const child of lanes.length > 1 ? lanes : [id]) {
      const r = this.#rect(child) as Rect;
      right = Math.max(right, r.x + r.width - (inner.x + inner.width));
      down = Math.max(down, r.y + r.height - (inner.y + inner.height));
    }
    if (lanes.length > 1 && isSwimlane(scene.cell(up)?.style)) {
      // Lanes fill their pool edge to edge: the pool grows by exactly what they grew.
      const last = lanes.map((l) => this.#rect(l) as Rect);
      right = Math.max(0, Math.max(...last.map((r) => r.x + r.width)) - (outer.x + outer.width));
      down = Math.max(0, Math.max(...last.map((r) => r.y + r.height)) - (outer.y + outer.height));
    }
    this.#grow(up, right, down);
  }

  #setGrown(id: string, rect: Rect): void {
    this.#placement.grown.set(id, rect);
    this.#space.update(id, rect);
  }

  /**
   * The lanes a swimlane belongs with, itself included, in document order: every swimlane of
   * its pool (a swimlane holding swimlanes), or, outside a pool, the swimlanes beside it in one
   * row or column (same top and height, or same left and width). Just itself otherwise.
   */
  #lanesBeside(id: string): string[] {
    const scene = this.#scene;
    if (!isSwimlane(scene.cell(id)?.style)) return [id];
    const up = scene.vertexAncestors(id)[0];
    const siblings = scene.boxes.filter(
      (b) => scene.vertexAncestors(b.id)[0] === up && isSwimlane(scene.cell(b.id)?.style),
    );
    if (up !== undefined && isSwimlane(scene.cell(up)?.style)) return siblings.map((b) => b.id);
    const own = scene.rect(id) as Rect;
    const near = (p: number, q: number) => Math.abs(p - q) < 1;
    const columns = siblings.filter(
      (b) => near(b.rect.y, own.y) && near(b.rect.height, own.height),
    );
    const rows = siblings.filter((b) => near(b.rect.x, own.x) && near(b.rect.width, own.width));
    const lanes = columns.length >= rows.length ? columns : rows;
    return lanes.length > 1 ? lanes.map((b) => b.id) : [id];
  }

  /**
   * `make_room`: shifts the shapes of the same container that lie at or after the blocked spot
   * along the flow, far enough for the spot to be free; false when that is not enough.
   */
  #openGap(
    spot: Rect,
    parent: string | undefined,
    flow: Direction,
    allowed: ReadonlySet<string>,
  ): boolean {
    const scene = this.#scene;
    const { along } = FLOW_AXES[flow];
    const lead = (r: Rect) =>
      along.x > 0 ? r.x : along.x < 0 ? -(r.x + r.width) : along.y > 0 ? r.y : -(r.y + r.height);
    const trail = (r: Rect) =>
      along.x > 0 ? r.x + r.width : along.x < 0 ? -r.x : along.y > 0 ? r.y + r.height : -r.y;
    const blockers = this.#space.blockers(spot, allowed);
    if (blockers.length === 0) return true;
    const from = Math.min(...blockers.map((b) => lead(b.rect)));
    if (from < lead(spot) - this.#space.gap) return false;
    const shift = trail(spot) + this.#space.gap + 1 - from;
    const siblings = scene.boxes.filter((b) => scene.vertexAncestors(b.id)[0] === parent);
    const by = { x: along.x * shift, y: along.y * shift };
    for (const box of siblings) {
      const r = this.#rect(box.id) ?? box.rect;
      if (lead(r) < from) continue;
      this.#placement.moved.set(box.id, by);
      const moved = { ...r, x: r.x + by.x, y: r.y + by.y };
      this.#space.update(box.id, moved);
      for (const inner of scene.boxes) {
        if (!scene.vertexAncestors(inner.id).includes(box.id)) continue;
        this.#space.update(inner.id, {
          ...inner.rect,
          x: inner.rect.x + by.x,
          y: inner.rect.y + by.y,
        });
      }
    }
    return this.#space.isFree(spot, allowed);
  }
}

/** How far `end` passes `limit`, counting less than a pixel as nothing. */
function beyond(end: number, limit: number): number {
  return end - limit > 1 ? end - limit : 0;
}

function isSwimlane(style: string | undefined): boolean {
  return shapeOf(style) === "swimlane";
}
