/** `OutlinePath`: records a shape's outline as segments through the calls of draw.io's canvas. */

import type { Point } from "../model/cell.ts";
import type { Segment } from "./geometry.ts";

const TAU = 2 * Math.PI;

/** Signed angle from vector `u` to vector `v`. */
function angleBetween(ux: number, uy: number, vx: number, vy: number): number {
  return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}

/**
 * Collects the outline of a shape with the calls draw.io's canvas offers (`moveTo`, `lineTo`,
 * `quadTo`, `curveTo`, `arcTo`, `ellipse`, `rect`, `roundrect`, and `polygon` for draw.io's
 * `addPoints` with its optional rounded corners), so a shape's outline reads like the code that
 * draws it.
 *
 * @example
 * const p = new OutlinePath();
 * p.moveTo(0, 0); p.lineTo(10, 0); p.lineTo(10, 10); p.close();
 * p.segments.length; // 3
 */
export class OutlinePath {
  readonly segments: Segment[] = [];
  private start: Point = { x: 0, y: 0 };
  private last: Point = { x: 0, y: 0 };

  moveTo(x: number, y: number): void {
    this.start = { x, y };
    this.last = { x, y };
  }

  lineTo(x: number, y: number): void {
    const to = { x, y };
    if (to.x !== this.last.x || to.y !== this.last.y) {
      this.segments.push({ kind: "line", from: this.last, to });
    }
    this.last = to;
  }

  quadTo(cx: number, cy: number, x: number, y: number): void {
    const to = { x, y };
    this.segments.push({ kind: "quad", from: this.last, ctrl: { x: cx, y: cy }, to });
    this.last = to;
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    const to = { x, y };
    this.segments.push({
      kind: "cubic",
      from: this.last,
      ctrl1: { x: x1, y: y1 },
      ctrl2: { x: x2, y: y2 },
      to,
    });
    this.last = to;
  }

  /** An SVG-style elliptical arc to (x, y), turned into its centre form (SVG 1.1, F.6.5). */
  arcTo(
    rx: number,
    ry: number,
    rotationDeg: number,
    largeArc: boolean,
    sweep: boolean,
    x: number,
    y: number,
  ): void {
    const from = this.last;
    if (from.x === x && from.y === y) return;
    let ax = Math.abs(rx);
    let ay = Math.abs(ry);
    if (ax === 0 || ay === 0) {
      this.lineTo(x, y);
      return;
    }
    const tilt = (rotationDeg * Math.PI) / 180;
    const cos = Math.cos(tilt);
    const sin = Math.sin(tilt);
    const hx = (from.x - x) / 2;
    const hy = (from.y - y) / 2;
    const px = cos * hx + sin * hy;
    const py = -sin * hx + cos * hy;
    const grow = (px * px) / (ax * ax) + (py * py) / (ay * ay);
    if (grow > 1) {
      ax *= Math.sqrt(grow);
      ay *= Math.sqrt(grow);
    }
    const num = ax * ax * ay * ay - ax * ax * py * py - ay * ay * px * px;
    const den = ax * ax * py * py + ay * ay * px * px;
    const sign = largeArc === sweep ? -1 : 1;
    const k = sign * Math.sqrt(Math.max(0, num / den));
    const cx1 = (k * ax * py) / ay;
    const cy1 = (-k * ay * px) / ax;
    const center = {
      x: cos * cx1 - sin * cy1 + (from.x + x) / 2,
      y: sin * cx1 + cos * cy1 + (from.y + y) / 2,
    };
    const start = angleBetween(1, 0, (px - cx1) / ax, (py - cy1) / ay);
    let delta = angleBetween((px - cx1) / ax, (py - cy1) / ay, (-px - cx1) / ax, (-py - cy1) / ay);
    if (!sweep && delta > 0) delta -= TAU;
    if (sweep && delta < 0) delta += TAU;
    this.segments.push({ kind: "arc", center, rx: ax, ry: ay, tilt, start, sweep: delta });
    this.last = { x, y };
  }

