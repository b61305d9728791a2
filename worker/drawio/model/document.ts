/**
 * The diagram document and its pages, the form every part of the library passes around, with
 * empty pages and documents and copies that swap some cells.
 */

import type { XmlElement } from "../xml/nodes.ts";
import { getCellAttribute } from "./cell.ts";

/** The form a diagram was handed to us in. */
export type DiagramForm = "mxfile" | "model" | "cells";

/**
 * One page of a diagram: the `<diagram>` element's attributes and its graph model.
 * `cells` holds the elements directly under `<root>` in document order — an `<mxCell>`, or an
 * `<object>`/`<UserObject>` wrapper whose own `id` is the cell id and which contains the
 * `<mxCell>` (without an id).
 */
export interface DiagramPage {
  /** Attributes of the `<diagram>` element (`id`, `name`, …). */
  attributes: Record<string, string>;
  /** Attributes of the `<mxGraphModel>` element (`dx`, `grid`, `pageWidth`, …). */
  modelAttributes: Record<string, string>;
  /** The cells under `<root>`, in document order. */
  cells: XmlElement[];
  /** Whether the page content was compressed in the source. */
  compressed: boolean;
}

/**
 * A parsed draw.io document: one or more pages plus the `<mxfile>` attributes.
 *
 * @example
 * const doc = parseDiagram(xml);
 * doc.pages[0].cells.length;
 */
export interface DiagramDocument {
  form: DiagramForm;
  /** Attributes of the `<mxfile>` element (`host`, `version`, …); empty for bare models. */
  attributes: Record<string, string>;
  pages: DiagramPage[];
}

/** The two cells every draw.io model starts with: the root and the default layer. */
export function defaultRootCells(): XmlElement[] {
  return [
    { name: "mxCell", attrs: { id: "0" }, children: [] },
    { name: "mxCell", attrs: { id: "1", parent: "0" }, children: [] },
  ];
}

/** The `<diagram>` attributes of a page that came without any. */
export function defaultPageAttributes(): Record<string, string> {
  return { id: "page-1", name: "Page-1" };
}

/**
 * The `<mxGraphModel>` attributes of a new page holding a drawing of `width` × `height` px: a
 * grid of 10, draw.io's editing switches on, and a page at least 850 × 1100.
 *
 * @example
 * pageModelAttributes(400, 300).pageHeight; // "1100"
 * pageModelAttributes(400, 300, "#1a202c").background; // "#1a202c"
 */
export function pageModelAttributes(
  width: number,
  height: number,
  background?: string,
): Record<string, string> {
  return {
    dx: String(width),
    dy: String(height),
    grid: "1",
    gridSize: "10",
    guides: "1",
    tooltips: "1",
    connect: "1",
    arrows: "1",
    fold: "1",
    page: "1",
    pageScale: "1",
    pageWidth: String(Math.max(850, width)),
    pageHeight: String(Math.max(1100, height)),
    math: "0",
    shadow: "0",
    ...(background ? { background } : {}),
  };
}

/**
 * An empty page: the root cell and one layer.
 *
 * @example
 * emptyPage({ id: "p2", name: "Second" }).cells.length; // 2
 */
export function emptyPage(
  attributes: Record<string, string> = defaultPageAttributes(),
): DiagramPage {
  return { attributes, modelAttributes: {}, cells: defaultRootCells(), compressed: false };
}

/**
 * A new, empty one-page document (root cell and one layer).
 *
 * @example
 * const doc = emptyDocument();
 * serializeDiagram(doc); // '<mxfile><diagram id="page-1" name="Page-1">…'
 */
export function emptyDocument(): DiagramDocument {
  return {
    form: "mxfile",
    attributes: {},
    pages: [emptyPage()],
  };
}

/**
 * A copy of a document whose page `index` has some cells replaced (by id); the other pages and
 * cells are shared with the input, which is left as it was.
 *
 * @example
 * withReplacedCells(doc, 0, new Map([["edge-3", movedEdge]]));
 */
export function withReplacedCells(
  doc: DiagramDocument,
  index: number,
  replaced: ReadonlyMap<string, XmlElement>,
): DiagramDocument {
  if (replaced.size === 0) return doc;
  const pages = doc.pages.map((page, i) =>
    i === index
      ? {
          ...page,
          cells: page.cells.map((cell) => replaced.get(getCellAttribute(cell, "id") ?? "") ?? cell),
        }
      : page,
  );
  return { ...doc, pages };
}
