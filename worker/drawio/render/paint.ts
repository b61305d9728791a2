/**
 * How a shape is painted: fill, stroke, dashes and opacities from its style, gradients and
 * sketch hatching in the drawing's `<defs>`, shadows.
 */
import type { WorkBudget } from "../budget.ts";
import type { DrawingAssets } from "./assets/asset-cache.ts";
import type { CellStyle } from "./cell-style.ts";
import { cssColor, idPart } from "./css-values.ts";
import type { ColourTheme } from "./dark-colours.ts";
import { dashesOf } from "./dashes.ts";
import type { RasterTally } from "./raster-tally.ts";
import { type Attrs, element, fmt } from "./svg.ts";

/**
 * What one drawing shares besides its geometry: the document's gradients, the work budget its
 * steps charge (`render-cost.ts`), what it counts for the rasteriser (`raster-tally.ts`) and the
 * assets it draws from beyond the bundle.
 */
export interface Defs {
  /** Gradient definitions by id, written into `<defs>`. */
  gradients: Map<string, string>;
  budget?: WorkBudget;
  raster?: RasterTally;
  /** The drawing's scale (what the tally counts pixels at). */
  scale?: number;
  /** Images already shown once (the tally counts an SVG image's elements once). */
  shownImages?: Set<string>;
  /** Stencils and library images from outside the bundle (none when absent). */
  assets?: DrawingAssets | undefined;
}

/** Fill and stroke of a shape as draw.io's canvas writes them. */
export interface Paint {
  fill: string;
  stroke: string;
  extra: Attrs;
  /** The theme a stencil's own colours are painted in (light when absent). */
  theme?: ColourTheme;
}

const DIRECTIONS: Readonly<Record<string, [number, number, number, number]>> = {
  south: [0, 0, 0, 100],
  east: [0, 0, 100, 0],
  north: [0, 100, 0, 0],
  west: [100, 0, 0, 0],
};

/**
 * The paint of a shape from its style: fill (a colour, a gradient or `none`), stroke, stroke
 * width (never under 1), dashes scaled by the width, and opacities.
 *
 * @example
 * paintOf(style, defs).fill; // "#dae8fc"
 */
export function paintOf(style: CellStyle, defs: Defs, options: { fill?: boolean } = {}): Paint {
  let fill = options.fill === false ? "none" : (style.color("fillColor") ?? "none");
  const gradient = style.color("gradientColor");
  if (fill !== "none" && gradient && options.fill !== false) {
    fill = gradientFill(defs, fill, gradient, style.get("gradientDirection") ?? "south");
  }
  if (fill !== "none" && !fill.startsWith("url(") && style.flag("sketch"))
    fill = hachure(style, fill, defs);
  const stroke = style.color("strokeColor") ?? "none";
  const width = style.num("strokeWidth", 1);
  const opacity = style.num("opacity", 100) / 100;
  const fillOpacity = opacity * (style.num("fillOpacity", 100) / 100);
  const strokeOpacity = opacity * (style.num("strokeOpacity", 100) / 100);
  const extra: Attrs = {};
  if (width !== 1) extra["stroke-width"] = fmt(Math.max(1, width));
  const dashes = dashesOf(style);
  if (dashes) extra["stroke-dasharray"] = dashes.map(fmt).join(" ");
  if (fill !== "none" && fillOpacity < 1) extra["fill-opacity"] = fmt(fillOpacity);
  if (stroke !== "none" && strokeOpacity < 1) extra["stroke-opacity"] = fmt(strokeOpacity);
  return { fill, stroke, extra, theme: style.theme };
}

/**
 * A linear gradient from one colour to another toward `direction` (draw.io's `south`, `east`,
 * `north`, `west`; anything else is `south`), registered in the drawing's defs under draw.io's
 * id for it, as a fill (`url(#…)`). Both colours pass `cssColor`; the id holds only safe
 * characters whatever the colours were written as.
 *
 * @example
 * gradientFill(defs, "#dae8fc", "#7ea6e0", "south"); // "url(#mx-gradient-dae8fc-1-7ea6e0-1-s-0)"
 */
