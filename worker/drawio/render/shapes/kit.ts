/**
 * What every code-drawn shape is made with: its context and result types, painted paths,
 * ellipses and boxes, paths in the shape's local units, and stencils placed inside it.
 */
import type { Rect } from "../../model/cell.ts";
import type { CellStyle } from "../cell-style.ts";
import { type Defs, gradientFill, type Paint, painted } from "../paint.ts";
import { drawStencil, stencilNamed } from "../stencils.ts";
import { type Attrs, fmt, PathData, type Pt, polyline } from "../svg.ts";

/** What a shape function gets: the box it paints in (after direction), style, paint. */
export interface ShapeContext {
  x: number;
  y: number;
  w: number;
  h: number;
  style: CellStyle;
  paint: Paint;
  shadow: boolean;
  transform: string | undefined;
  /** The document's gradients, for shapes that paint their own. */
  defs: Defs;
}

/** A shape drawn: its SVG and, when the shape narrows it, the box its label goes in. */
export interface DrawnShape {
  svg: string;
  labelBox?: Rect;
}

/** Draws one shape name in a {@link ShapeContext}. */
export type ShapeFn = (c: ShapeContext) => DrawnShape;

/** Shape functions by draw.io shape name. */
export type ShapeTable = Readonly<Record<string, ShapeFn>>;

/**
 * `v` held between `lo` and `hi`.
 *
 * @example
 * clamp(1.5, 0, 1); // 1
 */
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * A filled and stroked path in the shape's paint (and its shadow, unless `shadow` is false).
 *
 * @example
 * path(c, new PathData().move(0, 0).line(10, 10));
 */
export function path(
  c: ShapeContext,
  d: PathData | string,
  paint: Paint = c.paint,
  shadow = c.shadow,
): string {
  return painted("path", { d: String(d) }, paint, shadow, c.transform);
}

/**
 * The stroke of a foreground detail: no fill, no shadow.
 *
 * @example
 * detail(c, new PathData().move(c.x, c.y).line(c.x + c.w, c.y));
 */
export function detail(c: ShapeContext, d: PathData): string {
  return path(c, d, { ...c.paint, fill: "none" }, false);
}

/**
 * An ellipse element in a box, in the shape's paint unless `paint` says otherwise.
 *
 * @example
 * ellipse(c, c.x, c.y, c.w, c.h);
 */
export function ellipse(
  c: ShapeContext,
  x: number,
  y: number,
  w: number,
  h: number,
  paint: Paint = c.paint,
  shadow = c.shadow,
): string {
  const geometry: Attrs = { cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2 };
  return painted("ellipse", geometry, paint, shadow, c.transform);
}

/**
 * A rect element in a box, in the shape's paint unless `paint` says otherwise.
 *
 * @example
 * box(c, c.x, c.y, c.w, 5);
 */
export function box(
  c: ShapeContext,
  x: number,
  y: number,
  w: number,
  h: number,
  paint: Paint = c.paint,
  shadow = c.shadow,
): string {
  return painted("rect", { x, y, width: w, height: h }, paint, shadow, c.transform);
}

/**
 * Path data with coordinates local to the shape's box: `move(0, 0)` is its top left corner.
 *
 * @example
 * local(c).move(0, 0).line(c.w, c.h);
 */
export function local(c: ShapeContext): LocalPath {
  return new LocalPath(c.x, c.y);
}

/** {@link PathData} offset by the box origin, so shapes read like draw.io's `translate(x, y)`. */
export class LocalPath extends PathData {
  readonly ox: number;
  readonly oy: number;
  constructor(ox: number, oy: number) {
    super();
    this.ox = ox;
    this.oy = oy;
  }
  override move(x: number, y: number): this {
    return super.move(this.ox + x, this.oy + y);
  }
  override line(x: number, y: number): this {
    return super.line(this.ox + x, this.oy + y);
  }
  override quad(cx: number, cy: number, x: number, y: number): this {
    return super.quad(this.ox + cx, this.oy + cy, this.ox + x, this.oy + y);
  }
  override curve(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    const { ox, oy } = this;
    return super.curve(ox + x1, oy + y1, ox + x2, oy + y2, ox + x, oy + y);
  }
  override arc(
    rx: number,
    ry: number,
    rotation: number,
    large: boolean,
    sweep: boolean,
    x: number,
    y: number,
  ): this {
    return super.arc(rx, ry, rotation, large, sweep, this.ox + x, this.oy + y);
  }
  /** Straight lines through local points, starting with a move. */
  poly(points: readonly (readonly [number, number])[], closed = true): this {
    points.forEach(([px, py], i) => {
      if (i === 0) this.move(px, py);
      else this.line(px, py);
    });
    return closed ? this.close() : this;
  }
}

/**
 * A polygon in local coordinates (0..w, 0..h) of the box, roundable with `arcSize`/2.
 *
 * @example
 * polygon(({ w, h }) => [[0, 0], [w, h / 2], [0, h]]);
 */
export function polygon(points: (c: ShapeContext) => [number, number][]): ShapeFn {
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

/**
 * A size that is absolute with `fixedSize=1`, else a fraction of `of`.
 *
 * @example
 * sized(c, c.w, 20, 0.25, 0.5);
 */
export function sized(
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

/**
 * draw.io's rectangle, with `rounded`, `arcSize` and `absoluteArcSize`.
 *
 * @example
 * rectangle(c).svg; // '<rect x=… rx=…/>'
 */
export function rectangle(c: ShapeContext): DrawnShape {
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

/**
 * A fill-only paint (draw.io's `fill()` with no stroke) with an opacity, for shading.
 *
 * @example
 * shade("#000000", 0.25);
 */
export function shade(color: string, opacity: number): Paint {
  return { fill: color, stroke: "none", extra: { "fill-opacity": fmt(opacity) } };
}

/**
 * A top-to-bottom gradient from `from` to `to` as a fill, registered in the document's defs
 * under draw.io's id for it.
 *
 * @example
 * gradient(c, "#e6e6e6", "#808080"); // "url(#mx-gradient-e6e6e6-1-808080-1-s-0)"
 */
export function gradient(c: ShapeContext, from: string, to: string): string {
  return gradientFill(c.defs, from, to, "south");
}

/**
 * A stencil drawn in a box at a local offset of the shape (`f.x`, `f.y` from its corner), in the
 * shape's paint unless `paint` says otherwise; nothing when the renderer lacks the stencil.
 *
 * @example
 * stencilAt(c, "mxgraph.bpmn.user_task", { x: 2, y: 2, w: 16, h: 16 });
 */
export function stencilAt(
  c: ShapeContext,
  name: string,
  f: { x: number; y: number; w: number; h: number },
  paint: Paint = c.paint,
  strokeWidth = c.style.num("strokeWidth", 1),
): string {
  const stencil = stencilNamed(name, c.defs.assets);
  if (!stencil) return "";
  const at = { x: c.x + f.x, y: c.y + f.y, w: f.w, h: f.h };
  return drawStencil(stencil, at, paint, strokeWidth, c.transform, c.defs.budget);
}
