import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../../shape-libraries/catalog.ts";
import { libraryShapeName, styleValues } from "../../../../worker/drawio/shapes/library-names.ts";
import { findLibraryShape, libraryStyle } from "../../../../worker/drawio/shapes/library-style.ts";

const catalog = shapeCatalog();
const entry = (name: string) => {
  const found = catalog.libraryShapes(name)[0];
  if (!found) throw new Error(`no library shape ${name}`);
  return found;
};
const value = (style: string, key: string) => styleValues(style).get(key);

/** Every key of the entry's style has the entry's value in `style` (named styles included). */
function expectEntryStyle(style: string, library: string, except: readonly string[] = []) {
  const want = styleValues(library);
  const got = styleValues(style);
  for (const [key, v] of want) if (!except.includes(key)) expect(got.get(key), key).toBe(v);
  for (const token of library.split(";").filter((t) => t !== "" && !t.includes("="))) {
    expect(style.split(";"), token).toContain(token);
  }
}

describe("library shape lookup", () => {
  it("finds AWS resource icons by their resIcon, choosing the first category", () => {
    const gateway = entry("mxgraph.aws4.api_gateway");
    expect(gateway).toMatchObject({ library: "aws4", category: "Application Integration" });
    expect(gateway.style).toContain("fillColor=#BC1356;");
    expect(gateway.style).toContain("gradientColor=#F34482;");
    expect([gateway.width, gateway.height]).toEqual([78, 78]);
    const all = catalog.libraryShapes("mxgraph.aws4.api_gateway");
    expect(all.slice(0, 3).map((e) => `${e.library}:${e.category}`)).toEqual([
      "aws4:Application Integration",
      "aws4:Mobile",
      "aws4:Network & Content Delivery",
    ]);
    // The older AWS set draws it too, after the current one.
    expect(new Set(all.slice(3).map((e) => e.library))).toEqual(new Set(["aws4b"]));
  });

  it("finds glyph stencils, Kubernetes, Cisco 19 and GCP 2 icons by the name they draw", () => {
    expect(entry("mxgraph.aws4.lambda_function").style).toContain("fillColor=#D05C17;");
    expect(entry("mxgraph.kubernetes.pod").style).toContain("prIcon=pod");
    expect(entry("mxgraph.cisco19.router").style).toContain("shape=mxgraph.cisco19.rect;");
    expect(entry("mxgraph.gcp2.compute_engine").style).toContain("shape=mxgraph.gcp2.hexIcon;");
    expect(entry("mxgraph.bpmn.task").title).toBe("Generic Task");
  });

  it("knows names people write for Kubernetes and Azure icons", () => {
    expect(entry("mxgraph.kubernetes.deployment").style).toContain("prIcon=deploy");
    expect(entry("mxgraph.kubernetes.configmap").style).toContain("prIcon=cm");
    expect(entry("mxgraph.kubernetes.config_map").style).toContain("prIcon=cm");
    expect(entry("mxgraph.kubernetes.service").style).toContain("prIcon=svc");
    expect(entry("mxgraph.kubernetes.ingress").style).toContain("prIcon=ing");
    expect(entry("mxgraph.azure2.virtual_machine").style).toContain(
      "image=img/lib/azure2/compute/Virtual_Machine.svg;",
    );
    expect(entry("img/lib/azure2/compute/Virtual_Machine.svg").title).toBe("Virtual Machine");
    expect(entry("MXGRAPH.AWS4.S3").title).toBe("Simple Storage Service (S3)");
  });

  it("gives no entry for generic shapes, core shapes or unknown names", () => {
    for (const name of [
      "mxgraph.aws4.resourceIcon",
      "mxgraph.kubernetes.icon",
      "mxgraph.cisco19.rect",
      "image",
      "cylinder3",
      "mxgraph.aws4.lambdaFunction",
    ]) {
      expect(catalog.libraryShapes(name), name).toEqual([]);
    }
  });

  it("names each search hit the way a node's shape can use it", () => {
    const name = (query: string, library: string) => {
      const hit = catalog.search(query, { library, limit: 1 })[0];
      return hit && libraryShapeName(hit.library, hit.style);
    };
    expect(name("api gateway", "aws4")).toBe("mxgraph.aws4.api_gateway");
    expect(name("pod", "kubernetes")).toBe("mxgraph.kubernetes.pod");
    expect(name("virtual machine", "azure2")).toBe("mxgraph.azure2.virtual_machine");
    expect(name("router", "cisco19")).toBe("mxgraph.cisco19.router");
  });
});

