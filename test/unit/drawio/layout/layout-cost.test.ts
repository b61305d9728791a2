import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import {
  LAYOUT_LIMITS,
  LIGHT_LAYOUT_UNITS,
  layoutCost,
  runUnits,
} from "../../../../worker/drawio/layout/cost.ts";
import { elkPlan } from "../../../../worker/drawio/layout/elk-graph.ts";
import {
  type GraphSpecInput,
  GraphSpecSchema,
  layoutGraph,
} from "../../../../worker/drawio/layout/index.ts";
import { relayoutPage } from "../../../../worker/drawio/layout/relayout/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { graphSpecs } from "../../../fixtures/graph-specs.ts";

// Issue #31: POST /v1/layout took every spec within its schema (2,000 nodes, 5,000 edges, 500
// groups) to ELK, one call nothing can stop: a star of 1,999 leaves took 4–7 s, 500 nodes and
// 1,250 random edges 35 s. Each run is now estimated first and refused over the limits.

const nodes = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `n${i}`, label: `node ${i}` }));
/** A deterministic random index below `n`. */
let seed = 7;
const next = (n: number) => {
  seed = (seed * 48_271) % 2_147_483_647;
  return Math.floor((seed / 2_147_483_647) * n);
};
const costOf = (spec: GraphSpecInput) => layoutCost(elkPlan(GraphSpecSchema.parse(spec)).root);

async function refusal(
  spec: GraphSpecInput,
): Promise<{ code: string; message: string; ms: number }> {
  const started = performance.now();
  try {
    await layoutGraph(spec);
  } catch (error) {
    if (!(error instanceof DrawioError)) throw error;
    return { code: error.code, message: error.message, ms: performance.now() - started };
  }
  throw new Error("laid out");
}

describe("layoutCost", () => {
  it("counts nodes and edges, and nothing more for a chain", () => {
    const cost = costOf({
      nodes: nodes(4),
      edges: [
        { from: "n0", to: "n1" },
        { from: "n1", to: "n2" },
        { from: "n2", to: "n3" },
      ],
    });
    expect(cost).toMatchObject({ nodes: 4, edges: 3, segments: 0, borders: 0, depth: 0 });
    expect(cost.units).toBe(7);
  });

  it("counts the layers a long edge crosses, and an edge label's own layer", () => {
    const long = costOf({
      nodes: nodes(4),
      edges: [
        { from: "n0", to: "n1" },
        { from: "n1", to: "n2" },
        { from: "n2", to: "n3" },
        { from: "n0", to: "n3" },
      ],
    });
    expect(long.segments).toBe(2);
    const labelled = costOf({ nodes: nodes(2), edges: [{ from: "n0", to: "n1", label: "yes" }] });
    expect(labelled.segments).toBe(1);
  });

  it("counts group borders crossed and how deep groups nest", () => {
    const cost = costOf({
      nodes: [{ id: "a", group: "inner" }, { id: "b" }],
      edges: [{ from: "a", to: "b" }],
      groups: [
        { id: "outer", label: "Outer" },
        { id: "inner", label: "Inner", parent: "outer" },
      ],
    });
    expect(cost).toMatchObject({ borders: 2, depth: 2 });
  });

  it("weighs the edges that share a gap between two layers by their square", () => {
    const star = (n: number) =>
      costOf({
        nodes: nodes(n),
        edges: Array.from({ length: n - 1 }, (_, i) => ({ from: "n0", to: `n${i + 1}` })),
      });
    expect(star(1_000).channels).toBe(999 * 999);
    expect(star(2_000).units).toBeGreaterThan(LAYOUT_LIMITS.units);
  });

  it("leaves every generated spec of the test suite within the limits", () => {
    for (const { name, spec } of graphSpecs()) {
      const plan = elkPlan(GraphSpecSchema.parse(spec));
      const cost = layoutCost(plan.root);
      // As runElk runs it: thoroughness 1 when large.
      const usual = Number(plan.root.layoutOptions?.["elk.layered.thoroughness"]);
      const thoroughness = runUnits(cost, usual) > LIGHT_LAYOUT_UNITS ? 1 : usual;
      expect(runUnits(cost, thoroughness), name).toBeLessThanOrEqual(LAYOUT_LIMITS.units);
    }
  });
});

describe("layoutGraph refuses before ELK what would cost too much", () => {
  it.each<[string, GraphSpecInput]>([
    [
      "a star of 1,999 leaves",
      {
        nodes: nodes(2_000),
        edges: Array.from({ length: 1_999 }, (_, i) => ({ from: "n0", to: `n${i + 1}` })),
      },
    ],
    [
      "500 nodes and 1,250 random edges",
      {
        nodes: nodes(500),
        edges: Array.from({ length: 1_250 }, () => ({
          from: `n${next(500)}`,
          to: `n${next(500)}`,
        })),
      },
    ],
    [
      "5,000 labelled edges between two nodes",
      {
        nodes: nodes(2),
        edges: Array.from({ length: 5_000 }, (_, i) => ({ from: "n0", to: "n1", label: `e${i}` })),
      },
    ],
    [
      "a pool of three lanes, a 300-step chain and 300 edges skipping 100 steps each",
      {
        groups: ["a", "b", "c"].map((id) => ({ id, label: id, kind: "swimlane" as const })),
        nodes: nodes(300).map((n, i) => ({ ...n, group: "abc"[i % 3] as string })),
        edges: [
          ...Array.from({ length: 299 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
          ...Array.from({ length: 200 }, (_, i) => ({ from: `n${i}`, to: `n${i + 100}` })),
        ],
      },
    ],
    [
      "groups nested 60 deep",
      {
        nodes: [{ id: "a", group: "g59" }],
        groups: Array.from({ length: 60 }, (_, i) => ({
          id: `g${i}`,
          label: `G${i}`,
          ...(i > 0 ? { parent: `g${i - 1}` } : {}),
        })),
      },
    ],
  ])("%s: layout_too_expensive at once", async (_, spec) => {
    const { code, message, ms } = await refusal(spec);
    expect(code).toBe("layout_too_expensive");
    expect(message).toMatch(/over the limit of/);
    expect(ms).toBeLessThan(1_000);
  });

  it("lays out a 1,000-node chain", async () => {
    const spec = {
      nodes: nodes(1_000),
      edges: Array.from({ length: 999 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
    };
    const { document } = await layoutGraph(spec);
    expect(document.pages[0]?.cells.length).toBe(2 + 1_000 + 999);
  });

  it("refuses to tidy up a page of 20,000 shapes", async () => {
    const cells = Array.from(
      { length: 20_000 },
      (_, i) =>
        `<mxCell id="v${i}" value="v${i}" vertex="1" parent="1"><mxGeometry x="${(i % 150) * 30}" y="${Math.floor(i / 150) * 30}" width="20" height="20" as="geometry"/></mxCell>`,
    );
    const doc = parseDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`,
    );
    await expect(relayoutPage(doc)).rejects.toMatchObject({ code: "layout_too_expensive" });
  });
});
