/**
 * Extend, don't redraw: new shapes and edges placed into an existing page by the engine, not by
 * whoever asks for them. `extendPage` adds a graph (nodes, edges, groups in the graph spec's
 * language, tied to existing cells by id); `placeLooseCells` gives cells that were added without
 * a place (a vertex without geometry, an edge without waypoints) one. Nothing that exists moves,
 * unless `makeRoom` asks for a gap; a container with no room grows, with its pool's lanes.
 * Pure and synchronous: the operations apply it inside their batch.
 */

import { nodeBox } from "../layout/boxes.ts";
import { libraryCellStyle, withLibraryShapes } from "../layout/library-nodes.ts";
import type { Direction, GraphSpec, Theme } from "../layout/spec.ts";
import { groupStyle, nodeStyle, themeBackground } from "../layout/themes.ts";
import { htmlLabel, styleKeys } from "../layout/to-cells.ts";
import type { Point, Rect } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { edgeCell, labelSize, vertexCell } from "./cells.ts";
import { type EdgeToRoute, routeEdges, type ShapeInfo, shapeFor } from "./connect.ts";
import { checkExtendCost, EXTEND_WORK_LIMIT } from "./cost.ts";
import { defaultLayer, newIds } from "./ids.ts";
import { placeShapes } from "./place.ts";
import type { NewLink, NewShape } from "./placement.ts";
import { Scene } from "./scene.ts";
import type { AddGraph, ExtendOptions } from "./spec.ts";

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
  const parentOf = (id: string | undefined) => (id === undefined ? undefined : (ids.get(id) ?? id));
  const layer = defaultLayer(scene, graph, page);

  // Nodes sized as the layout engine sizes them, in the flow of the container they join.
  let spec: GraphSpec = {
    direction: "down",
    theme,
    nodes: graph.nodes.map(({ parent: _parent, ...node }) => ({ ...node, group: undefined })),
    edges: [],
    groups: [],
  };
  if (options.shapes) spec = withLibraryShapes(spec, options.shapes);
  const newShapes: NewShape[] = [];
  const styles = new Map<string, string>();
  const labels = new Map<string, string>();
  const kinds = new Map<string, "group" | "node">();
  for (const group of graph.groups) {
    const id = ids.get(group.id) as string;
    const style = groupStyle(group.kind, theme);
    newShapes.push({
      id,
      width: 160,
      height: 80,
      parent: parentOf(group.parent),
      groupStyle: style,
    });
    styles.set(id, style);
    labels.set(id, group.label);
    kinds.set(id, "group");
  }
  graph.nodes.forEach((node, i) => {
    const sized = spec.nodes[i] as GraphSpec["nodes"][number];
    const id = ids.get(node.id) as string;
    const parent = parentOf(node.group ?? node.parent);
    const flow =
      parent !== undefined && !ids.has(node.group ?? node.parent ?? "")
        ? scene.flow(parent)
        : scene.flow(undefined);
    const box = nodeBox(sized, flow);
    let style = nodeStyle(sized.kind, theme, sized.shape, box.labelSide) + styleKeys(sized.style);
    if (options.shapes) style = libraryCellStyle(style, options.shapes, theme) ?? style;
    newShapes.push({ id, width: box.shape.width, height: box.shape.height, parent });
    styles.set(id, style);
    labels.set(id, node.label);
    kinds.set(id, "node");
  });

  const links: NewLink[] = graph.edges.map((e) => ({
    source: ids.get(e.from) ?? e.from,
    target: ids.get(e.to) ?? e.to,
  }));
  const placement = placeShapes(scene, newShapes, links, { makeRoom: options.makeRoom === true });

  // What the router needs of each new shape.
  const parents = new Map(newShapes.map((s) => [s.id, s.parent]));
  // A shape's containers, nearest first: new groups, then the existing cells above them.
  const ancestorsOf = (id: string | undefined): string[] => {
    const out: string[] = [];
    let p = id;
    while (p !== undefined && parents.has(p) && out.length <= parents.size) {
      out.push(p);
      p = parents.get(p);
    }
    if (p !== undefined) out.push(p, ...scene.vertexAncestors(p));
    return out;
  };
  const moved = movedRects(scene, placement.moved);
  const shapes = new Map<string, ShapeInfo>();
  for (const s of newShapes) {
    shapes.set(s.id, {
      rect: placement.rects.get(s.id) as Rect,
      style: styles.get(s.id),
      ancestors: ancestorsOf(s.parent),
      obstacle: kinds.get(s.id) === "node",
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
  const toRoute: EdgeToRoute[] = graph.edges.map((e, i) => {
    const link = links[i] as NewLink;
    return { ...link, ...(e.label ? { label: labelSize(e.label) } : {}) };
  });
  const flowOf = (id: string): Direction =>
    scene.flow(ancestorsOf(parents.get(id))[0] ?? scene.vertexAncestors(id)[0]);
  const routes = routeEdges(scene, shapes, toRoute, flowOf);

  // The cells: groups (outer first), nodes, then edges.
  const cells: XmlElement[] = [];
  const absOrigin = (parent: string | undefined): Point => {
    if (parent === undefined) return { x: 0, y: 0 };
    const placed = placement.rects.get(parent) ?? placement.grown.get(parent);
    if (placed) return { x: placed.x, y: placed.y };
    const shifted = moved.get(parent);
    return shifted ? { x: shifted.x, y: shifted.y } : scene.origin(parent);
  };
  const ordered = [...newShapes].sort(
    (p, q) => ancestorsOf(p.parent).length - ancestorsOf(q.parent).length,
  );
  for (const s of ordered) {
    const rect = placement.rects.get(s.id) as Rect;
    const origin = absOrigin(s.parent);
    cells.push(
      vertexCell(
        s.id,
        htmlLabel(labels.get(s.id) ?? ""),
        styles.get(s.id) as string,
        s.parent ?? layer,
        {
          ...rect,
          x: rect.x - origin.x,
          y: rect.y - origin.y,
        },
      ),
    );
  }
  const taken = new Set<string>([...scene.layout.cells.map((c) => c.id), ...ids.values()]);
  graph.edges.forEach((edge, i) => {
    const link = links[i] as NewLink;
    const id = freshId(`${link.source}-${link.target}`, taken);
    const parent =
      commonContainer(ancestorsOf(link.source), ancestorsOf(link.target), link) ?? layer;
    cells.push(
      edgeCell(
        id,
        edge,
        theme,
        link,
        parent,
        absOrigin(parent === layer ? undefined : parent),
        routes[i],
        (end) => shapeFor(end, shapes, scene),
      ),
    );
  });

  // Existing shapes that grew or moved, relative to their parents (which may have moved too).
  const geometry = new Map<string, Rect>();
  for (const [id, rect] of [...placement.grown, ...moved]) {
    const up = scene.vertexAncestors(id)[0];
    const origin = up === undefined ? scene.origin(scene.layerOf(id)) : absOrigin(up);
    geometry.set(id, { ...rect, x: rect.x - origin.x, y: rect.y - origin.y });
  }
  return {
    cells,
    geometry,
    added: [
      ...newShapes.map((s) => s.id),
      ...cells.slice(newShapes.length).map((c) => c.attrs.id as string),
    ],
    moved: [...placement.moved.keys()],
    grown: [...placement.grown.keys()],
    notes: placement.notes,
  };
}

/** The page's theme, where one is recognisable: the dark theme by its background. */
function pageTheme(page: DiagramPage): Theme {
  const background = page.modelAttributes.background?.toLowerCase();
  return background !== undefined && background === themeBackground("dark")?.toLowerCase()
    ? "dark"
    : "default";
}

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

function freshId(base: string, taken: Set<string>): string {
  const clean = `e-${base}`.replace(/[^\w.:-]/g, "_").slice(0, 120);
  let id = clean;
  for (let n = 2; taken.has(id); n++) id = `${clean}-${n}`;
  taken.add(id);
  return id;
}
