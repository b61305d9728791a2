/**
 * The treemap's cells: sections as draw.io containers (a swimlane whose title bar names the
 * section and its total) holding their children, leaves as rectangles showing label and value,
 * every rectangle tiled by the squarified placement.
 */

import { htmlLabel } from "../../layout/to-cells.ts";
import type { Rect } from "../../model/cell.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { vertexCell } from "../cell-edits.ts";
import type { CellIds } from "../cell-ids.ts";
import { withCss } from "../class-defs.ts";
import { SECTION_HUES, type Shades, shadesOf } from "./colours.ts";
import type { TreeItem, Treemap } from "./model.ts";
import { squarify } from "./squarify.ts";

/** A section's title bar height (px). */
export const HEADER = 24;
/** Space between a section's border and its children, and between siblings (px). */
const PAD = 4;
const GAP = 4;

/** What drawing needs besides the model. */
export interface TreemapDrawing {
  model: Treemap;
  ids: CellIds;
  /** Writes a value as the diagram's `valueFormat` says. */
  format: (value: number) => string;
  showValues: boolean;
  cells: XmlElement[];
}

/**
 * Draws the top-level items tiled into `area` on `parent`, each top-level section in its own hue.
 *
 * @example
 * drawForest(drawing, PLACED_LAYER, { x: 20, y: 60, width: 800, height: 500 });
 */
export function drawForest(drawing: TreemapDrawing, parent: string, area: Rect): void {
  const roots = drawing.model.roots;
  const tiles = squarify(
    roots.map((r) => r.total),
    area,
  );
  for (const [i, item] of roots.entries()) {
    const shades = shadesOf(SECTION_HUES[i % SECTION_HUES.length] as string);
    drawItem(drawing, item, parent, inset(tiles[i] as Rect, GAP / 2), shades);
  }
}

function drawItem(
  drawing: TreemapDrawing,
  item: TreeItem,
  parent: string,
  rect: Rect,
  shades: Shades,
): void {
  const id = drawing.ids.claim(item.label === "" ? "item" : item.label);
  const css = drawing.model.classDefs.styleOf(item.classes);
  const box = snap(rect);
  const shown = drawing.showValues ? drawing.format(item.total) : "";
  if (item.value !== undefined) {
    const label = `${htmlLabel(item.label)}${shown === "" ? "" : `<br><b>${htmlLabel(drawing.format(item.value))}</b>`}`;
    const small =
      box.width < 60 || box.height < 34 ? 9 : box.width < 90 || box.height < 44 ? 10 : 12;
    const style = `rounded=0;whiteSpace=wrap;html=1;fillColor=${shades.leaf};strokeColor=${shades.border};fontColor=#1f1f1f;overflow=hidden;fontSize=${small};`;
    drawing.cells.push(vertexCell(id, label, withCss(style, css), parent, box));
    return;
  }
  const label = `<b>${htmlLabel(item.label)}</b>${shown === "" ? "" : `&nbsp;&nbsp;${htmlLabel(shown)}`}`;
  const style = `swimlane;html=1;whiteSpace=wrap;startSize=${HEADER};container=1;collapsible=0;fillColor=${shades.header};swimlaneFillColor=${shades.body};strokeColor=${shades.border};fontColor=#1f1f1f;align=left;spacingLeft=6;overflow=hidden;`;
  drawing.cells.push(vertexCell(id, label, withCss(style, css), parent, box));
  const inner: Rect = {
    x: PAD,
    y: HEADER + PAD,
    width: Math.max(1, box.width - 2 * PAD),
    height: Math.max(1, box.height - HEADER - 2 * PAD),
  };
  const tiles = squarify(
    item.children.map((c) => c.total),
    inner,
  );
  for (const [i, child] of item.children.entries()) {
    drawItem(drawing, child, id, inset(tiles[i] as Rect, GAP / 2), shades);
  }
}

function inset(r: Rect, by: number): Rect {
  const dx = Math.min(by, r.width / 4);
  const dy = Math.min(by, r.height / 4);
  return { x: r.x + dx, y: r.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy };
}

/** Whole pixels, the right and bottom edges rounded rather than the size, so tiles still meet. */
function snap(r: Rect): Rect {
  const x = Math.round(r.x);
  const y = Math.round(r.y);
  return {
    x,
    y,
    width: Math.max(1, Math.round(r.x + r.width) - x),
    height: Math.max(1, Math.round(r.y + r.height) - y),
  };
}
