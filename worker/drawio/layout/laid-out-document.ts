/**
 * The one-page document a layout is written into (the model's settings, its root and layer
 * cells, the page named by the spec's title), and its XML, written once.
 */
import {
  type DiagramDocument,
  defaultPageAttributes,
  pageModelAttributes,
} from "../model/document.ts";
import { serializeCell, serializeDiagram } from "../model/serialize.ts";
import { rememberSource, sourceOf, type XmlElement } from "../xml/nodes.ts";
import { xmlText } from "./cell-elements.ts";

/** The page a layout fills: its cells, the ids of its root and layer, its size and look. */
export interface LaidOutPage {
  /** The cells under the layer, in order. */
  cells: XmlElement[];
  root: string;
  layer: string;
  width: number;
  height: number;
  title: string | undefined;
  background: string | undefined;
}

/**
 * A one-page document holding the laid-out cells: grid and page settings as draw.io writes a new
 * diagram's, the page at least Letter size, the theme's background if it has one.
 *
 * @example
 * laidOutDocument({ cells, root: "0", layer: "1", width: 400, height: 300,
 *   title: undefined, background: undefined }).pages[0].cells.length; // cells.length + 2
 */
export function laidOutDocument(page: LaidOutPage): DiagramDocument {
  const { width, height, background } = page;
  const modelAttributes = pageModelAttributes(width, height, background);
  const attributes = defaultPageAttributes();
  if (page.title !== undefined) attributes.name = xmlText(page.title);
  const cells: XmlElement[] = [
    { name: "mxCell", attrs: { id: page.root }, children: [] },
    { name: "mxCell", attrs: { id: page.layer, parent: page.root }, children: [] },
    ...page.cells,
  ];
  return {
    form: "mxfile",
    attributes: {},
    pages: [{ attributes, modelAttributes, cells, compressed: false }],
  };
}

/**
 * The document's XML. Each cell's text is kept as its source, as a parsed cell's is, so that a
 * caller writing the document again (a converter, the agent's working copy) reuses it.
 *
 * @example
 * const xml = writeLaidOut(document);
 */
export function writeLaidOut(document: DiagramDocument): string {
  for (const page of document.pages) {
    for (const cell of page.cells) {
      if (sourceOf(cell) === undefined) rememberSource(cell, serializeCell(cell));
    }
  }
  return serializeDiagram(document);
}
