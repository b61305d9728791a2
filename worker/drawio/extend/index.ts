/**
 * Extend, don't redraw: new shapes and edges placed into an existing page by the engine, not by
 * whoever asks for them. `extendPage` adds a graph (nodes, edges, groups in the graph spec's
 * language, tied to existing cells by id); `placeLooseCells` gives cells that were added without
 * a place (a vertex without geometry, an edge without waypoints) one. Nothing that exists moves,
 * unless `makeRoom` asks for a gap; a container with no room grows, with its pool's lanes.
 * Pure and synchronous: the operations apply it inside their batch.
 */
import type { Point, Rect } from "../cell.ts";
import { getCellAttribute, getCellLabel, isEdge } from "../cell.ts";
import type { FlowDirection } from "../edge-quality.ts";
import { DrawioError, type OperationErrorCode } from "../errors.ts";
import { nodeBox } from "../layout/boxes.ts";
import { labelAnchor } from "../layout/edge-label.ts";
import { libraryCellStyle, withLibraryShapes } from "../layout/library-nodes.ts";
import { fraction, midpoint, round } from "../layout/route.ts";
import type { GraphSpec, Theme } from "../layout/spec.ts";
import { EDGE_LABEL_WRAP, measureText, wrapText } from "../layout/text.ts";
import { edgeStyle, groupStyle, nodeStyle, themeBackground } from "../layout/themes.ts";
import { htmlLabel } from "../layout/to-cells.ts";
import type { DiagramPage } from "../model.ts";
import { constraintFor } from "../outline/index.ts";
import { safeCellId } from "../reserved-ids.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";
import { parseStyle } from "../style.ts";
import { createElement, type XmlElement } from "../xml/nodes.ts";
import { type EdgeToRoute, routeEdges, type ShapeInfo } from "./connect.ts";
import { type NewLink, type NewShape, placeShapes } from "./place.ts";
import type { RoutedEdge } from "./router.ts";
import { Scene } from "./scene.ts";
import type { AddedEdge, AddGraph } from "./spec.ts";

export { ADD_GRAPH_LIMITS, type AddGraph, type AddGraphInput, AddGraphSchema } from "./spec.ts";

