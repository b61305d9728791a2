/** Sidebar templates: what the data files keep of each palette entry, and how it is read. */

import { DOMParser, type Element } from "@xmldom/xmldom";
import { decompress } from "./drawio-files.ts";
import { countCells, MockCell } from "./mock-model.ts";
import { isFunction, isRecord } from "./unknown-values.ts";

/** The first cells of a template, which is all the data files keep. */
export interface TemplateCell {
  style: string;
  edge: boolean;
  label: string;
}

/**
 * A sidebar item as our `createItem` override records it.
 *
 * @example
 * new TemplateItem([{ style: "ellipse;", edge: false, label: "" }], 1, "Ellipse", 80, 80);
 */
export class TemplateItem {
  top: TemplateCell[];
  cellCount: number;
  title: string;
  w: number;
  h: number;
  tags: string | undefined;
  /** draw.io's search library id when the entry was created (setCurrentSearchEntryLibrary). */
  lib: string | null;

  constructor(top: TemplateCell[], cellCount: number, title: string, w: number, h: number) {
    this.top = top;
    this.cellCount = cellCount;
    this.title = title;
    this.w = w;
    this.h = h;
    this.tags = undefined;
    this.lib = null;
  }
}

/** The visible text of a cell value (a string, or an XML `<object label="…">`). */
function labelOf(value: unknown): string {
  let text = "";
  if (typeof value === "string") text = value;
  else if (isRecord(value) && isFunction(value.getAttribute)) {
    const label = value.getAttribute.call(value, "label");
    if (typeof label === "string") text = label;
  }
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The template of cells draw.io's own code built (what `Sidebar.createItem` receives).
 *
 * @example
 * templateFromCells([cell], "Rectangle", 120, 60).top[0]?.style; // "rounded=0;whiteSpace=wrap;"
 */
export function templateFromCells(
  cells: unknown,
  title: unknown,
  w: unknown,
  h: unknown,
): TemplateItem {
  const list = Array.isArray(cells)
    ? cells.filter((c): c is MockCell => c instanceof MockCell)
    : [];
  const top = list.map((cell) => ({
    style: cell.style ?? "",
    edge: cell.edge && !cell.vertex,
    label: labelOf(cell.value),
  }));
  return new TemplateItem(top, countCells(list), textOf(title), Number(w), Number(h));
}

/**
 * A title or tag argument as text ("" when a script passed something else).
 *
 * @example
 * textOf(undefined); // ""
 */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Reads the cells of a compressed `<mxGraphModel>` like `createVertexTemplateFromData`.
 *
 * @example
 * templateFromData(data, "Container", 200, 100).cellCount; // cells below the default layer
 */
export function templateFromData(
  data: string,
  title: unknown,
  w: unknown,
  h: unknown,
): TemplateItem {
  const doc = new DOMParser().parseFromString(decompress(data), "text/xml");
  const cells: { id: string; parent: string | null; el: Element; holder: Element }[] = [];
  const all = doc.getElementsByTagName("mxCell");
  for (let i = 0; i < all.length; i++) {
    const el = all.item(i);
    if (el === null) continue;
    // User objects carry the id and label; the mxCell inside carries style and parent.
    const holder =
      el.parentNode !== null && el.parentNode.nodeName !== "root" ? (el.parentNode as Element) : el;
    const id = holder.getAttribute("id") ?? el.getAttribute("id") ?? "";
    cells.push({ id, parent: el.getAttribute("parent"), el, holder });
  }
  const rootCell = cells.find((c) => c.parent === null);
  const layer = cells.find((c) => rootCell !== undefined && c.parent === rootCell.id);
  const topCells = cells.filter((c) => layer !== undefined && c.parent === layer.id);
  const top = topCells.map((c) => ({
    style: c.el.getAttribute("style") ?? "",
    edge: c.el.getAttribute("edge") === "1" && c.el.getAttribute("vertex") !== "1",
    label: labelOf(c.holder === c.el ? (c.el.getAttribute("value") ?? "") : c.holder),
  }));
  const count = cells.length - (rootCell === undefined ? 0 : 1) - (layer === undefined ? 0 : 1);
  return new TemplateItem(top, count, textOf(title), Number(w), Number(h));
}
