/**
 * The draw.io cells of a placed architecture diagram: groups as containers (with their icon
 * in the corner), services as icons titled below, junctions as small points, and edges that
 * leave and enter by the sides the source names, routed around every service.
 */
import type { Theme } from "../../layout/spec.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Point, Rect } from "../../model/cell.ts";
import type { LibraryShapes } from "../../shapes/library-style.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { type Heading, routeGrid, routePoints, simplifyPath } from "../grid-route.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import { iconStyle } from "./icons.ts";
import type { ArchEdge, ArchEnd, Architecture, Side } from "./model.ts";
import type { ArchPlacement } from "./place.ts";

const STUB = 16;
const GROUP_ICON = 20;
const DIRECTION: Record<Side, Heading> = { R: 0, L: 1, B: 2, T: 3 };
/** How far outside a service or group the routing lines run, px. */
const LINE_MARGIN = 14;

/** The cells and what drawing them noted. */
export interface DrawnArchitecture {
  cells: XmlElement[];
  notes: string[];
}

/**
 * Every group, service, junction and edge as draw.io cells.
 *
 * @example
 * const { cells } = architectureCells(diagram, placement, { theme: "default" });
 */
export function architectureCells(
  diagram: Architecture,
  placement: ArchPlacement,
  options: { theme: Theme; shapes?: LibraryShapes },
): DrawnArchitecture {
  const ids = new CellIds();
  const cellIds = new Map<string, string>();
  const cells: XmlElement[] = [];
  const notes: string[] = [];
  const dark = options.theme === "dark";
  const obstacles: Rect[] = [...placement.footprints.values()];
  const local = (rect: Rect, parent: string | undefined): Rect => {
    const origin = parent === undefined ? undefined : placement.rects.get(parent);
    return origin ? { ...rect, x: rect.x - origin.x, y: rect.y - origin.y } : rect;
  };
  const parentCell = (parent: string | undefined) =>
    parent === undefined ? PLACED_LAYER : (cellIds.get(parent) as string);
  for (const group of diagram.groups) {
    const id = ids.claim(group.id);
    cellIds.set(group.id, id);
    const rect = placement.rects.get(group.id) as Rect;
    const colours = dark
      ? "strokeColor=#A99BE6;fontColor=#F0F0F0;"
      : "strokeColor=#9370DB;fontColor=#333333;";
    const indent = group.icon === undefined ? 8 : 12 + GROUP_ICON;
    const style = `rounded=0;dashed=1;dashPattern=8 4;fillColor=none;container=1;collapsible=0;html=1;whiteSpace=wrap;verticalAlign=top;align=left;spacingLeft=${indent};spacingTop=4;fontStyle=1;${colours}`;
    // The title is no cell of its own, but edges should not run through it either.
    const titleWidth = group.title === "" ? 0 : measureText(group.title, rect.width).width + 12;
    obstacles.push({ x: rect.x + 2, y: rect.y + 2, width: indent + titleWidth, height: 24 });
    cells.push(
      vertexCell(
        id,
        htmlLabel(group.title),
        style,
        parentCell(group.parent),
        local(rect, group.parent),
      ),
    );
    if (group.icon !== undefined) {
      const icon = iconStyle(group.icon, options.shapes, options.theme);
      if (!icon.found)
        notes.push(
          `line ${group.at.line}: the icon "${group.icon}" of group ${group.id} is not in the shape catalogue; a plain box stands for it`,
        );
      const at = { x: rect.x + 8, y: rect.y + 6, width: GROUP_ICON, height: GROUP_ICON };
      obstacles.push(at);
      cells.push(
        vertexCell(ids.next(`${id}-icon`), "", icon.style, id, {
          x: 8,
          y: 6,
          width: GROUP_ICON,
          height: GROUP_ICON,
        }),
      );
    }
  }
  for (const node of diagram.nodes) {
    const id = ids.claim(node.id);
    cellIds.set(node.id, id);
    const rect = local(placement.rects.get(node.id) as Rect, node.parent);
    if (node.kind === "junction") {
      const fill = dark ? "#A99BE6" : "#9370DB";
      cells.push(
        vertexCell(
          id,
          "",
          `ellipse;aspect=fixed;html=1;fillColor=${fill};strokeColor=${fill};`,
          parentCell(node.parent),
          rect,
        ),
      );
      continue;
    }
    const icon = iconStyle(node.icon, options.shapes, options.theme);
    if (!icon.found)
      notes.push(
        `line ${node.at.line}: the icon "${node.icon}" of ${node.id} is not in the shape catalogue; a plain box stands for it`,
      );
    cells.push(vertexCell(id, htmlLabel(node.title), icon.style, parentCell(node.parent), rect));
  }
  const ports = diagram.edges.map(
    (edge) => [portOf(diagram, placement, edge.from), portOf(diagram, placement, edge.to)] as const,
  );
  const grid = routeGrid({
    obstacles,
    margin: LINE_MARGIN,
    regions: diagram.groups.map((g) => placement.rects.get(g.id) as Rect),
    points: ports.flatMap(([a, b]) => [a.stub, b.stub]),
  });
  for (const [k, edge] of diagram.edges.entries()) {
    const [from, to] = ports[k] as readonly [Port, Port];
    const path = routePoints(grid, from.stub, to.stub, DIRECTION[edge.from.side]);
    if (!path)
      notes.push(
        `line ${edge.at.line}: no way around the services was found for ${edge.from.id} → ${edge.to.id}; it is drawn straight`,
      );
    const points = simplifyPath([from.point, ...(path ?? [from.stub, to.stub]), to.point]).slice(
      1,
      -1,
    );
    cells.push(
      edgeCell(
        ids.next("edge"),
        htmlLabel(edge.label),
        edgeStyle(edge, from, to, dark),
        PLACED_LAYER,
        {
          source: cellIds.get(from.cell) as string,
          target: cellIds.get(to.cell) as string,
          points,
        },
      ),
    );
  }
  return { cells, notes };
}

