import type { Rect } from "../cell.ts";
import { type Defs, type Paint, painted, paintOf } from "./paint.ts";
import { drawStencil, stencilNamed } from "./stencils.ts";
import type { CellStyle } from "./style.ts";
import { element, fmt, PathData, type Pt, polyline } from "./svg.ts";

/** A vertex drawn: its SVG, the box its label goes in, and whether its shape is known. */
export interface DrawnVertex {
  svg: string;
  /** The label box when the shape narrows it (swimlane header, process bars, cylinder lid). */
  labelBox?: Rect;
  known: boolean;
}

/** What a shape function gets: the box it paints in (after direction), style, paint. */
interface ShapeContext {
  x: number;
  y: number;
  w: number;
  h: number;
  style: CellStyle;
  paint: Paint;
  shadow: boolean;
  transform: string | undefined;
}

type ShapeFn = (c: ShapeContext) => { svg: string; labelBox?: Rect };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function path(c: ShapeContext, d: PathData | string, paint: Paint = c.paint, shadow = c.shadow) {
  return painted("path", { d: String(d) }, paint, shadow, c.transform);
}

/** The stroke of a foreground detail: no fill, no shadow. */
function detail(c: ShapeContext, d: PathData): string {
  return path(c, d, { ...c.paint, fill: "none" }, false);
}

/** A polygon in local coordinates (0..w, 0..h) of the box, roundable with `arcSize`/2. */
function polygon(points: (c: ShapeContext) => [number, number][]): ShapeFn {
  return (c) => {
    const pts: Pt[] = points(c).map(([px, py]) => ({ x: c.x + px, y: c.y + py }));
    const d = polyline(
      new PathData(),
      pts,
      c.style.flag("rounded"),
      c.style.num("arcSize", 20) / 2,
      true,
    );
    return { svg: path(c, d) };
  };
}

/** A size that is absolute with `fixedSize=1`, else a fraction of `of`. */
function sized(
  c: ShapeContext,
  of: number,
  fixedDefault: number,
  fracDefault: number,
  max = 1,
): number {
  return c.style.get("fixedSize") !== undefined && c.style.get("fixedSize") !== "0"
    ? Math.min(of * max, c.style.num("size", fixedDefault))
    : of * clamp(c.style.num("size", fracDefault), 0, max);
}

function rectangle(c: ShapeContext): { svg: string; labelBox?: Rect } {
  const geometry: Record<string, number> = { x: c.x, y: c.y, width: c.w, height: c.h };
  if (c.style.flag("rounded")) {
    const r = c.style.flag("absoluteArcSize")
      ? Math.min(c.w / 2, c.h / 2, c.style.num("arcSize", 20) / 2)
      : Math.min(c.w, c.h) * (c.style.num("arcSize", 15) / 100);
    geometry.rx = r;
    geometry.ry = r;
  }
  return { svg: painted("rect", geometry, c.paint, c.shadow, c.transform) };
}

