/**
 * The shapes the outline browser test draws: every kind our layout emits, draw.io's common
 * built-ins and library icons in several sizes, and the asymmetric ones turned and flipped;
 * laid out on a grid, each with its own colours so the test finds its SVG elements.
 *
 * @example
 * const cells = layOut(SHAPES, 0);
 */
import type { Rect } from "../../worker/drawio/model/cell.ts";

type Size = [width: number, height: number];

export interface ShapeCase {
  name: string;
  style: string;
  sizes: Size[];
}

const WIDE: Size = [120, 60];
const TALL: Size = [60, 100];
const FLAT: Size = [130, 40];
const ICON: Size = [50, 48];

/** The shapes our layout emits, then draw.io's common built-ins and library icons. */
export const SHAPES: ShapeCase[] = [
  { name: "rect", style: "whiteSpace=wrap;html=1;", sizes: [WIDE, TALL] },
  { name: "rounded-12", style: "rounded=1;arcSize=12;", sizes: [WIDE, TALL, FLAT] },
  { name: "rounded-50", style: "rounded=1;arcSize=50;", sizes: [WIDE, TALL, [80, 80]] },
  { name: "rounded-abs", style: "rounded=1;absoluteArcSize=1;arcSize=24;", sizes: [WIDE] },
  { name: "ellipse", style: "ellipse;", sizes: [WIDE, TALL, [70, 70]] },
  { name: "double-ellipse", style: "ellipse;shape=doubleEllipse;", sizes: [WIDE, [50, 50]] },
  { name: "rhombus", style: "rhombus;", sizes: [WIDE, TALL, [100, 100]] },
  {
    name: "parallelogram",
    style: "shape=parallelogram;perimeter=parallelogramPerimeter;fixedSize=1;size=12;",
    sizes: [WIDE, TALL, FLAT],
  },
  {
    name: "cylinder3",
    style: "shape=cylinder3;boundedLbl=1;backgroundOutline=1;size=10;",
    sizes: [WIDE, TALL, [60, 80]],
  },
  { name: "document", style: "shape=document;boundedLbl=1;size=0.18;", sizes: [WIDE, TALL] },
  { name: "note", style: "shape=note;size=14;", sizes: [WIDE, TALL] },
  {
    name: "uml-actor",
    style: "shape=umlActor;outlineConnect=0;",
    sizes: [
      [30, 60],
      [48, 80],
    ],
  },
  { name: "cloud", style: "ellipse;shape=cloud;", sizes: [WIDE, TALL, [120, 80]] },
  { name: "direct-data", style: "shape=mxgraph.flowchart.direct_data;", sizes: [WIDE, TALL] },
  { name: "triangle", style: "triangle;", sizes: [WIDE, TALL] },
  { name: "triangle-rounded", style: "triangle;rounded=1;arcSize=30;", sizes: [WIDE] },
  { name: "rhombus-rounded", style: "rhombus;rounded=1;", sizes: [WIDE] },
  {
    name: "hexagon",
    style: "shape=hexagon;perimeter=hexagonPerimeter2;fixedSize=1;",
    sizes: [WIDE, TALL],
  },
  { name: "hexagon-relative", style: "shape=hexagon;size=0.3;", sizes: [WIDE] },
  { name: "trapezoid", style: "shape=trapezoid;fixedSize=1;", sizes: [WIDE, TALL] },
  { name: "card", style: "shape=card;", sizes: [WIDE, TALL] },
  { name: "card-rounded", style: "shape=card;rounded=1;", sizes: [WIDE] },
  { name: "process", style: "shape=process;", sizes: [WIDE] },
  { name: "process-rounded", style: "shape=process;rounded=1;", sizes: [WIDE] },
  { name: "step", style: "shape=step;perimeter=stepPerimeter;fixedSize=1;", sizes: [WIDE, TALL] },
  { name: "cylinder", style: "shape=cylinder;", sizes: [WIDE, TALL] },
  { name: "cylinder-lidless", style: "shape=cylinder3;size=12;lid=0;", sizes: [WIDE] },
  { name: "actor", style: "shape=actor;", sizes: [[40, 60], WIDE] },
  { name: "swimlane", style: "swimlane;startSize=30;", sizes: [[130, 100]] },
  { name: "swimlane-rounded", style: "swimlane;rounded=1;startSize=30;", sizes: [[130, 100]] },
  { name: "aws4-resource-icon", style: "shape=mxgraph.aws4.resourceIcon;", sizes: [[60, 60]] },
  {
    name: "bpmn-event",
    style: "shape=mxgraph.bpmn.event;outline=end;symbol=terminate2;",
    sizes: [[50, 50]],
  },
  {
    name: "bpmn-gateway",
    style: "shape=mxgraph.bpmn.gateway2;outline=none;symbol=none;",
    sizes: [[50, 50], WIDE],
  },
  { name: "bpmn-data", style: "shape=mxgraph.bpmn.data;size=15;", sizes: [[40, 60]] },
  { name: "cisco19-router", style: "shape=mxgraph.cisco19.rect;prIcon=router;", sizes: [[50, 50]] },
  {
    name: "cisco19-switch",
    style: "shape=mxgraph.cisco19.rect;prIcon=l2_switch;",
    sizes: [[50, 50]],
  },
  {
    name: "k8s-icon",
    style: "shape=mxgraph.kubernetes.icon;prIcon=pod;",
    sizes: [ICON, [60, 60], [80, 50]],
  },
];