describe("libraryStyle", () => {
  it("turns an AWS icon named by its shape into draw.io's resource icon (the blank-icon bug)", () => {
    const style = libraryStyle(
      "shape=mxgraph.aws4.api_gateway;whiteSpace=wrap;html=1;aspect=fixed;",
      catalog,
    );
    expectEntryStyle(style, entry("mxgraph.aws4.api_gateway").style);
    expect(value(style, "shape")).toBe("mxgraph.aws4.resourceIcon");
    expect(value(style, "whiteSpace")).toBe("wrap");
  });

  it("completes a resource icon written without colours and a glyph stencil", () => {
    const cloudfront = libraryStyle(
      "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.cloudfront;",
      catalog,
    );
    expectEntryStyle(cloudfront, entry("mxgraph.aws4.cloudfront").style);
    const lambda = libraryStyle("shape=mxgraph.aws4.lambda_function;", catalog);
    expectEntryStyle(lambda, entry("mxgraph.aws4.lambda_function").style);
  });

  it("draws Azure, GCP 2, Kubernetes, Cisco 19 and BPMN shapes as the sidebar does", () => {
    const cases: Array<[string, string]> = [
      ["shape=mxgraph.azure2.virtual_machine;", "mxgraph.azure2.virtual_machine"],
      ["image;image=img/lib/azure2/databases/SQL_Database.svg;", "mxgraph.azure2.sql_database"],
      ["shape=mxgraph.gcp2.cloud_run;", "mxgraph.gcp2.cloud_run"],
      ["shape=mxgraph.gcp2.hexIcon;prIcon=bigquery;", "mxgraph.gcp2.bigquery"],
      ["shape=mxgraph.kubernetes.pod;", "mxgraph.kubernetes.pod"],
      ["shape=mxgraph.kubernetes.icon;prIcon=svc;", "mxgraph.kubernetes.svc"],
      ["shape=mxgraph.cisco19.firewall;", "mxgraph.cisco19.firewall"],
      ["shape=mxgraph.bpmn.task;", "mxgraph.bpmn.task"],
    ];
    for (const [style, name] of cases) {
      expectEntryStyle(libraryStyle(style, catalog), entry(name).style);
    }
    expect(libraryStyle("shape=mxgraph.azure2.virtual_machine;", catalog)).toMatch(/^image;/);
  });

  it("keeps the variant a style asks for: a BPMN timer event, a task marker, a category colour", () => {
    const timer = libraryStyle("shape=mxgraph.bpmn.event;outline=catching;symbol=timer;", catalog);
    expect([value(timer, "outline"), value(timer, "symbol")]).toEqual(["catching", "timer"]);
    const user = libraryStyle("shape=mxgraph.bpmn.task;taskMarker=user;", catalog);
    expect(value(user, "taskMarker")).toBe("user");
    const purple = libraryStyle(
      "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.api_gateway;fillColor=#5A30B5;",
      catalog,
    );
    // The Networking category's gradient goes with its fill.
    expect(value(purple, "gradientColor")).toBe("#945DF2");
  });

  it("keeps the caller's label, recolouring and other keys", () => {
    const style = libraryStyle(
      "shape=mxgraph.aws4.s3;fontColor=#f7fafc;labelPosition=right;verticalLabelPosition=middle;" +
        "align=left;verticalAlign=middle;fillColor=#FF0000;opacity=50;tooltip=x;",
      catalog,
    );
    expect(value(style, "fillColor")).toBe("#FF0000");
    expect(value(style, "fontColor")).toBe("#f7fafc");
    expect(value(style, "labelPosition")).toBe("right");
    expect(value(style, "verticalLabelPosition")).toBe("middle");
    expect(value(style, "fontSize")).toBeUndefined();
    expect(value(style, "opacity")).toBe("50");
    expect(value(style, "tooltip")).toBe("x");
    expect(value(style, "resIcon")).toBe("mxgraph.aws4.s3");
  });

  it("puts the label where the sidebar does when the caller did not place it", () => {
    const style = libraryStyle("shape=mxgraph.aws4.s3;", catalog);
    expect(value(style, "verticalLabelPosition")).toBe("bottom");
    expect(value(style, "fontColor")).toBe("#232F3E");
  });

  it("refuses colours that make an icon vanish: none, or white on white", () => {
    const s3 = entry("mxgraph.aws4.s3").style;
    for (const broken of [
      "shape=mxgraph.aws4.s3;fillColor=none;",
      "shape=mxgraph.aws4.s3;fillColor=#FFFFFF;",
      "shape=mxgraph.aws4.s3;fillColor=#ffffff;strokeColor=#ffffff;",
    ]) {
      expectEntryStyle(libraryStyle(broken, catalog), s3);
    }
    const pod = libraryStyle("shape=mxgraph.kubernetes.pod;strokeColor=none;", catalog);
    expect(value(pod, "strokeColor")).toBe("#ffffff");
    // The glyph stencil is drawn in its fill: a missing fill is restored, another kept.
    expect(
      value(
        libraryStyle("shape=mxgraph.aws4.lambda_function;fillColor=none;", catalog),
        "fillColor",
      ),
    ).toBe("#D05C17");
  });

  it("lets colours set for another shape yield to the library's", () => {
    const style = libraryStyle(
      "rounded=1;fillColor=#dae8fc;strokeColor=#6c8ebf;shape=mxgraph.aws4.s3;",
      catalog,
      { explicit: ["shape"] },
    );
    expectEntryStyle(style, entry("mxgraph.aws4.s3").style);
    expect(value(style, "rounded")).toBe("1");
  });

  it("leaves styles alone that name no library shape", () => {
    for (const style of [
      "rounded=1;whiteSpace=wrap;html=1;",
      "shape=cylinder3;size=10;fillColor=none;",
      "shape=mxgraph.aws4.lambdaFunction;",
      "ellipse;shape=doubleEllipse;",
      "",
    ]) {
      expect(libraryStyle(style, catalog)).toBe(style);
      expect(findLibraryShape(style, catalog)).toBeUndefined();
    }
  });

  it("is idempotent and quick once the index is built", () => {
    const styles = [
      "shape=mxgraph.aws4.api_gateway;html=1;",
      "shape=mxgraph.azure2.virtual_machine;fontColor=#fff;",
      "shape=mxgraph.bpmn.event;symbol=timer;outline=catching;",
    ];
    for (const style of styles) {
      const once = libraryStyle(style, catalog);
      expect(libraryStyle(once, catalog)).toBe(once);
    }
    // A guard against rebuilding the index per call (tens of milliseconds each), loose enough
    // for a loaded CI machine: a call costs about 0.05 ms.
    const start = performance.now();
    for (let i = 0; i < 2_000; i++) libraryStyle(styles[i % 3] as string, catalog);
    expect((performance.now() - start) / 2_000).toBeLessThan(2);
  });
});