  close(): void {
    this.lineTo(this.start.x, this.start.y);
  }

  ellipse(x: number, y: number, w: number, h: number): void {
    const center = { x: x + w / 2, y: y + h / 2 };
    this.segments.push({
      kind: "arc",
      center,
      rx: w / 2,
      ry: h / 2,
      tilt: 0,
      start: 0,
      sweep: TAU,
    });
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.moveTo(x, y);
    this.lineTo(x + w, y);
    this.lineTo(x + w, y + h);
    this.lineTo(x, y + h);
    this.close();
  }

  /**
   * A rectangle with rounded corners, as an SVG `rect` with `rx = ry = r` draws it: each radius
   * is clamped to half of its own side, so a large `r` gives elliptical ends.
   */
  roundrect(x: number, y: number, w: number, h: number, r: number): void {
    const rx = Math.min(r, w / 2);
    const ry = Math.min(r, h / 2);
    if (rx <= 0 || ry <= 0) {
      this.rect(x, y, w, h);
      return;
    }
    const corner = (cx: number, cy: number, start: number) =>
      this.segments.push({
        kind: "arc",
        center: { x: cx, y: cy },
        rx,
        ry,
        tilt: 0,
        start,
        sweep: Math.PI / 2,
      });
    this.moveTo(x + rx, y);
    this.lineTo(x + w - rx, y);
    corner(x + w - rx, y + ry, -Math.PI / 2);
    this.moveTo(x + w, y + ry);
    this.lineTo(x + w, y + h - ry);
    corner(x + w - rx, y + h - ry, 0);
    this.moveTo(x + w - rx, y + h);
    this.lineTo(x + rx, y + h);
    corner(x + rx, y + h - ry, Math.PI / 2);
    this.moveTo(x, y + h - ry);
    this.lineTo(x, y + ry);
    corner(x + rx, y + ry, Math.PI);
  }

  /**
   * A polyline through `points` as draw.io's `mxShape.addPoints` draws it: with `rounded`, each
   * corner is cut `arc` px (at most half of either side) before and after the point and joined
   * by a quadratic curve through the point's corner; a closed rounded polygon starts halfway
   * along its closing side.
   */
  polygon(points: readonly Point[], rounded: boolean, arc: number, closed: boolean): void {
    if (points.length === 0) return;
    const pts = points.slice();
    const lastPoint = pts[pts.length - 1] as Point;
    if (closed && rounded) {
      const first = pts[0] as Point;
      pts.unshift({ x: (lastPoint.x + first.x) / 2, y: (lastPoint.y + first.y) / 2 });
    }
    let prev = pts[0] as Point;
    this.moveTo(prev.x, prev.y);
    const end = closed ? pts.length : pts.length - 1;
    for (let i = 1; i < end; i++) {
      const corner = pts[i % pts.length] as Point;
      const inX = prev.x - corner.x;
      const inY = prev.y - corner.y;
      if (!rounded || (inX === 0 && inY === 0)) {
        this.lineTo(corner.x, corner.y);
        prev = corner;
        continue;
      }
      const inLen = Math.hypot(inX, inY);
      const cutIn = Math.min(arc, inLen / 2) / inLen;
      this.lineTo(corner.x + inX * cutIn, corner.y + inY * cutIn);
      let next = pts[(i + 1) % pts.length] as Point;
      while (
        i < pts.length - 2 &&
        Math.round(next.x - corner.x) === 0 &&
        Math.round(next.y - corner.y) === 0
      ) {
        i++;
        next = pts[(i + 1) % pts.length] as Point;
      }
      const outX = next.x - corner.x;
      const outY = next.y - corner.y;
      const outLen = Math.max(1, Math.hypot(outX, outY));
      const cutOut = Math.min(arc, outLen / 2) / outLen;
      const after = { x: corner.x + outX * cutOut, y: corner.y + outY * cutOut };
      this.quadTo(corner.x, corner.y, after.x, after.y);
      prev = after;
    }
    if (closed) this.close();
    else this.lineTo(lastPoint.x, lastPoint.y);
  }
}
