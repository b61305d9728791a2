/**
 * The sankey's cells: each node a thin bar with its name (and value) beside it, each link a
 * curved connector from its source to its target as wide as its flow, in the source's colour
 * and see-through, led through the gaps of the columns it passes.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Point } from "../../model/cell.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import type { CellIds } from "../cell-ids.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { FlowLink, FlowNode, Sankey } from "./model.ts";

/** Mermaid's node colours (d3's Tableau 10), by node in order of first mention. */
export const TABLEAU = [
  "#4e79a7",
  "#f28e2c",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc949",
  "#af7aa1",
  "#ff9da7",
  "#9c755f",
  "#bab0ab",
];
/** A node bar's width (px), as Mermaid draws it. */
export const NODE_WIDTH = 10;

/** Where the drawing sits and how it is labelled. */
export interface SankeyFrame {
  left: number;
  top: number;
  /** Horizontal distance between two columns' left edges. */
  step: number;
  padding: number;
  columns: FlowNode[][];
  ends: Map<FlowLink, { exit: number; entry: number; width: number }>;
  /** The number as a label writes it, or undefined when values are not shown. */
  valueText?: (value: number) => string;
  /** "source", "target" or a colour. */
  linkColour: string;
  textColour: string;
}

/**
 * The cells of the links (first, so the node bars are drawn over them) and of the nodes.
 *
 * @example
 * sankeyCells(sankey, frame, new CellIds());
 */
export function sankeyCells(sankey: Sankey, frame: SankeyFrame, ids: CellIds): XmlElement[] {
  const nodeIds = sankey.nodes.map((n) => ids.claim(n.name === "" ? "node" : n.name));
  const colour = (n: FlowNode) => TABLEAU[n.index % TABLEAU.length] as string;
  const x = (column: number) => frame.left + column * frame.step;
  const cells: XmlElement[] = [];
  for (const link of sankey.links) {
    const end = frame.ends.get(link) ?? { exit: 0, entry: 0, width: 1 };
    const { source, target } = link;
    const fill =
      frame.linkColour === "source"
        ? colour(source)
        : frame.linkColour === "target"
          ? colour(target)
          : frame.linkColour;
    const fy = (n: FlowNode, at: number) => round(n.height > 0 ? at / n.height : 0.5, 4);
    const style = `curved=1;endArrow=none;startArrow=none;html=1;noLabel=1;strokeWidth=${round(end.width, 2)};strokeColor=${fill};strokeOpacity=45;exitX=1;exitY=${fy(source, end.exit)};exitDx=0;exitDy=0;exitPerimeter=0;entryX=0;entryY=${fy(target, end.entry)};entryDx=0;entryDy=0;entryPerimeter=0;`;
    const from = { x: x(source.column) + NODE_WIDTH, y: source.y + frame.top + end.exit };
    const to = { x: x(target.column), y: target.y + frame.top + end.entry };
    const points = route(frame, from, to, source.column, target.column);
    cells.push(
      edgeCell(ids.next("link"), String(link.value), style, PLACED_LAYER, {
        source: nodeIds[source.index] as string,
        target: nodeIds[target.index] as string,
        points,
      }),
    );
  }
  const last = frame.columns.length - 1;
  for (const n of sankey.nodes) {
    const right = last === 0 || n.column < last / 2;
    const side = right
      ? "labelPosition=right;align=left;spacingLeft=6;"
      : "labelPosition=left;align=right;spacingRight=6;";
    const value = frame.valueText ? ` ${htmlLabel(frame.valueText(n.value))}` : "";
    const style = `rounded=0;html=1;fillColor=${colour(n)};strokeColor=none;verticalLabelPosition=middle;verticalAlign=middle;fontColor=${frame.textColour};${side}`;
    const rect = {
      x: x(n.column),
      y: round(n.y + frame.top, 2),
      width: NODE_WIDTH,
      height: round(n.height, 2),
    };
    cells.push(
      vertexCell(
        nodeIds[n.index] as string,
        `${htmlLabel(n.name)}${value}`,
        style,
        PLACED_LAYER,
        rect,
      ),
    );
  }
  return cells;
}

/**
 * The waypoints of a link: a third of the way into the first gap at its exit height, across
 * each column it passes through a gap between that column's nodes, and a third of the way
 * before its target at the entry height, so that draw.io's curve bends like a sankey band.
 */
function route(frame: SankeyFrame, from: Point, to: Point, c0: number, c1: number): Point[] {
  const gap = frame.step - NODE_WIDTH;
  const points: Point[] = [{ x: from.x + gap / 3, y: from.y }];
  for (let c = c0 + 1; c < c1; c++) {
    const left = frame.left + c * frame.step;
    const t = (left - from.x) / Math.max(1, to.x - from.x);
    const y =
      gapNear(frame.columns[c] ?? [], from.y + (to.y - from.y) * t - frame.top, frame.padding) +
      frame.top;
    points.push({ x: left - gap / 3, y }, { x: left + NODE_WIDTH + gap / 3, y });
  }
  points.push({ x: to.x - gap / 3, y: to.y });
  return points.map((p) => ({ x: round(p.x, 2), y: round(p.y, 2) }));
}

/** The height nearest `want` that lies in a gap of a column (nodes sorted top to bottom). */
function gapNear(column: readonly FlowNode[], want: number, padding: number): number {
  let lo = 0;
  let hi = column.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const n = column[mid] as FlowNode;
    if (n.y + n.height / 2 < want) lo = mid + 1;
    else hi = mid;
  }
  const above = column[lo - 1];
  const below = column[lo];
  const top = above ? above.y + above.height : Number.NEGATIVE_INFINITY;
  const bottom = below ? below.y : Number.POSITIVE_INFINITY;
  if (want > top && want < bottom) {
    if (above && below) return (top + bottom) / 2;
    return Math.max(top + padding / 2, Math.min(bottom - padding / 2, want));
  }
  return above && below ? (top + bottom) / 2 : above ? top + padding / 2 : bottom - padding / 2;
}

function round(n: number, places: number): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}
