/**
 * The draw.io styles of blocks: one per Mermaid outline (as draw.io's own sidebars write
 * them), the colours of each theme, and the connector styles.
 */
import type { Theme } from "../../layout/spec.ts";
import type { Block, BlockEdge, BlockShape } from "./model.ts";

const SHAPES: Record<Exclude<BlockShape, "arrow">, string> = {
  square: "rounded=0;",
  round: "rounded=1;arcSize=20;",
  stadium: "rounded=1;arcSize=50;",
  subroutine: "shape=process;backgroundOutline=1;size=0.08;",
  cylinder: "shape=cylinder3;boundedLbl=1;backgroundOutline=1;size=10;",
  circle: "ellipse;aspect=fixed;",
  "double-circle": "ellipse;shape=doubleEllipse;aspect=fixed;",
  asymmetric: "shape=mxgraph.arrows2.arrow;dy=0;dx=0;notch=16;",
  rhombus: "rhombus;",
  hexagon: "shape=hexagon;perimeter=hexagonPerimeter2;fixedSize=1;size=16;",
  "lean-right": "shape=parallelogram;perimeter=parallelogramPerimeter;fixedSize=1;size=16;",
  "lean-left": "shape=parallelogram;perimeter=parallelogramPerimeter;fixedSize=1;size=16;flipH=1;",
  trapezoid: "shape=trapezoid;perimeter=trapezoidPerimeter;fixedSize=1;size=16;",
  "trapezoid-top": "shape=mxgraph.flowchart.manual_operation;",
};

/** Fill, outline and text colours of blocks, composites and lines per theme. */
export interface Palette {
  fill: string;
  stroke: string;
  font: string;
  groupFill: string;
  line: string;
  background?: string;
}

/** The colours of a theme: Mermaid's lavender by default, plain for minimal, light-on-dark for dark. */
export function paletteOf(theme: Theme): Palette {
  if (theme === "dark") {
    return {
      fill: "#2D2D44",
      stroke: "#A99BE6",
      font: "#F0F0F0",
      groupFill: "#232330",
      line: "#C8C8C8",
      background: "#1E1E1E",
    };
  }
  if (theme === "minimal") {
    return {
      fill: "#FFFFFF",
      stroke: "#333333",
      font: "#333333",
      groupFill: "#FAFAFA",
      line: "#333333",
    };
  }
  return {
    fill: "#ECECFF",
    stroke: "#9370DB",
    font: "#333333",
    groupFill: "#F8F8FF",
    line: "#333333",
  };
}

/** The style of a leaf block, before its own `style`/`class` colours. */
export function blockStyle(block: Block, palette: Palette): string {
  const shape = block.shape === "arrow" ? arrowShape(block.directions) : SHAPES[block.shape];
  return `${shape}whiteSpace=wrap;html=1;fillColor=${palette.fill};strokeColor=${palette.stroke};fontColor=${palette.font};`;
}

/** A composite block: a container its children sit in. */
export function compositeStyle(palette: Palette, labelled: boolean): string {
  const label = labelled ? "verticalAlign=top;" : "";
  return `rounded=0;whiteSpace=wrap;html=1;container=1;collapsible=0;${label}fillColor=${palette.groupFill};strokeColor=${palette.stroke};fontColor=${palette.font};`;
}

/** draw.io's arrow shape for a block arrow's directions. */
function arrowShape(directions: readonly string[]): string {
  const has = (d: string) => directions.includes(d);
  const horizontal = has("x") || (has("left") && has("right"));
  const vertical = has("y") || (has("up") && has("down"));
  const across = has("left") || has("right") || has("x");
  const along = has("up") || has("down") || has("y");
  if (across && along) return "shape=mxgraph.arrows2.quadArrow;dy=10;dx=20;notch=24;arrowHead=10;";
  if (horizontal) return "shape=doubleArrow;";
  if (vertical) return "shape=doubleArrow;direction=south;";
  if (has("left")) return "shape=singleArrow;direction=west;";
  if (has("up")) return "shape=singleArrow;direction=north;";
  if (has("down")) return "shape=singleArrow;direction=south;";
  return "shape=singleArrow;";
}

/** A connector: straight legs through the waypoints the router found. */
export function edgeStyle(edge: BlockEdge, palette: Palette): string {
  const line =
    edge.line === "dotted"
      ? "dashed=1;dashPattern=2 3;"
      : edge.line === "thick"
        ? "strokeWidth=3;"
        : "";
  const arrow = (name: string) => (name === "none" ? "none" : name);
  const fill = (name: string) => (name === "block" || name === "oval" ? "1" : "0");
  return (
    `rounded=0;html=1;${line}endArrow=${arrow(edge.endArrow)};endFill=${fill(edge.endArrow)};` +
    `startArrow=${arrow(edge.startArrow)};startFill=${fill(edge.startArrow)};` +
    `strokeColor=${palette.line};fontColor=${palette.font};labelBackgroundColor=${palette.background ?? "#FFFFFF"};`
  );
}
