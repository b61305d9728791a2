/**
 * An edge drawn: its route (ends on the shapes' perimeters, waypoints, orthogonal bends), its
 * line, and its end markers.
 */
import { type EdgeRoute, edgeRoute } from "../../geometry/edge-routes.ts";
import type { LayoutCell, PageLayout } from "../../geometry/page-layout.ts";
import type { Point, Rect } from "../../model/cell.ts";
import type { CellStyle } from "../cell-style.ts";
import { type Defs, painted, paintOf } from "../paint.ts";
import { WORK_UNITS } from "../render-cost.ts";
import { curvedLine, PathData, type Pt, polyline } from "../svg.ts";
import { drawMarker } from "./markers.ts";

/** An edge drawn: its SVG, the points its label is placed along, and its box. */
export interface DrawnEdge {
  svg: string;
  points: Point[];
  bounds: Rect;
}

const sub = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
const centre = (r: Rect): Pt => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/**
 * Where a straight line from `toward` enters `rect`, snapped to the side it crosses; with
 * `orthogonal`, the point on the side facing `toward` in line with it where possible (as
 * draw.io's orthogonal perimeter projection does).
 */
function perimeterPoint(rect: Rect, toward: Pt, orthogonal: boolean): Pt {
  const c = centre(rect);
  if (orthogonal) {
    const inX = toward.x >= rect.x && toward.x <= rect.x + rect.width;
    const inY = toward.y >= rect.y && toward.y <= rect.y + rect.height;
    if (inX && !inY) return { x: toward.x, y: toward.y < c.y ? rect.y : rect.y + rect.height };
    if (inY && !inX) return { x: toward.x < c.x ? rect.x : rect.x + rect.width, y: toward.y };
  }
  const dx = toward.x - c.x;
  const dy = toward.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const alpha = Math.atan2(dy, dx);
  const t = Math.atan2(rect.height, rect.width);
  if (alpha < -Math.PI + t || alpha > Math.PI - t) {
    return { x: rect.x, y: c.y - (rect.width * Math.tan(alpha)) / 2 };
  }
  if (alpha < -t) return { x: c.x - (rect.height * Math.tan(Math.PI / 2 - alpha)) / 2, y: rect.y };
  if (alpha < t) return { x: rect.x + rect.width, y: c.y + (rect.width * Math.tan(alpha)) / 2 };
  return { x: c.x + (rect.height * Math.tan(Math.PI / 2 - alpha)) / 2, y: rect.y + rect.height };
}

/**
 * The bends of an orthogonal edge between two boxes without waypoints: across the middle of the
 * gap between them, horizontally when they are side by side, vertically when one is above the
 * other; nothing when they overlap both ways.
 */
function orthogonalBends(s: Rect, t: Rect, from: Pt, to: Pt): Pt[] {
  const gapX = Math.max(t.x - (s.x + s.width), s.x - (t.x + t.width));
  const gapY = Math.max(t.y - (s.y + s.height), s.y - (t.y + t.height));
  if (gapX > 0 && (gapX >= gapY || gapY <= 0)) {
    if (Math.abs(from.y - to.y) < 1) return [];
    const mid = t.x > s.x ? (s.x + s.width + t.x) / 2 : (t.x + t.width + s.x) / 2;
    return [
      { x: mid, y: from.y },
      { x: mid, y: to.y },
    ];
  }
  if (gapY > 0) {
    if (Math.abs(from.x - to.x) < 1) return [];
    const mid = t.y > s.y ? (s.y + s.height + t.y) / 2 : (t.y + t.height + s.y) / 2;
    return [
      { x: from.x, y: mid },
      { x: to.x, y: mid },
    ];
  }
  return [];
}

type Side = "north" | "south" | "east" | "west";

/** The side of its box a pinned end sits on (`exitX=1` is east), if it sits on one. */
function sideOf(p: Pt, r: Rect): Side | undefined {
  if (Math.abs(p.x - r.x) < 0.5) return "west";
  if (Math.abs(p.x - (r.x + r.width)) < 0.5) return "east";
  if (Math.abs(p.y - r.y) < 0.5) return "north";
  if (Math.abs(p.y - (r.y + r.height)) < 0.5) return "south";
  return undefined;
}

const horizontal = (side: Side) => side === "east" || side === "west";
/** Whether going out of `side` from `from` moves toward `to` (strictly). */
const toward = (side: Side, from: Pt, to: Pt) =>
  side === "east"
    ? to.x > from.x
    : side === "west"
      ? to.x < from.x
      : side === "south"
        ? to.y > from.y
        : to.y < from.y;

/**
 * The bends of an orthogonal edge whose two ends are pinned to sides of their boxes, in the
 * cases draw.io's orthogonal router answers simply: out of one side and into the other with a
 * single bend (an L), or between facing sides through the middle (a Z). Undefined otherwise.
 */
function pinnedBends(s: Rect, t: Rect, from: Pt, to: Pt): Pt[] | undefined {
  const out = sideOf(from, s);
  const into = sideOf(to, t);
  if (!out || !into) return undefined;
  // `into` is the side the edge enters by, so it arrives moving away from that side.
  const arrives = ({ north: "south", south: "north", east: "west", west: "east" } as const)[into];
  if (horizontal(out) !== horizontal(into)) {
    const bend = horizontal(out) ? { x: to.x, y: from.y } : { x: from.x, y: to.y };
    return toward(out, from, bend) && toward(arrives, bend, to) ? [bend] : undefined;
  }
  if (out !== arrives || !toward(out, from, to)) return undefined;
  if (horizontal(out)) {
    if (Math.abs(from.y - to.y) < 1) return [];
    const mid = (from.x + to.x) / 2;
    return [
      { x: mid, y: from.y },
      { x: mid, y: to.y },
    ];
  }
  if (Math.abs(from.x - to.x) < 1) return [];
  const mid = (from.y + to.y) / 2;
  return [
    { x: from.x, y: mid },
    { x: to.x, y: mid },
  ];
}

