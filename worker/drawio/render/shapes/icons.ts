/**
 * Icon shapes that draw a library's stencil on a coloured ground (AWS, Kubernetes, Cisco 19, GCP),
 * and the stencils each one needs loaded.
 */
import { CISCO19_GROUNDS } from "../assets/cisco19-grounds.ts";
import { box, ellipse, type ShapeContext, type ShapeTable, stencilAt } from "./kit.ts";

/** A stencil glyph painted in one colour (the icon's `strokeColor`), in a box of the shape. */
function glyph(
  c: ShapeContext,
  name: string,
  color: string,
  x: number,
  y: number,
  w: number,
  h: number,
): string {
  if (w <= 0 || h <= 0) return "";
  return stencilAt(c, name, { x, y, w, h }, { fill: color, stroke: "none", extra: {} }, 1);
}

const iconColor = (c: ShapeContext, fallback: string) => c.style.get("strokeColor") ?? fallback;

/**
 * The stencil names an icon shape draws besides its own (its glyph, its frame), so the render
 * routes can load them: `resIcon` of AWS resource icons, `prIcon` of AWS product icons and of
 * Kubernetes icons (with their frame).
 *
 * @example
 * iconStencils("mxgraph.kubernetes.icon", style); // ["mxgraph.kubernetes.frame", "mxgraph.kubernetes.pod"]
 */
export function iconStencils(shape: string, get: (key: string) => string | undefined): string[] {
  const resIcon = get("resIcon");
  const prIcon = get("prIcon");
  switch (shape) {
    case "mxgraph.aws4.resourceIcon":
      return resIcon ? [resIcon] : [];
    case "mxgraph.aws4.productIcon":
      return prIcon ? [prIcon] : [];
    case "mxgraph.kubernetes.icon":
      return ["mxgraph.kubernetes.frame", ...(prIcon ? [`mxgraph.kubernetes.${prIcon}`] : [])];
    case "mxgraph.gcp2.hexIcon":
      return [`mxgraph.gcp2.${prIcon ?? "compute_engine"}`];
    case "mxgraph.cisco19.rect": {
      const icon = prIcon ?? "l2_switch";
      const ground = CISCO19_GROUNDS[icon]?.[0] ?? "mxgraph.cisco19.bg1";
      return [...(ground === "ellipse" ? [] : [ground]), `mxgraph.cisco19.${icon}`];
    }
    default:
      return [];
  }
}

/**
 * Icon shapes that draw a library's stencil on a coloured ground, as draw.io's code does: the
 * AWS resource icon (a filled square, the glyph in the stroke colour over the inner 80 %), the
 * AWS product icon (a frame in the stroke colour around the fill, the glyph above the label
 * band), the Kubernetes icon (the heptagon frame twice, the glyph over the inner 60 %) and the
 * GCP hexagon icon in its standard form (the glyph in the fill colour; the instance-type
 * backdrops and the instance count badge are not drawn), and the Cisco 19 icon (the glyph in the
 * stroke colour on the ground draw.io picks for that icon, in the fill colour).
 */
export const ICON_SHAPES: ShapeTable = {
  "mxgraph.aws4.resourceIcon": (c) => {
    const ground = box(c, c.x, c.y, c.w, c.h, { ...c.paint, stroke: "none" });
    const name = c.style.get("resIcon") ?? "";
    const color = iconColor(c, "#000000");
    return { svg: ground + glyph(c, name, color, c.w * 0.1, c.h * 0.1, c.w * 0.8, c.h * 0.8) };
  },
  "mxgraph.aws4.productIcon": (c) => {
    const color = iconColor(c, "none");
    const frame = box(c, c.x, c.y, c.w, c.h, { ...c.paint, fill: color, stroke: "none" });
    const inner = box(c, c.x + 1, c.y + 1, c.w - 2, c.w - 2, { ...c.paint, stroke: "none" }, false);
    const side = c.w * 0.7 - 2;
    const name = c.style.get("prIcon") ?? "";
    return {
      svg: frame + inner + glyph(c, name, color, 1 + c.w * 0.15, 1 + c.w * 0.15, side, side),
    };
  },
  "mxgraph.kubernetes.icon": (c) => {
    const fill = c.style.paint(c.style.get("fillColor") ?? "#ffffff");
    const color = iconColor(c, "#ffffff");
    const frame = "mxgraph.kubernetes.frame";
    const outer = glyph(c, frame, color, 0, 0, c.w, c.h);
    const inner = glyph(c, frame, fill, c.w * 0.03, c.h * 0.03, c.w * 0.94, c.h * 0.94);
    const name = `mxgraph.kubernetes.${c.style.get("prIcon") ?? ""}`;
    return {
      svg: outer + inner + glyph(c, name, color, c.w * 0.2, c.h * 0.2, c.w * 0.6, c.h * 0.6),
    };
  },
  "mxgraph.cisco19.rect": (c) => {
    const icon = c.style.get("prIcon") ?? "l2_switch";
    const [ground, gx, gy, gw, gh] = CISCO19_GROUNDS[icon] ?? ["mxgraph.cisco19.bg1", 0, 0, 1, 1];
    const fill = c.style.paint(c.style.get("fillColor") ?? "#ffffff");
    const back =
      ground === "ellipse"
        ? ellipse(c, c.x + c.w * gx, c.y + c.h * gy, c.w * gw, c.h * gh, {
            fill,
            stroke: "none",
            extra: {},
          })
        : glyph(c, ground, fill, c.w * gx, c.h * gy, c.w * gw, c.h * gh);
    const color = iconColor(c, "#000000");
    return { svg: back + glyph(c, `mxgraph.cisco19.${icon}`, color, 0, 0, c.w, c.h) };
  },
  "mxgraph.gcp2.hexIcon": (c) => {
    const name = `mxgraph.gcp2.${c.style.get("prIcon") ?? "compute_engine"}`;
    const fill = c.style.paint(c.style.get("fillColor") ?? "#ffffff");
    return { svg: glyph(c, name, fill, c.w * 0.17, c.h * 0.16, c.w * 0.66, c.h * 0.68) };
  },
};
