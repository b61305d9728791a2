/**
 * How a mind map looks in draw.io: a colour per top-level branch as Mermaid's default theme
 * picks them (pastel fills, the root a deeper blue), each Mermaid shape as a draw.io shape, and
 * draw.io's own mind map connector (curved, leaving each node sideways).
 */
import type { Theme } from "../../layout/spec.ts";
import { COLOUR_SCALE_HUES, hsl } from "../colours.ts";
import type { MindmapShape } from "./model.ts";

/** The colours of one branch (or the root). */
export interface BranchColours {
  fill: string;
  font: string;
  line: string;
}

/** The branches' hues: Mermaid's colour scale after its first hue, which is the root's. */
const HUES = COLOUR_SCALE_HUES.slice(1);

/** How many top-level branches get their own colour before the colours repeat. */
export const BRANCH_COLOURS = HUES.length;

/**
 * The colours of a top-level branch (`section` ≥ 0) or the root (-1) in the theme.
 *
 * @example
 * branchColours(0, "default").fill; // "#ffffab"
 */
export function branchColours(section: number, theme: Theme): BranchColours {
  const dark = theme === "dark";
  if (section < 0) {
    return dark
      ? { fill: hsl(240, 60, 45), font: "#ffffff", line: hsl(240, 60, 65) }
      : { fill: hsl(240, 90, 50), font: "#ffffff", line: hsl(240, 90, 50) };
  }
  const hue = HUES[section % HUES.length] ?? 0;
  return dark
    ? { fill: hsl(hue, 45, 32), font: "#f5f5f5", line: hsl(hue, 55, 55) }
    : { fill: hsl(hue, 100, section === 0 ? 84 : 86), font: "#333333", line: hsl(hue, 75, 68) };
}

/** draw.io style keys for each Mermaid shape. */
const SHAPE_STYLES: Record<MindmapShape, string> = {
  default: "rounded=1;arcSize=30;",
  rounded: "rounded=1;arcSize=50;",
  square: "rounded=0;",
  circle: "ellipse;aspect=fixed;",
  cloud: "ellipse;shape=cloud;",
  bang: "shape=mxgraph.basic.8_point_star;",
  hexagon: "shape=hexagon;perimeter=hexagonPerimeter2;fixedSize=1;size=14;",
};

/**
 * The style of a node: its shape, its branch's colours, draw.io's mind map behaviour (moving a
 * node moves its branch, branches fold).
 */
export function nodeStyle(shape: MindmapShape, colours: BranchColours, root: boolean): string {
  const font = root ? "fontSize=14;fontStyle=1;" : "fontSize=12;";
  return (
    `${SHAPE_STYLES[shape]}whiteSpace=wrap;html=1;align=center;verticalAlign=middle;` +
    `fillColor=${colours.fill};strokeColor=${colours.line};fontColor=${colours.font};${font}` +
    "treeFolding=1;treeMoving=1;"
  );
}

/**
 * The style of the connector from a node to its child: draw.io's mind map edge, as thick as
 * Mermaid draws it at that depth, leaving the parent on the child's side.
 */
export function branchStyle(colours: BranchColours, depth: number, left: boolean): string {
  const width = Math.max(2, 8 - 2 * (depth - 1));
  const [exitX, entryX] = left ? [0, 1] : [1, 0];
  return (
    "edgeStyle=entityRelationEdgeStyle;curved=1;startArrow=none;endArrow=none;segment=10;" +
    "sourcePerimeterSpacing=0;targetPerimeterSpacing=0;html=1;" +
    `exitX=${exitX};exitY=0.5;exitDx=0;exitDy=0;entryX=${entryX};entryY=0.5;entryDx=0;entryDy=0;` +
    `strokeColor=${colours.line};strokeWidth=${width};`
  );
}
