/**
 * Our orthogonal edge router (`worker/drawio/extend/route/router.ts`) beside libavoid (`libavoid-js`,
 * WASM, what draw.io's own tool server uses), on the requests of the router's property test:
 * on every page of the corpus, pairs of shapes no edge joins yet, each routed around the page's
 * other shapes and added to the page before the next. Per page and in total: time (ms, router
 * set-up included), shapes crossed, lines shared with other edges, bends and length, judged
 * as the lint and `sharedSegments` judge them. libavoid is not told of the page's existing
 * edges (it has no way to take fixed lines), so its shared lines are with those. Prints a
 * table, totals and ratios ours/libavoid, then one JSON line.
 *
 *   npm run bench -- extend-router            every page
 *   npm run bench -- extend-router --smoke    the first 10 pages
 */
import { corpusFiles } from "../test/fixtures/corpus.ts";
import {
  judgeRoute,
  obstaclesOf,
  type RouteJudgement,
  type RoutePair,
  routePairs,
  routingPage,
} from "../test/fixtures/route-pairs.ts";
import { OrthogonalRouter } from "../worker/drawio/extend/route/router.ts";
import type { Point } from "../worker/drawio/model/cell.ts";
import type { DiagramPage } from "../worker/drawio/model/document.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { libavoidRoutes, loadLibavoid } from "./libavoid-router.ts";
import { median } from "./stats.ts";

const SETTINGS = { margin: 10, gap: 6, bend: 40 };
const PAIRS_PER_PAGE = 4;

interface Tally {
  ms: number;
  routed: number;
  unrouted: number;
  crossings: number;
  shared: number;
  dangling: number;
  bends: number;
  length: number;
}

const tally = (): Tally => ({
  ms: 0,
  routed: 0,
  unrouted: 0,
  crossings: 0,
  shared: 0,
  dangling: 0,
  bends: 0,
  length: 0,
});

function ours(page: ReturnType<typeof routingPage>, pairs: RoutePair[]) {
  const started = performance.now();
  const router = new OrthogonalRouter(
    obstaclesOf(page),
    page.routes.map((r) => r.points),
    { margin: SETTINGS.margin },
  );
  const routes = pairs.map((pair) => {
    const routed = router.route({ source: pair.source, target: pair.target });
    if (routed) router.addRoute(routed.points);
    return routed?.points;
  });
  return { routes, ms: performance.now() - started };
}

/** The judgement of each of `routes` for `pairs` (each against those before it). */
function judgeAll(
  page: ReturnType<typeof routingPage>,
  pairs: RoutePair[],
  routes: Array<Point[] | undefined>,
): Array<RouteJudgement | undefined> {
  const done: Array<{ pair: RoutePair; points: Point[] }> = [];
  return routes.map((points, k) => {
    const pair = pairs[k] as RoutePair;
    if (!points) return undefined;
    const judged = judgeRoute(page, pair, points, done);
    done.push({ pair, points });
    return judged;
  });
}

/** Adds a page's judgements and time to `into`; answers the page's own tally. */
function add(into: Tally, judged: Array<RouteJudgement | undefined>, ms: number): Tally {
  const mine = tally();
  mine.ms = ms;
  for (const j of judged) {
    if (!j) {
      mine.unrouted++;
      continue;
    }
    mine.routed++;
    mine.crossings += j.crossings;
    mine.shared += j.shared;
    mine.dangling += j.dangling;
    mine.bends += j.bends;
    mine.length += j.length;
  }
  for (const key of Object.keys(into) as Array<keyof Tally>) into[key] += mine[key];
  return mine;
}

function pagesOf(xml: string): DiagramPage[] {
  try {
    return parseDiagram(xml).pages;
  } catch {
    return [];
  }
}

