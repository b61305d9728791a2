/**
 * A converted diagram's metadata: the page named after the diagram's title, and the Mermaid
 * accessibility title and description kept on the page's root cell, where draw.io keeps a
 * diagram's own data ("Edit Data" with nothing selected shows them).
 */
import type { DiagramDocument } from "../model/document.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { withCellData } from "./cell-edits.ts";

/** What to write: the page's name and the accessibility texts. */
export interface DiagramMetadata {
  name?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
}

/**
 * The document with its first page named `name` (when given and not blank) and its root cell
 * carrying `accTitle` and `accDescr` (when given). The input is left as it was.
 *
 * @example
 * describeDiagram(document, { name: "Orders", description: "How an order is paid" });
 */
export function describeDiagram(document: DiagramDocument, meta: DiagramMetadata): DiagramDocument {
  const [page, ...rest] = document.pages;
  if (page === undefined) return document;
  const name = meta.name?.trim().slice(0, 200);
  const attributes = name ? { ...page.attributes, name } : page.attributes;
  const data: Record<string, string> = {};
  if (meta.title?.trim()) data.accTitle = meta.title.trim();
  if (meta.description?.trim()) data.accDescr = meta.description.trim();
  const cells =
    Object.keys(data).length === 0 ? page.cells : page.cells.map((c) => withData(c, data));
  return { ...document, pages: [{ ...page, attributes, cells }, ...rest] };
}

/** The root cell (the one without a parent) carrying `data`; others as they are. */
function withData(cell: XmlElement, data: Record<string, string>): XmlElement {
  const root = cell.name === "mxCell" && cell.attrs.parent === undefined;
  return root && cell.attrs.id !== undefined ? withCellData(cell, data) : cell;
}
