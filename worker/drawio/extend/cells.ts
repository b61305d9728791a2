/** The cells `add_graph` writes: new vertices, and edges drawn exactly along their routes. */

import { labelAnchor } from "../layout/edges/label.ts";
import { midpoint, round } from "../layout/edges/route.ts";
import type { Theme } from "../layout/spec.ts";
import { edgeStyle } from "../layout/themes.ts";
import { htmlLabel, pin, styleKeys } from "../layout/to-cells.ts";
import type { Point, Rect } from "../model/cell.ts";
import { constraintFor } from "../outline/index.ts";
import { EDGE_LABEL_WRAP, measureText, wrapText } from "../text/estimate.ts";
import { createElement, type XmlElement } from "../xml/nodes.ts";
import type { NewLink } from "./placement.ts";
import type { RoutedEdge } from "./route/index.ts";
import type { AddedEdge } from "./spec.ts";

/** The room an edge label needs beside its line. */
export function labelSize(label: string): { width: number; height: number } {
  const text = measureText(label, EDGE_LABEL_WRAP);
  return { width: text.width + 8, height: text.height + 4 };
}

export function vertexCell(
  id: string,
  html: string,
  style: string,
  parent: string,
  r: Rect,
): XmlElement {
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
export function edgeCell(
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
    edgeStyle({ ...edge, kind: edge.kind, arrow: edge.arrow }, theme) + styleKeys(edge.style);
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
