/**
 * Mermaid's node shapes as draw.io draws them: a layout kind where one means the same (a
 * diamond is a decision, a cylinder a database), otherwise a draw.io shape (core shapes first,
 * then the flowchart and basic libraries) with the style keys that make it look right.
 */
import type { NodeKind } from "../../layout/spec.ts";

/** How one Mermaid shape becomes a draw.io node. */
export interface DrawnShape {
  kind: NodeKind;
  /** draw.io style keys over the kind's (a `shape` here replaces the kind's shape). */
  style?: Readonly<Record<string, string | number>>;
  /** Drawn at a size of its own: a circle around its label, a fork bar across the flow, or fixed. */
  size?: "circle" | "bar" | { width: number; height: number };
  /** Mermaid draws no label on it (filled circles, fork bars). */
  unlabelled?: boolean;
}

const shape = (name: string, more: Record<string, string | number> = {}): DrawnShape => ({
  kind: "process",
  style: { shape: name, ...more },
});
const circle = (name: string): DrawnShape => ({
  kind: "process",
  style: { shape: name, perimeter: "ellipsePerimeter" },
  size: "circle",
});
const black = { fillColor: "#000000", strokeColor: "#000000" };
/** A shape Mermaid draws without its label, at a fixed size. */
const unlabelled = (
  name: string,
  more: Record<string, string | number>,
  width: number,
  height = width,
): DrawnShape => ({
  kind: "process",
  style: { shape: name, ...more },
  size: { width, height },
  unlabelled: true,
});

/** Every shape by its Mermaid short name (`@{ shape: … }` and the bracket forms). */
const SHAPES: Readonly<Record<string, DrawnShape>> = {
  rect: shape("rect"),
  rounded: { kind: "process" },
  stadium: { kind: "terminator" },
  "fr-rect": shape("process", { backgroundOutline: 1, size: 0.08 }),
  cyl: { kind: "database" },
  datastore: shape("partialRectangle", { left: 0, right: 0, top: 1, bottom: 1 }),
  circle: circle("ellipse"),
  ellipse: { kind: "process", style: { shape: "ellipse", perimeter: "ellipsePerimeter" } },
  bang: shape("mxgraph.basic.8_point_star"),
  cloud: { kind: "cloud" },
  diam: { kind: "decision" },
  hex: shape("hexagon", { perimeter: "hexagonPerimeter2", fixedSize: 1, size: 16 }),
  "lean-r": { kind: "io" },
  "lean-l": { kind: "io", style: { flipH: 1 } },
  "trap-b": shape("trapezoid", { perimeter: "trapezoidPerimeter", fixedSize: 1, size: 16 }),
  // Drawn upside down by a shape of its own: a flipped shape's pinned edge ends flip with it.
  "trap-t": shape("mxgraph.flowchart.manual_operation"),
  "dbl-circ": circle("doubleEllipse"),
  text: { kind: "text" },
  "notch-rect": shape("card", { size: 12 }),
  "lin-rect": shape("process", { backgroundOutline: 1, size: 0.06 }),
  "sm-circ": unlabelled("startState", black, 20),
  "fr-circ": unlabelled("endState", black, 30),
  fork: { kind: "process", style: { shape: "rect", ...black }, size: "bar", unlabelled: true },
  hourglass: shape("mxgraph.flowchart.collate"),
  // Brackets, as draw.io draws them without flipping (a flipped shape's pinned ends flip too).
  brace: shape("mxgraph.flowchart.annotation_1", { align: "left", spacingLeft: 10 }),
  "brace-r": shape("partialRectangle", {
    left: 0,
    right: 1,
    top: 1,
    bottom: 1,
    fillColor: "none",
    align: "right",
    spacingRight: 10,
  }),
  braces: shape("partialRectangle", { left: 1, right: 1, top: 0, bottom: 0, fillColor: "none" }),
  bolt: unlabelled("mxgraph.basic.flash", {}, 36, 60),
  doc: { kind: "document" },
  delay: shape("delay"),
  "h-cyl": { kind: "queue" },
  "lin-cyl": { kind: "database" },
  "curv-trap": shape("mxgraph.flowchart.display"),
  "div-rect": shape("internalStorage", { dx: 0, dy: 14 }),
  tri: shape("mxgraph.flowchart.extract_or_measurement", { verticalAlign: "bottom" }),
  "win-pane": shape("mxgraph.flowchart.internal_storage"),
  "f-circ": unlabelled("ellipse", black, 20),
  "lin-doc": { kind: "document" },
  "notch-pent": shape("mxgraph.flowchart.loop_limit"),
  "flip-tri": shape("mxgraph.flowchart.merge_or_storage", { verticalAlign: "top" }),
  "sl-rect": shape("mxgraph.flowchart.manual_input", { verticalAlign: "bottom" }),
  docs: shape("mxgraph.flowchart.multi-document"),
  "st-rect": shape("mxgraph.basic.layered_rect", { dx: 6 }),
  "bow-rect": shape("mxgraph.flowchart.stored_data"),
  "cross-circ": unlabelled("mxgraph.flowchart.or", {}, 40),
  "tag-doc": { kind: "document" },
  "tag-rect": shape("card", { size: 12 }),
  flag: shape("tape", { size: 0.2 }),
  odd: shape("mxgraph.arrows2.arrow", { dy: 0, dx: 0, notch: 16 }),
};

