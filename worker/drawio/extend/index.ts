/**
 * Extend, don't redraw: {@link extendPage} adds a graph to an existing page, `placeLooseCells`
 * places cells added without a place; the engine places and routes them, and nothing that exists
 * moves unless `makeRoom` asks (a full container grows). Pure and synchronous.
 */

import type { Direction, Theme } from "../layout/spec.ts";
import { themeBackground } from "../layout/themes.ts";
import { htmlLabel } from "../layout/to-cells.ts";
import type { Point, Rect } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { edgeCell, labelSize, vertexCell } from "./cells.ts";
import { type EdgeToRoute, routeEdges, type ShapeInfo, shapeFor } from "./connect.ts";
import { checkExtendCost, EXTEND_WORK_LIMIT } from "./cost.ts";
import { defaultLayer, newIds } from "./ids.ts";
import { type NewShapes, newShapesOf } from "./new-shapes.ts";
import { placeShapes } from "./place.ts";
import type { NewLink, Placement } from "./placement.ts";
import type { RoutedEdge } from "./route/index.ts";
import { Scene } from "./scene.ts";
import type { AddedEdge, AddGraph, ExtendOptions } from "./spec.ts";

export { type LoosePlacement, placeLooseCells } from "./loose.ts";
export {
  ADD_GRAPH_LIMITS,
  type AddGraph,
  type AddGraphInput,
  AddGraphSchema,
  type ExtendOptions,
} from "./spec.ts";
export { EXTEND_WORK_LIMIT };

/** What {@link extendPage} adds and changes. */
export interface Extension {
  /** New cells, in the order to append them: groups before their members, edges last. */
  cells: XmlElement[];
  /** Existing cells whose box changed (grown containers, shapes moved by `makeRoom`), relative to their parent. */
  geometry: Map<string, Rect>;
  /** Ids of the new cells: the graph's ids, except the few draw.io cannot load (renamed). */
  added: string[];
  /** Existing shapes moved by `makeRoom`. */
  moved: string[];
  /** Existing containers grown to hold new members (and lanes that moved with them). */
  grown: string[];
  /** What could not be done as asked. */
  notes: string[];
}

/**
 * Adds a graph to a page: its nodes and groups placed in free space near what they connect to,
 * inside the container each names (grown when full), along the flow of the diagram; its edges
 * routed orthogonally around every shape, ends on the shapes' outlines, clear of existing edges.
 * Throws a {@link DrawioError} naming the id for an id already taken, an end or parent that
 * does not exist, a parent that is not a container, or groups nested in a cycle.
 *
 * @example
 * const { cells } = extendPage(page, AddGraphSchema.parse({
 *   nodes: [{ id: "cache", label: "Cache", kind: "database" }],
 *   edges: [{ from: "api", to: "cache" }, { from: "cache", to: "db" }] }));
 */
export function extendPage(
  page: DiagramPage,
  graph: AddGraph,
  options: ExtendOptions = {},
): Extension {
  const scene = new Scene(page);
  checkExtendCost(
    scene,
    graph.nodes.length + graph.edges.length + graph.groups.length,
    "add_graph",
  );
  const ids = newIds(scene, graph);
  const theme = pageTheme(page);
  const layer = defaultLayer(scene, graph, page);
  const added = newShapesOf(scene, graph, ids, theme, options);
  const links: NewLink[] = graph.edges.map((e) => ({
    source: ids.get(e.from) ?? e.from,
    target: ids.get(e.to) ?? e.to,
  }));
  const placement = placeShapes(scene, added.shapes, links, {
    makeRoom: options.makeRoom === true,
  });
  const placed: Placed = {
    scene,
    placement,
    moved: movedRects(scene, placement.moved),
    parents: new Map(added.shapes.map((s) => [s.id, s.parent])),
    layer,
  };

  const shapes = shapesToRoute(placed, added);
  const toRoute: EdgeToRoute[] = graph.edges.map((e, i) => {
    const link = links[i] as NewLink;
    return { ...link, ...(e.label ? { label: labelSize(e.label) } : {}) };
  });
  const flowOf = (id: string): Direction =>
    scene.flow(ancestorsOf(placed, placed.parents.get(id))[0] ?? scene.vertexAncestors(id)[0]);
  const routes = routeEdges(scene, shapes, toRoute, flowOf);

  // The cells: groups (outer first), nodes, then edges.
  const cells = vertexCells(placed, added);
  const taken = new Set<string>([...scene.layout.cells.map((c) => c.id), ...ids.values()]);
  cells.push(...edgeCells(placed, { edges: graph.edges, links, routes, shapes, theme, taken }));
  return {
    cells,
    geometry: changedGeometry(placed),
    added: [
      ...added.shapes.map((s) => s.id),
      ...cells.slice(added.shapes.length).map((c) => c.attrs.id as string),
    ],
    moved: [...placement.moved.keys()],
    grown: [...placement.grown.keys()],
    notes: placement.notes,
  };
}

/** Where the new shapes went, and what moved around them: what the cells are written from. */
interface Placed {
  scene: Scene;
  placement: Placement;
  /** Existing shapes moved by `makeRoom`: their new absolute boxes. */
  moved: Map<string, Rect>;
  /** Each new shape's parent: an existing container, a new group, or undefined. */
  parents: Map<string, string | undefined>;
  /** The layer that new cells outside any container go into. */
  layer: string;
}

/** The new edges, their ends and routes, and what is needed to write their cells. */
interface EdgesToWrite {
  edges: readonly AddedEdge[];
  links: readonly NewLink[];
  routes: ReadonlyArray<RoutedEdge | undefined>;
  shapes: ReadonlyMap<string, ShapeInfo>;
  theme: Theme;
  /** Every id on the page and every new one so far; each edge's id is added as it is taken. */
  taken: Set<string>;
}

