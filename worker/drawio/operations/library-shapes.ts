/**
 * Library shapes in operations: a vertex that names one gets draw.io's exact style for it when
 * it is added, replaced or restyled.
 */

import { getCellAttribute, isVertex, setCellAttribute } from "../model/cell.ts";
import { libraryShapeName } from "../shapes/library-names.ts";
import {
  applyLibraryShape,
  findLibraryShape,
  type LibraryShapes,
} from "../shapes/library-style.ts";
import type { XmlElement } from "../xml/nodes.ts";

/**
 * Gives a vertex that names a library shape draw.io's exact style for it (see
 * `libraryStyle`): a new or replaced cell, whose whole style the caller wrote.
 *
 * @example
 * restyleCell(el, catalog); // shape=mxgraph.aws4.s3 → the S3 resource icon, green tile
 */
export function restyleCell(cell: XmlElement, shapes: LibraryShapes): void {
  const style = getCellAttribute(cell, "style");
  if (style === undefined || !isVertex(cell)) return;
  const entry = findLibraryShape(style, shapes);
  if (entry === undefined) return;
  const next = applyLibraryShape(style, entry);
  if (next !== style) setCellAttribute(cell, "style", next);
}

/**
 * The style after `set_style`, for a vertex that names a library shape. When the change made
 * it another shape (a box became an icon, an icon another icon), only the colours the change
 * itself sets count as the caller's: the old ones belonged to the old shape. When it stays the
 * same shape, its label stays where it was.
 *
 * @example
 * styleAfterSetStyle(cell, "rounded=1;fillColor=#dae8fc;", merged, ["shape"], catalog);
 */
export function styleAfterSetStyle(
  cell: XmlElement,
  before: string | undefined,
  after: string,
  changed: readonly string[],
  shapes: LibraryShapes,
): string {
  if (!isVertex(cell)) return after;
  const entry = findLibraryShape(after, shapes);
  if (entry === undefined) return after;
  const previous = before === undefined ? undefined : findLibraryShape(before, shapes);
  const same =
    previous !== undefined &&
    libraryShapeName(previous.library, previous.style) ===
      libraryShapeName(entry.library, entry.style);
  return applyLibraryShape(after, entry, same ? { labels: false } : { explicit: changed });
}
