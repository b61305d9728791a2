import { describe, expect, it } from "vitest";
import { edgesAgainstFlow } from "../../../../worker/drawio/geometry/edge-quality.ts";
import { edgeRoutes } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { elkPlan } from "../../../../worker/drawio/layout/elk-graph.ts";
import { layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import {
  backEdges,
  orderBlocks,
  type Preference,
} from "../../../../worker/drawio/layout/layers/feedback.ts";
import { relayoutPage } from "../../../../worker/drawio/layout/relayout/index.ts";
import { GraphSpecSchema } from "../../../../worker/drawio/layout/spec.ts";
import { getCellAttribute } from "../../../../worker/drawio/model/cell.ts";
import { specByName } from "../../../fixtures/graph-specs.ts";

/** Weight of the preferences an order (item positions) violates. */
function violated(position: readonly number[], prefer: readonly Preference[]): number {
  return prefer.reduce(
    (sum, p) =>
      sum + ((position[p.before] as number) > (position[p.after] as number) ? p.weight : 0),
    0,
  );
}

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomPreferences(count: number, arcs: number, seed: number): Preference[] {
  const random = seeded(seed);
  return Array.from({ length: arcs }, () => ({
    before: Math.floor(random() * count),
    after: Math.floor(random() * count),
    weight: 1 + Math.floor(random() * 5),
  })).filter((p) => p.before !== p.after);
}

describe("backEdges", () => {
  it("breaks a cycle at the first edge that closes it, in the author's order", () => {
    expect(
      backEdges(3, [
        [0, 1],
        [1, 2],
        [2, 0],
      ]),
    ).toEqual([false, false, true]);
    expect(
      backEdges(3, [
        [2, 0],
        [0, 1],
        [1, 2],
      ]),
    ).toEqual([false, false, true]);
    expect(
      backEdges(2, [
        [0, 0],
        [0, 1],
      ]),
    ).toEqual([false, false]);
  });

  it("keeps the author's order where groups form no cycle between blocks", () => {
    const paths = [["g:a", "n:0"], ["g:a", "n:1"], ["n:2"]];
    expect(
      backEdges(
        3,
        [
          [0, 1],
          [1, 0],
          [1, 2],
        ],
        paths,
      ),
    ).toEqual([false, true, false]);
  });

  it("points back one edge of a cycle that only the groups make", () => {
    // a1 → b → a2 is no cycle of nodes, but with a1 and a2 in one block it is one of blocks.
    const paths = [["g:a", "n:0"], ["n:1"], ["g:a", "n:2"]];
    const back = backEdges(
      3,
      [
        [0, 1],
        [1, 2],
      ],
      paths,
    );
    expect(back.filter(Boolean)).toHaveLength(1);
  });

  it("points back the fewest edges between blocks, not the first that closes the cycle", () => {
    // Group a = {0, 2, 3}; node 1 loose. 0→1 would be kept by the author's order, but 1 feeds
    // two nodes of the group: drawing 1 first costs one edge back, not two.
    const paths = [["g:a", "n:0"], ["n:1"], ["g:a", "n:2"], ["g:a", "n:3"]];
    expect(
      backEdges(
        4,
        [
          [0, 1],
          [1, 2],
          [1, 3],
        ],
        paths,
      ),
    ).toEqual([true, false, false]);
  });

  it("works level by level in nested groups", () => {
    // Inside group o: blocks i (nested group {0, 2}) and node 1; outside o, node 3.
    const paths = [["g:o", "g:i", "n:0"], ["g:o", "n:1"], ["g:o", "g:i", "n:2"], ["n:3"]];
    const edges = [
      [0, 1],
      [1, 2],
      [2, 3],
    ] as const;
    const back = backEdges(4, edges, paths);
    expect(back.filter(Boolean)).toHaveLength(1);
    expect(back[2]).toBe(false);
  });
});

describe("orderBlocks", () => {
  it("finds the best order exactly for small cycles", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const prefer = randomPreferences(6, 14, seed);
      const best = Math.min(
        ...permutations([0, 1, 2, 3, 4, 5]).map((order) => {
          const position: number[] = [];
          order.forEach((item, i) => {
            position[item] = i;
          });
          return violated(position, prefer);
        }),
      );
      expect(violated(orderBlocks(6, prefer), prefer)).toBe(best);
    }
  });

  it("orders large cycles at least as well as a planted order with noise", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const random = seeded(seed);
      const count = 40;
      // Mostly forward arcs along 0..39, a few backward ones.
      const prefer: Preference[] = [];
      for (let k = 0; k < 120; k++) {
        const a = Math.floor(random() * count);
        const b = Math.floor(random() * count);
        if (a === b) continue;
        const forward = random() < 0.85;
        const [first, then] = a < b === forward ? [a, b] : [b, a];
        prefer.push({ before: first, after: then, weight: 1 });
      }
      const planted = Array.from({ length: count }, (_, i) => i);
      const position = orderBlocks(count, prefer);
      expect(new Set(position).size).toBe(count);
      expect(violated(position, prefer)).toBeLessThanOrEqual(violated(planted, prefer));
    }
  });

  it("is deterministic", () => {
    const prefer = randomPreferences(30, 90, 5);
    expect(orderBlocks(30, prefer)).toEqual(orderBlocks(30, prefer));
  });
});

