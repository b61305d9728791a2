/**
 * The layout's themes (default, minimal, dark): the draw.io styles of nodes, groups and edges per
 * kind.
 */
import type { GraphEdge, GraphGroup, NodeKind, Theme } from "./spec.ts";

/** The draw.io shape part of each kind's style (colours come from the theme). */
const SHAPES: Record<NodeKind, string> = {
  process: "rounded=1;arcSize=12;",
  service: "rounded=1;arcSize=12;fontStyle=1;",
  decision: "rhombus;",
  start: "ellipse;",
  end: "ellipse;shape=doubleEllipse;",
  terminator: "rounded=1;arcSize=50;",
  data: "shape=parallelogram;perimeter=parallelogramPerimeter;fixedSize=1;size=12;",
  io: "shape=parallelogram;perimeter=parallelogramPerimeter;fixedSize=1;size=12;",
  database: "shape=cylinder3;boundedLbl=1;backgroundOutline=1;size=10;",
  document: "shape=document;boundedLbl=1;size=0.18;",
  note: "shape=note;size=14;",
  actor: "shape=umlActor;outlineConnect=0;",
  person: "shape=umlActor;outlineConnect=0;",
  cloud: "ellipse;shape=cloud;",
  // A horizontal cylinder drawn as such: a rotated one (`direction=south`) would rotate the
  // edges' pinned ends with it.
  queue: "shape=mxgraph.flowchart.direct_data;",
  text: "text;strokeColor=none;fillColor=none;",
  icon: "",
};

type Palette = [fill: string, stroke: string];

/** Soft fills per kind, in draw.io's own palette. */
const SOFT: Record<NodeKind, Palette> = {
  process: ["#dae8fc", "#6c8ebf"],
  service: ["#d5e8d4", "#82b366"],
  decision: ["#fff2cc", "#d6b656"],
  start: ["#d5e8d4", "#82b366"],
  end: ["#f8cecc", "#b85450"],
  terminator: ["#e1d5e7", "#9673a6"],
  data: ["#ffe6cc", "#d79b00"],
  io: ["#ffe6cc", "#d79b00"],
  database: ["#dae8fc", "#6c8ebf"],
  document: ["#f5f5f5", "#666666"],
  note: ["#fff2cc", "#d6b656"],
  actor: ["#f5f5f5", "#666666"],
  person: ["#f5f5f5", "#666666"],
  cloud: ["#f5f5f5", "#666666"],
  queue: ["#e1d5e7", "#9673a6"],
  text: ["none", "none"],
  icon: ["#f5f5f5", "#666666"],
};

/** Colours of a theme: node fill/stroke/font, groups, edges and the page background. */
interface Colours {
  node: (kind: NodeKind) => Palette;
  font: string;
  group: Palette;
  swimlaneHeader: string;
  edge: string;
  labelBackground: string;
  background?: string;
}

const THEMES: Record<Theme, Colours> = {
  default: {
    node: (kind) => SOFT[kind],
    font: "#000000",
    group: ["#f8f9fa", "#999999"],
    swimlaneHeader: "#e6eef8",
    edge: "#4d4d4d",
    labelBackground: "#ffffff",
  },
  minimal: {
    node: (kind) => (kind === "text" ? ["none", "none"] : ["none", "#000000"]),
    font: "#000000",
    group: ["none", "#000000"],
    swimlaneHeader: "none",
    edge: "#000000",
    labelBackground: "#ffffff",
  },
  dark: {
    node: (kind) => (kind === "text" ? ["none", "none"] : ["#2d3748", "#a0aec0"]),
    font: "#f7fafc",
    group: ["#1f2733", "#718096"],
    swimlaneHeader: "#2a4365",
    edge: "#cbd5e0",
    labelBackground: "#1a202c",
    background: "#1a202c",
  },
};

/** The page background a theme asks for, if any. */
export function themeBackground(theme: Theme): string | undefined {
  return THEMES[theme].background;
}

