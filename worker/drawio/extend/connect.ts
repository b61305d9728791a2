/** Routing new edges over a page: what the router is told of each shape, and a batch of routes. */
import { WorkBudget } from "../budget.ts";
import { containsPoint } from "../geometry/page-layout.ts";
import type { Direction } from "../layout/spec.ts";
import type { Rect } from "../model/cell.ts";
import { OrthogonalRouter, type RoutedEdge, type RouteObstacle } from "./route/index.ts";
import type { Scene } from "./scene.ts";

/** An edge to route between two shapes, new or existing, by id. */
export interface EdgeToRoute {
  source: string;
  target: string;
  /** The label's size, when it has one. */
  label?: { width: number; height: number };
}

/** What a new shape is to the router: its box, its style, what holds it. */
export interface ShapeInfo {
  rect: Rect;
  style: string | undefined;
  /** The containers it lies in (existing or new), nearest first. */
  ancestors: readonly string[];
  /** False for a container: edges may cross into it. */
  obstacle: boolean;
}

/**
 * Work one batch of routes may do, in the router's units (a grid point visited, a segment
 * tested). Far more than a thousand-cell page needs; a page built to make routing slow ends it.
 */
export const ROUTE_BUDGET = 4_000_000;

/**
 * Routes new edges over a page: orthogonally, around every shape that is not a container
 * holding one of the ends, clear of existing routes and of each other, ends on the shapes'
 * drawn outlines. Existing shapes count where they are (or where `current` says they now are);
 * new shapes where they were placed. An edge the router finds no way for within the budget is
 * left out of the result (draw.io then draws it itself).
 *
 * @example
 * const routes = routeEdges(scene, shapes, [{ source: "api", target: "cache" }], () => "down");
 */
export function routeEdges(
  scene: Scene,
  shapes: ReadonlyMap<string, ShapeInfo>,
  edges: readonly EdgeToRoute[],
  flow: (source: string) => Direction,
): Array<RoutedEdge | undefined> {
  const info = (id: string): ShapeInfo | undefined => {
    const added = shapes.get(id);
    if (added) return added;
    const rect = scene.rect(id);
    if (!rect) return undefined;
    return {
      rect,
      style: scene.cell(id)?.style,
      ancestors: scene.vertexAncestors(id),
      obstacle: !scene.isContainer(id),
    };
  };
  const obstacles: RouteObstacle[] = [];
  // Containers and shapes drawn behind others are regions an edge may cross, as the lint says.
  for (const box of scene.boxes) {
    if (shapes.has(box.id)) continue;
    if (box.kind === "shape") obstacles.push({ id: box.id, rect: box.rect });
  }
  for (const [id, shape] of shapes) if (shape.obstacle) obstacles.push({ id, rect: shape.rect });
  const budget = new WorkBudget(ROUTE_BUDGET);
  const router = new OrthogonalRouter(obstacles, scene.routes(), { budget });
  return edges.map((edge) => {
    const source = info(edge.source);
    const target = info(edge.target);
    if (!source || !target || edge.source === edge.target) return undefined;
    // An edge may cross what holds either end, and whatever either end holds.
    const passable = new Set<string>([...source.ancestors, ...target.ancestors]);
    for (const [id, shape] of shapes) {
      if (shape.ancestors.includes(edge.source) || shape.ancestors.includes(edge.target))
        passable.add(id);
    }
    // A shape lying on an end (a copy stacked on it, a frame around it) cannot be avoided.
    for (const end of [source.rect, target.rect]) {
      const centre = { x: end.x + end.width / 2, y: end.y + end.height / 2 };
      for (const o of obstacles) if (containsPoint(o.rect, centre)) passable.add(o.id);
    }
    for (const end of [edge.source, edge.target]) {
      if (shapes.has(end) || !scene.isContainer(end)) continue;
      for (const box of scene.boxes) {
        if (scene.vertexAncestors(box.id).includes(end)) passable.add(box.id);
      }
    }
    const routed = router.route({
      source: { id: edge.source, rect: source.rect, style: source.style },
      target: { id: edge.target, rect: target.rect, style: target.style },
      passable,
      ...(edge.label ? { label: edge.label } : {}),
      flow: flow(edge.source),
    });
    if (routed) router.addRoute(routed.points);
    return routed;
  });
}

/** What the router needs of an end: a new shape, or an existing one as it is drawn. */
export function shapeFor(
  id: string,
  shapes: ReadonlyMap<string, ShapeInfo>,
  scene: Scene,
): { rect: Rect; style: string | undefined } | undefined {
  const s = shapes.get(id);
  if (s) return s;
  const rect = scene.rect(id);
  return rect && { rect, style: scene.cell(id)?.style };
}
