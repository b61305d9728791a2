/**
 * The document of a diagram a converter placed itself (charts, timelines, grids) rather than
 * through the layout engine: its cells on one page, sized to the drawing.
 */
import {
  type DiagramDocument,
  defaultPageAttributes,
  emptyPage,
  pageModelAttributes,
} from "../model/document.ts";
import type { XmlElement } from "../xml/nodes.ts";

/** The layer a placed page's top-level cells hang on. */
export const PLACED_LAYER = "1";

/**
 * A one-page document holding `cells` (which hang on {@link PLACED_LAYER} or inside each
 * other) on a page of at least `width` × `height`.
 *
 * @example
 * placedDocument([vertexCell("a", "Cart", "rounded=1;", PLACED_LAYER, rect)], 400, 300);
 */
export function placedDocument(
  cells: readonly XmlElement[],
  width: number,
  height: number,
  background?: string,
): DiagramDocument {
  const page = emptyPage(defaultPageAttributes());
  page.modelAttributes = pageModelAttributes(Math.ceil(width), Math.ceil(height), background);
  page.cells = page.cells.concat(cells);
  return { form: "mxfile", attributes: {}, pages: [page] };
}
