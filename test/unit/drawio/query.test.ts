import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../worker/drawio/errors.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import {
  getStyleValue,
  mergeStyle,
  parseStyle,
  shapeOf,
} from "../../../worker/drawio/model/style.ts";
import { fromDiagramsNetUrl, toDiagramsNetUrl } from "../../../worker/drawio/model/urls.ts";
import { getCellXml, listCells, selectCells } from "../../../worker/drawio/views/query.ts";
import { selectCellIds } from "../../../worker/drawio/xpath/select.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";

const XML = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="Start" style="ellipse;fillColor=#d5e8d4;" vertex="1" parent="1"><mxGeometry x="10" y="20" width="80" height="40" as="geometry"/></mxCell>
<object label="Orders DB" kind="db" id="db"><mxCell style="shape=cylinder3;" vertex="1" parent="1"><mxGeometry x="200" y="20" width="60" height="80" as="geometry"/></mxCell></object>
<mxCell id="e" value="writes" edge="1" parent="1" source="a" target="db"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="150" y="40"/></Array></mxGeometry></mxCell>
</root></mxGraphModel>`;
const page = parseDiagram(XML).pages[0] as DiagramPage;

describe("query", () => {
  it("lists cells compactly", () => {
    expect(listCells(page)).toEqual([
      { id: "0", kind: "root", label: "" },
      { id: "1", kind: "layer", label: "", parent: "0" },
      {
        id: "a",
        kind: "vertex",
        label: "Start",
        parent: "1",
        shape: "ellipse",
        rect: { x: 10, y: 20, width: 80, height: 40 },
      },
      {
        id: "db",
        kind: "vertex",
        label: "Orders DB",
        parent: "1",
        shape: "cylinder3",
        rect: { x: 200, y: 20, width: 60, height: 80 },
      },
      { id: "e", kind: "edge", label: "writes", parent: "1", source: "a", target: "db" },
    ]);
  });

  it("gets one cell's XML by id, wrapper included", () => {
    expect(getCellXml(page, "db")).toMatch(
      /^<object label="Orders DB" kind="db" id="db"><mxCell style="shape=cylinder3;"/,
    );
    expect(getCellXml(page, "nope")).toBeUndefined();
  });

  it.each<[string, string[]]>([
    ["//mxCell[@vertex='1']", ["a", "db"]],
    ["//object[@kind='db']", ["db"]],
    ["//mxCell[@edge='1']/mxGeometry//mxPoint", ["e"]],
    ["//*[contains(@style,'ellipse')]", ["a"]],
    ["//mxCell[@source='a']/@target", ["e"]],
    ["/mxGraphModel/root/*[@parent='1' or mxCell/@parent='1']", ["a", "db", "e"]],
  ])("selects %s", (expression, expected) => {
    expect(selectCellIds(page, expression)).toEqual(expected);
  });

  it("returns selected cells with their XML and reports bad expressions", () => {
    expect(selectCells(page, "//mxCell[@id='a']")).toEqual([
      { id: "a", xml: getCellXml(page, "a") },
    ]);
    expect(() => selectCellIds(page, "//[")).toThrow(DrawioError);
    expect(() => selectCellIds(page, "count(//mxCell)")).toThrow(/must select nodes/);
  });

  it("selects across a real file", () => {
    const file = corpusFiles().find((f) => f.name === "templates_flowcharts_flowchart_1.xml");
    const real = parseDiagram(file?.xml ?? "").pages[0] as DiagramPage;
    const edges = selectCellIds(real, "//mxCell[@edge='1']");
    expect(edges.length).toBe(listCells(real).filter((c) => c.kind === "edge").length);
    expect(edges.length).toBeGreaterThan(0);
  });
});

describe("style", () => {
  it("parses, merges and names shapes", () => {
    expect(parseStyle("text;html=1;align=center;")).toEqual([
      ["text", null],
      ["html", "1"],
      ["align", "center"],
    ]);
    expect(
      mergeStyle("ellipse;fillColor=#fff;html=1;", { fillColor: "#000", html: null, dashed: 1 }),
    ).toBe("ellipse;fillColor=#000;dashed=1;");
    expect(shapeOf("rounded=1;whiteSpace=wrap;")).toBe("rounded");
    expect(shapeOf("shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;")).toBe(
      "mxgraph.aws4.resourceIcon",
    );
    expect(shapeOf(undefined)).toBe("rect");
  });

  it("reads a repeated key as draw.io does: the last one counts", () => {
    expect(getStyleValue("shape=a;fillColor=#fff;shape=b;", "shape")).toBe("b");
    expect(getStyleValue("fillColor=#fff;fillColor=none;", "fillColor")).toBe("none");
    expect(getStyleValue("fillColor=;", "fillColor")).toBe("");
    expect(shapeOf("shape=cylinder3;html=1;shape=mxgraph.aws4.s3;")).toBe("mxgraph.aws4.s3");
    expect(shapeOf("rounded=1;rounded=0;")).toBe("rect");
  });
});

describe("diagrams.net links", () => {
  it("round-trips a diagram through a #R link that draw.io can open", () => {
    const url = toDiagramsNetUrl(XML, { title: "Flow 1" });
    expect(url).toMatch(/^https:\/\/app\.diagrams\.net\/\?title=Flow%201#R[A-Za-z0-9%]+$/);
    expect(fromDiagramsNetUrl(url)).toBe(XML);
  });

  it("reads raw-XML links and rejects links without a diagram", () => {
    expect(
      fromDiagramsNetUrl(`https://app.diagrams.net/#R${encodeURIComponent("<mxGraphModel/>")}`),
    ).toBe("<mxGraphModel/>");
    expect(() => fromDiagramsNetUrl("https://app.diagrams.net/")).toThrow(/no #R/);
    expect(() => fromDiagramsNetUrl("https://app.diagrams.net/#R!!!")).toThrow(
      /not a compressed diagram/,
    );
  });

  it("round-trips every corpus file", () => {
    for (const { xml } of corpusFiles().slice(0, 20))
      expect(fromDiagramsNetUrl(toDiagramsNetUrl(xml))).toBe(xml);
  });
});
