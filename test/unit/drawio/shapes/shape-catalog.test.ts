import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { ShapeCatalog } from "../../../../worker/drawio/shapes/catalog.ts";
import type { LibraryData, LibraryIndex } from "../../../../worker/drawio/shapes/types.ts";
import { editDistance, stem } from "../../../../worker/drawio/shapes/words.ts";

const AWS: LibraryData = {
  name: "aws4",
  title: "AWS 4",
  source: "test",
  categories: ["Compute", "Networking"],
  shapes: [
    {
      n: "Lambda",
      c: 0,
      s: "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;",
      w: 78,
      h: 78,
    },
    { n: "Lambda Function", c: 0, s: "shape=mxgraph.aws4.lambda_function;", w: 48, h: 48 },
    {
      n: "Elastic Load Balancing",
      c: 1,
      s: "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.elastic_load_balancing;",
      w: 78,
      h: 78,
      t: "elb",
    },
  ],
};
const GCP: LibraryData = {
  name: "gcp2",
  title: "GCP",
  source: "test",
  categories: ["Networking"],
  shapes: [
    {
      n: "Cloud Load Balancing",
      c: 0,
      s: "shape=mxgraph.gcp2.cloud_load_balancing;",
      w: 60,
      h: 60,
    },
  ],
};
const INDEX: LibraryIndex = {
  source: "test",
  libraries: [],
  stencils: {
    "mxgraph.aws4": ["resourceIcon", "lambda", "lambda_function", "elastic_load_balancing"],
    "mxgraph.gcp2": ["cloud_load_balancing"],
  },
};
const catalog = new ShapeCatalog(INDEX, [AWS, GCP]);

describe("ShapeCatalog", () => {
  it("ranks an exact title first, then prefixes, then word matches", () => {
    expect(catalog.search("lambda").map((h) => h.title)).toEqual(["Lambda", "Lambda Function"]);
    expect(new Set(catalog.search("load balancer").map((h) => h.title))).toEqual(
      new Set(["Cloud Load Balancing", "Elastic Load Balancing"]),
    );
    expect(catalog.search("lb", { library: "aws4" })[0]?.title).toBe("Elastic Load Balancing");
    expect(catalog.search("lamda")[0]?.title).toBe("Lambda");
    expect(catalog.search("zzz")).toEqual([]);
  });

  it("knows real shape names and suggests the closest ones", () => {
    expect(catalog.knowsShape("mxgraph.aws4.lambda_function")).toBe(true);
    expect(catalog.knowsShape("mxgraph.aws4.lambdaFunction")).toBe(false);
    expect(catalog.suggest("mxgraph.aws4.lambdaFunction")[0]).toBe("mxgraph.aws4.lambda_function");
  });

  it("lets the validator warn about shapes that do not exist", () => {
    const doc = parseDiagram(
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
        '<mxCell id="a" style="shape=mxgraph.aws4.lambdaFunction;" vertex="1" parent="1"><mxGeometry width="40" height="40" as="geometry"/></mxCell>' +
        '<mxCell id="b" style="shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lamda;" vertex="1" parent="1"><mxGeometry x="60" width="40" height="40" as="geometry"/></mxCell>' +
        '<mxCell id="c" style="shape=mxgraph.aws4.lambda_function;" vertex="1" parent="1"><mxGeometry x="120" width="40" height="40" as="geometry"/></mxCell>' +
        "</root></mxGraphModel>",
    );
    expect(validateDocument(doc)).toEqual([]);
    const findings = validateDocument(doc, { shapes: catalog });
    expect(findings.map((f) => [f.code, f.severity, f.cellId])).toEqual([
      ["unknown_shape", "warning", "a"],
      ["unknown_shape", "warning", "b"],
    ]);
    expect(findings[0]?.message).toContain('did you mean "mxgraph.aws4.lambda_function"');
    expect(findings[1]?.message).toContain("resIcon=mxgraph.aws4.lamda");
  });
});

describe("words", () => {
  it("stems the endings that separate a query from a title", () => {
    expect(stem("balancer")).toBe(stem("balancing"));
    expect(stem("databases")).toBe(stem("database"));
    expect(stem("pod")).toBe("pod");
  });

  it("measures edit distance with an early stop", () => {
    expect(editDistance("lamda", "lambda", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
  });
});
