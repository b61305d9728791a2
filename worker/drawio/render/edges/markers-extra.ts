/**
 * The markers Shapes.js registers beside mxMarker's arrowheads (dash, cross, box, circle,
 * circlePlus, halfCircle) and the ER crow's feet.
 */

import { PathData } from "../svg.ts";
import {
  type Marker,
  type MarkerFn,
  type MarkerSpec,
  markerCircle,
  markerPath,
} from "./marker-kit.ts";

/** The marker's step along the edge, `size + sw + 1`, as x and y. */
const step = (m: MarkerSpec) => ({
  nx: m.u.x * (m.size + m.sw + 1),
  ny: m.u.y * (m.size + m.sw + 1),
});

/** A stroke across the line, a step back from the tip, leaning at 45°. */
function slash(m: MarkerSpec, d: PathData, flip: boolean): PathData {
  const { nx, ny } = step(m);
  const s = flip ? -1 : 1;
  const { x, y } = m.tip;
  return d
    .move(x - nx / 2 - (s * ny) / 2, y - ny / 2 + (s * nx) / 2)
    .line(x + (s * ny) / 2 - (3 * nx) / 2, y - (3 * ny) / 2 - (s * nx) / 2);
}

/** A circle `size + sw` in radius touching the tip; the line stops behind it. */
function circle(m: MarkerSpec): Marker {
  const r = m.size + m.sw;
  const c = { x: m.tip.x - m.u.x * (r + m.sw), y: m.tip.y - m.u.y * (r + m.sw) };
  const svg = markerCircle(m, c, r, m.filled ? m.color : "none");
  return { svg, back: 2 * r + m.sw, reach: r };
}

/** ER markers: bars across the line, a crow's foot, a circle for "zero". */
const er =
  (bars: number[], foot: boolean, zero: boolean): MarkerFn =>
  (m) => {
    const { nx, ny } = step(m);
    const { x, y } = m.tip;
    const d = new PathData();
    for (const k of bars)
      d.move(x - nx * k - ny / 2, y - ny * k + nx / 2).line(
        x - nx * k + ny / 2,
        y - ny * k - nx / 2,
      );
    if (foot)
      d.move(x + ny / 2, y - nx / 2)
        .line(x - nx, y - ny)
        .line(x - ny / 2, y + nx / 2);
    const ring = zero
      ? markerCircle(
          m,
          { x: x - nx * 1.5, y: y - ny * 1.5 },
          m.size / 2,
          m.filled ? "#ffffff" : "none",
        )
      : "";
    return { svg: markerPath(m, d, false) + ring, back: 0 };
  };

/** Shapes.js's markers and the ER ones, by name. */
export const EXTRA_MARKERS: Readonly<Record<string, MarkerFn>> = {
  dash: (m) => ({ svg: markerPath(m, slash(m, new PathData(), false), false), back: 0 }),
  cross: (m) => {
    const d = slash(m, slash(m, new PathData(), false), true);
    return { svg: markerPath(m, d, false), back: 0 };
  },
  box: (m) => {
    const { nx, ny } = step(m);
    const px = m.tip.x + nx / 2;
    const py = m.tip.y + ny / 2;
    const d = new PathData()
      .move(px - nx / 2 - ny / 2, py - ny / 2 + nx / 2)
      .line(px - nx / 2 + ny / 2, py - ny / 2 - nx / 2)
      .line(px + ny / 2 - (3 * nx) / 2, py - (3 * ny) / 2 - nx / 2)
      .line(px - ny / 2 - (3 * nx) / 2, py - (3 * ny) / 2 + nx / 2)
      .close();
    return { svg: markerPath(m, d, m.filled), back: m.size + m.sw + 1 };
  },
  circle,
  circlePlus: (m) => {
    const ring = circle(m);
    const { x, y } = m.tip;
    const { x: ux, y: uy } = m.u;
    const nx = ux * (m.size + 2 * m.sw);
    const ny = uy * (m.size + 2 * m.sw);
    const d = new PathData()
      .move(x - ux * m.sw, y - uy * m.sw)
      .line(x - 2 * nx + ux * m.sw, y - 2 * ny + uy * m.sw)
      .move(x - nx - ny + uy * m.sw, y - ny + nx - ux * m.sw)
      .line(x + ny - nx - uy * m.sw, y - ny - nx + ux * m.sw);
    return { ...ring, svg: ring.svg + markerPath(m, d, false) };
  },
  halfCircle: (m) => {
    const { nx, ny } = step(m);
    const { x, y } = m.tip;
    const ex = x - nx;
    const ey = y - ny;
    const d = new PathData()
      .move(x - ny, y + nx)
      .quad(ex - ny, ey + nx, ex, ey)
      .quad(ex + ny, ey - nx, x + ny, y - nx);
    return { svg: markerPath(m, d, false), back: m.size + m.sw + 1, reach: m.size + m.sw + 1 };
  },
  ERone: er([0.5], false, false),
  ERmandOne: er([0.5, 1], false, false),
  ERmany: er([], true, false),
  ERoneToMany: er([1], true, false),
  ERzeroToMany: er([], true, true),
  ERzeroToOne: er([0.5], false, true),
};
