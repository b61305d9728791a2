/**
 * A vertex's shape drawn in its box: the shape table (code shapes, rectangles, stencils), images,
 * and direction, flips and rotation applied as draw.io applies them.
 */
import type { Rect } from "../model/cell.ts";
import type { DrawingAssets } from "./assets/asset-cache.ts";
import { libraryImagePath } from "./assets/library-images.ts";
import type { CellStyle } from "./cell-style.ts";
import { safeImage } from "./image/svg-image.ts";
import { type Defs, paintOf } from "./paint.ts";
import { WORK_UNITS } from "./render-cost.ts";
import { ARROW_SHAPES } from "./shapes/arrows.ts";
import { MULTI_ARROW_SHAPES } from "./shapes/arrows-multi.ts";
import { BASIC_SHAPES } from "./shapes/basic.ts";
import { BOX_SHAPES } from "./shapes/boxes.ts";
import { BPMN_SHAPES } from "./shapes/bpmn.ts";
import { CHART_SHAPES } from "./shapes/charts.ts";
import { FLOORPLAN_SHAPES } from "./shapes/floorplan.ts";
import { ICON_SHAPES } from "./shapes/icons.ts";
import { box, rectangle, type ShapeContext, type ShapeFn, type ShapeTable } from "./shapes/kit.ts";
import { LEAN_SHAPES } from "./shapes/lean.ts";
import { LIBRARY_SHAPES } from "./shapes/library.ts";
import { PARTIAL_BOX_SHAPES } from "./shapes/partial-boxes.ts";
import { UML_SHAPES } from "./shapes/uml.ts";
import { UML_SEQUENCE_SHAPES } from "./shapes/uml-sequence.ts";
import { drawStencil, stencilNamed } from "./stencils.ts";
import { element } from "./svg.ts";

/** A vertex drawn: its SVG, the box its label goes in, and whether its shape is known. */
export interface DrawnVertex {
  svg: string;
  /** The label box when the shape narrows it (swimlane header, process bars, cylinder lid). */
  labelBox?: Rect;
  known: boolean;
}

/** Every shape drawn in code, one family per module. */
const SHAPES: ShapeTable = {
  ...BASIC_SHAPES,
  ...ARROW_SHAPES,
  ...MULTI_ARROW_SHAPES,
  ...BOX_SHAPES,
  ...PARTIAL_BOX_SHAPES,
  ...FLOORPLAN_SHAPES,
  ...LEAN_SHAPES,
  ...BPMN_SHAPES,
  ...LIBRARY_SHAPES,
  ...CHART_SHAPES,
  ...UML_SHAPES,
  ...UML_SEQUENCE_SHAPES,
  ...ICON_SHAPES,
};

/** Shapes drawn as their rectangle (draw.io draws an unknown name that way too, but says nothing). */
const RECTANGLES = new Set(["rect", "process2", "ext", "table", "tableRow", "mxgraph.basic.rect"]);

/**
 * How a shape name is drawn: draw.io's code shapes, rectangles, or a stencil of the bundle or of
 * the drawing's assets.
 */
function shapeFor(name: string, assets: DrawingAssets | undefined): ShapeFn | undefined {
  const own = SHAPES[name] ?? (RECTANGLES.has(name) ? rectangle : undefined);
  if (own) return own;
  const stencil = stencilNamed(name, assets);
  return (
    stencil &&
    ((c) => ({
      svg: drawStencil(
        stencil,
        c,
        c.paint,
        c.style.num("strokeWidth", 1),
        c.transform,
        c.defs.budget,
      ),
    }))
  );
}

/**
 * Whether the renderer draws a shape name itself, with the bundle and `assets` (otherwise it
 * draws the shape's box).
 *
 * @example
 * isKnownShape("cylinder3"); // true
 */
