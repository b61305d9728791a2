/**
 * The lines draw.io's table shape draws over its cells (their own partial rectangles usually
 * draw none): one above each row but the first, one left of each column but the first; and the
 * title strip its label sits in.
 */
import type { Rect } from "../model/cell.ts";
import type { CellStyle } from "./cell-style.ts";
import type { Paint } from "./paint.ts";
import { painted } from "./paint.ts";
import { PathData } from "./svg.ts";

/**
 * The table's row and column lines, from its rows' boxes and its first row's cells' boxes
 * (relative to their parents), inside the title (`startSize`, 40 unless set) as draw.io's
 * `getActualStartSize` gives it.
 *
 * @example
 * tableGrid(rect, style, paint, [row1, row2], [cell1, cell2]); // '<path d="M 0 30 L 200 30 …"/>'
 */
export function tableGrid(
  box: Rect,
  style: CellStyle,
  paint: Paint,
  rows: readonly Rect[],
  columns: readonly Rect[],
): string {
  const size = style.num("startSize", 40);
  const horizontal = style.get("horizontal") !== "0";
  const top = horizontal ? size : 0;
  const left = horizontal ? 0 : size;
  const d = new PathData();
  if (style.get("rowLines") !== "0")
    for (const row of rows.slice(1))
      d.move(box.x + left, box.y + row.y).line(box.x + box.width, box.y + row.y);
  if (style.get("columnLines") !== "0")
    for (const col of columns.slice(1))
      d.move(box.x + col.x + left, box.y + top).line(box.x + col.x + left, box.y + box.height);
  const path = String(d);
  return path ? painted("path", { d: path }, { ...paint, fill: "none" }, false, undefined) : "";
}

/**
 * Where a table's label goes: its title strip (`startSize`, 40 unless set; on the left when
 * `horizontal=0`), as draw.io's table, a kind of swimlane, places it. Without a title strip
 * (`startSize=0`), the whole box.
 *
 * @example
 * tableTitleBox({ x: 0, y: 0, width: 200, height: 120 }, style); // { x: 0, y: 0, width: 200, height: 30 } for startSize=30
 */
export function tableTitleBox(box: Rect, style: CellStyle): Rect {
  const size = style.num("startSize", 40);
  if (size <= 0) return box;
  return style.get("horizontal") !== "0"
    ? { ...box, height: Math.min(size, box.height) }
    : { ...box, width: Math.min(size, box.width) };
}
