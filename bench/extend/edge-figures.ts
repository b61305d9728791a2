/**
 * The edge figures of an `extend` edit: new edges drawn through a shape they do not connect,
 * on top of another edge, or with a pinned end off its shape's outline. The same rules the
 * lint and the layout judge use.
 */
import { danglingEnds, sharedSegments } from "../../worker/drawio/geometry/edge-quality.ts";
import { edgeRoutes } from "../../worker/drawio/geometry/edge-routes.ts";
import type { PageLayout } from "../../worker/drawio/geometry/page-layout.ts";
import { lintCrossings } from "../../worker/drawio/lint/crossings.ts";

/** As the lint: a shape is shrunk by 4 px on each side before edges are tested against it. */
const CROSSING_INSET = 4;

/**
 * New edges that run through at least one unrelated shape.
 *
 * @example
 * throughNew(new PageLayout(page), new Set(["e9"])); // 1
 */
export function throughNew(layout: PageLayout, edges: ReadonlySet<string>): number {
  if (edges.size === 0) return 0;
  const crossing = new Set<string>();
  lintCrossings(
    layout,
    CROSSING_INSET,
    (edge) => {
      crossing.add(edge.id);
      return true;
    },
    undefined,
    edges,
  );
  return crossing.size;
}

/** Pairs of edges drawn on top of each other of which at least one is new. */
export function sharedNew(layout: PageLayout, edges: ReadonlySet<string>): number {
  if (edges.size === 0) return 0;
  return sharedSegments(edgeRoutes(layout)).filter((s) => edges.has(s.a.id) || edges.has(s.b.id))
    .length;
}

/** Ends of new edges pinned off their shape's outline. */
export function danglingNew(layout: PageLayout, edges: ReadonlySet<string>): number {
  if (edges.size === 0) return 0;
  const routes = edgeRoutes(layout).filter((r) => edges.has(r.edge.id));
  return danglingEnds(routes).length;
}
