/**
 * The node kind a drawn vertex stands for, read back from its draw.io style: the reverse of the
 * layout's kind shapes (`themes.ts`), for the house style's observations.
 */
import { parseStyle } from "../../model/style.ts";
import type { HouseKind } from "./schema.ts";

/** draw.io shapes (the `shape` key or a bare named style) and the kind each stands for. */
const SHAPE_KINDS: ReadonlyMap<string, HouseKind> = new Map([
  ["rhombus", "decision"],
  ["ellipse", "start"],
  ["doubleEllipse", "end"],
  ["cylinder3", "database"],
  ["cylinder", "database"],
  ["document", "document"],
  ["note", "note"],
  ["umlActor", "person"],
  ["cloud", "cloud"],
  ["mxgraph.flowchart.direct_data", "queue"],
  ["parallelogram", "data"],
]);

/** The shapes a plain box is drawn with: a rectangle, rounded or not. */
const BOX_SHAPES: ReadonlySet<string> = new Set(["rect", "rounded"]);

/** Named styles and shapes the house style leaves alone: text, images and containers. */
const LEFT_ALONE: ReadonlySet<string> = new Set([
  "text",
  "image",
  "swimlane",
  "group",
  "table",
  "tableRow",
]);

/**
 * The house kind a vertex style stands for, or undefined for what the house style leaves alone:
 * free text, icons and images (`mxgraph.*` stencils, `image`), containers and swimlanes, and
 * shapes the layout never draws (a hexagon, a triangle…). A plain box is a process; rounded with
 * `arcSize=50` a terminator; rounded and bold a service.
 *
 * @example
 * houseKindOf("rhombus;whiteSpace=wrap;html=1;fillColor=#fff2cc;"); // "decision"
 * houseKindOf("rounded=1;arcSize=12;fontStyle=1;"); // "service"
 * houseKindOf("text;html=1;"); // undefined
 */
export function houseKindOf(style: string | undefined): HouseKind | undefined {
  // One pass over the style, as `shapeOf` and `isContainerStyle` read it: the last `shape`,
  // else the first bare named style; a container by its shape or `container=1`.
  const keys = new Map<string, string>();
  let named: string | undefined;
  for (const [key, value] of parseStyle(style)) {
    if (value !== null) keys.set(key, value);
    else if (LEFT_ALONE.has(key)) return undefined;
    else named ??= key;
  }
  if (keys.get("container") === "1") return undefined;
  const rounded = keys.get("rounded") === "1";
  const shape = keys.get("shape") || named || (rounded ? "rounded" : "rect");
  if (LEFT_ALONE.has(shape)) return undefined;
  const kind = SHAPE_KINDS.get(shape);
  if (kind !== undefined || !BOX_SHAPES.has(shape)) return kind;
  if (!rounded) return "process";
  if (keys.get("arcSize") === "50") return "terminator";
  const fontStyle = Number(keys.get("fontStyle") ?? 0);
  return Number.isInteger(fontStyle) && (fontStyle & 1) === 1 ? "service" : "process";
}
