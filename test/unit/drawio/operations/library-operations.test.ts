import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../../shape-libraries/catalog.ts";
import { getCellAttribute } from "../../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { applyOperations } from "../../../../worker/drawio/operations/apply.ts";
import { styleValues } from "../../../../worker/drawio/shapes/library-names.ts";

const catalog = shapeCatalog();
const shapes = { shapes: catalog };

const XML = `<mxfile><diagram id="p1" name="Main"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="box" value="Box" style="rounded=1;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1"><mxGeometry x="10" y="10" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="gw" value="Gateway" style="shape=mxgraph.aws4.api_gateway;html=1;" vertex="1" parent="1"><mxGeometry x="200" y="10" width="60" height="60" as="geometry"/></mxCell>
<mxCell id="e1" style="shape=mxgraph.aws4.s3;" edge="1" parent="1" source="box" target="gw"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

const styleOf = (doc: DiagramDocument, id: string) => {
  const cell = doc.pages[0]?.cells.find((c) => c.attrs.id === id);
  return cell ? (getCellAttribute(cell, "style") ?? "") : "";
};
const entryStyle = (name: string) => styleValues(catalog.libraryShapes(name)[0]?.style);

/** Every key of the library entry has its value in the cell's style. */
function expectLibraryKeys(style: string, name: string, except: readonly string[] = []) {
  const got = styleValues(style);
  for (const [key, value] of entryStyle(name)) {
    if (!except.includes(key)) expect(got.get(key), `${name} ${key}`).toBe(value);
  }
}

describe("operations with the shape catalogue", () => {
  it("set_style making a box an icon gives it the icon's colours, not the box's", () => {
    const { document } = applyOperations(
      parseDiagram(XML),
      [{ op: "set_style", id: "box", style: { shape: "mxgraph.aws4.lambda" } }],
      shapes,
    );
    const style = styleOf(document, "box");
    expectLibraryKeys(style, "mxgraph.aws4.lambda");
    expect(styleValues(style).get("rounded")).toBe("1");
  });

  it("set_style recolouring an icon keeps the colour, unless it hides the glyph", () => {
    const doc = parseDiagram(XML);
    const red = applyOperations(
      doc,
      [{ op: "set_style", id: "gw", style: { fillColor: "#FF0000" } }],
      shapes,
    ).document;
    expect(styleValues(styleOf(red, "gw")).get("fillColor")).toBe("#FF0000");
    expectLibraryKeys(styleOf(red, "gw"), "mxgraph.aws4.api_gateway", [
      "fillColor",
      "verticalLabelPosition",
      "verticalAlign",
      "align",
      "fontColor",
      "fontSize",
      "fontStyle",
    ]);
    // Still the same shape: its label stays where it was drawn (inside).
    expect(styleValues(styleOf(red, "gw")).get("verticalLabelPosition")).toBeUndefined();
    const white = applyOperations(
      doc,
      [{ op: "set_style", id: "gw", style: { fillColor: "#ffffff" } }],
      shapes,
    ).document;
    expect(styleValues(styleOf(white, "gw")).get("fillColor")).toBe("#BC1356");
  });

  it("add, update and set_attribute give written cells the library's style", () => {
    const { document } = applyOperations(
      parseDiagram(XML),
      [
        {
          op: "add",
          xml: '<mxCell id="pod" value="api" style="shape=mxgraph.kubernetes.pod;html=1;" vertex="1" parent="1"><mxGeometry x="10" y="100" width="50" height="48" as="geometry"/></mxCell>',
        },
        {
          op: "add",
          xml: '<object id="vm" label="VM" owner="ops"><mxCell style="shape=mxgraph.azure2.virtual_machine;" vertex="1" parent="1"><mxGeometry x="100" y="100" width="69" height="64" as="geometry"/></mxCell></object>',
        },
        {
          op: "update",
          id: "box",
          xml: '<mxCell value="Box" style="shape=mxgraph.cisco19.router;" vertex="1"><mxGeometry x="10" y="10" width="50" height="50" as="geometry"/></mxCell>',
        },
        {
          op: "set_attribute",
          id: "gw",
          name: "style",
          value: "shape=mxgraph.gcp2.hexIcon;prIcon=cloud_run;",
        },
      ],
      shapes,
    );
    expectLibraryKeys(styleOf(document, "pod"), "mxgraph.kubernetes.pod");
    expectLibraryKeys(styleOf(document, "vm"), "mxgraph.azure2.virtual_machine");
    expect(styleOf(document, "vm")).toMatch(/^image;/);
    expectLibraryKeys(styleOf(document, "box"), "mxgraph.cisco19.router");
    expectLibraryKeys(styleOf(document, "gw"), "mxgraph.gcp2.cloud_run");
  });

  it("leaves edges, unknown names and documents without the catalogue alone", () => {
    const doc = parseDiagram(XML);
    const styled = applyOperations(
      doc,
      [
        { op: "set_style", id: "e1", style: { dashed: 1 } },
        { op: "set_style", id: "box", style: { shape: "mxgraph.aws4.lambdaFunction" } },
      ],
      shapes,
    ).document;
    expect(styleOf(styled, "e1")).toBe("shape=mxgraph.aws4.s3;dashed=1;");
    expect(styleOf(styled, "box")).toBe(
      "rounded=1;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;shape=mxgraph.aws4.lambdaFunction;",
    );
    const plain = applyOperations(doc, [{ op: "set_style", id: "gw", style: { dashed: 1 } }]);
    expect(styleOf(plain.document, "gw")).toBe("shape=mxgraph.aws4.api_gateway;html=1;dashed=1;");
  });
});
