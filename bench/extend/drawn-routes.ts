/**
 * Edge routes with pinned ends where draw.io draws them. `edgeRoutes` reads `exitX/exitY`
 * (`entryX/entryY`) in the shape's unturned box, but draw.io turns and flips a constraint with
 * its shape (`rotation`, `direction`, `flipH/flipV`), as `constraintFor` in the outline module
 * knows: on a rotated resistor the stored reading lands beside the drawn shape and would count
 * as a dangling end that draw.io does not draw.
 */
import type { Point, Rect } from "../../worker/drawio/cell.ts";
import { type EdgeRoute, type EdgeTerminal, edgeRoutes } from "../../worker/drawio/edge-routes.ts";
import type { PageLayout } from "../../worker/drawio/geometry.ts";
import { readNumber } from "../../worker/drawio/numbers.ts";
import { constraintFor } from "../../worker/drawio/outline/index.ts";

/**
 * The visible routes of a page, each pinned end (without `Dx`/`Dy` offsets) moved to the point
 * its constraint names on the turned, flipped shape.
 *
 * @example
 * danglingEnds(drawnRoutes(new PageLayout(page)));
 */
export function drawnRoutes(layout: PageLayout): EdgeRoute[] {
  return edgeRoutes(layout).map((route) => {
    const source = drawnEnd(route, 0);
    const target = drawnEnd(route, 1);
    if (source === route.ends[0] && target === route.ends[1]) return route;
    const points = route.points.slice();
    points[0] = source.point;
    points[points.length - 1] = target.point;
    return { ...route, points, ends: [source, target] };
  });
}

function drawnEnd(route: EdgeRoute, k: 0 | 1): EdgeTerminal {
  const end = route.ends[k];
  if (!end.pinned || !end.cell || !end.rect) return end;
  const prefix = k === 0 ? "exit" : "entry";
  const at = (key: string) => readNumber(route.style.get(`${prefix}${key}`) ?? undefined);
  const offset = [at("Dx"), at("Dy")].some((v) => Number.isFinite(v) && v !== 0);
  if (offset) return end;
  const point = constraintPoint(end.cell.style, end.rect, { x: at("X"), y: at("Y") });
  return point ? { ...end, point } : end;
}

/**
 * The page point of a constraint: `constraintFor` inverted. Its map from page to constraint is
 * affine (a turn, a flip, a scale), so three points give it exactly.
 */
export function constraintPoint(
  style: string | undefined,
  rect: Rect,
  constraint: Point,
): Point | undefined {
  const o = { x: rect.x, y: rect.y };
  const f0 = constraintFor(style, rect, o);
  const fx = constraintFor(style, rect, { x: o.x + 1, y: o.y });
  const fy = constraintFor(style, rect, { x: o.x, y: o.y + 1 });
  const [a, b, c, d] = [fx.x - f0.x, fy.x - f0.x, fx.y - f0.y, fy.y - f0.y];
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  const rx = constraint.x - f0.x;
  const ry = constraint.y - f0.y;
  return { x: o.x + (d * rx - b * ry) / det, y: o.y + (a * ry - c * rx) / det };
}
