/**
 * Edge end markers as draw.io draws them: mxMarker's own arrowheads (classic, block, open,
 * oval, diamond and their thin kinds) and the ones Shapes.js registers for sequence messages
 * (async, openAsync); the rest of Shapes.js's and the ER markers are in `edge-markers-extra.ts`.
 */

import { PathData, type Pt } from "../svg.ts";
import {
  type Marker,
  type MarkerFn,
  type MarkerSpec,
  markerCircle,
  markerPath,
} from "./marker-kit.ts";
import { EXTRA_MARKERS } from "./markers-extra.ts";

/** The tip pulled back so the stroke's mitre ends on the end point (1 / sin 26.565° / 2). */
const mitred = (m: MarkerSpec): Pt => ({
  x: m.tip.x - m.u.x * m.sw * 1.118,
  y: m.tip.y - m.u.y * m.sw * 1.118,
});

/** classic, block and their thin kinds: a triangle, classic with its back notched at 3/4. */
const arrowhead =
  (notched: boolean, k: number): MarkerFn =>
  (m) => {
    const lx = m.u.x * (m.size + m.sw);
    const ly = m.u.y * (m.size + m.sw);
    const t = mitred(m);
    const d = new PathData().move(t.x, t.y).line(t.x - lx - ly / k, t.y - ly + lx / k);
    if (notched) d.line(t.x - lx * 0.75, t.y - ly * 0.75);
    d.line(t.x + ly / k - lx, t.y - ly - lx / k).close();
    return {
      svg: markerPath(m, d, m.filled),
      back: (notched ? 0.75 : 1) * (m.size + m.sw) + m.sw * 1.118,
    };
  };

/** open and openThin: the two sides of an arrowhead, not closed. */
const openHead =
  (k: number): MarkerFn =>
  (m) => {
    const lx = m.u.x * (m.size + m.sw);
    const ly = m.u.y * (m.size + m.sw);
    const t = mitred(m);
    const d = new PathData()
      .move(t.x - lx - ly / k, t.y - ly + lx / k)
      .line(t.x, t.y)
      .line(t.x + ly / k - lx, t.y - ly - lx / k);
    return { svg: markerPath(m, d, false), back: m.sw * 2.236 };
  };

const diamond =
  (thin: boolean): MarkerFn =>
  (m) => {
    const lx = m.u.x * (m.size + m.sw);
    const ly = m.u.y * (m.size + m.sw);
    const n = thin ? 0.9862 : Math.SQRT1_2;
    const e = thin ? 3.4 : 2;
    const t = { x: m.tip.x - m.u.x * m.sw * n, y: m.tip.y - m.u.y * m.sw * n };
    const d = new PathData()
      .move(t.x, t.y)
      .line(t.x - lx / 2 - ly / e, t.y + lx / e - ly / 2)
      .line(t.x - lx, t.y - ly)
      .line(t.x - lx / 2 + ly / e, t.y - ly / 2 - lx / e)
      .close();
    return { svg: markerPath(m, d, m.filled), back: m.size + m.sw + n * m.sw };
  };

/**
 * One side of an arrowhead (a sequence diagram's asynchronous message): the left side seen
 * along the edge at its end, the right side at its start. `async` is closed along the line.
 */
const halfHead =
  (closed: boolean): MarkerFn =>
  (m) => {
    const lx = m.u.x * (m.size + m.sw);
    const ly = m.u.y * (m.size + m.sw);
    const t = closed ? mitred(m) : m.tip;
    const d = new PathData().move(t.x, t.y);
    if (m.source) d.line(t.x - lx - ly / 2, t.y - ly + lx / 2);
    else d.line(t.x + ly / 2 - lx, t.y - ly - lx / 2);
    if (!closed) return { svg: markerPath(m, d, false), back: 0 };
    d.line(t.x - lx, t.y - ly).close();
    return { svg: markerPath(m, d, m.filled), back: m.size + m.sw + m.sw * 1.118 };
  };

const MARKERS: Readonly<Record<string, MarkerFn>> = {
  classic: arrowhead(true, 2),
  classicThin: arrowhead(true, 3),
  block: arrowhead(false, 2),
  blockThin: arrowhead(false, 3),
  open: openHead(2),
  openThin: openHead(3),
  oval: (m) => {
    const r = m.size / 2;
    const c = { x: m.tip.x - m.u.x * r, y: m.tip.y - m.u.y * r };
    return { svg: markerCircle(m, c, r, m.filled ? m.color : "none"), back: r };
  },
  diamond: diamond(false),
  diamondThin: diamond(true),
  async: halfHead(true),
  openAsync: halfHead(false),
  ...EXTRA_MARKERS,
};

/**
 * Whether draw.io's marker `kind` is one the renderer draws.
 *
 * @example
 * isKnownMarker("openAsync"); // true
 */
export function isKnownMarker(kind: string): boolean {
  return Object.hasOwn(MARKERS, kind);
}

/**
 * Draws the marker `kind` at `m.tip` pointing along `m.u`; an unknown kind draws nothing.
 *
 * @example
 * drawMarker("block", { tip, u: { x: 1, y: 0 }, size: 6, sw: 1, filled: true, … }).back;
 */
export function drawMarker(kind: string, m: MarkerSpec): Marker {
  const fn = Object.hasOwn(MARKERS, kind) ? MARKERS[kind] : undefined;
  return fn ? fn(m) : { svg: "", back: 0 };
}
