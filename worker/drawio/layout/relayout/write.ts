/**
 * Writing a re-layout back: ELK's positions and routes copied into the page's cells, the
 * drawing kept where it was on the page.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import {
  geometryOf,
  getCellAttribute,
  mxCellOf,
  type Point,
  type Rect,
  readRect,
  setCellAttribute,
} from "../../model/cell.ts";
import { type DiagramDocument, withReplacedCells } from "../../model/document.ts";
import { mergeStyle, parseStyle } from "../../model/style.ts";
import { constraintFor } from "../../outline/index.ts";
import { cloneElement, createElement, isElement, type XmlElement } from "../../xml/nodes.ts";
import { endOnOutline } from "../edges/ends.ts";
import { type LabelAnchor, labelAnchor } from "../edges/label.ts";
import { fraction, midpoint, round, routePoints, setRoute } from "../edges/route.ts";
import type { PageCells, RelayoutResult } from "./types.ts";

/** What the re-layout found and computed, for writing it back. */
export interface Laid extends PageCells {
  placed: Set<string>;
  laid: ElkNode;
  edges: Array<[string, XmlElement]>;
  /** Edges handed to ELK the other way round (they close a cycle). */
  reversed: Set<string>;
}

/** The cells written so far, and the ids of the vertices moved and the edges routed. */
interface Written {
  replaced: Map<string, XmlElement>;
  moved: string[];
  routed: string[];
}

/**
 * Writes ELK's positions and routes into copies of the cells (the input document is left as it
 * was): vertices get new x/y (and containers new sizes), edges new waypoints, pinned ends and
 * label offsets. Everything else about every cell is kept.
 */
export function writeBack(doc: DiagramDocument, index: number, laid: Laid): RelayoutResult {
  const written: Written = { replaced: new Map(), moved: [], routed: [] };
  const abs = writeVertices(laid, drawingOffset(laid), written);
  writeRoutes(laid, abs, written);
  forgetStaleWaypoints(laid.cells, written);
  const { replaced, moved, routed } = written;
  return { document: withReplacedCells(doc, index, replaced), moved, routed };
}

/** Where a cell was drawn on the page, from its own and its containers' geometry. */
function originalAbs(laid: Laid, id: string | undefined): Point {
  const { cells, parentOf, isLayer } = laid;
  let x = 0;
  let y = 0;
  for (let p = id; p !== undefined && !isLayer(p) && cells.has(p); p = parentOf(p)) {
    const cell = cells.get(p) as XmlElement;
    const geometry = geometryOf(cell);
    if (!geometry || geometry.attrs.relative === "1") break;
    const r = readRect(geometry);
    x += r.x;
    y += r.y;
    if (p === id && parentOf(p) === undefined) break;
  }
  return { x, y };
}

/** Where the original drawing sat, so the tidied one stays in place. */
function drawingOffset(laid: Laid): Point {
  const { parentOf, placed, scope } = laid;
  if (scope !== undefined) return originalAbs(laid, scope);
  const tops = [...placed].filter((id) => !placed.has(parentOf(id) ?? ""));
  return tops.length
    ? {
        x: Math.min(...tops.map((id) => originalAbs(laid, id).x)),
        y: Math.min(...tops.map((id) => originalAbs(laid, id).y)),
      }
    : { x: 0, y: 0 };
}

/**
 * Gives every laid-out vertex its new position (and a container its new size), and the scope
 * its new size; returns each ELK node's absolute box.
 */
function writeVertices(laid: Laid, offset: Point, written: Written): Map<string, Rect> {
  const { cells, scope } = laid;
  const abs = new Map<string, Rect>();
  abs.set(laid.laid.id, {
    x: offset.x,
    y: offset.y,
    width: laid.laid.width ?? 0,
    height: laid.laid.height ?? 0,
  });
  for (const child of laid.laid.children ?? []) {
    writeVertex(laid, offset, child, laid.laid, abs, written);
  }
  if (scope !== undefined) {
    const container = cells.get(scope) as XmlElement;
    written.replaced.set(
      scope,
      withGeometry(container, { width: laid.laid.width ?? 0, height: laid.laid.height ?? 0 }),
    );
  }
  return abs;
}

/** Writes one ELK node's position into its cell, then its children's. */
function writeVertex(
  laid: Laid,
  offset: Point,
  node: ElkNode,
  parent: ElkNode,
  abs: Map<string, Rect>,
  written: Written,
): void {
  const { cells, parentOf, placed, scope } = laid;
  const origin = abs.get(parent.id) as Rect;
  const rect = {
    x: origin.x + (node.x ?? 0),
    y: origin.y + (node.y ?? 0),
    width: node.width ?? 0,
    height: node.height ?? 0,
  };
  abs.set(node.id, rect);
  const cell = cells.get(node.id);
  if (cell) {
    const local = placed.has(parentOf(node.id) ?? "")
      ? { x: node.x ?? 0, y: node.y ?? 0 }
      : {
          x: rect.x - (scope !== undefined ? offset.x : 0),
          y: rect.y - (scope !== undefined ? offset.y : 0),
        };
    const compound = (node.children ?? []).length > 0;
    written.replaced.set(
      node.id,
      withGeometry(cell, {
        ...local,
        ...(compound ? { width: rect.width, height: rect.height } : {}),
      }),
    );
    written.moved.push(node.id);
  }
  for (const child of node.children ?? []) writeVertex(laid, offset, child, node, abs, written);
}