/** Whether a kind draws its label outside the shape (beside or below it). */
export function labelOutside(kind: NodeKind): boolean {
  return kind === "icon" || kind === "actor" || kind === "person";
}

/**
 * The share of a queue's width its near end cap takes (`direct_data`'s stencil: 18 of 98
 * units). draw.io centres a stencil's label on the whole box, so the label is kept off the cap
 * with `spacingRight`, in draw.io and in our renderer alike.
 */
export const QUEUE_CAP_SHARE = 18 / 98;

/**
 * The style of a node: the kind's shape (or a named draw.io shape), the theme's colours, then
 * the caller's overrides. `labelSide` places an outside label; `width` (the node's) keeps a
 * queue's label on its body, off its end cap.
 *
 * @example
 * nodeStyle("decision", "default"); // "rhombus;whiteSpace=wrap;html=1;fillColor=#fff2cc;…"
 * nodeStyle("queue", "default", undefined, undefined, 147); // "…direct_data;spacingRight=27;…"
 */
export function nodeStyle(
  kind: NodeKind,
  theme: Theme,
  shape: string | undefined,
  labelSide: "right" | "bottom" | undefined,
  width?: number,
): string {
  const colours = THEMES[theme];
  const [fill, stroke] = colours.node(kind);
  let base = SHAPES[kind];
  if (shape !== undefined) base = `shape=${shape};`;
  else if (kind === "queue" && width !== undefined) {
    base += `spacingRight=${Math.round(width * QUEUE_CAP_SHARE)};`;
  }
  let style = `${base}whiteSpace=wrap;html=1;`;
  if (kind !== "icon" || shape === undefined) style += `fillColor=${fill};strokeColor=${stroke};`;
  else style += "aspect=fixed;";
  style += `fontColor=${colours.font};`;
  if (labelSide === "right") {
    style +=
      "labelPosition=right;verticalLabelPosition=middle;align=left;verticalAlign=middle;spacingLeft=6;";
  } else if (labelSide === "bottom") {
    style += "labelPosition=center;verticalLabelPosition=bottom;align=center;verticalAlign=top;";
  }
  return style;
}

/** The style of a group: a titled box, a swimlane with a header, or a dashed zone. */
export function groupStyle(kind: GraphGroup["kind"], theme: Theme): string {
  const colours = THEMES[theme];
  const [fill, stroke] = colours.group;
  const common = `html=1;whiteSpace=wrap;container=1;collapsible=0;fontColor=${colours.font};strokeColor=${stroke};`;
  switch (kind) {
    case "swimlane":
      return `swimlane;startSize=30;horizontal=1;fontStyle=1;fillColor=${colours.swimlaneHeader};swimlaneFillColor=${fill};${common}`;
    case "zone":
      return `rounded=1;arcSize=4;dashed=1;fillColor=none;verticalAlign=top;align=left;spacingLeft=10;spacingTop=4;fontStyle=2;${common}`;
    default:
      return `rounded=1;arcSize=4;fillColor=${fill};verticalAlign=top;align=left;spacingLeft=10;spacingTop=4;fontStyle=1;${common}`;
  }
}

/** The style of an edge: straight segments through the routed waypoints, pinned ends. */
export function edgeStyle(edge: GraphEdge, theme: Theme): string {
  const colours = THEMES[theme];
  let style = `rounded=0;html=1;strokeColor=${colours.edge};fontColor=${colours.font};labelBackgroundColor=${colours.labelBackground};fontSize=11;`;
  if (edge.kind === "dashed") style += "dashed=1;";
  if (edge.kind === "dotted") style += "dashed=1;dashPattern=1 3;";
  style += edge.arrow === "none" ? "endArrow=none;" : "endArrow=block;endFill=1;";
  if (edge.arrow === "both") style += "startArrow=block;startFill=1;";
  return style;
}
