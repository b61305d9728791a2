/** mxGraph's core shapes drawn in code: boxes, ellipses, polygons, lines and small marks. */
import { painted } from "../paint.ts";
import { PathData } from "../svg.ts";
import { detail, ellipse, local, path, polygon, rectangle, type ShapeTable, sized } from "./kit.ts";

/** mxGraph's core shapes: boxes, ellipses, polygons, and small marks. */
export const BASIC_SHAPES: ShapeTable = {
  label: rectangle,
  rectangle,
  text: (c) => ({
    svg: painted(
      "rect",
      { x: c.x, y: c.y, width: c.w, height: c.h },
      { ...c.paint, fill: "none", stroke: "none" },
      false,
      c.transform,
    ),
  }),
  ellipse: (c) => ({
    svg: painted(
      "ellipse",
      { cx: c.x + c.w / 2, cy: c.y + c.h / 2, rx: c.w / 2, ry: c.h / 2 },
      c.paint,
      c.shadow,
      c.transform,
    ),
  }),
  doubleEllipse: (c) => {
    const sw = c.style.num("strokeWidth", 1);
    const m = c.style.num("margin", Math.min(3 + sw, c.w / 5, c.h / 5));
    const outer = painted(
      "ellipse",
      { cx: c.x + c.w / 2, cy: c.y + c.h / 2, rx: c.w / 2, ry: c.h / 2 },
      c.paint,
      c.shadow,
      c.transform,
    );
    const inner = painted(
      "ellipse",
      {
        cx: c.x + c.w / 2,
        cy: c.y + c.h / 2,
        rx: Math.max(0, c.w / 2 - m),
        ry: Math.max(0, c.h / 2 - m),
      },
      { ...c.paint, fill: "none" },
      false,
      c.transform,
    );
    return {
      svg: outer + inner,
      labelBox: { x: c.x + m, y: c.y + m, width: c.w - 2 * m, height: c.h - 2 * m },
    };
  },
  // A circle crossed by an X whose ends sit at 14.5 % and 85.5 % of the box (on the circle).
  sumEllipse: (c) => {
    const { w, h } = c;
    const cross = local(c)
      .move(0.145 * w, 0.145 * h)
      .line(0.855 * w, 0.855 * h)
      .move(0.855 * w, 0.145 * h)
      .line(0.145 * w, 0.855 * h);
    return { svg: ellipse(c, c.x, c.y, w, h) + detail(c, cross) };
  },
  rhombus: polygon(({ w, h }) => [
    [w / 2, 0],
    [w, h / 2],
    [w / 2, h],
    [0, h / 2],
  ]),
  triangle: polygon(({ w, h }) => [
    [0, 0],
    [w, h / 2],
    [0, h],
  ]),
  hexagon: polygon((c) => {
    const s = sized(c, c.w, 20, 0.25, 0.5);
    return [
      [s, 0],
      [c.w - s, 0],
      [c.w, c.h / 2],
      [c.w - s, c.h],
      [s, c.h],
      [0, c.h / 2],
    ];
  }),
  parallelogram: polygon((c) => {
    const d = sized(c, c.w, 20, 0.2);
    return [
      [0, c.h],
      [d, 0],
      [c.w, 0],
      [c.w - d, c.h],
    ];
  }),
  trapezoid: polygon((c) => {
    const d = sized(c, c.w, 20, 0.2, 0.5);
    return [
      [0, c.h],
      [d, 0],
      [c.w - d, 0],
      [c.w, c.h],
    ];
  }),
  step: polygon((c) => {
    const s = sized(c, c.w, 20, 0.2);
    return [
      [0, 0],
      [c.w - s, 0],
      [c.w, c.h / 2],
      [c.w - s, c.h],
      [0, c.h],
      [s, c.h / 2],
    ];
  }),
  card: polygon((c) => {
    const s = Math.min(c.w, c.h, c.style.num("size", 30));
    return [
      [s, 0],
      [c.w, 0],
      [c.w, c.h],
      [0, c.h],
      [0, s],
    ];
  }),
  process: (c) => {
    let i = sized(c, c.w, 10, 0.1);
    if (c.style.flag("rounded"))
      i = Math.max(i, Math.min(c.w, c.h) * (c.style.num("arcSize", 15) / 100));
    i = Math.round(i);
    const bars = new PathData()
      .move(c.x + i, c.y)
      .line(c.x + i, c.y + c.h)
      .move(c.x + c.w - i, c.y)
      .line(c.x + c.w - i, c.y + c.h);
    return {
      svg: rectangle(c).svg + detail(c, bars),
      labelBox: { x: c.x + i, y: c.y, width: c.w - 2 * i, height: c.h },
    };
  },
  plus: (c) => {
    const { x, y, w, h } = c;
    const b = Math.min(w / 5, h / 5) + 1;
    const cross = new PathData()
      .move(x + w / 2, y + b)
      .line(x + w / 2, y + h - b)
      .move(x + b, y + h / 2)
      .line(x + w - b, y + h / 2);
    return { svg: rectangle(c).svg + detail(c, cross) };
  },
  message: (c) => {
    const { x, y, w, h } = c;
    const body = new PathData()
      .move(x, y)
      .line(x + w, y)
      .line(x + w, y + h)
      .line(x, y + h)
      .close();
    const flap = new PathData()
      .move(x, y)
      .line(x + w / 2, y + h / 2)
      .line(x + w, y);
    return { svg: path(c, body) + detail(c, flap) };
  },
  // A dot of `size` (6) in the stroke colour, centred.
  waypoint: (c) => {
    const s = Math.max(0, c.style.num("size", 6) - 2) + 2 * c.style.num("strokeWidth", 1);
    return {
      svg: painted(
        "ellipse",
        { cx: c.x + c.w / 2, cy: c.y + c.h / 2, rx: s / 2, ry: s / 2 },
        { fill: c.paint.stroke, stroke: "none", extra: {} },
        false,
        c.transform,
      ),
    };
  },
  line: (c) => {
    const mid = c.y + c.h / 2;
    return { svg: detail(c, new PathData().move(c.x, mid).line(c.x + c.w, mid)) };
  },
};
