import { describe, expect, it } from "vitest";
import { WorkBudget } from "../../../../worker/drawio/budget.ts";
import {
  OrthogonalRouter,
  type RouteEnd,
  type RouteObstacle,
} from "../../../../worker/drawio/extend/route/router.ts";
import { sharedSegments } from "../../../../worker/drawio/geometry/edge-quality.ts";
import type { EdgeRoute } from "../../../../worker/drawio/geometry/edge-routes.ts";
import {
  insetRect,
  type LayoutCell,
  segmentCrossesRect,
} from "../../../../worker/drawio/geometry/page-layout.ts";
import type { Point, Rect } from "../../../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { outlineDistance } from "../../../../worker/drawio/outline/index.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import {
  judgeRoute,
  obstaclesOf,
  type RoutePair,
  routePairs,
  routingPage,
} from "../../../fixtures/route-pairs.ts";
import { rng } from "../../../fixtures/synthetic.ts";

const box = (x: number, y: number, width: number, height: number): Rect => ({
  x,
  y,
  width,
  height,
});
const end = (id: string, rect: Rect, style?: string): RouteEnd => ({ id, rect, style });

/** Obstacles (other than the ends) a route runs through, as the lint's crossing rule counts. */
function crossed(points: Point[], obstacles: RouteObstacle[], ends: Rect[]): string[] {
  return obstacles
    .filter((o) =>
      points
        .slice(1)
        .some((b, k) => segmentCrossesRect(points[k] as Point, b, insetRect(o.rect, 4), ends)),
    )
    .map((o) => o.id);
}

function axisAligned(points: Point[]): boolean {
  return points.slice(1).every((b, k) => {
    const a = points[k] as Point;
    return Math.abs(a.x - b.x) < 1e-6 || Math.abs(a.y - b.y) < 1e-6;
  });
}

/** A line as sharedSegments takes it, with free ends so that no pair is excused. */
function line(points: Point[], index: number): EdgeRoute {
  const free = (point: Point) => ({ point, pinned: false, perimeter: false });
  return {
    edge: { id: `e${index}`, index } as LayoutCell,
    points,
    ends: [free(points[0] as Point), free(points.at(-1) as Point)],
    style: new Map(),
  };
}

function sharesWith(points: Point[], others: Point[][]): boolean {
  const routes = [...others.map(line), line(points, others.length)];
  return sharedSegments(routes).some((s) => s.b.index === others.length);
}

function bends(points: Point[]): number {
  return points.length - 2;
}