/** Every edge ELK routed, by id, from every compound of the laid-out tree. */
function routedEdges(node: ElkNode, out: Map<string, ElkExtendedEdge>): void {
  for (const e of node.edges ?? []) out.set(e.id, e);
  for (const child of node.children ?? []) routedEdges(child, out);
}

/** Gives every edge ELK routed its route: waypoints, ends pinned on the outlines, label place. */
function writeRoutes(laid: Laid, abs: ReadonlyMap<string, Rect>, written: Written): void {
  const { cells, parentOf, isLayer } = laid;
  const { replaced, routed } = written;
  const routes = new Map<string, ElkExtendedEdge>();
  routedEdges(laid.laid, routes);
  for (const [id, cell] of laid.edges) {
    const route = routes.get(id);
    if (!route) continue;
    const container = (route as { container?: string }).container ?? laid.laid.id;
    const origin = abs.get(container) ?? (abs.get(laid.laid.id) as Rect);
    const routedPoints = routePoints(route).map((p) => ({ x: p.x + origin.x, y: p.y + origin.y }));
    if (laid.reversed.has(id)) routedPoints.reverse();
    const sourceId = getCellAttribute(cell, "source") ?? "";
    const targetId = getCellAttribute(cell, "target") ?? "";
    const source = abs.get(sourceId);
    const target = abs.get(targetId);
    if (routedPoints.length < 2 || !source || !target) continue;
    const sourceStyle = getCellAttribute(cells.get(sourceId) as XmlElement, "style") ?? "";
    const targetStyle = getCellAttribute(cells.get(targetId) as XmlElement, "style") ?? "";
    // Ends on the outline draw.io draws, not on the bounding box.
    const points = endOnOutline(
      endOnOutline(routedPoints, source, sourceStyle).reverse(),
      target,
      targetStyle,
    ).reverse();
    const parent = parentOf(id);
    const parentAbs =
      parent === undefined || isLayer(parent) || !cells.has(parent)
        ? { x: 0, y: 0 }
        : (abs.get(parent) ?? originalAbs(laid, parent));
    const label = route.labels?.[0];
    const anchor =
      label?.x !== undefined && label.y !== undefined
        ? labelAnchor(points, {
            x: origin.x + label.x,
            y: origin.y + label.y,
            width: label.width ?? 0,
            height: label.height ?? 0,
          })
        : undefined;
    const exit = constraintFor(sourceStyle, source, points[0] as Point);
    const entry = constraintFor(targetStyle, target, points[points.length - 1] as Point);
    const copy = replaced.get(id) ?? cloneElement(cell);
    pinEnds(copy, exit, entry, anchor);
    setRoute(
      copy,
      points.slice(1, -1).map((p) => ({ x: p.x - parentAbs.x, y: p.y - parentAbs.y })),
      anchor ? offsetFromMidpoint(points, anchor) : undefined,
    );
    replaced.set(id, copy);
    routed.push(id);
  }
}

/** Pins an edge's ends at the given places on its ends' outlines, with its label's placement. */
function pinEnds(
  copy: XmlElement,
  exit: Point,
  entry: Point,
  anchor: LabelAnchor | undefined,
): void {
  setCellAttribute(
    copy,
    "style",
    mergeStyle(getCellAttribute(copy, "style"), {
      edgeStyle: null,
      ...(anchor ? Object.fromEntries(parseStyle(anchor.style)) : {}),
      exitX: fraction(exit.x),
      exitY: fraction(exit.y),
      exitDx: 0,
      exitDy: 0,
      exitPerimeter: 0,
      entryX: fraction(entry.x),
      entryY: fraction(entry.y),
      entryDx: 0,
      entryDy: 0,
      entryPerimeter: 0,
    }),
  );
}

/** Where a label's anchor is from the middle of the route, as draw.io stores a label offset. */
function offsetFromMidpoint(points: Point[], anchor: LabelAnchor): Point {
  const mid = midpoint(points);
  return { x: anchor.at.x - mid.x, y: anchor.at.y - mid.y };
}

/**
 * Edges it could not route but whose ends moved lose their old waypoints, which would now
 * point at where the cells used to be; draw.io then draws them straight between the ends.
 */
function forgetStaleWaypoints(cells: ReadonlyMap<string, XmlElement>, written: Written): void {
  const { replaced, routed } = written;
  const movedSet = new Set(written.moved);
  for (const [id, cell] of cells) {
    if (replaced.has(id) || getCellAttribute(cell, "edge") !== "1") continue;
    const ends = [getCellAttribute(cell, "source"), getCellAttribute(cell, "target")];
    if (!ends.some((end) => end !== undefined && movedSet.has(end))) continue;
    const points = geometryOf(cell)?.children.some((c) => isElement(c) && c.attrs.as === "points");
    if (!points) continue;
    const copy = cloneElement(cell);
    setRoute(copy, [], undefined, true);
    replaced.set(id, copy);
    routed.push(id);
  }
}
/** A copy of a vertex with some geometry numbers replaced. */
function withGeometry(cell: XmlElement, values: Partial<Rect>): XmlElement {
  const copy = cloneElement(cell);
  let geometry = geometryOf(copy);
  if (!geometry) {
    geometry = createElement("mxGeometry", { as: "geometry" });
    mxCellOf(copy).children.push(geometry);
  }
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) geometry.attrs[key] = String(round(value));
  }
  return copy;
}
