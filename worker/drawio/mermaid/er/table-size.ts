/**
 * The size of an entity's table: its header (the name, markdown emphasis shown), its columns
 * (keys, type, name, comment: a column only when some row fills it) and each row's height,
 * from the estimated width of the texts.
 */
import { measureText } from "../../text/estimate.ts";
import { markdownPlain } from "../markdown.ts";
import type { Entity } from "./model.ts";

/** One column of a table: what each row shows in it. */
export type Column = "keys" | "type" | "name" | "comment";

/** Where everything of a table goes, relative to the table. */
export interface TableSize {
  width: number;
  height: number;
  header: number;
  columns: { column: Column; width: number }[];
  rows: number[];
}

/** draw.io's default row height for ER tables is 30; a little tighter reads as well. */
const ROW = 26;
const HEADER = 30;
/** Each cell's text keeps this much room left and right. */
const PADDING = 14;
/** A column wraps past this width instead of growing. */
const MAX_COLUMN = 220;
const MIN_WIDTH = 120;
const LINE = 15;

/** The text an attribute shows in a column. */
export function cellText(attribute: Entity["attributes"][number], column: Column): string {
  if (column === "keys") return attribute.keys.join(", ");
  // Generics as Mermaid shows them: `List~string~` is `List<string>`.
  if (column === "type") return attribute.type.replace(/~([^~]*)~/g, "<$1>");
  return attribute[column];
}

/**
 * Sizes an entity's table.
 *
 * @example
 * tableSize(entity); // { width: 214, height: 108, header: 30, columns: [...], rows: [26, 26, 26] }
 */
export function tableSize(entity: Entity): TableSize {
  const { attributes } = entity;
  const columns: TableSize["columns"] = [];
  const wanted: Column[] = ["keys", "type", "name", "comment"];
  for (const column of wanted) {
    const texts = attributes.map((a) => cellText(a, column));
    if (texts.every((t) => t === "")) continue;
    // Keys and primary key names are bold.
    const widths = attributes.map((a, i) => {
      const bold = column === "keys" || (column === "name" && a.keys.includes("PK"));
      return measureText(texts[i] as string, MAX_COLUMN).width * (bold ? 1.12 : 1);
    });
    columns.push({ column, width: Math.ceil(Math.max(...widths)) + PADDING });
  }
  const rows = attributes.map((a) => {
    let lines = 1;
    for (const { column, width } of columns) {
      lines = Math.max(lines, measureText(cellText(a, column), width - PADDING).lines);
    }
    return Math.max(ROW, lines * LINE + 11);
  });
  const title = measureText(markdownPlain(entity.label), 260);
  const header = Math.max(HEADER, title.height + 14);
  const inner = columns.reduce((sum, c) => sum + c.width, 0);
  const width = Math.max(MIN_WIDTH, inner, Math.ceil(title.width * 1.12) + 24);
  const last = columns[columns.length - 1];
  if (last) last.width += width - inner;
  const height = header + rows.reduce((sum, h) => sum + h, 0);
  return {
    width,
    height: attributes.length === 0 ? Math.max(header, 40) : height,
    header,
    columns,
    rows,
  };
}