describe("OrthogonalRouter", () => {
  const a = box(0, 0, 120, 60);
  const b = box(400, 0, 120, 60);

  it("passes around a shape between the ends, with axis-aligned segments", () => {
    const wall = { id: "wall", rect: box(220, -40, 60, 140) };
    const router = new OrthogonalRouter([wall, { id: "a", rect: a }, { id: "b", rect: b }], []);
    const routed = router.route({ source: end("a", a), target: end("b", b) });
    expect(routed).toBeDefined();
    const points = routed?.points ?? [];
    expect(axisAligned(points)).toBe(true);
    expect(crossed(points, [wall], [a, b])).toEqual([]);
    expect(bends(points)).toBeGreaterThanOrEqual(2);
    // It keeps the margin from the wall.
    const ys = points.map((p) => p.y);
    expect(Math.max(...ys) >= 110 || Math.min(...ys) <= -50).toBe(true);
  });

  it("goes straight when nothing is in the way, leaving and entering perpendicular to the sides", () => {
    const router = new OrthogonalRouter([], []);
    const points = router.route({ source: end("a", a), target: end("b", b) })?.points;
    expect(points).toEqual([
      { x: 120, y: 30 },
      { x: 400, y: 30 },
    ]);
  });

  it("leaves a U-shaped pocket through its opening", () => {
    const source = box(100, 100, 80, 40);
    const target = box(100, 300, 80, 40);
    const pocket = [
      { id: "left", rect: box(60, 60, 20, 120) },
      { id: "right", rect: box(200, 60, 20, 120) },
      { id: "floor", rect: box(60, 160, 160, 20) },
    ];
    const router = new OrthogonalRouter(pocket, []);
    const points = router.route({ source: end("s", source), target: end("t", target) })?.points;
    if (!points) throw new Error("no route out of the pocket");
    expect(crossed(points, pocket, [source, target])).toEqual([]);
    expect(points[0]).toEqual({ x: 140, y: 100 });
    expect((points[1] as Point).y).toBeLessThan(60);
    expect(axisAligned(points)).toBe(true);
  });

  it("ends on the drawn outline of a diamond and an ellipse", () => {
    const diamond = box(0, 0, 120, 80);
    const ellipse = box(300, 200, 100, 60);
    const router = new OrthogonalRouter([], []);
    for (const flow of ["down", "right", undefined] as const) {
      const points = router.route({
        source: end("d", diamond, "rhombus;whiteSpace=wrap;"),
        target: end("e", ellipse, "ellipse;"),
        ...(flow ? { flow } : {}),
      })?.points;
      expect(points).toBeDefined();
      const first = points?.[0] as Point;
      const last = points?.at(-1) as Point;
      expect(outlineDistance("rhombus;", diamond, first)).toBeLessThanOrEqual(1);
      expect(outlineDistance("ellipse;", ellipse, last)).toBeLessThanOrEqual(1);
      expect(axisAligned(points ?? [])).toBe(true);
    }
  });

  it("leaves by the side along the flow when two routes cost the same", () => {
    const s = box(0, 0, 100, 60);
    const t = box(300, 300, 100, 60);
    const router = new OrthogonalRouter([], []);
    const down = router.route({ source: end("s", s), target: end("t", t), flow: "down" });
    const right = router.route({ source: end("s", s), target: end("t", t), flow: "right" });
    expect(down?.points[0]).toEqual({ x: 50, y: 60 });
    expect(right?.points[0]).toEqual({ x: 100, y: 30 });
  });

  it("shares no segment with an existing line laid straight between the ends", () => {
    const existing = [
      { x: 120, y: 30 },
      { x: 400, y: 30 },
    ];
    const router = new OrthogonalRouter([], [existing]);
    const points = router.route({ source: end("a", a), target: end("b", b) })?.points ?? [];
    expect(points.length).toBeGreaterThan(1);
    expect(sharesWith(points, [existing])).toBe(false);
    expect(points[0]).not.toEqual(existing[0]);
  });

  it("does not run on top of a route added after construction", () => {
    const router = new OrthogonalRouter([], []);
    const first = router.route({ source: end("a", a), target: end("b", b) })?.points ?? [];
    router.addRoute(first);
    const second = router.route({ source: end("a", a), target: end("b", b) })?.points ?? [];
    expect(second.length).toBeGreaterThan(1);
    expect(sharesWith(second, [first])).toBe(false);
  });

  it("passes around a shape added after construction", () => {
    const router = new OrthogonalRouter([], []);
    const wall = { id: "new", rect: box(220, -40, 60, 140) };
    router.addObstacle(wall);
    const points = router.route({ source: end("a", a), target: end("b", b) })?.points ?? [];
    expect(crossed(points, [wall], [a, b])).toEqual([]);
  });

  it("crosses a passable container, and only then", () => {
    const lane = { id: "lane", rect: box(160, -100, 200, 260) };
    const router = new OrthogonalRouter([lane], []);
    const through = router.route({
      source: end("a", a),
      target: end("b", b),
      passable: new Set(["lane"]),
    });
    expect(through?.points).toEqual([
      { x: 120, y: 30 },
      { x: 400, y: 30 },
    ]);
    const around = router.route({ source: end("a", a), target: end("b", b) })?.points ?? [];
    expect(crossed(around, [lane], [a, b])).toEqual([]);
  });

  it("keeps a clear place for the label on its own line", () => {
    const obstacles = [
      { id: "top", rect: box(180, -60, 200, 70) },
      { id: "low", rect: box(180, 50, 200, 70) },
      { id: "c", rect: box(200, 200, 60, 40) },
    ];
    const source = box(0, 0, 100, 60);
    const target = box(500, 160, 100, 60);
    const router = new OrthogonalRouter(obstacles, []);
    const label = { width: 60, height: 20 };
    const routed = router.route({ source: end("s", source), target: end("t", target), label });
    expect(routed?.label).toBeDefined();
    const at = routed?.label as Point;
    const labelBox = box(at.x - 30, at.y - 10, 60, 20);
    for (const o of [...obstacles.map((o) => o.rect), source, target]) {
      const apart =
        labelBox.x >= o.x + o.width ||
        o.x >= labelBox.x + labelBox.width ||
        labelBox.y >= o.y + o.height ||
        o.y >= labelBox.y + labelBox.height;
      expect(apart).toBe(true);
    }
    const points = routed?.points ?? [];
    const onLine = points.slice(1).some((q, k) => {
      const p = points[k] as Point;
      return (
        Math.min(p.x, q.x) - 1e-6 <= at.x &&
        at.x <= Math.max(p.x, q.x) + 1e-6 &&
        Math.min(p.y, q.y) - 1e-6 <= at.y &&
        at.y <= Math.max(p.y, q.y) + 1e-6
      );
    });
    expect(onLine).toBe(true);
  });

  it("gives up cleanly when its work budget is spent", () => {
    const wall = { id: "wall", rect: box(220, -40, 60, 140) };
    const tight = new OrthogonalRouter([wall], [], { budget: new WorkBudget(5) });
    expect(tight.route({ source: end("a", a), target: end("b", b) })).toBeUndefined();
    const ample = new OrthogonalRouter([wall], [], { budget: new WorkBudget(100_000) });
    expect(ample.route({ source: end("a", a), target: end("b", b) })).toBeDefined();
  });

  it("answers undefined for an end walled in on every side", () => {
    const inside = box(100, 100, 40, 40);
    const walls = [
      { id: "n", rect: box(60, 60, 120, 30) },
      { id: "s", rect: box(60, 150, 120, 30) },
      { id: "w", rect: box(60, 60, 30, 120) },
      { id: "e", rect: box(150, 60, 30, 120) },
    ];
    const router = new OrthogonalRouter(walls, []);
    expect(router.route({ source: end("in", inside), target: end("b", b) })).toBeUndefined();
  });

  it("gives the same route for the same input", () => {
    const page = syntheticPage(200, 3);
    const run = () => {
      const router = new OrthogonalRouter(page.obstacles, page.routes);
      router.addObstacle(page.placed);
      return page.requests.map((r) => {
        const routed = router.route(r);
        if (routed) router.addRoute(routed.points);
        return routed;
      });
    };
    expect(run()).toEqual(run());
  });
});

