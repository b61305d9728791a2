/**
 * Edges as draw.io draws them, in page coordinates: each end's point and attached vertex, and
 * the waypoints between.
 */

import {
  getCellAttribute,
  type Point,
  type Rect,
  readTerminalPoint,
  readWaypoints,
} from "../model/cell.ts";
import { finiteNumber, readNumber } from "../model/numbers.ts";
import { parseStyle } from "../model/style.ts";
import { constraintPoint } from "../outline/index.ts";
import type { LayoutCell, PageLayout } from "./page-layout.ts";

/** One end of an edge: where it is drawn, and the vertex it is attached to, if any. */
export interface EdgeTerminal {
  point: Point;
  cell?: LayoutCell;
  /** The attached vertex's absolute rectangle. */
  rect?: Rect;
  /** True when the style fixes the end (`exitX`/`exitY`, `entryX`/`entryY`). */
  pinned: boolean;
  /** True when draw.io moves a pinned end onto the shape's perimeter (`exitPerimeter` ≠ 0). */
  perimeter: boolean;
}

/** An edge as draw.io draws it between two points: terminals and waypoints, absolute. */
export interface EdgeRoute {
  edge: LayoutCell;
  /** Source end, waypoints, target end. */
  points: Point[];
  ends: [EdgeTerminal, EdgeTerminal];
  /** The edge's parsed style. */
  style: Map<string, string | null>;
}

/**
 * Where an edge end is: the terminal's constraint point (`exitX`… plus `exitDx`…) or centre,
 * else its free point (`sourcePoint`/`targetPoint`).
 *
 * @example
 * edgeTerminal(layout, edge, "source", new Map(parseStyle(edge.style)))?.point; // { x: 160, y: 70 }
 */
export function edgeTerminal(
  layout: PageLayout,
  edge: LayoutCell,
  which: "source" | "target",
  style: Map<string, string | null>,
): EdgeTerminal | undefined {
  const id = getCellAttribute(edge.element, which);
  if (id !== undefined) {
    const cell = layout.get(id);
    const rect = cell?.vertex ? layout.absoluteRect(cell) : undefined;
    if (!cell || !rect) return undefined;
    const prefix = which === "source" ? "exit" : "entry";
    const fx = readNumber(style.get(`${prefix}X`) ?? undefined);
    const fy = readNumber(style.get(`${prefix}Y`) ?? undefined);
    const pinned = Number.isFinite(fx) && Number.isFinite(fy);
    const dx = finiteNumber(style.get(`${prefix}Dx`) ?? undefined, 0);
    const dy = finiteNumber(style.get(`${prefix}Dy`) ?? undefined, 0);
    let point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    if (pinned && isTurned(cell.style) && rect.width > 0 && rect.height > 0) {
      // draw.io turns and flips the constraint (and its offset) with the shape.
      point = constraintPoint(cell.style, rect, {
        x: fx + dx / rect.width,
        y: fy + dy / rect.height,
      });
    } else if (pinned) {
      point = { x: rect.x + fx * rect.width + dx, y: rect.y + fy * rect.height + dy };
    }
    const perimeter = style.get(`${prefix}Perimeter`) !== "0";
    return { point, cell, rect, pinned, perimeter };
  }
  const free = edge.geometry && readTerminalPoint(edge.geometry, `${which}Point`);
  const origin = layout.origin(edge);
  return free && origin
    ? { point: { x: free.x + origin.x, y: free.y + origin.y }, pinned: false, perimeter: false }
    : undefined;
}

/** Which edges have a route. */
export interface RouteOptions {
  /**
   * Also edges attached at neither end (a line drawn from one free point to another), which
   * draw.io draws but the layout checks leave out: they connect nothing.
   */
  free?: boolean;
}