/** Options for {@link extendPage} and {@link placeLooseCells}. */
export interface ExtendOptions {
  /** Library shapes (a `ShapeCatalog`): a node naming one gets draw.io's exact style. */
  shapes?: LibraryShapes;
  /** Shift existing shapes along the flow to open a gap where a new shape has no room. */
  makeRoom?: boolean;
}

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
    let style = nodeStyle(sized.kind, theme, sized.shape, box.labelSide) + styleText(sized.style);
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
  const ancestorsOf = (id: string | undefined): string[] => {
    const out: string[] = [];
    for (let p = id; p !== undefined && out.length <= parents.size + 1; ) {
      out.push(p);
      p = parents.has(p) ? parents.get(p) : undefined;
      if (p === undefined) {
        out.push(...scene.vertexAncestors(out[out.length - 1] as string));
        break;
      }
    }
    return out;
  };
  const shapes = new Map<string, ShapeInfo>();
  for (const s of newShapes) {
    shapes.set(s.id, {
      rect: placement.rects.get(s.id) as Rect,
      style: styles.get(s.id),
      ancestors: ancestorsOf(s.parent),
      obstacle: kinds.get(s.id) === "node",
    });
  }
  for (const [id, rect] of [...placement.grown, ...movedRects(scene, placement.moved)]) {
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
  const flowOf = (id: string): FlowDirection =>
    scene.flow(ancestorsOf(parents.get(id))[0] ?? scene.vertexAncestors(id)[0]);
  const routes = routeEdges(scene, shapes, toRoute, flowOf);

  // The cells: groups (outer first), nodes, then edges.
  const cells: XmlElement[] = [];
  const absOrigin = (parent: string | undefined): Point => {
    if (parent === undefined) return { x: 0, y: 0 };
    const placed = placement.rects.get(parent) ?? placement.grown.get(parent);
    if (placed) return { x: placed.x, y: placed.y };
    const moved = movedRects(scene, placement.moved).get(parent);
    return moved ? { x: moved.x, y: moved.y } : scene.origin(parent);
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
  const moved = movedRects(scene, placement.moved);
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

/**
 * New ids by graph id, after checking every reference: ids new and unique, ends and parents
 * existing (or new), parents containers, groups not nested in a cycle. Ids draw.io cannot load
 * are renamed.
 */
function newIds(scene: Scene, graph: AddGraph): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set(scene.layout.cells.map((c) => c.id));
  const claim = (id: string, what: string) => {
    if (taken.has(id) || ids.has(id)) {
      refuse("duplicate_id", `${what} "${id}" is already taken: choose an id no cell has`, id);
    }
    const safe = safeCellId(id, taken);
    taken.add(safe);
    ids.set(id, safe);
  };
  for (const g of graph.groups) claim(g.id, "group id");
  for (const n of graph.nodes) claim(n.id, "node id");
  const groups = new Set(graph.groups.map((g) => g.id));
  const checkParent = (parent: string | undefined, child: string) => {
    if (parent === undefined || groups.has(parent)) return;
    const cell = scene.cell(parent);
    if (!cell)
      refuse("unknown_parent", `"${child}" names parent "${parent}", which does not exist`, parent);
    if (!cell?.vertex || !scene.isContainer(parent)) {
      refuse(
        "not_a_container",
        `"${child}" names parent "${parent}", which is not a container, group or swimlane`,
        parent,
      );
    }
  };
  for (const n of graph.nodes) {
    if (n.group !== undefined && n.parent !== undefined && n.group !== n.parent) {
      refuse("invalid_operation", `node "${n.id}" names two parents: give group or parent`, n.id);
    }
    checkParent(n.group ?? n.parent, n.id);
  }
  const parentOf = new Map(graph.groups.map((g) => [g.id, g.parent]));
  for (const g of graph.groups) {
    checkParent(g.parent, g.id);
    const seen = new Set([g.id]);
    for (let p = g.parent; p !== undefined && groups.has(p); p = parentOf.get(p)) {
      if (seen.has(p))
        refuse("parent_cycle", `groups nest in a cycle: ${[...seen, p].join(" → ")}`, g.id);
      seen.add(p);
    }
  }
  for (const e of graph.edges) {
    for (const [end, code] of [
      [e.from, "unknown_source"],
      [e.to, "unknown_target"],
    ] as const) {
      if (ids.has(end) && !groups.has(end)) continue;
      const cell = scene.cell(end);
      if (groups.has(end) || (cell?.vertex && scene.rect(end))) continue;
      refuse(
        code,
        cell
          ? `edge end "${end}" is ${cell.edge ? "an edge" : "not a placed shape"}: edges join shapes`
          : `edge end "${end}" is neither a new node nor an existing cell`,
        end,
      );
    }
  }
  return ids;
}

function refuse(code: OperationErrorCode, message: string, target: string): never {
  throw new DrawioError(code, message, { operation: { index: -1, op: "add_graph", target } });
}

/** The layer new top-level shapes go on: that of the first existing cell the graph names. */
function defaultLayer(scene: Scene, graph: AddGraph, page: DiagramPage): string {
  const named = [
    ...graph.edges.flatMap((e) => [e.from, e.to]),
    ...graph.nodes.flatMap((n) => [n.group ?? n.parent ?? ""]),
    ...graph.groups.map((g) => g.parent ?? ""),
  ];
  for (const id of named) {
    const layer = scene.cell(id) ? scene.layerOf(id) : undefined;
    if (layer !== undefined) return layer;
  }
  const root = page.cells.find((c) => getCellAttribute(c, "parent") === undefined)?.attrs.id;
  const first = page.cells.find(
    (c) => root !== undefined && getCellAttribute(c, "parent") === root,
  );
  return first?.attrs.id ?? "1";
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

function shapeFor(
  id: string,
  shapes: ReadonlyMap<string, ShapeInfo>,
  scene: Scene,
): { rect: Rect; style: string | undefined } | undefined {
  const s = shapes.get(id);
  if (s) return s;
  const rect = scene.rect(id);
  return rect && { rect, style: scene.cell(id)?.style };
}

function freshId(base: string, taken: Set<string>): string {
  const clean = `e-${base}`.replace(/[^\w.:-]/g, "_").slice(0, 120);
  let id = clean;
  for (let n = 2; taken.has(id); n++) id = `${clean}-${n}`;
  taken.add(id);
  return id;
}

function labelSize(label: string): { width: number; height: number } {
  const text = measureText(label, EDGE_LABEL_WRAP);
  return { width: text.width + 8, height: text.height + 4 };
}

function styleText(style: Record<string, string | number> | undefined): string {
  let text = "";
  for (const [key, value] of Object.entries(style ?? {})) text += `${key}=${value};`;
  return text;
}

function vertexCell(id: string, html: string, style: string, parent: string, r: Rect): XmlElement {
  return createElement("mxCell", { id, value: html, style, vertex: "1", parent }, [
    createElement("mxGeometry", {
      x: String(round(r.x)),
      y: String(round(r.y)),
      width: String(round(r.width)),
      height: String(round(r.height)),
      as: "geometry",
    }),
  ]);
}

/**
 * A new edge cell: the route's bends as waypoints (relative to the edge's parent), its ends
 * pinned where the route meets the outlines, its label beside its line where the route kept
 * room. Without a route, draw.io's own orthogonal router draws it.
 */
function edgeCell(
  id: string,
  edge: AddedEdge,
  theme: Theme,
  link: NewLink,
  parent: string,
  origin: Point,
  route: RoutedEdge | undefined,
  shape: (id: string) => { rect: Rect; style: string | undefined } | undefined,
): XmlElement {
  let style =
    edgeStyle({ ...edge, kind: edge.kind, arrow: edge.arrow }, theme) + styleText(edge.style);
  const geometry = createElement("mxGeometry", { relative: "1", as: "geometry" });
  const source = shape(link.source);
  const target = shape(link.target);
  if (route && source && target && route.points.length >= 2) {
    const { geometry: g, style: extra } = routeGeometry(route, source, target, origin);
    geometry.children = g.children;
    Object.assign(geometry.attrs, g.attrs);
    style += extra;
  } else {
    style += "edgeStyle=orthogonalEdgeStyle;";
  }
  const label = edge.label ? htmlLabel(wrapText(edge.label, EDGE_LABEL_WRAP).join("\n")) : "";
  return createElement(
    "mxCell",
    { id, value: label, style, edge: "1", parent, source: link.source, target: link.target },
    [geometry],
  );
}

/**
 * The geometry and style keys that draw a routed edge exactly: bends as waypoints relative to
 * `origin`, ends pinned on the outlines, the label anchored beside its line.
 *
 * @example
 * routeGeometry(routed, { rect: a, style: "rounded=1;" }, { rect: b, style: "rhombus;" }, { x: 0, y: 0 });
 */
export function routeGeometry(
  route: RoutedEdge,
  source: { rect: Rect; style: string | undefined },
  target: { rect: Rect; style: string | undefined },
  origin: Point,
): { geometry: XmlElement; style: string } {
  const points = route.points;
  const start = points[0] as Point;
  const end = points[points.length - 1] as Point;
  let style =
    pin("exit", constraintFor(source.style, source.rect, start)) +
    pin("entry", constraintFor(target.style, target.rect, end));
  const children: XmlElement[] = [];
  const bends = points.slice(1, -1);
  if (bends.length > 0) {
    children.push(
      createElement(
        "Array",
        { as: "points" },
        bends.map((p) =>
          createElement("mxPoint", {
            x: String(round(p.x - origin.x)),
            y: String(round(p.y - origin.y)),
          }),
        ),
      ),
    );
  }
  const attrs: Record<string, string> = { relative: "1", as: "geometry" };
  if (route.label) {
    const anchor = labelAnchor(points, {
      x: route.label.x - 1,
      y: route.label.y - 1,
      width: 2,
      height: 2,
    });
    const mid = midpoint(points);
    style += anchor.style;
    children.push(
      createElement("mxPoint", {
        x: String(round(anchor.at.x - mid.x)),
        y: String(round(anchor.at.y - mid.y)),
        as: "offset",
      }),
    );
  }
  return { geometry: createElement("mxGeometry", attrs, children), style };
}

function pin(prefix: "exit" | "entry", at: Point): string {
  return `${prefix}X=${fraction(at.x)};${prefix}Y=${fraction(at.y)};${prefix}Dx=0;${prefix}Dy=0;${prefix}Perimeter=0;`;
}

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
    const size = looseSize(cell?.style, cell ? labelOf(cell.element) : "");
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
    const label = labelOf(cell.element);
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

function labelOf(el: XmlElement): string {
  return getCellLabel(el);
}
