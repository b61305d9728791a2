/** mxFloorplan.js's shapes drawn in code: walls, corners, windows, doors and stairs. */
import {
  box,
  detail,
  local,
  path,
  type ShapeContext,
  type ShapeFn,
  type ShapeTable,
} from "./kit.ts";

const thickness = (c: ShapeContext) => c.style.num("wallThickness", 10);

/** The 5-unit door frame along the top edge that every door draws first. */
const frame = (c: ShapeContext) => box(c, c.x, c.y, c.w, 5);

/** A wall outline through local points, given the box size and the wall thickness. */
const wall =
  (points: (w: number, h: number, t: number) => [number, number][]): ShapeFn =>
  (c) => ({ svg: path(c, local(c).poly(points(c.w, c.h, thickness(c)))) });

/** mxFloorplan.js's code-drawn shapes: walls `wallThickness` (10) thick, windows, doors. */
export const FLOORPLAN_SHAPES: ShapeTable = {
  "mxgraph.floorplan.wall": (c) => {
    const t = thickness(c);
    const top = c.h / 2 - t / 2;
    const d = local(c).poly([
      [0, top],
      [c.w, top],
      [c.w, top + t],
      [0, top + t],
    ]);
    return { svg: path(c, d) };
  },
  "mxgraph.floorplan.wallCorner": wall((w, h, t) => [
    [0, h],
    [0, 0],
    [w, 0],
    [w, t],
    [t, t],
    [t, h],
  ]),
  "mxgraph.floorplan.wallU": wall((w, h, t) => [
    [0, h],
    [0, 0],
    [w, 0],
    [w, h],
    [w - t, h],
    [w - t, t],
    [t, t],
    [t, h],
  ]),
  // A wall-thick pane with the glass line along its middle.
  "mxgraph.floorplan.window": (c) => {
    const t = thickness(c);
    const glass = local(c)
      .move(0, c.h / 2)
      .line(c.w, c.h / 2);
    return { svg: box(c, c.x, c.y + c.h / 2 - t / 2, c.w, t) + detail(c, glass) };
  },
  // The leaf hinged at the left, swinging a quarter circle of radius `w` down from the frame.
  "mxgraph.floorplan.doorLeft": (c) => {
    const swing = local(c)
      .move(c.w, 5)
      .arc(c.w, c.w, 0, false, true, 0, 5 + c.w)
      .line(0, 5);
    return { svg: frame(c) + detail(c, swing) };
  },
  "mxgraph.floorplan.doorRight": (c) => {
    const swing = local(c)
      .move(0, 5)
      .arc(c.w, c.w, 0, false, false, c.w, 5 + c.w)
      .line(c.w, 5);
    return { svg: frame(c) + detail(c, swing) };
  },
  // Two leaves of half the width, hinged at either side, meeting in the middle.
  "mxgraph.floorplan.doorDouble": (c) => {
    const half = c.w / 2;
    const swing = local(c)
      .move(half, 0)
      .line(half, 5)
      .move(half, 5)
      .arc(half, half, 0, false, true, 0, 5 + half)
      .line(0, 5)
      .move(half, 5)
      .arc(half, half, 0, false, false, c.w, 5 + half)
      .line(c.w, 5);
    return { svg: frame(c) + detail(c, swing) };
  },
  // A flight of steps every 25 up to a landing: the walking line and an arrow into the landing.
  "mxgraph.floorplan.stairsRest": (c) => {
    const w = Math.max(c.w, 50, c.h);
    const h = c.h;
    const steps = local(c);
    for (let i = 25; i < w - h / 2; i += 25) steps.move(i, 0).line(i, h);
    const walk = local(c)
      .move(0, h / 2)
      .line(w, h / 2)
      .move(w, 0)
      .line(w - h / 2, h / 2)
      .line(w, h)
      .move(w - h / 2, 0)
      .line(w - h / 2, h)
      .move(0, h / 2)
      .line(w, h / 2);
    return { svg: box(c, c.x, c.y, w, h) + detail(c, steps) + detail(c, walk) };
  },
};