const VARIANTS = [
  "direction=south;",
  "direction=north;",
  "direction=west;",
  "flipH=1;",
  "flipV=1;",
  "direction=south;flipH=1;",
  "rotation=30;",
];

/** Asymmetric shapes, each drawn once per variant. */
export const TURNED: ShapeCase[] = [
  "parallelogram",
  "triangle",
  "triangle-rounded",
  "step",
  "note",
  "card",
  "document",
  "trapezoid",
  "cylinder3",
  "direct-data",
  "cloud",
]
  .flatMap((name) => {
    const base = SHAPES.find((s) => s.name === name);
    if (base === undefined) throw new Error(name);
    return VARIANTS.map((v) => ({ name: `${name} ${v}`, style: base.style + v, sizes: [WIDE] }));
  })
  .concat(
    // The Kubernetes icon is a shape class drawing a stencil: both turn the box for north/south.
    ["direction=south;", "direction=north;", "flipV=1;", "rotation=30;"].map((v) => ({
      name: `k8s-icon ${v}`,
      style: `shape=mxgraph.kubernetes.icon;prIcon=pod;${v}`,
      sizes: [[80, 50]],
    })),
  );

export const SLOT = 170;
export const PER_ROW = 8;
export const REFERENCE = "#00ff01";

export interface Placed {
  label: string;
  style: string;
  rect: Rect;
  fill: string;
  stroke: string;
}

/** Unique, visible colours per cell: the checks find a cell's SVG elements by them. */
function colours(i: number): { fill: string; stroke: string } {
  const hue = (i * 137) % 360;
  const hex = (l: number) => {
    const f = (n: number) => {
      const k = (n + hue / 30) % 12;
      const a = 0.6 * Math.min(l, 1 - l);
      const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      return Math.round(255 * c);
    };
    // The low bits carry the index, so no two cells share a colour.
    const rgb = [f(0), f(8), f(4)];
    rgb[2] = ((rgb[2] as number) & 0xf0) | (i & 0x0f);
    rgb[1] = ((rgb[1] as number) & 0xf0) | ((i >> 4) & 0x0f);
    return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  };
  return { fill: hex(0.82), stroke: hex(0.35) };
}

export function layOut(cases: ShapeCase[], firstRow: number): Placed[] {
  const placed: Placed[] = [];
  for (const c of cases) {
    for (const [width, height] of c.sizes) {
      const i = placed.length;
      const slot = { x: i % PER_ROW, y: firstRow + Math.floor(i / PER_ROW) };
      const { fill, stroke } = colours(firstRow * PER_ROW + i);
      placed.push({
        label: `${c.name} ${width}x${height}`,
        style: c.style,
        rect: {
          x: 40 + slot.x * SLOT + (SLOT - 40 - width) / 2,
          y: 40 + slot.y * SLOT + (SLOT - 40 - height) / 2,
          width,
          height,
        },
        fill,
        stroke,
      });
    }
  }
  return placed;
}