/** Where an edge end meets its cell: the cell, the point, the stub just outside, the style keys. */
interface Port {
  cell: string;
  point: Point;
  stub: Point;
  /** exitX/entryX-style values: relative x, y and the px below the icon (a title's height). */
  x: number;
  y: number;
  dy: number;
}

function portOf(diagram: Architecture, placement: ArchPlacement, end: ArchEnd): Port {
  const node = diagram.byId.get(end.id);
  const group = end.group ? node?.parent : undefined;
  const icon = placement.rects.get(end.id) as Rect;
  const cell = group ?? end.id;
  const box =
    group === undefined
      ? (placement.footprints.get(end.id) ?? icon)
      : (placement.rects.get(group) as Rect);
  const shape = group === undefined ? icon : box;
  const cx = icon.x + icon.width / 2;
  const cy = icon.y + icon.height / 2;
  const relX = (x: number) => Math.round(((x - shape.x) / shape.width) * 1000) / 1000;
  const relY = (y: number) => Math.round(((y - shape.y) / shape.height) * 1000) / 1000;
  switch (end.side) {
    case "L":
      return {
        cell,
        point: { x: shape.x, y: cy },
        stub: { x: box.x - STUB, y: cy },
        x: 0,
        y: relY(cy),
        dy: 0,
      };
    case "R":
      return {
        cell,
        point: { x: shape.x + shape.width, y: cy },
        stub: { x: box.x + box.width + STUB, y: cy },
        x: 1,
        y: relY(cy),
        dy: 0,
      };
    case "T":
      return {
        cell,
        point: { x: cx, y: shape.y },
        stub: { x: cx, y: box.y - STUB },
        x: relX(cx),
        y: 0,
        dy: 0,
      };
    case "B": {
      const bottom = box.y + box.height;
      return {
        cell,
        point: { x: cx, y: bottom },
        stub: { x: cx, y: bottom + STUB },
        x: relX(cx),
        y: 1,
        dy: bottom - (shape.y + shape.height),
      };
    }
  }
}

function edgeStyle(edge: ArchEdge, from: Port, to: Port, dark: boolean): string {
  const line = dark ? "#C8C8C8" : "#555555";
  const arrow = (on: boolean) => (on ? "block;" : "none;");
  return (
    `rounded=0;html=1;strokeWidth=2;strokeColor=${line};fontColor=${dark ? "#F0F0F0" : "#333333"};labelBackgroundColor=${dark ? "#1E1E1E" : "#FFFFFF"};` +
    `startArrow=${arrow(edge.from.arrow)}startFill=1;endArrow=${arrow(edge.to.arrow)}endFill=1;` +
    `exitX=${from.x};exitY=${from.y};exitDx=0;exitDy=${from.dy};exitPerimeter=0;` +
    `entryX=${to.x};entryY=${to.y};entryDx=0;entryDy=${to.dy};entryPerimeter=0;`
  );
}
