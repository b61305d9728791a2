import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../../shape-libraries/catalog.ts";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { type GraphSpecInput, layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { styleValues } from "../../../../worker/drawio/shapes/library-names.ts";
import { graphSpecs } from "../../../fixtures/graph-specs.ts";

const catalog = shapeCatalog();
const options = { shapes: catalog };

/**
 * Label keys the layout decides: where the label goes (beside or below, by the flow), the
 * theme's font colour, and no label background in the dark theme.
 */
const LAYOUT_LABEL_KEYS = [
  "labelPosition",
  "verticalLabelPosition",
  "align",
  "verticalAlign",
  "spacingTop",
  "spacingLeft",
  "fontColor",
  "labelBackgroundColor",
  // Kubernetes' own misspelling of whiteSpace, which draw.io ignores; the layout writes whiteSpace.
  "whitespace",
];

async function cellsOf(spec: GraphSpecInput) {
  const { xml, document } = await layoutGraph(spec, options);
  // What the XML says is what the returned document holds.
  expect(parseDiagram(xml).pages[0]?.cells.map((c) => c.attrs.style)).toEqual(
    document.pages[0]?.cells.map((c) => c.attrs.style),
  );
  const cells = document.pages[0]?.cells ?? [];
  return (id: string) => {
    const cell = cells.find((c) => c.attrs.id === id);
    if (!cell) throw new Error(`no cell ${id}`);
    const geometry = cell.children.find((g) => "name" in g && g.name === "mxGeometry");
    const attrs = geometry && "attrs" in geometry ? geometry.attrs : {};
    return {
      style: cell.attrs.style ?? "",
      values: styleValues(cell.attrs.style),
      width: Number(attrs.width),
      height: Number(attrs.height),
    };
  };
}

/** Every key of the entry's style has the entry's value, except the layout's label keys. */
function expectLibraryStyle(style: string, name: string) {
  const library = catalog.libraryShapes(name)[0]?.style ?? "";
  const got = styleValues(style);
  for (const [key, value] of styleValues(library)) {
    if (!LAYOUT_LABEL_KEYS.includes(key)) expect(got.get(key), `${name}: ${key}`).toBe(value);
  }
  for (const token of library.split(";").filter((t) => t !== "" && !t.includes("="))) {
    expect(style.split(";"), `${name}: ${token}`).toContain(token);
  }
}