const smoke = process.argv.includes("--smoke");
const avoid = await loadLibavoid();
const totals = { ours: tally(), libavoid: tally() };
const pageMs = { ours: [] as number[], libavoid: [] as number[] };
/** Requests both routed, libavoid without crossing a shape: where bends and length compare fairly. */
const clean = { requests: 0, ours: { bends: 0, length: 0 }, libavoid: { bends: 0, length: 0 } };
const row = (cells: Array<string | number>) =>
  console.log(cells.map((c, k) => String(c).padStart(k === 0 ? 0 : 9)).join(" "));
const cell = (t: Tally) =>
  [t.ms.toFixed(1), `${t.crossings}/${t.shared}`, t.bends, Math.round(t.length)] as const;
console.log("ms | crossings/shared | bends | length — ours, then libavoid");
row([
  "page".padEnd(58),
  "routes",
  "ms",
  "X/S",
  "bends",
  "length",
  "lav ms",
  "X/S",
  "bends",
  "length",
]);
let pagesDone = 0;
for (const file of corpusFiles()) {
  if (smoke && pagesDone >= 10) break;
  pagesOf(file.xml).forEach((drawn, index) => {
    const page = routingPage(drawn);
    const pairs = routePairs(page, PAIRS_PER_PAGE, 7 + index);
    if (pairs.length === 0) return;
    pagesDone++;
    const a = ours(page, pairs);
    const b = libavoidRoutes(avoid, page, pairs, SETTINGS);
    const ourJudged = judgeAll(page, pairs, a.routes);
    const theirJudged = judgeAll(page, pairs, b.routes);
    const mine = add(totals.ours, ourJudged, a.ms);
    const theirs = add(totals.libavoid, theirJudged, b.ms);
    pageMs.ours.push(a.ms);
    pageMs.libavoid.push(b.ms);
    ourJudged.forEach((j, k) => {
      const other = theirJudged[k];
      if (!j || !other || other.crossings > 0) return;
      clean.requests++;
      clean.ours.bends += j.bends;
      clean.ours.length += j.length;
      clean.libavoid.bends += other.bends;
      clean.libavoid.length += other.length;
    });
    const name = `${file.name}#${index}`.slice(0, 58).padEnd(58);
    row([name, pairs.length, ...cell(mine), ...cell(theirs)]);
  });
}
const ratio = (p: number, q: number) => (q === 0 ? null : Math.round((p / q) * 1000) / 1000);
const { ours: o, libavoid: l } = totals;
const routes = o.routed + o.unrouted;
console.log(`\n${pagesDone} pages, ${routes} requests`);
for (const [name, t] of Object.entries(totals)) {
  const pageP50 = median(pageMs[name as keyof typeof pageMs]);
  console.log(
    `${name.padEnd(9)} ${t.ms.toFixed(0)} ms (${(t.ms / routes).toFixed(2)} ms a route, median page ${pageP50.toFixed(1)} ms), ${t.routed} routed, ${t.unrouted} unrouted, ${t.crossings} crossings, ${t.shared} shared, ${t.dangling} dangling, ${t.bends} bends, length ${Math.round(t.length)}`,
  );
}
const ratios = {
  ms: ratio(o.ms, l.ms),
  pageMsP50: ratio(median(pageMs.ours), median(pageMs.libavoid)),
  bends: ratio(o.bends, l.bends),
  length: ratio(o.length, l.length),
  cleanBends: ratio(clean.ours.bends, clean.libavoid.bends),
  cleanLength: ratio(clean.ours.length, clean.libavoid.length),
};
console.log(
  `ours/libavoid: time ${ratios.ms} (median page ${ratios.pageMsP50}), bends ${ratios.bends}, length ${ratios.length}`,
);
console.log(
  `on the ${clean.requests} requests libavoid routes without crossing a shape: bends ${ratios.cleanBends}, length ${ratios.cleanLength}`,
);
console.log(
  JSON.stringify({ pages: pagesDone, requests: routes, ours: o, libavoid: l, clean, ratios }),
);
