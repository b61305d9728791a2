/** Cells an `add` left without a place: vertices without geometry, edges without waypoints. */
import type { Point, Rect } from "../model/cell.ts";
import { getCellAttribute, getCellLabel, isEdge } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { parseStyle } from "../model/style.ts";
import { measureText } from "../text/estimate.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { labelSize, routeGeometry } from "./cells.ts";
import { type EdgeToRoute, routeEdges, type ShapeInfo, shapeFor } from "./connect.ts";
import { checkExtendCost } from "./cost.ts";
import { placeShapes } from "./place.ts";
import type { NewLink, NewShape } from "./placement.ts";
import { Scene } from "./scene.ts";
import type { ExtendOptions } from "./spec.ts";

/** What {@link placeLooseCells} decided: geometry for vertices, routes for edges. */
export interface LoosePlacement {
  /** Vertices: their new geometry, relative to their parent. */
  vertices: Map<string, Rect>;
  /** Edges: the waypoints, label offset and style keys that draw their route. */
  edges: Map<string, { geometry: XmlElement; style: string }>;
  /** Existing containers grown to hold a vertex: their new geometry, relative to their parent. */
  grown: Map<string, Rect>;
}

/**
 * Places cells that were added without a place: each vertex without geometry (sized from its
 * style and label, 120 × 60 by default) as `extendPage` places a new node, near the shapes its
 * edges join; then each edge without waypoints between two placed shapes is routed. Returns
 * the geometry to give them; the page is not changed.
 *
 * @example
 * placeLooseCells(page, ["cache"], ["e1", "e2"]).vertices.get("cache"); // { x: 260, y: 180, … }
 */
export function placeLooseCells(
  page: DiagramPage,
  vertices: readonly string[],
  edges: readonly string[],
  options: ExtendOptions = {},
): LoosePlacement {
  const scene = new Scene(page);
  checkExtendCost(scene, vertices.length + edges.length, "add");
  const loose = new Set(vertices);
  const result: LoosePlacement = { vertices: new Map(), edges: new Map(), grown: new Map() };
  const links: NewLink[] = [];
  for (const cell of scene.layout.cells) {
    if (!cell.edge) continue;
    const source = getCellAttribute(cell.element, "source");
    const target = getCellAttribute(cell.element, "target");
    if (source !== undefined && target !== undefined && (loose.has(source) || loose.has(target)))
      links.push({ source, target });
  }
  const shapes: NewShape[] = vertices.map((id) => {
    const cell = scene.cell(id);
    const parent = cell?.parent;
    const size = looseSize(cell?.style, cell ? getCellLabel(cell.element) : "");
    return {
      id,
      ...size,
      parent: parent?.vertex ? parent.id : undefined,
    };
  });
  const placement = placeShapes(scene, shapes, links, { makeRoom: options.makeRoom === true });
  for (const s of shapes) {
    const rect = placement.rects.get(s.id) as Rect;
    const origin =
      s.parent === undefined
        ? { x: 0, y: 0 }
        : (placement.grown.get(s.parent) ?? scene.origin(s.parent));
    result.vertices.set(s.id, { ...rect, x: rect.x - origin.x, y: rect.y - origin.y });
  }
  for (const [id, rect] of placement.grown) {
    const up = scene.vertexAncestors(id)[0];
    const origin =
      up === undefined ? { x: 0, y: 0 } : (placement.grown.get(up) ?? scene.origin(up));
    result.grown.set(id, { ...rect, x: rect.x - origin.x, y: rect.y - origin.y });
  }
  const info = new Map<string, ShapeInfo>();
  for (const s of shapes) {
    info.set(s.id, {
      rect: placement.rects.get(s.id) as Rect,
      style: scene.cell(s.id)?.style,
      ancestors: s.parent === undefined ? [] : [s.parent, ...scene.vertexAncestors(s.parent)],
      obstacle: true,
    });
  }
  for (const [id, rect] of placement.grown) {
    info.set(id, {
      rect,
      style: scene.cell(id)?.style,
      ancestors: scene.vertexAncestors(id),
      obstacle: false,
    });
  }
  const toRoute: Array<EdgeToRoute & { id: string; origin: Point }> = [];
  for (const id of edges) {
    const cell = scene.cell(id);
    if (!cell || !isEdge(cell.element)) continue;
    const source = getCellAttribute(cell.element, "source");
    const target = getCellAttribute(cell.element, "target");
    if (source === undefined || target === undefined) continue;
    const label = getCellLabel(cell.element);
    const origin = scene.layout.origin(cell) ?? { x: 0, y: 0 };
    toRoute.push({ id, source, target, origin, ...(label ? { label: labelSize(label) } : {}) });
  }
  const routes = routeEdges(scene, info, toRoute, (id) => scene.flow(scene.vertexAncestors(id)[0]));
  toRoute.forEach((edge, i) => {
    const route = routes[i];
    const source = shapeFor(edge.source, info, scene);
    const target = shapeFor(edge.target, info, scene);
    if (route && source && target) {
      result.edges.set(edge.id, routeGeometry(route, source, target, edge.origin));
    }
  });
  return result;
}

/** A loose vertex's size: its style's shape and label decide, as for a graph node. */
function looseSize(style: string | undefined, label: string): { width: number; height: number } {
  const values = new Map(parseStyle(style));
  const text = measureText(label.replace(/<[^>]*>/g, " "), 170);
  let width = Math.max(120, Math.min(202, text.width + 32));
  let height = Math.max(60, text.height + 26);
  if (values.has("rhombus") || values.get("shape") === "rhombus") {
    width *= 1.3;
    height *= 1.3;
  }
  if (values.get("shape")?.startsWith("mxgraph.") || values.has("image")) {
    width = 60;
    height = 60;
  }
  return { width: Math.round(width), height: Math.round(height) };
}