/** A shape's containers, nearest first: new groups, then the existing cells above them. */
function ancestorsOf(placed: Placed, id: string | undefined): string[] {
  const { parents, scene } = placed;
  const out: string[] = [];
  let p = id;
  while (p !== undefined && parents.has(p) && out.length <= parents.size) {
    out.push(p);
    p = parents.get(p);
  }
  if (p !== undefined) out.push(p, ...scene.vertexAncestors(p));
  return out;
}

/** What the router needs of each new shape, and of each existing one that grew or moved. */
function shapesToRoute(placed: Placed, added: NewShapes): Map<string, ShapeInfo> {
  const { scene, placement, moved } = placed;
  const shapes = new Map<string, ShapeInfo>();
  for (const s of added.shapes) {
    shapes.set(s.id, {
      rect: placement.rects.get(s.id) as Rect,
      style: added.styles.get(s.id),
      ancestors: ancestorsOf(placed, s.parent),
      obstacle: added.kinds.get(s.id) === "node",
    });
  }
  for (const [id, rect] of [...placement.grown, ...moved]) {
    shapes.set(id, {
      rect,
      style: scene.cell(id)?.style,
      ancestors: scene.vertexAncestors(id),
      obstacle: !scene.isContainer(id),
    });
  }
  return shapes;
}

/** Where a container's top-left corner now is (placed, grown or moved); the page's for none. */
function absOrigin(placed: Placed, parent: string | undefined): Point {
  if (parent === undefined) return { x: 0, y: 0 };
  const { placement, moved, scene } = placed;
  const rect = placement.rects.get(parent) ?? placement.grown.get(parent);
  if (rect) return { x: rect.x, y: rect.y };
  const shifted = moved.get(parent);
  return shifted ? { x: shifted.x, y: shifted.y } : scene.origin(parent);
}

/** The new groups' and nodes' cells, outer groups first, each relative to its parent. */
function vertexCells(placed: Placed, added: NewShapes): XmlElement[] {
  const cells: XmlElement[] = [];
  const ordered = [...added.shapes].sort(
    (p, q) => ancestorsOf(placed, p.parent).length - ancestorsOf(placed, q.parent).length,
  );
  for (const s of ordered) {
    const rect = placed.placement.rects.get(s.id) as Rect;
    const origin = absOrigin(placed, s.parent);
    cells.push(
      vertexCell(
        s.id,
        htmlLabel(added.labels.get(s.id) ?? ""),
        added.styles.get(s.id) as string,
        s.parent ?? placed.layer,
        {
          ...rect,
          x: rect.x - origin.x,
          y: rect.y - origin.y,
        },
      ),
    );
  }
  return cells;
}

/** The new edges' cells, each in the nearest container holding both ends, drawn along its route. */
function edgeCells(placed: Placed, write: EdgesToWrite): XmlElement[] {
  const { layer, scene } = placed;
  const { links, routes, shapes, theme, taken } = write;
  return write.edges.map((edge, i) => {
    const link = links[i] as NewLink;
    const id = freshId(`${link.source}-${link.target}`, taken);
    const parent =
      commonContainer(ancestorsOf(placed, link.source), ancestorsOf(placed, link.target), link) ??
      layer;
    return edgeCell(
      id,
      edge,
      theme,
      link,
      parent,
      absOrigin(placed, parent === layer ? undefined : parent),
      routes[i],
      (end) => shapeFor(end, shapes, scene),
    );
  });
}

/** Existing shapes that grew or moved, relative to their parents (which may have moved too). */
function changedGeometry(placed: Placed): Map<string, Rect> {
  const { scene, placement, moved } = placed;
  const geometry = new Map<string, Rect>();
  for (const [id, rect] of [...placement.grown, ...moved]) {
    const up = scene.vertexAncestors(id)[0];
    const origin = up === undefined ? scene.origin(scene.layerOf(id)) : absOrigin(placed, up);
    geometry.set(id, { ...rect, x: rect.x - origin.x, y: rect.y - origin.y });
  }
  return geometry;
}

/** The page's theme, where one is recognisable: the dark theme by its background. */
function pageTheme(page: DiagramPage): Theme {
  const background = page.modelAttributes.background?.toLowerCase();
  return background !== undefined && background === themeBackground("dark")?.toLowerCase()
    ? "dark"
    : "default";
}

/** Existing shapes moved by `makeRoom`: their boxes moved by how far each went. */
function movedRects(scene: Scene, moved: ReadonlyMap<string, Point>): Map<string, Rect> {
  const out = new Map<string, Rect>();
  for (const [id, by] of moved) {
    const r = scene.rect(id);
    if (r) out.set(id, { ...r, x: r.x + by.x, y: r.y + by.y });
  }
  return out;
}

/** The nearest container holding both ends of an edge, where its route is stored. */
function commonContainer(
  a: readonly string[],
  b: readonly string[],
  link: NewLink,
): string | undefined {
  const mine = new Set(b);
  for (const id of a) {
    if (id === link.source || id === link.target) continue;
    if (mine.has(id)) return id;
  }
  return undefined;
}

/** An id for a new edge from its ends, unlike every id taken so far (which it joins). */
function freshId(base: string, taken: Set<string>): string {
  const clean = `e-${base}`.replace(/[^\w.:-]/g, "_").slice(0, 120);
  let id = clean;
  for (let n = 2; taken.has(id); n++) id = `${clean}-${n}`;
  taken.add(id);
  return id;
}
