/**
 * The way a drawn diagram flows (down, right, up or left), read from where its edges point: the
 * house style notices when a person turns a diagram.
 */
import type { Direction } from "../../geometry/direction.ts";
import { PageLayout } from "../../geometry/page-layout.ts";
import { getCellAttribute } from "../../model/cell.ts";
import type { DiagramDocument } from "../../model/document.ts";

/** The share of counted edges that must point one way for the diagram to flow that way. */
const AGREEMENT = 0.6;
/** The fewest edges between two shapes that can say which way a diagram flows. */
const FEWEST_EDGES = 2;

/** Each direction's tally, over every page. */
type Tally = Record<Direction, number>;

/** Adds the edges of one page: each counts for the major axis from its source's centre to its target's. */
function tallyPage(layout: PageLayout, tally: Tally): void {
  for (const edge of layout.cells) {
    if (!edge.edge) continue;
    const source = layout.get(getCellAttribute(edge.element, "source"));
    const target = layout.get(getCellAttribute(edge.element, "target"));
    if (!source?.vertex || !target?.vertex || source === target) continue;
    const a = layout.absoluteRect(source);
    const b = layout.absoluteRect(target);
    if (!a || !b) continue;
    const dx = b.x + b.width / 2 - (a.x + a.width / 2);
    const dy = b.y + b.height / 2 - (a.y + a.height / 2);
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 1) continue;
    if (Math.abs(dx) > Math.abs(dy)) tally[dx > 0 ? "right" : "left"]++;
    else tally[dy > 0 ? "down" : "up"]++;
  }
}

/**
 * The direction a document's edges between shapes run (centre to centre, along the major axis):
 * the one at least 60 % of them agree on, when there are at least two; undefined otherwise.
 *
 * @example
 * flowDirection(parseDiagram(chainDrawnLeftToRight)); // "right"
 */
export function flowDirection(doc: DiagramDocument): Direction | undefined {
  const tally: Tally = { down: 0, right: 0, up: 0, left: 0 };
  for (const page of doc.pages) tallyPage(new PageLayout(page), tally);
  const counted = tally.down + tally.right + tally.up + tally.left;
  if (counted < FEWEST_EDGES) return undefined;
  for (const direction of Object.keys(tally) as Direction[]) {
    if (tally[direction] >= AGREEMENT * counted) return direction;
  }
  return undefined;
}
