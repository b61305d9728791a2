/**
 * How far new nodes sit from what they are linked to, against how far linked shapes sit on the
 * page before the edit: 1 is as close as the diagram's own links, 3 is three times as far.
 */

import type { LayoutCell, PageLayout } from "../../worker/drawio/geometry/page-layout.ts";
import { getCellAttribute, type Point, type Rect } from "../../worker/drawio/model/cell.ts";
import { median } from "../stats.ts";

/**
 * The median over new nodes of each one's median centre distance to its linked shapes, divided
 * by the median centre distance of the page's links before the edit; undefined when there are
 * no new nodes with a link or the page had no links between placed shapes.
 *
 * @example
 * distanceRatio(new PageLayout(before), new PageLayout(after), newNodes); // 1.2
 */
export function distanceRatio(
  old: PageLayout,
  layout: PageLayout,
  nodes: readonly LayoutCell[],
): number | undefined {
  const page = linkedDistances(old);
  if (page.length === 0) return undefined;
  const scale = median(page);
  if (scale <= 0) return undefined;
  const fresh = new Set(nodes.map((n) => n.id));
  const near = new Map<string, number[]>();
  for (const [a, b, d] of links(layout)) {
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      if (!fresh.has(me.id) || other === me) continue;
      const list = near.get(me.id);
      if (list) list.push(d);
      else near.set(me.id, [d]);
    }
  }
  const own = [...near.values()].map(median);
  return own.length === 0 ? undefined : median(own) / scale;
}

/** Centre distances of the links between two different placed vertices. */
export function linkedDistances(layout: PageLayout): number[] {
  return links(layout)
    .filter(([a, b]) => a !== b)
    .map(([, , d]) => d);
}

function links(layout: PageLayout): Array<[LayoutCell, LayoutCell, number]> {
  const out: Array<[LayoutCell, LayoutCell, number]> = [];
  for (const cell of layout.cells) {
    if (!cell.edge) continue;
    const a = layout.get(getCellAttribute(cell.element, "source"));
    const b = layout.get(getCellAttribute(cell.element, "target"));
    const ra = a?.vertex ? layout.absoluteRect(a) : undefined;
    const rb = b?.vertex ? layout.absoluteRect(b) : undefined;
    if (a && b && ra && rb) out.push([a, b, distance(centre(ra), centre(rb))]);
  }
  return out;
}

function centre(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

function distance(p: Point, q: Point): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}
