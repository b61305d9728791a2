/**
 * Jogs taken out of edges: an edge between two shapes side by side that the layered router drew
 * as a staircase (its ports put at fixed shares of sides of different heights, a label's room in
 * between) is drawn as one straight line when one fits.
 */
import { countEdgeCrossings, sharedSegments } from "../../geometry/edge-quality.ts";
import type { EdgeRoute } from "../../geometry/edge-routes.ts";
import {
  insetRect,
  type LayoutCell,
  pointsBox,
  rectsMeet,
  unionRect,
} from "../../geometry/page-layout.ts";
import { edgeCrossingTest } from "../../lint/index.ts";
import type { Point, Rect } from "../../model/cell.ts";
import { outlineDistance } from "../../outline/index.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import type { DrawnPage } from "./drawn-page.ts";
import { endOnOutline } from "./ends.ts";
import { writtenRoute } from "./separation.ts";

/** A straight line keeps this far (px) from the corners of the sides it joins. */
const CORNER = 6;

/**
 * Draws as one straight line each edge that leaves one shape and enters another straight across
 * from it with bends in between (ELK puts ports at fixed shares of a side, so between shapes of
 * different heights the line jogs, twice more with a label's room in the middle). The line is
 * put at the height (or, in a vertical flow, the x) the two facing sides share nearest the old
 * ends; it is kept only if it shares no line with another edge, crosses no more edges than
 * before and runs through no shape. Returns the ids of the edges changed.
 *
 * @example
 * const drawn = new DrawnPage(page); straightenEdges(drawn); // ["edge-3"], committed to `drawn`
 */
export function straightenEdges(drawn: DrawnPage): string[] {
  const { layout, routes } = drawn;
  const replaced = new Map<string, XmlElement>();
  const boxes = routes.map((r) => pointsBox(r.points));
  const crosses = edgeCrossingTest(layout);
  // Shapes that could stand between two ends: vertices holding no other cell (not a group).
  const parents = new Set(layout.cells.map((c) => c.parent));
  const shapes = layout.cells
    .filter((c) => c.vertex && !c.relative && !parents.has(c))
    .map((cell) => ({ cell, rect: layout.absoluteRect(cell) }));
  routes.forEach((route, at) => {
    const lines = straightLines(route);
    // A shape between the two ends is in the way of every level: a jog there is not needless.
    if (lines.length === 0 || shapeBetween(shapes, lines, route)) return;
    for (const points of lines) {
      const trial: EdgeRoute = { ...route, points };
      // Only the edges near the old or the new line can meet it: the rest cancel out.
      const reach = insetRect(unionRect(pointsBox(points), boxes[at] as Rect), -2);
      const near = routes.filter((_, i) => i !== at && rectsMeet(boxes[i] as Rect, reach));
      if (near.some((other) => sharedSegments([trial, other]).length > 0)) continue;
      if (crossingsWith(trial, near) > crossingsWith(route, near)) continue;
      const cell = writtenRoute(layout, trial);
      if (crosses(layout.withElement(route.edge, cell))) continue;
      routes[at] = trial;
      boxes[at] = pointsBox(points);
      replaced.set(route.edge.id, cell);
      return;
    }
  });
  drawn.commit(replaced);
  return [...replaced.keys()];
}

/** Straight routes that could replace a jogging one, nearest its ends first; none if it cannot. */
function straightLines(route: EdgeRoute): Point[][] {
  const { points } = route;
  const [source, target] = route.ends;
  if (points.length < 4 || !source.rect || !target.rect || !source.cell || !target.cell) return [];
  const first = points[0] as Point;
  const last = points[points.length - 1] as Point;
  const flat = (a: Point, b: Point) => Math.abs(a.y - b.y) < 0.5;
  const upright = (a: Point, b: Point) => Math.abs(a.x - b.x) < 0.5;
  const [p1, pn] = [points[1] as Point, points[points.length - 2] as Point];
  const alongX = flat(first, p1) && flat(pn, last);
  if (!alongX && !(upright(first, p1) && upright(pn, last))) return [];
  // Work in a frame where the flow runs along x: a vertical flow is mirrored through y = x.
  const swap = (p: Point): Point => (alongX ? p : { x: p.y, y: p.x });
  const swapRect = (r: Rect): Rect =>
    alongX ? r : { x: r.y, y: r.x, width: r.height, height: r.width };
  const [a, b] = [swapRect(source.rect), swapRect(target.rect)];
  const rightward = b.x >= a.x + a.width;
  if (!rightward && a.x < b.x + b.width) return [];
  const low = Math.max(a.y, b.y) + CORNER;
  const high = Math.min(a.y + a.height, b.y + b.height) - CORNER;
  if (low > high) return [];
  const ends = [swap(first).y, swap(last).y];
  const wanted = (ends[0] as number) / 2 + (ends[1] as number) / 2;
  // Between the old ends first, then at either end: a line nearer the ports ELK chose.
  const levels = [wanted, ...ends]
    .map((y) => Math.min(high, Math.max(low, Math.round(y * 100) / 100)))
    .filter((y, i, all) => all.indexOf(y) === i);
  // A side drawn straight along most of its length (a box, rounded or not) takes a line only
  // where it is straight, CORNER px clear of a rounded corner: a converter may restyle the
  // shape later (Mermaid's ER tables), and its corner is not this one. Diamonds, ellipses and
  // the like take the line anywhere their outline meets it.
  const facing = [
    { cell: source.cell, at: rightward ? a.x + a.width : a.x, rect: source.rect, box: a },
    { cell: target.cell, at: rightward ? b.x : b.x + b.width, rect: target.rect, box: b },
  ];
  const onSide = (cell: LayoutCell, rect: Rect, at: number, y: number) =>
    outlineDistance(cell.style, rect, swap({ x: at, y })) <= 0.5;
  const boxLike = facing.map(({ cell, rect, at, box }) =>
    [0.25, 0.5, 0.75].every((share) => onSide(cell, rect, at, box.y + share * box.height)),
  );
  const clear = (y: number) =>
    facing.every(
      ({ cell, rect, at }, k) =>
        !boxLike[k] || [y - CORNER, y, y + CORNER].every((along) => onSide(cell, rect, at, along)),
    );
  const lines: Point[][] = [];
  for (const y of levels.filter(clear)) {
    const from = swap({ x: rightward ? a.x + a.width : a.x, y });
    const to = swap({ x: rightward ? b.x : b.x + b.width, y });
    const out = endOnOutline([from, to], source.rect, source.cell.style ?? "");
    const line = endOnOutline([...out].reverse(), target.rect, target.cell.style ?? "").reverse();
    if (line.length === 2) {
      lines.push(line);
    }
  }
  return lines;
}

/** The crossings of one route with each of the others (theirs among themselves left out). */
function crossingsWith(route: EdgeRoute, others: readonly EdgeRoute[]): number {
  return others.reduce((sum, other) => sum + countEdgeCrossings([route, other]), 0);
}

/** True when a shape other than the ends lies in the band the straight lines would cross. */
function shapeBetween(
  shapes: readonly { cell: LayoutCell; rect: Rect | undefined }[],
  lines: readonly Point[][],
  route: EdgeRoute,
): boolean {
  const band = lines.map((line) => pointsBox(line)).reduce(unionRect);
  const ends = new Set(route.ends.map((end) => end.cell));
  return shapes.some(
    ({ cell, rect: r }) =>
      r !== undefined &&
      !ends.has(cell) &&
      r.x < band.x + band.width &&
      band.x < r.x + r.width &&
      r.y < band.y + band.height &&
      band.y < r.y + r.height,
  );
}