/** Other names Mermaid accepts for a shape (its documented aliases). */
const ALIASES: Readonly<Record<string, string>> = {
  proc: "rect",
  process: "rect",
  rectangle: "rect",
  event: "rounded",
  terminal: "stadium",
  pill: "stadium",
  subprocess: "fr-rect",
  subproc: "fr-rect",
  "framed-rectangle": "fr-rect",
  subroutine: "fr-rect",
  db: "cyl",
  database: "cyl",
  cylinder: "cyl",
  "data-store": "datastore",
  circ: "circle",
  decision: "diam",
  diamond: "diam",
  question: "diam",
  hexagon: "hex",
  prepare: "hex",
  "lean-right": "lean-r",
  "in-out": "lean-r",
  "lean-left": "lean-l",
  "out-in": "lean-l",
  priority: "trap-b",
  "trapezoid-bottom": "trap-b",
  trapezoid: "trap-b",
  manual: "trap-t",
  "trapezoid-top": "trap-t",
  "inv-trapezoid": "trap-t",
  "double-circle": "dbl-circ",
  doublecircle: "dbl-circ",
  card: "notch-rect",
  "notched-rectangle": "notch-rect",
  "lined-rectangle": "lin-rect",
  "lined-process": "lin-rect",
  "lin-proc": "lin-rect",
  "shaded-process": "lin-rect",
  start: "sm-circ",
  "small-circle": "sm-circ",
  stop: "fr-circ",
  "framed-circle": "fr-circ",
  join: "fork",
  collate: "hourglass",
  comment: "brace",
  "brace-l": "brace",
  "com-link": "bolt",
  "lightning-bolt": "bolt",
  document: "doc",
  "half-rounded-rectangle": "delay",
  das: "h-cyl",
  "horizontal-cylinder": "h-cyl",
  disk: "lin-cyl",
  "lined-cylinder": "lin-cyl",
  "curved-trapezoid": "curv-trap",
  display: "curv-trap",
  "div-proc": "div-rect",
  "divided-rectangle": "div-rect",
  "divided-process": "div-rect",
  extract: "tri",
  triangle: "tri",
  "internal-storage": "win-pane",
  "window-pane": "win-pane",
  junction: "f-circ",
  "filled-circle": "f-circ",
  "lined-document": "lin-doc",
  "loop-limit": "notch-pent",
  "notched-pentagon": "notch-pent",
  "manual-file": "flip-tri",
  "flipped-triangle": "flip-tri",
  "manual-input": "sl-rect",
  "sloped-rectangle": "sl-rect",
  documents: "docs",
  "st-doc": "docs",
  "stacked-document": "docs",
  procs: "st-rect",
  processes: "st-rect",
  "stacked-rectangle": "st-rect",
  "stored-data": "bow-rect",
  "bow-tie-rectangle": "bow-rect",
  summary: "cross-circ",
  "crossed-circle": "cross-circ",
  "tagged-document": "tag-doc",
  "tagged-rectangle": "tag-rect",
  "tag-proc": "tag-rect",
  "tagged-process": "tag-rect",
  "paper-tape": "flag",
};

/**
 * The Mermaid short name of a shape given by any of its names in `@{ shape: … }`, or
 * undefined for a name Mermaid does not know. `ellipse` (only written `A(-text-)`) is not one.
 *
 * @example
 * shapeName("database"); // "cyl"
 */
export function shapeName(name: string): string | undefined {
  if (name === "ellipse") return undefined;
  return Object.hasOwn(SHAPES, name) ? name : ALIASES[name];
}

/**
 * How a shape (by short name) is drawn.
 *
 * @example
 * drawnShape("diam"); // { kind: "decision" }
 */
export function drawnShape(name: string): DrawnShape {
  return SHAPES[name] ?? (SHAPES.rect as DrawnShape);
}
