/**
 * An entity as draw.io's ER table (the "Table" entries of draw.io's entity relation sidebar):
 * a `shape=table` container with the name as its header, one `shape=tableRow` per attribute and
 * one `partialRectangle` cell per column in each row.
 */
import type { Theme } from "../../layout/spec.ts";
import { nodeStyle } from "../../layout/themes.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import { getStyleValue } from "../../model/style.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { touch, vertexCell } from "../cell-edits.ts";
import type { CellIds } from "../cell-ids.ts";
import { type CssStyle, withCss } from "../class-defs.ts";
import { markdownHtml } from "../markdown.ts";
import type { Entity } from "./model.ts";
import { type Column, cellText, type TableSize } from "./table-size.ts";

const TABLE =
  "shape=table;startSize=30;container=1;collapsible=1;childLayout=tableLayout;fixedRows=1;rowLines=0;fontStyle=1;align=center;resizeLast=1;html=1;whiteSpace=wrap;";
const ROW =
  "shape=tableRow;horizontal=0;startSize=0;swimlaneHead=0;swimlaneBody=0;collapsible=0;dropTarget=0;points=[[0,0.5],[1,0.5]];portConstraint=eastwest;top=0;left=0;right=0;bottom=0;html=1;";
const CELL =
  "shape=partialRectangle;connectable=0;fillColor=none;top=0;left=0;bottom=0;right=0;overflow=hidden;whiteSpace=wrap;html=1;";
/** Per column: keys centred and bold, the others left; primary key names bold and underlined. */
const COLUMN: Record<Column, string> = {
  keys: "align=center;fontStyle=1;",
  type: "align=left;spacingLeft=6;",
  name: "align=left;spacingLeft=6;",
  comment: "align=left;spacingLeft=6;fontStyle=2;",
};
/** The body under a table's header, per theme. */
const BODY: Record<Theme, string> = { default: "#ffffff", minimal: "#ffffff", dark: "#1a202c" };

/** What drawing a table needs besides the entity. */
export interface TableContext {
  theme: Theme;
  ids: CellIds;
  css: CssStyle;
}

/**
 * Restyles the laid-out box of an entity (same id, place and connectors) as an ER table and
 * returns its rows and cells, which follow it in the page.
 *
 * @example
 * page.cells.push(...drawTable(cell, entity, tableSize(entity), context));
 */
export function drawTable(
  cell: XmlElement,
  entity: Entity,
  size: TableSize,
  context: TableContext,
): XmlElement[] {
  touch(cell);
  const themed = nodeStyle("process", context.theme, undefined, undefined);
  const colour = (key: string) => context.css.keys[key] ?? getStyleValue(themed, key) ?? "none";
  const font = colour("fontColor");
  const stroke = colour("strokeColor");
  const body = context.css.keys.fillColor ?? BODY[context.theme];
  const header = entity.attributes.length === 0 ? size.height : size.header;
  const colours = `fillColor=${colour("fillColor")};strokeColor=${stroke};fontColor=${font};`;
  cell.attrs.value = markdownHtml(entity.label);
  cell.attrs.style = withCss(
    `${TABLE.replace("startSize=30;", `startSize=${header};`)}${colours}`,
    context.css,
  );
  const out: XmlElement[] = [];
  const leadingKeys = entity.attributes.findIndex((a) => !a.keys.includes("PK"));
  let y = header;
  entity.attributes.forEach((attribute, index) => {
    const height = size.rows[index] ?? 26;
    const rowId = context.ids.next(`${entity.id}-row`);
    // A line under the primary keys when they come first, as draw.io's ER tables draw it.
    const underline = index === leadingKeys - 1 ? "bottom=1;" : "";
    const rowStyle = `${ROW.replace("bottom=0;", underline || "bottom=0;")}fillColor=${body};strokeColor=${stroke};`;
    out.push(vertexCell(rowId, "", rowStyle, entity.id, { x: 0, y, width: size.width, height }));
    let x = 0;
    for (const { column, width } of size.columns) {
      const primary = column === "name" && attribute.keys.includes("PK") ? "fontStyle=5;" : "";
      const style = `${CELL}${COLUMN[column]}${primary}fontColor=${font};`;
      const text = htmlLabel(cellText(attribute, column));
      out.push(
        vertexCell(context.ids.next(`${rowId}-${column}`), text, style, rowId, {
          x,
          y: 0,
          width,
          height,
        }),
      );
      x += width;
    }
    y += height;
  });
  return out;
}
