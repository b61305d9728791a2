/**
 * A placed mind map as draw.io cells: the title, every node as its shape in its branch's
 * colours, and a curved connector from each node to each of its children.
 */
import type { Theme } from "../../layout/spec.ts";
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { titleCell } from "../chart-parts.ts";
import { chartText } from "../colours.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import { classColour } from "./classes.ts";
import { nodeHtml } from "./label.ts";
import type { MindmapModel } from "./model.ts";
import type { MindmapPlacement } from "./place.ts";
import { branchColours, branchStyle, nodeStyle } from "./styles.ts";

/** Space around the drawing. */
const MARGIN = 40;

/** The cells of a page and its size. */
export interface MindmapCells {
  cells: XmlElement[];
  width: number;
  height: number;
}

/**
 * Writes the cells of a placed mind map, shifted so the drawing starts at the margin.
 *
 * @example
 * const { cells, width, height } = mindmapCells(model, placeMindmap(model), "default");
 */
export function mindmapCells(
  model: MindmapModel,
  placement: MindmapPlacement,
  theme: Theme,
  title?: string,
): MindmapCells {
  const bounds = boundsOf(placement.rects);
  let top = MARGIN;
  const cells: XmlElement[] = [];
  const ids = new CellIds();
  if (title !== undefined && title !== "") {
    const size = measureText(title, Number.POSITIVE_INFINITY);
    const width = Math.max(size.width * 1.5 + 20, bounds.maxX - bounds.minX);
    const rect = { x: MARGIN, y: MARGIN, width, height: size.height * 1.5 + 10 };
    const look = { colour: chartText(theme), bold: true };
    cells.push(titleCell(ids.claim("title"), title, rect, look));
    top += rect.height + 20;
  }
  const dx = MARGIN - bounds.minX;
  const dy = top - bounds.minY;
  const cellIds = model.nodes.map((n) => ids.claim(n.id));
  for (const node of model.nodes) {
    const r = placement.rects[node.index] as Rect;
    const rect = { x: round(r.x + dx), y: round(r.y + dy), width: r.width, height: r.height };
    const style = nodeStyle(node.shape, branchColours(node.section, theme), node.depth === 0);
    const coloured = classColour(node.classes, style);
    cells.push(
      vertexCell(cellIds[node.index] as string, nodeHtml(node), coloured, PLACED_LAYER, rect),
    );
  }
  for (const node of model.nodes) {
    for (const child of node.children) {
      const style = branchStyle(
        branchColours(child.section, theme),
        child.depth,
        placement.left[child.index] === true,
      );
      const ends = {
        source: cellIds[node.index] as string,
        target: cellIds[child.index] as string,
      };
      cells.push(edgeCell(ids.next("branch"), "", style, PLACED_LAYER, ends));
    }
  }
  return {
    cells,
    width: bounds.maxX - bounds.minX + 2 * MARGIN,
    height: bounds.maxY - bounds.minY + top + MARGIN,
  };
}

/** The extent of every rectangle. */
function boundsOf(rects: readonly Rect[]) {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  return { minX, minY, maxX, maxY };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