export function gradientFill(defs: Defs, from: string, to: string, direction: string): string {
  const way = Object.hasOwn(DIRECTIONS, direction) ? direction : "south";
  const [x1, y1, x2, y2] = DIRECTIONS[way] ?? [0, 0, 0, 100];
  const a = cssColor(from) ?? "#ffffff";
  const b = cssColor(to) ?? "#ffffff";
  const id = `mx-gradient-${idPart(a.replace("#", ""))}-1-${idPart(b.replace("#", ""))}-1-${way[0]}-0`;
  const stop = (offset: string, color: string) =>
    element("stop", { offset, style: `stop-color:${color};stop-opacity:1` });
  defs.gradients.set(
    id,
    element(
      "linearGradient",
      { x1: `${x1}%`, y1: `${y1}%`, x2: `${x2}%`, y2: `${y2}%`, id },
      stop("0%", a) + stop("100%", b),
    ),
  );
  return `url(#${id})`;
}

/**
 * An element with a paint, and its shadow first when the style asks for one (draw.io's: black,
 * 2 px right, 3 px down, a quarter opaque).
 *
 * @example
 * painted("rect", { x: 0, y: 0, width: 10, height: 10 }, paint, true, undefined);
 */
export function painted(
  name: string,
  geometry: Attrs,
  paint: Paint,
  shadow: boolean,
  transform: string | undefined,
  path = name === "path",
): string {
  const attrs: Attrs = {
    ...geometry,
    fill: paint.fill,
    stroke: paint.stroke,
    ...(path ? { "stroke-miterlimit": "10" } : {}),
    ...paint.extra,
    ...(transform ? { transform } : {}),
  };
  if (!shadow || (paint.fill === "none" && paint.stroke === "none")) return element(name, attrs);
  const ghost: Attrs = {
    ...attrs,
    fill: paint.fill === "none" ? "none" : "#000000",
    stroke: paint.stroke === "none" ? "none" : "#000000",
    transform: `translate(2,3)${transform ?? ""}`,
    opacity: "0.25",
  };
  delete ghost["fill-opacity"];
  delete ghost["stroke-opacity"];
  return element(name, ghost) + element(name, attrs);
}

/**
 * The fill of a hand-drawn (`sketch=1`) shape: draw.io fills it with hatching, lines of the fill
 * colour `hachureGap` apart (default 4 × the stroke width) at `hachureAngle` (default -41°), as a
 * repeating SVG pattern; `fillStyle=solid` keeps the colour. The lines are straight, not rough.
 */
function hachure(style: CellStyle, color: string, defs: Defs): string {
  const fillStyle = style.get("fillStyle") ?? "auto";
  if (fillStyle === "solid") return color;
  const width = Math.max(1, style.num("strokeWidth", 1));
  const gap = Math.max(2, style.num("hachureGap", 4 * width));
  const weight = Math.max(0.5, style.num("fillWeight", width / 2));
  const angle = style.num("hachureAngle", -41);
  const id =
    `df-hachure-${idPart(color.replace("#", ""))}-${fmt(gap)}-${fmt(weight)}-${fmt(angle)}`.replace(
      /\./g,
      "_",
    );
  defs.gradients.set(
    id,
    element(
      "pattern",
      {
        id,
        patternUnits: "userSpaceOnUse",
        width: fmt(gap),
        height: fmt(gap),
        // rough.js measures the angle the other way round from SVG's rotate().
        patternTransform: `rotate(${fmt(-angle)})`,
      },
      element("line", { x1: 0, y1: 0, x2: 0, y2: gap, stroke: color, "stroke-width": weight }),
    ),
  );
  return `url(#${id})`;
}
