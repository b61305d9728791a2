/**
 * The render cost model: a page is refused before drawing when a factor is over its limit
 * (naming it), a drawing stops when its work budget is spent, and every real file and our
 * 50,000-cell synthetic diagram stay under both.
 */
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { drawingNeeds } from "../../../../worker/drawio/render/assets/stencil-needs.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { RENDER_LIMITS } from "../../../../worker/drawio/render/render-cost.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../../fixtures/synthetic.ts";

const model = (cells: string[]) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
const vertex = (id: string, value: string, style = "") =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry width="40" height="40" as="geometry"/></mxCell>`;
const edge = (points: number) =>
  `<mxCell id="e" style="dashed=1;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="0" y="0" as="sourcePoint"/><mxPoint x="9" y="9" as="targetPoint"/><Array as="points">${'<mxPoint x="1" y="2"/>'.repeat(points)}</Array></mxGeometry></mxCell>`;

/** The error a render throws, or undefined. */
function refusal(xml: string, options = {}): DrawioError | undefined {
  try {
    renderSvg(parseDiagram(xml), options);
    return undefined;
  } catch (error) {
    if (error instanceof DrawioError) return error;
    throw error;
  }
}

describe("render cost: refused before drawing, bounded while drawing", () => {
  it("refuses each factor over its limit with render_too_expensive, naming it", () => {
    const cases: Array<[string, string[], RegExp]> = [
      [
        "a 100,001-character label",
        [vertex("a", "x".repeat(100_001))],
        /characters in one label: 100,001/,
      ],
      [
        "labels of 2,000,001 characters in all",
        Array.from({ length: 21 }, (_, i) => vertex(`v${i}`, "y".repeat(i === 0 ? 1 : 100_000))),
        /characters in all labels: 2,000,001/,
      ],
      ["an edge with 10,001 waypoints", [edge(10_001)], /waypoints of one edge: 10,001/],
      [
        "1,001 distinct stencils",
        Array.from({ length: 1_001 }, (_, i) => vertex(`s${i}`, "", `shape=mxgraph.fake.s${i};`)),
        /distinct stencils: 1,001/,
      ],
      [
        "2,001 images",
        Array.from({ length: 2_001 }, (_, i) =>
          vertex(`i${i}`, "", "shape=image;image=data:image/png,AAAA;"),
        ),
        /images: 2,001/,
      ],
    ];
    for (const [what, cells, message] of cases) {
      const error = refusal(model(cells));
      expect(error?.code, what).toBe("render_too_expensive");
      expect(error?.message, what).toMatch(message);
    }
    // Just under each limit, the same pages are drawn.
    expect(refusal(model([vertex("a", "x".repeat(100_000))]))).toBeUndefined();
    expect(refusal(model([edge(10_000)]))).toBeUndefined();
  });

  it("stops a drawing whose work outgrows its budget, however the factors add up", () => {
    const cells = Array.from({ length: 100 }, (_, i) => vertex(`v${i}`, "label"));
    expect(refusal(model(cells), { workLimit: 500 })?.message).toMatch(/units of work/);
    expect(refusal(model(cells), { workLimit: 50_000 })).toBeUndefined();
  });

  it("does not fetch the stencils of a page the render will refuse", () => {
    const many = Array.from({ length: 1_001 }, (_, i) =>
      vertex(`s${i}`, "", `shape=mxgraph.aws4.x${i};`),
    );
    expect(drawingNeeds(parseDiagram(model(many))).buckets).toEqual([]);
    const few = many.slice(0, 3);
    expect(drawingNeeds(parseDiagram(model(few))).buckets.length).toBeGreaterThan(0);
  });

  it("draws every corpus page and a 50,000-cell synthetic diagram within the limits", () => {
    for (const { name, xml } of corpusFiles()) {
      const doc = parseDiagram(xml);
      for (let page = 0; page < doc.pages.length; page++) {
        expect(refusal(xml, { page }), `${name} page ${page}`).toBeUndefined();
      }
    }
    // Exactly the stored limit, root and layer besides.
    const full = Array.from(
      { length: 50_000 },
      (_, i) =>
        `<mxCell id="c${i}" vertex="1" parent="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell>`,
    );
    expect(refusal(model(full))).toBeUndefined();
    expect(refusal(model([...full, vertex("one", "more")]))?.message).toMatch(
      /cells on the page: 50,001/,
    );
    const big = renderSvg(parseDiagram(syntheticDiagram({ cells: 50_000 })));
    expect(big.svg.length).toBeGreaterThan(1_000_000);
    expect(RENDER_LIMITS.cells).toBe(50_000);
  });
});
