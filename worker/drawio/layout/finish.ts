/**
 * The finishing passes over a laid-out page: jogging edges straightened, shared edge lines
 * separated, then labels cleared.
 */
import type { DiagramDocument } from "../model/document.ts";
import { DrawnPage } from "./edges/drawn-page.ts";
import { clearDrawnLabels } from "./edges/label-placement.ts";
import { separateDrawn } from "./edges/separation.ts";
import { straightenEdges } from "./edges/straighten.ts";

/**
 * The last touches of a laid-out page, measured on the drawing as draw.io draws it: edges the
 * router drew with needless jogs between shapes side by side are drawn straight, edges the
 * router left on top of each other are moved apart, then labels a reader could take for another
 * edge's move beside their own. Returns a new document (the input is left as it was) and the
 * ids of the edges changed.
 *
 * @example
 * const { document, changed } = finishPage(laidOut.document);
 */
export function finishPage(
  doc: DiagramDocument,
  index = 0,
): { document: DiagramDocument; changed: string[] } {
  const page = doc.pages[index];
  if (!page) return { document: doc, changed: [] };
  // One reading of the page for all three passes, each committing its edges to it.
  const drawn = new DrawnPage(page);
  const straightened = straightenEdges(drawn);
  const separated = separateDrawn(drawn);
  const cleared = clearDrawnLabels(drawn);
  const changed = [...new Set([...straightened, ...separated, ...cleared])];
  return { document: drawn.document(doc, index), changed };
}