const SHAPES: Readonly<Record<string, ShapeFn>> = {
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
  // mxFloorplan.js's walls: `wallThickness` (10) thick, filled and stroked.
  "mxgraph.floorplan.wall": (c) => {
    const t = c.style.num("wallThickness", 10);
    const d = new PathData()
      .move(c.x, c.y + c.h / 2 - t / 2)
      .line(c.x + c.w, c.y + c.h / 2 - t / 2)
      .line(c.x + c.w, c.y + c.h / 2 + t / 2)
      .line(c.x, c.y + c.h / 2 + t / 2)
      .close();
    return { svg: path(c, d) };
  },
  "mxgraph.floorplan.wallCorner": (c) => {
    const t = c.style.num("wallThickness", 10);
    const { x, y, w, h } = c;
    const d = new PathData()
      .move(x, y + h)
      .line(x, y)
      .line(x + w, y)
      .line(x + w, y + t)
      .line(x + t, y + t)
      .line(x + t, y + h)
      .close();
    return { svg: path(c, d) };
  },
  "mxgraph.floorplan.wallU": (c) => {
    const t = c.style.num("wallThickness", 10);
    const { x, y, w, h } = c;
    const d = new PathData()
      .move(x, y + h)
      .line(x, y)
      .line(x + w, y)
      .line(x + w, y + h)
      .line(x + w - t, y + h)
      .line(x + w - t, y + t)
      .line(x + t, y + t)
      .line(x + t, y + h)
      .close();
    return { svg: path(c, d) };
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
  umlActor: (c) => {
    const { x, y, w, h } = c;
    const head = painted(
      "ellipse",
      { cx: x + w / 2, cy: y + h / 8, rx: w / 4, ry: h / 8 },
      c.paint,
      c.shadow,
      c.transform,
    );
    const limbs = new PathData()
      .move(x + w / 2, y + h / 4)
      .line(x + w / 2, y + (2 * h) / 3)
      .move(x, y + h / 3)
      .line(x + w, y + h / 3)
      .move(x + w / 2, y + (2 * h) / 3)
      .line(x, y + h)
      .move(x + w / 2, y + (2 * h) / 3)
      .line(x + w, y + h);
    return { svg: head + detail(c, limbs) };
  },
  line: (c) => {
    const mid = c.y + c.h / 2;
    return { svg: detail(c, new PathData().move(c.x, mid).line(c.x + c.w, mid)) };
  },
};

/** Shapes drawn as their rectangle (draw.io draws an unknown name that way too, but says nothing). */
const RECTANGLES = new Set([
  "rect",
  "process2",
  "ext",
  "partialRectangle",
  "table",
  "tableRow",
  "mxgraph.basic.rect",
]);

/** How a shape name is drawn: draw.io's code shapes, rectangles, or a stencil it ships. */
function shapeFor(name: string): ShapeFn | undefined {
  const own = SHAPES[name] ?? (RECTANGLES.has(name) ? rectangle : undefined);
  if (own) return own;
  const stencil = stencilNamed(name);
  return (
    stencil &&
    ((c) => ({ svg: drawStencil(stencil, c, c.paint, c.style.num("strokeWidth", 1), c.transform) }))
  );
}

/**
 * Whether the renderer draws a shape name itself (otherwise it draws the shape's box).
 *
 * @example
 * isKnownShape("cylinder3"); // true
 */
export function isKnownShape(name: string): boolean {
  return name === "image" || shapeFor(name) !== undefined;
}

const DIRECTION_ROTATION: Readonly<Record<string, number>> = { north: 270, west: 180, south: 90 };

/**
 * Draws a vertex's shape in its absolute box: draw.io's own geometry for the shapes it draws in
 * code, rotation, flips and direction, shadow, gradient, dashes. A shape it does not know is its
 * bounding box (and `known` is false).
 *
 * @example
 * drawVertex({ x: 0, y: 0, width: 120, height: 60 }, new CellStyle("ellipse", "vertex"), defs);
 */
export function drawVertex(box: Rect, style: CellStyle, defs: Defs): DrawnVertex {
  const name = style.shape;
  const fn = shapeFor(name);
  const known = fn !== undefined;
  const direction = style.get("direction") ?? "east";
  const turn = DIRECTION_ROTATION[direction] ?? 0;
  let { x, y, width: w, height: h } = box;
  let flipH = style.flag("flipH");
  let flipV = style.flag("flipV");
  if (fn && turn % 180 === 90) {
    // draw.io paints north/south shapes in the swapped box, then turns them.
    x += (w - h) / 2;
    y -= (w - h) / 2;
    [w, h] = [h, w];
    [flipH, flipV] = [flipV, flipH];
  }
  let angle = style.num("rotation", 0) + (fn ? turn : 0);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  let transform = "";
  if (flipH && flipV) angle += 180;
  else if (flipH || flipV) {
    angle = -angle;
    const tx = flipH ? cx : 0;
    const ty = flipV ? cy : 0;
    transform += `translate(${tx},${ty})scale(${flipH ? -1 : 1},${flipV ? -1 : 1})translate(${-tx},${-ty})`;
  }
  angle = ((angle % 360) + 360) % 360;
  if (angle !== 0) transform += `rotate(${Math.round(angle * 100) / 100},${cx},${cy})`;
  const ctx: ShapeContext = {
    x,
    y,
    w,
    h,
    style,
    paint: paintOf(style, defs),
    shadow: style.flag("shadow"),
    transform: transform || undefined,
  };
  if (name === "image") return { svg: image(ctx), known: true };
  const drawn = (fn ?? rectangle)(ctx);
  return { svg: drawn.svg, known, ...(drawn.labelBox ? { labelBox: drawn.labelBox } : {}) };
}

/** `image=` with a data URI (the only kind a standalone SVG may carry); anything else is a box. */
function image(c: ShapeContext): string {
  let src = c.style.get("image") ?? "";
  // draw.io writes `data:image/png,AAAA` in styles (a `;` would end the key).
  const data = /^data:(image\/[a-z+.-]+),(.*)$/i.exec(src);
  if (data && !data[2]?.startsWith("<") && !/;base64,/.test(src))
    src = `data:${data[1]};base64,${data[2]}`;
  if (!/^data:image\//i.test(src)) {
    return painted(
      "rect",
      { x: c.x, y: c.y, width: c.w, height: c.h },
      { ...c.paint, fill: "none" },
      false,
      c.transform,
    );
  }
  return element("image", {
    x: c.x,
    y: c.y,
    width: c.w,
    height: c.h,
    "xlink:href": src,
    ...(c.style.get("imageAspect") === "0" ? { preserveAspectRatio: "none" } : {}),
    ...(c.transform ? { transform: c.transform } : {}),
  });
}