export function isKnownShape(name: string, assets?: DrawingAssets): boolean {
  return name === "image" || shapeFor(name, assets) !== undefined;
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
  const fn = shapeFor(name, defs.assets);
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
    defs,
  };
  if (name === "image") {
    const drawn = image(ctx);
    return { svg: drawn.svg, known: drawn.known };
  }
  const drawn = (fn ?? rectangle)(ctx);
  let labelBox = drawn.labelBox;
  // A label box is worked out in the box the shape is painted in; a turned shape's margins turn
  // with it. Block arrows place theirs by direction themselves (as mxArrows2's do).
  if (labelBox && fn && turn !== 0 && !Object.hasOwn(ARROW_SHAPES, name)) {
    const margins = {
      left: labelBox.x - x,
      top: labelBox.y - y,
      right: x + w - labelBox.x - labelBox.width,
      bottom: y + h - labelBox.y - labelBox.height,
    };
    labelBox = directedBounds(box, margins, direction, style.flag("flipH"), style.flag("flipV"));
  }
  return { svg: drawn.svg, known, ...(labelBox ? { labelBox } : {}) };
}

interface Margins {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A box's inner box for margins given for a shape facing east, turned to `direction` and
 * mirrored by the flips, as mxUtils.getDirectedBounds turns label margins.
 *
 * @example
 * directedBounds({ x: 0, y: 0, width: 100, height: 50 }, { left: 10, top: 0, right: 0, bottom: 0 }, "south", false, false);
 * // { x: 0, y: 10, width: 100, height: 40 }: the east-facing left margin is now on top
 */
export function directedBounds(
  box: Rect,
  margins: Margins,
  direction: string,
  flipH: boolean,
  flipV: boolean,
): Rect {
  const m = {
    left: Math.round(Math.max(0, Math.min(box.width, margins.left))),
    top: Math.round(Math.max(0, Math.min(box.height, margins.top))),
    right: Math.round(Math.max(0, Math.min(box.width, margins.right))),
    bottom: Math.round(Math.max(0, Math.min(box.height, margins.bottom))),
  };
  const upright = direction === "south" || direction === "north";
  if ((flipV && upright) || (flipH && !upright)) [m.left, m.right] = [m.right, m.left];
  if ((flipH && upright) || (flipV && !upright)) [m.top, m.bottom] = [m.bottom, m.top];
  const turned =
    direction === "south"
      ? { left: m.bottom, top: m.left, right: m.top, bottom: m.right }
      : direction === "west"
        ? { left: m.right, top: m.bottom, right: m.left, bottom: m.top }
        : direction === "north"
          ? { left: m.top, top: m.right, right: m.bottom, bottom: m.left }
          : m;
  return {
    x: box.x + turned.left,
    y: box.y + turned.top,
    width: box.width - turned.left - turned.right,
    height: box.height - turned.top - turned.bottom,
  };
}

/**
 * `image=` with a data URI or one of draw.io's library images once loaded (the only kinds a
 * standalone SVG may carry), made safe by `safeImage` (raster data as it is, SVG sanitised);
 * anything else is a box, and not known (so a viewer can fall back to draw.io, which fetches
 * it or shows it as it can).
 */
function image(c: ShapeContext): { svg: string; known: boolean } {
  let src = c.style.get("image") ?? "";
  const library = libraryImagePath(src);
  if (library) src = c.defs.assets?.libraryImage(library) ?? src;
  const safe = /^data:/i.test(src) ? safeImage(src) : undefined;
  if (!safe) {
    return { svg: box(c, c.x, c.y, c.w, c.h, { ...c.paint, fill: "none" }, false), known: false };
  }
  c.defs.budget?.charge(WORK_UNITS.imageKilobyte * Math.ceil(safe.src.length / 1024));
  const tally = c.defs.raster;
  if (tally) {
    tally.images++;
    // An SVG image is drawn once, as a PNG of its size on screen; a raster image as it is.
    tally.imagePixels += safe.pixels || c.w * c.h * (c.defs.scale ?? 1) ** 2;
    if (!c.defs.shownImages?.has(safe.src)) tally.imageElements += safe.elements;
    c.defs.shownImages?.add(safe.src);
  }
  const svg = element("image", {
    x: c.x,
    y: c.y,
    width: c.w,
    height: c.h,
    "xlink:href": safe.src,
    ...(c.style.get("imageAspect") === "0" ? { preserveAspectRatio: "none" } : {}),
    ...(c.transform ? { transform: c.transform } : {}),
  });
  return { svg, known: true };
}