/**
 * An edge with at least one attached end (or, with `free`, none) as stored: its ends' points and its waypoints,
 * absolute, with no perimeter applied (as draw.io would before clipping to shapes).
 *
 * @example
 * storedRoute(layout, edge)?.points; // [{ x: 110, y: 70 }, { x: 200, y: 70 }, …]
 */
export function storedRoute(
  layout: PageLayout,
  edge: LayoutCell,
  options: RouteOptions = {},
):
  | {
      style: Map<string, string | null>;
      source: EdgeTerminal;
      target: EdgeTerminal;
      points: Point[];
    }
  | undefined {
  const style = new Map(parseStyle(edge.style));
  const origin = layout.origin(edge);
  const source = edgeTerminal(layout, edge, "source", style);
  const target = edgeTerminal(layout, edge, "target", style);
  if (!origin || !source || !target) return undefined;
  if (!options.free && !source.cell && !target.cell) return undefined;
  const waypoints = edge.geometry ? readWaypoints(edge.geometry) : [];
  const points = [
    source.point,
    ...waypoints.map((p) => ({ x: p.x + origin.x, y: p.y + origin.y })),
    target.point,
  ];
  return { style, source, target, points };
}

/**
 * The route of a visible edge with at least one attached end (or, with `free`, any), as
 * absolute points. Unpinned
 * attached ends are moved from the terminal's centre to where the line towards the next point
 * leaves the terminal's box, as draw.io's rectangle perimeter does; other perimeters are
 * approximated by the box.
 *
 * @example
 * edgeRoute(new PageLayout(page), edge)?.points; // [{ x: 160, y: 70 }, { x: 200, y: 70 }, …]
 */
export function edgeRoute(
  layout: PageLayout,
  edge: LayoutCell,
  options: RouteOptions = {},
): EdgeRoute | undefined {
  if (!edge.edge || !layout.isVisible(edge)) return undefined;
  const stored = storedRoute(layout, edge, options);
  if (!stored) return undefined;
  const { style, source, target, points } = stored;
  if (source.rect && !source.pinned) {
    points[0] = boxExit(source.rect, points[1] as Point);
  }
  if (target.rect && !target.pinned) {
    points[points.length - 1] = boxExit(target.rect, points[points.length - 2] as Point);
  }
  return { edge, points, ends: [source, target], style };
}

/**
 * The routes of every visible edge of a page that has one, in document order.
 *
 * @example
 * edgeRoutes(new PageLayout(page)).map((r) => r.points.length);
 */
export function edgeRoutes(layout: PageLayout): EdgeRoute[] {
  const routes: EdgeRoute[] = [];
  for (const cell of layout.cells) {
    const route = cell.edge ? edgeRoute(layout, cell) : undefined;
    if (route) routes.push(route);
  }
  return routes;
}

/** The style keys {@link isTurned} reads, anywhere in a style string. */
const TURNING_KEYS = /rotation|direction|flip[HV]/;

/** True when a shape's style turns or flips it (and so the constraints pinned to it). */
function isTurned(style: string | undefined): boolean {
  // Most shapes name none of the keys: no need to read their style.
  if (style === undefined || !TURNING_KEYS.test(style)) return false;
  const values = new Map(parseStyle(style));
  const rotation = finiteNumber(values.get("rotation") ?? undefined, 0);
  const direction = values.get("direction");
  return (
    rotation % 360 !== 0 ||
    (direction !== undefined && direction !== null && direction !== "east") ||
    values.get("flipH") === "1" ||
    values.get("flipV") === "1"
  );
}

/** Where the line from the centre of `r` towards `toward` leaves `r`. */
function boxExit(r: Rect, toward: Point): Point {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const tx = dx === 0 ? Number.POSITIVE_INFINITY : r.width / 2 / Math.abs(dx);
  const ty = dy === 0 ? Number.POSITIVE_INFINITY : r.height / 2 / Math.abs(dy);
  const t = Math.min(tx, ty, 1);
  return { x: cx + dx * t, y: cy + dy * t };
}
