/**
 * @module Where a route may leave or reach one of its ends: one place on each side of the
 * shape, where a line perpendicular to the side meets the drawn outline, away from the ends
 * of lines already there.
 */

import type { Direction } from "../../layout/spec.ts";
import type { Point, Rect } from "../../model/cell.ts";
import { outlinePoint, type Side } from "../../outline/index.ts";
import { snap } from "./lanes.ts";
import type { Heading } from "./search.ts";
import type { Stretch } from "./segments.ts";

/** A place on a side of an end's box where a route may meet it. */
export interface Port {
  side: Side;
  /** On the box's side, on the line that meets the outline perpendicularly. */
  at: Point;
  /** The heading leaving the shape through this side. */
  outward: Heading;
  /** Added to a route's cost for using this port. */
  cost: number;
}

const SIDES: readonly Side[] = ["bottom", "right", "top", "left"];
const OUTWARD: Readonly<Record<Side, Heading>> = { right: 0, bottom: 1, left: 2, top: 3 };
const FLOW_SIDE: Readonly<Record<Direction, Side>> = {
  down: "bottom",
  right: "right",
  up: "top",
  left: "left",
};
const OPPOSITE: Readonly<Record<Side, Side>> = {
  top: "bottom",
  bottom: "top",
  left: "right",
  right: "left",
};

/** Places along a side tried in turn (fractions of its length) until one is free. */
const ALONG = [0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.8];
/** Cost of leaving by a side other than the flow's: a tie-breaker. */
const OFF_FLOW = 3;
/** Cost of arriving by a side other than the one facing against the flow: a weaker one. */
const OFF_FLOW_ARRIVING = 1;
/** Cost of a side facing away from the other end. */
const FACING_AWAY = 10;
/** Cost of a port on another line's end; less the farther the nearest line is. */
const TAKEN = 30;
/** Cost of leaving from a corner: only where a neighbour blocks the side. */
const CORNER = 60;

/** One end of a route, as the port search needs it. */
export interface PortEnd {
  rect: Rect;
  style: string | undefined;
}

/**
 * A port on each side of `end` (source ports with `leaving`, target ports without), each at
 * the middle of its side unless a line already ends there: then at the place along the side
 * farthest from other lines (`clearance`, up to `room` px), near the middle first.
 *
 * @example
 * endPorts({ rect: { x: 0, y: 0, width: 120, height: 60 }, style: "rhombus;" }, { x: 300, y: 30 },
 *   true, "right", () => 8, 8);
 * // [{ side: "bottom", at: { x: 60, y: 60 }, … }, { side: "right", at: { x: 120, y: 30 }, cost: 0 }, …]
 */
export function endPorts(
  end: PortEnd,
  toward: Point,
  leaving: boolean,
  flow: Direction | undefined,
  clearance: (p: Point) => number,
  room: number,
): Port[] {
  const { rect } = end;
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  const preferred = flow && (leaving ? FLOW_SIDE[flow] : OPPOSITE[FLOW_SIDE[flow]]);
  return SIDES.map((side) => {
    const horizontal = side === "top" || side === "bottom";
    let cost = flow && side !== preferred ? (leaving ? OFF_FLOW : OFF_FLOW_ARRIVING) : 0;
    const dx = toward.x - centre.x;
    const dy = toward.y - centre.y;
    const facing = side === "right" ? dx : side === "left" ? -dx : side === "bottom" ? dy : -dy;
    if (facing < 0) cost += FACING_AWAY;
    let best: { at: Point; clear: number } | undefined;
    for (const fraction of ALONG) {
      const along = horizontal ? rect.x + fraction * rect.width : rect.y + fraction * rect.height;
      const onOutline = outlinePoint(end.style, rect, side, along);
      const at = boxPoint(rect, side, horizontal ? onOutline.x : onOutline.y);
      const clear = Math.min(clearance(at), clearance(onOutline), room);
      if (!best || clear > best.clear) best = { at, clear };
      if (clear >= room) break;
    }
    const { at, clear } = best as { at: Point; clear: number };
    return { side, at, outward: OUTWARD[side], cost: cost + (TAKEN * (room - clear)) / room };
  });
}

/**
 * `ports`, each followed by the two ports at the corners of its side when `open` says the
 * first `length` px out of the port are blocked (a shape beside it, a line along it): a route
 * may still leave along the seam between the neighbours.
 *
 * @example
 * withCornerPorts(end, ports, 10, (s) => costs.price(s) < Number.POSITIVE_INFINITY);
 * // a blocked top port, then { side: "top", at: { x: 0, y: 0 } } and { side: "top", at: { x: 120, y: 0 } }
 */
export function withCornerPorts(
  end: PortEnd,
  ports: readonly Port[],
  length: number,
  open: (stub: Stretch) => boolean,
): Port[] {
  return ports.flatMap((p) => (open(stubOf(p, length)) ? [p] : [p, ...cornerPorts(end, p)]));
}

/** The first `length` px of a route leaving by `port`. */
function stubOf(port: Port, length: number): Stretch {
  const { x, y } = port.at;
  if (port.outward === 0) return { axis: 0, level: y, from: x, to: x + length };
  if (port.outward === 2) return { axis: 0, level: y, from: x - length, to: x };
  if (port.outward === 1) return { axis: 1, level: x, from: y, to: y + length };
  return { axis: 1, level: x, from: y - length, to: y };
}

function cornerPorts(end: PortEnd, port: Port): Port[] {
  const { rect } = end;
  const horizontal = port.side === "top" || port.side === "bottom";
  const ends = horizontal ? [rect.x, rect.x + rect.width] : [rect.y, rect.y + rect.height];
  return ends.map((along) => {
    const onOutline = outlinePoint(end.style, rect, port.side, along);
    const at = boxPoint(rect, port.side, horizontal ? onOutline.x : onOutline.y);
    return { ...port, at, cost: port.cost + CORNER };
  });
}

function boxPoint(rect: Rect, side: Side, along: number): Point {
  const a = snap(along);
  if (side === "top") return { x: a, y: snap(rect.y) };
  if (side === "bottom") return { x: a, y: snap(rect.y + rect.height) };
  if (side === "left") return { x: snap(rect.x), y: a };
  return { x: snap(rect.x + rect.width), y: a };
}
