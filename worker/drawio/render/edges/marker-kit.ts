/** What every edge marker is given and returns, and the two elements markers are made of. */
import { element, type PathData, type Pt } from "../svg.ts";

/** Where and how one end's marker is drawn. */
export interface MarkerSpec {
  tip: Pt;
  /** Unit vector along the edge towards the tip. */
  u: Pt;
  size: number;
  sw: number;
  filled: boolean;
  color: string;
  /** Whether this is the edge's start (one-sided markers draw on the other side there). */
  source: boolean;
  /** Stroke attributes every marker element carries (width, opacity). */
  extra: Record<string, string | undefined>;
}

/** A marker drawn: its SVG, and how far the line end moves back along the edge. */
export interface Marker {
  svg: string;
  back: number;
  /** How far it reaches out from the line, when more than `size + 1` (round markers). */
  reach?: number;
}

export type MarkerFn = (m: MarkerSpec) => Marker;

/**
 * A marker's path in the edge's stroke colour, filled with it when `fill`.
 *
 * @example
 * markerPath(m, new PathData().move(0, 0).line(6, 3), false);
 */
export function markerPath(m: MarkerSpec, d: PathData, fill: boolean): string {
  return element("path", {
    d: String(d),
    fill: fill ? m.color : "none",
    stroke: m.color,
    "stroke-miterlimit": "10",
    ...m.extra,
  });
}

/**
 * A circle marker of radius `r` about `c`, filled with `fill` (or hollow).
 *
 * @example
 * markerCircle(m, { x: 10, y: 0 }, 3, "#ffffff");
 */
export function markerCircle(m: MarkerSpec, c: Pt, r: number, fill: string): string {
  return element("ellipse", {
    cx: c.x,
    cy: c.y,
    rx: r,
    ry: r,
    fill,
    stroke: m.color,
    ...m.extra,
  });
}
