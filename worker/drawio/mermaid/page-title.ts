/**
 * The diagram's `title` drawn on a page the layout engine placed, as Mermaid draws it: a bold
 * line centred above the drawing, which moves down to make room. Types that place their own
 * cells (charts, time axes) reserve the room themselves and draw the title with `titleCell` of
 * `chart-parts.ts`.
 */

import type { Theme } from "../layout/spec.ts";
import { htmlLabel } from "../layout/to-cells.ts";
import type { DiagramPage } from "../model/document.ts";
import { measureText } from "../text/estimate.ts";
import { LAYOUT_MARGIN, reparent, vertexCell } from "./cell-edits.ts";

/** The layer `layoutGraph` puts its cells on. */
const LAYER = "1";

/**
 * The colour of a title on a laid-out page: dark grey, or light grey on the dark theme.
 *
 * @example
 * pageTitleColour("dark"); // "#E0E0E0"
 */
export function pageTitleColour(theme: Theme | undefined): string {
  return theme === "dark" ? "#E0E0E0" : "#333333";
}

/**
 * Moves the page's drawing down and writes `title` above it, in 16 px bold, in `colour`; the
 * cell's id is `id`. An empty title draws nothing.
 *
 * @example
 * drawPageTitle(laid.document.pages[0], "System Context", laid.width, "#333333", "c4-title");
 */
export function drawPageTitle(
  page: DiagramPage,
  title: string,
  width: number,
  colour: string,
  id: string,
): void {
  if (title === "") return;
  const size = measureText(title, Number.POSITIVE_INFINITY);
  const titleWidth = Math.ceil(size.width * (16 / 12)) + 20;
  const height = Math.ceil(size.height * (16 / 12)) + 8;
  const shift = height + 16;
  const top = page.cells.filter((c) => c.attrs.parent === LAYER);
  reparent(top, LAYER, LAYER, 0, shift);
  const x = Math.max(LAYOUT_MARGIN, Math.round(width / 2 - titleWidth / 2));
  page.cells.splice(
    2,
    0,
    vertexCell(
      id,
      htmlLabel(title),
      `text;html=1;align=center;verticalAlign=middle;whiteSpace=wrap;strokeColor=none;fillColor=none;fontSize=16;fontStyle=1;fontColor=${colour};`,
      LAYER,
      { x, y: LAYOUT_MARGIN, width: titleWidth, height },
    ),
  );
  const attrs = page.modelAttributes;
  attrs.dy = String(Number(attrs.dy ?? 0) + shift);
  attrs.pageHeight = String(Math.max(Number(attrs.pageHeight ?? 0), Number(attrs.dy)));
}
