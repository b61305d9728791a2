/**
 * @module libavoid (`libavoid-js`, the WASM build of the Adaptagrams router draw.io's tool server
 * uses) routing the same requests as our router, for the `extend-router` benchmark.
 */

import type { RoutePair, RoutingPage } from "../test/fixtures/route-pairs.ts";
import { endOnOutline } from "../worker/drawio/layout/edges/ends.ts";
import type { Point, Rect } from "../worker/drawio/model/cell.ts";

/** The part of libavoid-js's API the benchmark uses. */
interface AvoidPoint {
  x: number;
  y: number;
}
interface AvoidRouter {
  processTransaction(): void;
  setRoutingParameter(parameter: number, value: number): void;
  setRoutingOption(option: number, value: boolean): void;
}
interface AvoidRoute {
  size(): number;
  get_ps(index: number): AvoidPoint;
}
interface AvoidConnector {
  displayRoute(): AvoidRoute;
}
interface Avoid {
  Router: new (flags: number) => AvoidRouter;
  Point: new (x: number, y: number) => AvoidPoint;
  Rectangle: new (min: AvoidPoint, max: AvoidPoint) => object;
  ShapeRef: new (router: AvoidRouter, polygon: object) => object;
  ShapeConnectionPin: new (
    shape: object,
    classId: number,
    x: number,
    y: number,
    proportional: boolean,
    insideOffset: number,
    directions: number,
  ) => object;
  ConnEnd: new (shape: object, classId: number) => object;
  ConnRef: new (router: AvoidRouter, source: object, target: object) => AvoidConnector;
  destroy(object: object): void;
  OrthogonalRouting: number;
  shapeBufferDistance: number;
  idealNudgingDistance: number;
  segmentPenalty: number;
  nudgeOrthogonalSegmentsConnectedToShapes: number;
  ConnDirUp: number;
  ConnDirDown: number;
  ConnDirLeft: number;
  ConnDirRight: number;
}

/** Pin class of the four side-middle pins each end gets (libavoid picks one of them). */
const SIDE_PINS = 1;

/**
 * Loads libavoid's WASM build; throws, saying why, when the package is missing or will not load.
 *
 * @example
 * const avoid = await loadLibavoid();
 */
export async function loadLibavoid(): Promise<Avoid> {
  // A variable specifier: the package is a devDependency that typecheck must not require.
  const specifier = "libavoid-js";
  const module = (await import(specifier)) as {
    AvoidLib: { load(): Promise<void>; getInstance(): Avoid };
  };
  await module.AvoidLib.load();
  return module.AvoidLib.getInstance();
}

/**
 * Routes `pairs` on `page` with libavoid as an extending caller would: one router holding the
 * page's shapes, one connector added (and the transaction processed) per pair, each connector
 * joining the two shapes through a pin in the middle of each side. libavoid cannot be told of
 * the page's existing edges. Ends are then moved onto the drawn outline as ours are. Answers
 * the final routes (undefined where libavoid gave none) and the time taken (ms).
 *
 * @example
 * const { routes, ms } = libavoidRoutes(avoid, page, pairs, { margin: 10, gap: 6, bend: 40 });
 */
export function libavoidRoutes(
  avoid: Avoid,
  page: RoutingPage,
  pairs: readonly RoutePair[],
  settings: { margin: number; gap: number; bend: number },
): { routes: Array<Point[] | undefined>; ms: number } {
  const started = performance.now();
  const router = new avoid.Router(avoid.OrthogonalRouting);
  router.setRoutingParameter(avoid.shapeBufferDistance, settings.margin);
  router.setRoutingParameter(avoid.idealNudgingDistance, settings.gap);
  router.setRoutingParameter(avoid.segmentPenalty, settings.bend);
  router.setRoutingOption(avoid.nudgeOrthogonalSegmentsConnectedToShapes, true);
  const shapes = new Map<string, object>();
  for (const s of page.shapes)
    shapes.set(s.cell.id, new avoid.ShapeRef(router, box(avoid, s.rect)));
  const pinned = new Set<string>();
  const pin = (id: string) => {
    const shape = shapes.get(id) as object;
    if (!pinned.has(id)) {
      pinned.add(id);
      for (const [x, y, direction] of [
        [0.5, 0, avoid.ConnDirUp],
        [1, 0.5, avoid.ConnDirRight],
        [0.5, 1, avoid.ConnDirDown],
        [0, 0.5, avoid.ConnDirLeft],
      ] as const) {
        new avoid.ShapeConnectionPin(shape, SIDE_PINS, x, y, true, 0, direction);
      }
    }
    return new avoid.ConnEnd(shape, SIDE_PINS);
  };
  const connectors: AvoidConnector[] = [];
  for (const pair of pairs) {
    connectors.push(new avoid.ConnRef(router, pin(pair.source.id), pin(pair.target.id)));
    router.processTransaction();
  }
  const raw = connectors.map((c) => pointsOf(c.displayRoute()));
  const ms = performance.now() - started;
  avoid.destroy(router);
  const routes = raw.map((points, k) => {
    const pair = pairs[k] as RoutePair;
    if (points.length < 2) return undefined;
    const fromSource = endOnOutline(points, pair.source.rect, pair.source.style ?? "");
    return endOnOutline(fromSource.reverse(), pair.target.rect, pair.target.style ?? "").reverse();
  });
  return { routes, ms };
}

function box(avoid: Avoid, r: Rect): object {
  return new avoid.Rectangle(
    new avoid.Point(r.x, r.y),
    new avoid.Point(r.x + r.width, r.y + r.height),
  );
}

/** A route's points without repeats or points in the middle of a straight run. */
function pointsOf(route: AvoidRoute): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < route.size(); k++) {
    const { x, y } = route.get_ps(k);
    const last = out[out.length - 1];
    const before = out[out.length - 2];
    if (last && last.x === x && last.y === y) continue;
    if (
      last &&
      before &&
      ((before.x === last.x && last.x === x) || (before.y === last.y && last.y === y))
    ) {
      out[out.length - 1] = { x, y };
    } else {
      out.push({ x, y });
    }
  }
  return out;
}
