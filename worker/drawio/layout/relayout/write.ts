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
import type { RelayoutResult } from "./index.ts";

/** What the re-layout found and computed, for writing it back. */
export interface Laid {
  cells: Map<string, XmlElement>;
  parentOf: (id: string) => string | undefined;
  isLayer: (id: string) => boolean;
  placed: Set<string>;
  laid: ElkNode;
  edges: Array<[string, XmlElement]>;
  /** Edges handed to ELK the other way round (they close a cycle). */
  reversed: Set<string>;
  scope: string | undefined;
}

/**
 * Writes ELK's positions and routes into copies of the cells (the input document is left as it
 * was): vertices get new x/y (and containers new sizes), edges new waypoints, pinned ends and
 * label offsets. Everything else about every cell is kept.
 */
export function writeBack(doc: DiagramDocument, index: number, laid: Laid): RelayoutResult {
  const { cells, parentOf, isLayer, placed, scope } = laid;
  // Where the original drawing sat, so the tidied one stays in place.
  const originalAbs = (id: string | undefined): Point => {
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
  };
  let offset: Point;
  if (scope !== undefined) {
    offset = originalAbs(scope);
  } else {
    const tops = [...placed].filter((id) => !placed.has(parentOf(id) ?? ""));
    offset = tops.length
      ? {
          x: Math.min(...tops.map((id) => originalAbs(id).x)),
          y: Math.min(...tops.map((id) => originalAbs(id).y)),
        }
      : { x: 0, y: 0 };
  }

  const abs = new Map<string, Rect>();
  abs.set(laid.laid.id, {
    x: offset.x,
    y: offset.y,
    width: laid.laid.width ?? 0,
    height: laid.laid.height ?? 0,
  });
  const replaced = new Map<string, XmlElement>();
  const moved: string[] = [];
  const visit = (node: ElkNode, parent: ElkNode) => {
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
      replaced.set(
        node.id,
        withGeometry(cell, {
          ...local,
          ...(compound ? { width: rect.width, height: rect.height } : {}),
        }),
      );
      moved.push(node.id);
    }
    for (const child of node.children ?? []) visit(child, node);
  };
  for (const child of laid.laid.children ?? []) visit(child, laid.laid);
  if (scope !== undefined) {
    const container = cells.get(scope) as XmlElement;
    replaced.set(
      scope,
      withGeometry(container, { width: laid.laid.width ?? 0, height: laid.laid.height ?? 0 }),
    );
  }

  const routedEdges = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode) => {
    for (const e of node.edges ?? []) routedEdges.set(e.id, e);
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid.laid);
  const routed: string[] = [];
  for (const [id, cell] of laid.edges) {
    const route = routedEdges.get(id);
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
        : (abs.get(parent) ?? originalAbs(parent));
    const start = points[0] as Point;
    const end = points[points.length - 1] as Point;
    const label = route.labels?.[0];
    let labelOffset: Point | undefined;
    let anchor: LabelAnchor | undefined;
    if (label?.x !== undefined && label.y !== undefined) {
      anchor = labelAnchor(points, {
        x: origin.x + label.x,
        y: origin.y + label.y,
        width: label.width ?? 0,
        height: label.height ?? 0,
      });
      const mid = midpoint(points);
      labelOffset = { x: anchor.at.x - mid.x, y: anchor.at.y - mid.y };
    }
    const exit = constraintFor(sourceStyle, source, start);
    const entry = constraintFor(targetStyle, target, end);
    const copy = replaced.get(id) ?? cloneElement(cell);
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
    setRoute(
      copy,
      points.slice(1, -1).map((p) => ({ x: p.x - parentAbs.x, y: p.y - parentAbs.y })),
      labelOffset,
    );
    replaced.set(id, copy);
    routed.push(id);
  }

  // Edges it could not route but whose ends moved lose their old waypoints, which would now
  // point at where the cells used to be; draw.io then draws them straight between the ends.
  const movedSet = new Set(moved);
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

  return { document: withReplacedCells(doc, index, replaced), moved, routed };
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