/** The points an edge is drawn through, with draw.io's routing of its `edgeStyle` approximated. */
function routePoints(layout: PageLayout, edge: LayoutCell, style: CellStyle): Point[] | undefined {
  // Lines attached to nothing are drawn too, from their stored points, as draw.io does.
  const route: EdgeRoute | undefined = edgeRoute(layout, edge, { free: true });
  if (!route) return undefined;
  const [source, target] = route.ends;
  const edgeStyle = style.get("edgeStyle");
  const orthogonal =
    edgeStyle === "orthogonalEdgeStyle" ||
    edgeStyle === "elbowEdgeStyle" ||
    edgeStyle === "entityRelationEdgeStyle" ||
    edgeStyle === "segmentEdgeStyle";
  const points = route.points.slice();
  const hasWaypoints = points.length > 2;
  if (orthogonal && !hasWaypoints && source.rect && target.rect) {
    const from = source.pinned ? source.point : centre(source.rect);
    const to = target.pinned ? target.point : centre(target.rect);
    const pinned =
      source.pinned && target.pinned ? pinnedBends(source.rect, target.rect, from, to) : undefined;
    const bends = pinned ?? orthogonalBends(source.rect, target.rect, from, to);
    const first = bends[0] ?? to;
    const last = bends[bends.length - 1] ?? from;
    const start = source.pinned ? source.point : perimeterPoint(source.rect, first, true);
    const end = target.pinned ? target.point : perimeterPoint(target.rect, last, true);
    return [start, ...bends, end];
  }
  if (orthogonal && hasWaypoints) {
    // Each waypoint fixes a segment: go straight to its x or y, alternating, as draw.io's
    // segment router does. A vertical run only fixes its x: it ends level with the next point,
    // so an edge pinned to a shape's side arrives level with it. Otherwise, across first.
    const out: Point[] = [points[0] as Point];
    for (let i = 1; i < points.length; i++) {
      const p = out[out.length - 1] as Point;
      const q = points[i] as Point;
      if (p.x !== q.x && p.y !== q.y) {
        const before = out[out.length - 2];
        if (i > 1 && before !== undefined && before.x === p.x && before.y !== p.y) {
          out[out.length - 1] = { x: p.x, y: q.y };
        } else {
          out.push({ x: q.x, y: p.y });
        }
      }
      out.push(q);
    }
    return out;
  }
  return points;
}

/**
 * Draws an edge: its route (waypoints, orthogonal bends, rounded corners), dashes, and the
 * arrowheads at both ends, with the line pulled back from each tip as draw.io does.
 *
 * @example
 * drawEdge(layout, cell, new CellStyle(cell.style, "edge"), defs)?.svg;
 */
export function drawEdge(
  layout: PageLayout,
  edge: LayoutCell,
  style: CellStyle,
  defs: Defs,
): DrawnEdge | undefined {
  const points = routePoints(layout, edge, style);
  defs.budget?.charge(WORK_UNITS.waypoint * (points?.length ?? 0));
  if (!points || points.length < 2) return undefined;
  const paint = paintOf(style, defs, { fill: false });
  const color = paint.stroke === "none" ? "none" : paint.stroke;
  const sw = style.num("strokeWidth", 1);
  const line = points.map((p) => ({ ...p }));
  let markers = "";
  const ends: Array<["start" | "end", number, number]> = [
    ["start", 0, 1],
    ["end", line.length - 1, line.length - 2],
  ];
  let reach = 0;
  const markerExtra: Record<string, string | undefined> = {
    ...(sw !== 1 ? { "stroke-width": String(Math.max(1, sw)) } : {}),
    ...(paint.extra["stroke-opacity"]
      ? { "stroke-opacity": String(paint.extra["stroke-opacity"]) }
      : {}),
  };
  for (const [which, at, before] of ends) {
    const kind = style.get(`${which}Arrow`) ?? "none";
    if (kind === "none" || color === "none") continue;
    const tip = line[at] as Pt;
    const prev = line[before] as Pt;
    const d = sub(tip, prev);
    const len = Math.hypot(d.x, d.y);
    if (len === 0) continue;
    const u = { x: d.x / len, y: d.y / len };
    const size = style.num(`${which}Size`, 6);
    const drawn = drawMarker(kind, {
      tip,
      u,
      size,
      sw,
      filled: style.get(`${which}Fill`) !== "0",
      color,
      source: which === "start",
      extra: markerExtra,
    });
    markers += drawn.svg;
    reach = Math.max(reach, drawn.reach ?? size + 1);
    line[at] = { x: tip.x - u.x * drawn.back, y: tip.y - u.y * drawn.back };
  }
  const curved = style.get("curved") === "1";
  const d = curved
    ? curvedLine(new PathData(), line)
    : polyline(
        new PathData(),
        line,
        style.flag("rounded", true),
        style.num("arcSize", 20) / 2,
        false,
      );
  const svg =
    painted("path", { d: String(d) }, { ...paint, fill: "none" }, style.flag("shadow"), undefined) +
    markers;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const grow = sw / 2 + reach;
  const bounds = {
    x: Math.min(...xs) - grow,
    y: Math.min(...ys) - grow,
    width: Math.max(...xs) - Math.min(...xs) + 2 * grow,
    height: Math.max(...ys) - Math.min(...ys) + 2 * grow,
  };
  return { svg, points, bounds };
}