/**
 * A page of `count` boxes on a jittered grid with lines between neighbours, a new node placed
 * in the gap below one of them, and requests for three edges from the new node to shapes near it.
 */
function syntheticPage(count: number, seed: number) {
  const random = rng(seed);
  const columns = Math.ceil(Math.sqrt(count));
  const obstacles: RouteObstacle[] = [];
  for (let k = 0; k < count; k++) {
    const x = (k % columns) * 200 + Math.floor(random() * 40);
    const y = Math.floor(k / columns) * 140 + Math.floor(random() * 30);
    obstacles.push({ id: `n${k}`, rect: box(x, y, 100 + Math.floor(random() * 40), 50) });
  }
  const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
  const routes: Point[][] = [];
  for (let k = 0; k + 1 < count; k += 2) {
    const p = centre((obstacles[k] as RouteObstacle).rect);
    const q = centre((obstacles[k + 1] as RouteObstacle).rect);
    routes.push([p, { x: (p.x + q.x) / 2, y: p.y }, { x: (p.x + q.x) / 2, y: q.y }, q]);
  }
  const slot = Math.floor(random() * count);
  const placed = {
    id: "placed",
    rect: box((slot % columns) * 200 + 40, Math.floor(slot / columns) * 140 + 95, 80, 30),
  };
  const near = obstacles.filter(
    (o) => Math.abs(o.rect.x - placed.rect.x) < 600 && Math.abs(o.rect.y - placed.rect.y) < 450,
  );
  const requests = [0, 1, 2].map((k) => {
    const t = near[Math.floor(random() * near.length)] ?? (obstacles[k] as RouteObstacle);
    return {
      source: end(placed.id, placed.rect),
      target: end(t.id, t.rect),
      flow: "down" as const,
    };
  });
  return { obstacles, routes, placed, requests };
}

describe("OrthogonalRouter on a 1,000-shape page", () => {
  it("places a node and routes its three edges in well under 50 ms (median)", () => {
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const page = syntheticPage(1000, 11 + run);
      const start = performance.now();
      const router = new OrthogonalRouter(page.obstacles, page.routes);
      router.addObstacle(page.placed);
      for (const request of page.requests) {
        const routed = router.route(request);
        expect(routed).toBeDefined();
        const ends = [request.source.rect, request.target.rect];
        const others = page.obstacles.filter(
          (o) => o.id !== request.source.id && o.id !== request.target.id,
        );
        expect(crossed(routed?.points ?? [], others, ends)).toEqual([]);
        if (routed) router.addRoute(routed.points);
      }
      times.push(performance.now() - start);
    }
    times.sort((p, q) => p - q);
    console.info(
      `1,000 shapes, 500 lines: set-up + a node + 3 edges, median ${times[times.length >> 1]?.toFixed(1)} ms`,
    );
    expect(times[times.length >> 1]).toBeLessThan(50);
  });
});

describe("OrthogonalRouter on real pages", () => {
  it("routes between unconnected shapes without crossing, dangling or sharing a line", () => {
    const totals = { routes: 0, unrouted: 0, crossings: 0, dangling: 0, shared: 0, slanted: 0 };
    for (const file of corpusFiles()) {
      const pages = pagesOf(file.xml);
      pages.forEach((page, index) => {
        const pairs = routePairs(routingPage(page), 4, 7 + index);
        if (pairs.length === 0) return;
        const routing = routingPage(page);
        const router = new OrthogonalRouter(
          obstaclesOf(routing),
          routing.routes.map((r) => r.points),
        );
        const done: Array<{ pair: RoutePair; points: Point[] }> = [];
        for (const pair of pairs) {
          totals.routes++;
          const routed = router.route({ source: pair.source, target: pair.target });
          if (!routed) {
            totals.unrouted++;
            continue;
          }
          const judged = judgeRoute(routing, pair, routed.points, done);
          totals.crossings += judged.crossings;
          totals.dangling += judged.dangling;
          totals.shared += judged.shared;
          totals.slanted += judged.slanted;
          router.addRoute(routed.points);
          done.push({ pair, points: routed.points });
        }
      });
    }
    console.info("router on the corpus:", JSON.stringify(totals));
    expect(totals.routes).toBeGreaterThan(300);
    expect(totals).toMatchObject({ crossings: 0, dangling: 0, shared: 0, slanted: 0 });
    // Shapes walled in by their neighbours cannot be reached; the router says so.
    expect(totals.unrouted).toBeLessThanOrEqual(Math.ceil(totals.routes / 100));
  });
});

function pagesOf(xml: string) {
  try {
    return parseDiagram(xml).pages;
  } catch {
    return [];
  }
}