describe("groups in the layered layout", () => {
  // Two groups fed from each other: "api" holds the gateway and the service it calls back.
  const spec = {
    direction: "down" as const,
    groups: [
      { id: "api", label: "API" },
      { id: "jobs", label: "Jobs" },
    ],
    nodes: [
      { id: "gateway", label: "Gateway", group: "api" },
      { id: "queue", label: "Queue", group: "jobs" },
      { id: "billing", label: "Billing", group: "api" },
      { id: "audit", label: "Audit", group: "api" },
      { id: "worker", label: "Worker", group: "jobs" },
    ],
    edges: [
      { from: "gateway", to: "queue" },
      { from: "queue", to: "worker" },
      { from: "worker", to: "billing" },
      { from: "worker", to: "audit" },
    ],
  };

  it("draws only the one edge back that the groups force", async () => {
    const { document } = await layoutGraph(spec);
    const page = document.pages[0];
    if (!page) throw new Error("no page");
    const back = edgesAgainstFlow(edgeRoutes(new PageLayout(page)), "down").map(
      (e) => `${getCellAttribute(e.element, "source")}→${getCellAttribute(e.element, "target")}`,
    );
    expect(back).toEqual(["gateway→queue"]);
  });

  it("draws back exactly the edges it chose, fewer than ELK's own cycle breaking (mix-110)", async () => {
    const spec = GraphSpecSchema.parse(specByName("mix-110"));
    const plan = elkPlan(spec);
    const chosen = spec.edges.flatMap((e, i) => (plan.reversed[i] ? [`${e.from}→${e.to}`] : []));
    const { document } = await layoutGraph(spec);
    const page = document.pages[0];
    if (!page) throw new Error("no page");
    const routes = edgeRoutes(new PageLayout(page));
    const drawn = edgesAgainstFlow(routes, spec.direction).map(
      (e) => `${getCellAttribute(e.element, "source")}→${getCellAttribute(e.element, "target")}`,
    );
    expect(drawn.sort()).toEqual(chosen.sort());
    // ELK breaking the cycles between groups itself drew 41 edges back on this graph.
    expect(drawn.length).toBeLessThanOrEqual(36);
  });

  it("does the same when the drawing is laid out again", async () => {
    const { document } = await layoutGraph(spec);
    const again = await relayoutPage(document, { direction: "down" });
    const page = again.document.pages[0];
    if (!page) throw new Error("no page");
    const back = edgesAgainstFlow(edgeRoutes(new PageLayout(page)), "down");
    expect(back).toHaveLength(1);
  });
});
