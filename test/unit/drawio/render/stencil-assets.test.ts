import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { stencilBucketsToLoad } from "../../../../worker/drawio/render/assets/stencil-needs.ts";
import {
  STENCIL_BUCKETS,
  stencilBucketOf,
} from "../../../../worker/drawio/render/assets/stencil-registry.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { stencilNamed } from "../../../../worker/drawio/render/stencils.ts";
import { loadAllStencilAssets } from "../../../fixtures/stencil-assets.ts";

const page = (styles: string[]) =>
  parseDiagram(
    `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${styles
      .map(
        (style, i) =>
          `<mxCell id="v${i}" value="Icon ${i}" style="${style}" vertex="1" parent="1"><mxGeometry x="${i * 100}" y="0" width="78" height="78" as="geometry"/></mxCell>`,
      )
      .join("")}</root></mxGraphModel>`,
  );

describe("stencils outside the bundle (static assets, by bucket)", () => {
  it("spreads names over 256 buckets with a stable hash, ignoring case", () => {
    expect(stencilBucketOf("mxgraph.aws4.lambda_function")).toMatch(/^s\d{3}$/);
    expect(stencilBucketOf("mxgraph.aws4.Lambda_Function")).toBe(
      stencilBucketOf("mxgraph.aws4.lambda_function"),
    );
    const seen = new Set<string>();
    for (let i = 0; i < 4000; i++) seen.add(stencilBucketOf(`mxgraph.test.icon_${i}`));
    expect(seen.size).toBe(STENCIL_BUCKETS);
  });

  it("lists the buckets a page needs: not bundled stencils, not code shapes, icon glyphs too", () => {
    const doc = page([
      "shape=mxgraph.aws4.lambda_function;",
      "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.api_gateway;",
      "shape=mxgraph.kubernetes.icon;prIcon=pod;",
      "shape=mxgraph.flowchart.document;",
      "shape=mxgraph.arrows2.arrow;",
      "ellipse;",
    ]);
    const needed = stencilBucketsToLoad(doc);
    expect(needed).toEqual(
      [
        ...new Set(
          [
            "mxgraph.aws4.lambda_function",
            "mxgraph.aws4.api_gateway",
            "mxgraph.kubernetes.frame",
            "mxgraph.kubernetes.pod",
          ].map(stencilBucketOf),
        ),
      ].sort(),
    );
    expect(stencilBucketsToLoad(doc, 7)).toEqual([]);
  });

  it("draws Cisco 19 icons on the ground draw.io picks for each", () => {
    const style = (icon: string) =>
      `shape=mxgraph.cisco19.rect;prIcon=${icon};fillColor=#FAFAFA;strokeColor=#005073;`;
    const { svg, unknownShapes } = renderSvg(page([style("router"), style("l2_switch")]));
    expect(unknownShapes).toEqual([]);
    // The router on a circle, the switch on the rounded square; both glyphs in the stroke colour.
    expect(svg).toMatch(/<ellipse cx="39" cy="39" rx="39" ry="39" fill="#FAFAFA"/i);
    expect(svg.match(/fill="#005073"/gi)?.length).toBeGreaterThanOrEqual(2);
    expect(svg.match(/<ellipse /g)?.length).toBe(1);
  });

  it("draws the loaded icons, and forgets the least recently used buckets beyond the cap", () => {
    const doc = page([
      "shape=mxgraph.aws4.lambda_function;fillColor=#D05C17;strokeColor=none;",
      "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.api_gateway;fillColor=#BC1356;strokeColor=#ffffff;",
      "shape=mxgraph.kubernetes.icon;prIcon=pod;fillColor=#2875E2;strokeColor=#ffffff;",
      "shape=mxgraph.gcp2.hexIcon;prIcon=bigquery;fillColor=#5184F3;strokeColor=none;",
    ]);
    const assets = loadAllStencilAssets();
    expect(stencilBucketsToLoad(doc, undefined, assets)).toEqual([]);
    const { svg, unknownShapes } = renderSvg(doc, { assets });
    expect(unknownShapes).toEqual([]);
    // Glyphs in their colours: the Lambda in orange, the gateway's and the pod's in white, the
    // BigQuery hexagon in blue.
    expect(svg.toLowerCase()).toContain('fill="#d05c17"');
    expect(svg.toLowerCase()).toContain('fill="#5184f3"');
    expect(svg.match(/fill="#ffffff"/g)?.length).toBeGreaterThan(2);

    const lambda = stencilBucketOf("mxgraph.aws4.lambda_function");
    expect(assets.hasStencilBucket(lambda)).toBe(true);
    assets.addStencilBucket("s999", "{}", 1);
    expect(assets.hasStencilBucket(lambda)).toBe(false);
    expect(stencilNamed("mxgraph.aws4.lambda_function", assets)).toBeUndefined();
    expect(renderSvg(doc, { assets }).unknownShapes).toEqual(["mxgraph.aws4.lambda_function"]);
    expect(stencilBucketsToLoad(doc, undefined, assets)).toContain(lambda);
  });
});