describe("layoutGraph with the shape catalogue", () => {
  it("draws an icon node with draw.io's exact style (the blank API Gateway)", async () => {
    const cell = await cellsOf({
      nodes: [
        { id: "gw", kind: "icon", shape: "mxgraph.aws4.api_gateway", label: "API Gateway" },
        { id: "cdn", kind: "icon", shape: "mxgraph.aws4.cloudfront", label: "CloudFront" },
      ],
      edges: [{ from: "cdn", to: "gw" }],
    });
    expectLibraryStyle(cell("gw").style, "mxgraph.aws4.api_gateway");
    expect(cell("gw").values.get("fillColor")).toBe("#BC1356");
    expectLibraryStyle(cell("cdn").style, "mxgraph.aws4.cloudfront");
    expect([cell("gw").width, cell("gw").height]).toEqual([60, 60]);
    // Vertical flow: the label beside the icon, where the layout made room for it.
    expect(cell("gw").values.get("labelPosition")).toBe("right");
    expect(cell("gw").values.get("fontColor")).toBe("#000000");
  });

  it("draws every vendor's icons as the sidebar does, in their proportions", async () => {
    const icons: Array<[id: string, shape: string]> = [
      ["lambda", "mxgraph.aws4.lambda_function"],
      ["vm", "mxgraph.azure2.virtual_machine"],
      ["sql", "mxgraph.azure2.sql_database"],
      ["run", "mxgraph.gcp2.cloud_run"],
      ["pod", "mxgraph.kubernetes.pod"],
      ["deploy", "mxgraph.kubernetes.deployment"],
      ["router", "mxgraph.cisco19.router"],
      ["content", "mxgraph.cisco19.content_router"],
      ["task", "mxgraph.bpmn.task"],
    ];
    const cell = await cellsOf({
      direction: "right",
      nodes: icons.map(([id, shape]) => ({ id, kind: "icon", shape, label: id })),
    });
    for (const [id, shape] of icons) {
      expectLibraryStyle(cell(id).style, shape);
      const entry = catalog.libraryShapes(shape)[0];
      if (!entry) throw new Error(shape);
      const { width, height } = cell(id);
      expect(Math.max(width, height), id).toBe(60);
      expect(width / height, id).toBeCloseTo(entry.width / entry.height, 1);
      expect(cell(id).values.get("verticalLabelPosition"), id).toBe("bottom");
    }
    // The library's lettering comes along: GCP labels are bold and 11 px.
    expect(cell("run").values.get("fontStyle")).toBe("1");
    expect(cell("run").values.get("fontSize")).toBe("11");
  });

  it("keeps the node's size, and the caller's style after the library's", async () => {
    const cell = await cellsOf({
      nodes: [
        { id: "wide", kind: "icon", shape: "mxgraph.cisco19.content_router", width: 96 },
        { id: "both", kind: "icon", shape: "mxgraph.aws4.s3", width: 40, height: 30 },
        {
          id: "red",
          kind: "icon",
          shape: "mxgraph.aws4.s3",
          style: { fillColor: "#FF0000", fontSize: 14 },
        },
        // Named through the style alone, as search_shapes shows Azure icons.
        {
          id: "img",
          kind: "icon",
          style: { image: "img/lib/azure2/storage/Storage_Accounts.svg" },
        },
      ],
    });
    expect([cell("wide").width, cell("wide").height]).toEqual([96, 75]);
    expect([cell("both").width, cell("both").height]).toEqual([40, 30]);
    expect(cell("red").values.get("fillColor")).toBe("#FF0000");
    expect(cell("red").values.get("fontSize")).toBe("14");
    expect(cell("red").values.get("resIcon")).toBe("mxgraph.aws4.s3");
    expectLibraryStyle(cell("img").style, "mxgraph.azure2.storage_accounts");
    expect([cell("img").width, cell("img").height]).toEqual([60, 48]);
  });

  it("keeps labels readable in the dark theme", async () => {
    const cell = await cellsOf({
      theme: "dark",
      nodes: [
        { id: "vm", kind: "icon", shape: "mxgraph.azure2.virtual_machine", label: "VM" },
        { id: "gw", kind: "icon", shape: "mxgraph.aws4.api_gateway", label: "Gateway" },
      ],
    });
    for (const id of ["vm", "gw"]) {
      expect(cell(id).values.get("fontColor"), id).toBe("#f7fafc");
      // draw.io's `image` style would put the light text on white.
      expect(cell(id).values.get("labelBackgroundColor"), id).toBe("none");
    }
  });

  it("gives a box of another kind the icon's colours and keeps its label inside", async () => {
    const cell = await cellsOf({
      nodes: [{ id: "s3", kind: "service", shape: "mxgraph.aws4.s3", label: "Uploads" }],
    });
    expectLibraryStyle(cell("s3").style, "mxgraph.aws4.s3");
    expect(cell("s3").values.get("verticalLabelPosition")).toBe("middle");
    expect(cell("s3").values.get("verticalAlign")).toBe("middle");
  });

  it("changes nothing for shapes the catalogue does not know, nor without it", async () => {
    const spec: GraphSpecInput = {
      nodes: [
        { id: "a", label: "A" },
        { id: "b", kind: "icon", shape: "mxgraph.aws4.lambdaFunction", label: "B" },
        { id: "c", kind: "database", shape: "cylinder3", label: "C" },
      ],
      edges: [{ from: "a", to: "b" }],
    };
    expect((await layoutGraph(spec, options)).xml).toBe((await layoutGraph(spec)).xml);
    const icon = {
      nodes: [{ id: "gw", kind: "icon" as const, shape: "mxgraph.aws4.api_gateway" }],
    };
    expect((await layoutGraph(icon)).xml).toContain('style="shape=mxgraph.aws4.api_gateway;');
  });

  it("lays out the generated specs with icons (up to 80 nodes) validly, without overlaps", async () => {
    // The large ones add time, not cases: layout.test.ts lays them all out without icons.
    const withIcons = graphSpecs().filter(
      ({ spec }) => spec.nodes.length <= 80 && spec.nodes.some((n) => n.shape),
    );
    expect(withIcons.length).toBeGreaterThan(3);
    for (const { name, spec } of withIcons) {
      const { document } = await layoutGraph(spec, options);
      // Not with the catalogue: one spec draws mxgraph.kubernetes.icon2, which draw.io 14.6.12
      // does not have.
      expect(validateDocument(document), name).toEqual([]);
      const lint = lintDocument(document).filter(
        (f) => f.code === "overlap" || f.code === "edge_crosses_vertex",
      );
      expect(
        lint.map((f) => f.message),
        name,
      ).toEqual([]);
    }
  });
});
