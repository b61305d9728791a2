/**
 * Shapes.js's boxes with a third dimension or a drawn edge: notes, documents, tapes, cylinders,
 * clouds, actors, cubes and swimlanes; and the basic library's layered box.
 */
import { painted } from "../paint.ts";
import { fmt, PathData } from "../svg.ts";
import { clamp, detail, local, path, rectangle, type ShapeTable } from "./kit.ts";

/** The corners of a box from (x0, y0) to (x1, y1), clockwise from the top left. */
const corners = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** Shapes.js's boxes with a third dimension or a drawn edge: notes, documents, drums, clouds, lanes. */
export const BOX_SHAPES: ShapeTable = {
  note: (c) => {
    const s = Math.min(c.w, c.h, c.style.num("size", 30));
    const { x, y, w, h } = c;
    const body = new PathData()
      .move(x, y)
      .line(x + w - s, y)
      .line(x + w, y + s)
      .line(x + w, y + h)
      .line(x, y + h)
      .line(x, y)
      .close();
    const fold = new PathData()
      .move(x + w - s, y)
      .line(x + w - s, y + s)
      .line(x + w, y + s);
    return { svg: path(c, body) + detail(c, fold) };
  },
  document: (c) => {
    const { x, y, w, h } = c;
    const dy = h * clamp(c.style.num("size", 0.3), 0, 1);
    const d = new PathData()
      .move(x, y)
      .line(x + w, y)
      .line(x + w, y + h - dy / 2)
      .quad(x + (3 * w) / 4, y + h - 1.4 * dy, x + w / 2, y + h - dy / 2)
      .quad(x + w / 4, y + h + 0.4 * dy, x, y + h - dy / 2)
      .line(x, y + dy / 2)
      .close();
    return {
      svg: path(c, d),
      labelBox: { x, y, width: w, height: c.style.flag("boundedLbl") ? h - dy : h },
    };
  },
  tape: (c) => {
    const { x, y, w, h } = c;
    const dy = h * clamp(c.style.num("size", 0.4), 0, 1);
    const d = new PathData()
      .move(x, y + dy / 2)
      .quad(x + w / 4, y + 1.4 * dy, x + w / 2, y + dy / 2)
      .quad(x + (3 * w) / 4, y - 0.4 * dy, x + w, y + dy / 2)
      .line(x + w, y + h - dy / 2)
      .quad(x + (3 * w) / 4, y + h - 1.4 * dy, x + w / 2, y + h - dy / 2)
      .quad(x + w / 4, y + h + 0.4 * dy, x, y + h - dy / 2)
      .line(x, y + dy / 2)
      .close();
    return { svg: path(c, d) };
  },
  cylinder: (c) => {
    const { x, y, w, h } = c;
    const dy =
      c.style.get("size") !== undefined
        ? h * clamp(c.style.num("size", 0.15), 0, 1)
        : Math.min(40, Math.round(h / 5));
    const body = new PathData()
      .move(x, y + dy)
      .curve(x, y - dy / 3, x + w, y - dy / 3, x + w, y + dy)
      .line(x + w, y + h - dy)
      .curve(x + w, y + h + dy / 3, x, y + h + dy / 3, x, y + h - dy)
      .close();
    const lid = new PathData()
      .move(x, y + dy)
      .curve(x, y + 2 * dy, x + w, y + 2 * dy, x + w, y + dy);
    return { svg: path(c, body) + detail(c, lid) };
  },
  cylinder3: (c) => {
    const { x, y, w, h } = c;
    const s = Math.min(h / 2, c.style.num("size", 15));
    if (s <= 0) return rectangle(c);
    const body = new PathData()
      .move(x, y + s)
      .arc(w / 2, s, 0, false, true, x + w / 2, y)
      .arc(w / 2, s, 0, false, true, x + w, y + s)
      .line(x + w, y + h - s)
      .arc(w / 2, s, 0, false, true, x + w / 2, y + h)
      .arc(w / 2, s, 0, false, true, x, y + h - s)
      .close();
    const lid = new PathData()
      .move(x + w, y + s)
      .arc(w / 2, s, 0, false, true, x + w / 2, y + 2 * s)
      .arc(w / 2, s, 0, false, true, x, y + s);
    const bounded = c.style.flag("boundedLbl");
    return {
      svg: path(c, body) + detail(c, lid),
      ...(bounded
        ? {
            labelBox: {
              x,
              y: y + Math.min(h, 2 * s),
              width: w,
              height: h - Math.min(h, 2 * s) - 0.3 * s,
            },
          }
        : {}),
    };
  },
  cloud: (c) => {
    const { x, y, w, h } = c;
    const p = (fx: number, fy: number): [number, number] => [x + fx * w, y + fy * h];
    const d = new PathData().move(...p(0.25, 0.25));
    const curves: [number, number][][] = [
      [p(0.05, 0.25), p(0, 0.5), p(0.16, 0.55)],
      [p(0, 0.66), p(0.18, 0.9), p(0.31, 0.8)],
      [p(0.4, 1), p(0.7, 1), p(0.8, 0.8)],
      [p(1, 0.8), p(1, 0.6), p(0.875, 0.5)],
      [p(1, 0.3), p(0.8, 0.1), p(0.625, 0.2)],
      [p(0.5, 0.05), p(0.3, 0.05), p(0.25, 0.25)],
    ];
    for (const [a, b, e] of curves)
      d.curve(...(a as [number, number]), ...(b as [number, number]), ...(e as [number, number]));
    return { svg: path(c, d.close()) };
  },
  // Three boxes stacked `dx` (0.5) apart, the back one first, each w − dx by h − dx.
  "mxgraph.basic.layered_rect": (c) => {
    const { w, h } = c;
    const d = Math.min(w / 2, h / 2, clamp(c.style.num("dx", 0.5), 0, w));
    const layer = (o: number) => path(c, local(c).poly(corners(o, o, w - d + o, h - d + o)));
    return { svg: layer(d) + layer(d / 2) + layer(0) };
  },
  actor: (c) => {
    const { x, y, w, h } = c;
    const k = w / 3;
    const d = new PathData()
      .move(x, y + h)
      .curve(x, y + 0.6 * h, x, y + 0.4 * h, x + w / 2, y + 0.4 * h)
      .curve(x + w / 2 - k, y + 0.4 * h, x + w / 2 - k, y, x + w / 2, y)
      .curve(x + w / 2 + k, y, x + w / 2 + k, y + 0.4 * h, x + w / 2, y + 0.4 * h)
      .curve(x + w, y + 0.4 * h, x + w, y + 0.6 * h, x + w, y + h)
      .close();
    return { svg: path(c, d) };
  },
  swimlane: (c) => {
    const { x, y, w, h } = c;
    const horizontal = c.style.get("horizontal") !== "0";
    const t = Math.min(c.style.num("startSize", 40), horizontal ? h : w);
    const fill = c.style.color("swimlaneFillColor");
    const header = horizontal
      ? new PathData()
          .move(x, y + t)
          .line(x, y)
          .line(x + w, y)
          .line(x + w, y + t)
      : new PathData()
          .move(x + t, y)
          .line(x, y)
          .line(x, y + h)
          .line(x + t, y + h);
    const body = horizontal
      ? new PathData()
          .move(x, y + t)
          .line(x, y + h)
          .line(x + w, y + h)
          .line(x + w, y + t)
      : new PathData()
          .move(x + t, y)
          .line(x + w, y)
          .line(x + w, y + h)
          .line(x + t, y + h);
    let svg = path(c, header);
    const opacity = (c.style.num("opacity", 100) / 100) * (c.style.num("fillOpacity", 100) / 100);
    const bodyPaint = {
      ...c.paint,
      fill: fill ?? "none",
      extra: { ...c.paint.extra, ...(fill && opacity < 1 ? { "fill-opacity": fmt(opacity) } : {}) },
    };
    svg += path(c, body, bodyPaint, false);
    if (c.style.get("swimlaneLine") !== "0") {
      const line = horizontal
        ? new PathData().move(x, y + t).line(x + w, y + t)
        : new PathData().move(x + t, y).line(x + t, y + h);
      svg += detail(c, line);
    }
    return {
      svg,
      labelBox: horizontal ? { x, y, width: w, height: t } : { x, y, width: t, height: h },
    };
  },
  // flowchart.xml's "Direct Data" (the layout engine's `queue`), drawn from its stencil's
  // geometry: a horizontal cylinder 98 × 60 units with 9-unit caps, and the near cap's rim.
  "mxgraph.flowchart.direct_data": (c) => {
    const sx = c.w / 98;
    const sy = c.h / 60;
    const X = (u: number) => c.x + u * sx;
    const Y = (u: number) => c.y + u * sy;
    const body = new PathData()
      .move(X(9), Y(0))
      .line(X(89), Y(0))
      .arc(9 * sx, 30 * sy, 0, true, true, X(89), Y(60))
      .line(X(9), Y(60))
      .arc(9 * sx, 30 * sy, 0, true, true, X(9), Y(0))
      .close();
    const rim = new PathData().move(X(89), Y(0)).arc(9 * sx, 30 * sy, 0, true, false, X(89), Y(60));
    return { svg: path(c, body) + detail(c, rim) };
  },
  // A box with depth: the front face, and the edges of the top and left faces (Shapes.js).
  cube: (c) => {
    const { x, y, w, h } = c;
    const s = Math.max(0, Math.min(w, h, c.style.num("size", 20)));
    const body = new PathData()
      .move(x, y)
      .line(x + w - s, y)
      .line(x + w, y + s)
      .line(x + w, y + h)
      .line(x + s, y + h)
      .line(x, y + h - s)
      .line(x, y)
      .close();
    let svg = path(c, body);
    const shade = (key: string, d: PathData) => {
      const op = clamp(c.style.num(key, 0), -1, 1);
      if (op === 0) return "";
      return painted(
        "path",
        { d: String(d) },
        {
          fill: op < 0 ? "#ffffff" : "#000000",
          stroke: "none",
          extra: { "fill-opacity": fmt(Math.abs(op)) },
        },
        false,
        c.transform,
      );
    };
    svg += shade(
      "darkOpacity",
      new PathData()
        .move(x, y)
        .line(x + w - s, y)
        .line(x + w, y + s)
        .line(x + s, y + s)
        .close(),
    );
    svg += shade(
      "darkOpacity2",
      new PathData()
        .move(x, y)
        .line(x + s, y + s)
        .line(x + s, y + h)
        .line(x, y + h - s)
        .close(),
    );
    svg += detail(
      c,
      new PathData()
        .move(x + s, y + h)
        .line(x + s, y + s)
        .line(x, y)
        .move(x + s, y + s)
        .line(x + w, y + s),
    );
    return {
      svg,
      ...(c.style.flag("boundedLbl")
        ? { labelBox: { x: x + s, y: y + s, width: w - s, height: h - s } }
        : {}),
    };
  },
};
