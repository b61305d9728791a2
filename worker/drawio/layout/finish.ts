/**
 * The finishing passes over a laid-out page: jogging edges straightened, shared edge lines
 * separated, then labels cleared.
 */
import type { DiagramDocument } from "../model/document.ts";
import { clearEdgeLabels } from "./edges/label-placement.ts";
import { separateSharedSegments } from "./edges/separation.ts";
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
  const straight = straightenEdges(doc, index);
  const separated = separateSharedSegments(straight.document, index);
  const cleared = clearEdgeLabels(separated.document, index);
  const changed = [...new Set([...straight.straightened, ...separated.moved, ...cleared.moved])];
  return { document: cleared.document, changed };
}
