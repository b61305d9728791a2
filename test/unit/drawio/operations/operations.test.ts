import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { geometryOf, getCellAttribute } from "../../../../worker/drawio/model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { applyOperations } from "../../../../worker/drawio/operations/apply.ts";
import { OperationBatchSchema } from "../../../../worker/drawio/operations/schema.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../../fixtures/synthetic.ts";

const XML = `<mxfile><diagram id="p1" name="Main"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="box" value="Box" style="rounded=1;whiteSpace=wrap;fillColor=#fff;html=1;" vertex="1" parent="1"><mxGeometry x="10" y="10" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="grp" value="Group" style="swimlane;" vertex="1" parent="1"><mxGeometry x="200" y="0" width="300" height="200" as="geometry"/></mxCell>
<mxCell id="in1" value="Inside" style="ellipse;" vertex="1" parent="grp"><mxGeometry x="20" y="40" width="80" height="40" as="geometry"/></mxCell>
<object label="Wrapped" owner="ops" id="obj"><mxCell style="shape=cylinder3;" vertex="1" parent="grp"><mxGeometry x="150" y="40" width="60" height="80" as="geometry"/></mxCell></object>
<mxCell id="e1" value="" style="endArrow=classic;" edge="1" parent="1" source="box" target="in1"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="e1label" value="calls" style="edgeLabel;" vertex="1" connectable="0" parent="e1"><mxGeometry x="-0.2" relative="1" as="geometry"><mxPoint as="offset"/></mxGeometry></mxCell>
<mxCell id="e2" style="dashed=1;" edge="1" parent="1" source="obj" target="box"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram><diagram id="p2" name="Second"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="x" value="X" vertex="1" parent="1"><mxGeometry width="10" height="10" as="geometry"/></mxCell></root></mxGraphModel></diagram></mxfile>`;

const ids = (doc: DiagramDocument, page = 0) => doc.pages[page]?.cells.map((c) => c.attrs.id) ?? [];
const cell = (doc: DiagramDocument, id: string, page = 0) => {
  const found = doc.pages[page]?.cells.find((c) => c.attrs.id === id);
  if (!found) throw new Error(`no cell ${id}`);
  return found;
};
/** The code of a refused batch and what its error names of the failing operation. */
interface Refusal {
  code?: string;
  index?: number;
  op?: string;
  target?: string;
}

function expectFailure(
  doc: DiagramDocument,
  ops: unknown[],
  expected: Refusal,
  page?: number | string,
) {
  const before = serializeDiagram(doc);
  const { code, ...operation } = expected;
  try {
    applyOperations(doc, ops, page === undefined ? {} : { page });
    expect.unreachable("the batch should fail");
  } catch (error) {
    expect(error).toBeInstanceOf(DrawioError);
    expect(error).toMatchObject({ ...(code ? { code } : {}), operation });
  }
  expect(serializeDiagram(doc)).toBe(before);
}

describe("applyOperations", () => {
  const doc = parseDiagram(XML);

  it("adds a cell, defaulting its parent to the first layer", () => {
    const { document, changed } = applyOperations(doc, [
      {
        op: "add",
        xml: '<mxCell id="new" value="New" vertex="1"><mxGeometry x="0" y="300" width="80" height="40" as="geometry"/></mxCell>',
      },
      {
        op: "add",
        xml: '<UserObject label="Link" link="https://example.com" id="u1"><mxCell vertex="1" parent="grp"><mxGeometry width="80" height="40" as="geometry"/></mxCell></UserObject>',
      },
      {
        op: "add",
        xml: '<mxCell id="e3" edge="1" source="new" target="u1"><mxGeometry relative="1" as="geometry"/></mxCell>',
      },
    ]);
    expect(ids(document).slice(-3)).toEqual(["new", "u1", "e3"]);
    expect(getCellAttribute(cell(document, "new"), "parent")).toBe("1");
    expect(getCellAttribute(cell(document, "u1"), "parent")).toBe("grp");
    expect(changed).toEqual(["new", "u1", "e3"]);
    expect(validateDocument(document).filter((f) => f.severity === "error")).toEqual([]);
    expect(ids(doc)).not.toContain("new");
  });

  it("updates a whole cell, keeping the id and the parent when omitted", () => {
    const { document } = applyOperations(doc, [
      {
        op: "update",
        id: "in1",
        xml: '<mxCell value="Renamed" style="rhombus;" vertex="1"><mxGeometry x="1" y="2" width="30" height="30" as="geometry"/></mxCell>',
      },
    ]);
    const updated = cell(document, "in1");
    expect(updated.attrs).toMatchObject({
      id: "in1",
      value: "Renamed",
      parent: "grp",
      style: "rhombus;",
    });
    expect(ids(document)).toEqual(ids(doc));
  });

  it("deletes with cascade to children, attached edges and their labels", () => {
    const { document, deleted } = applyOperations(doc, [{ op: "delete", id: "grp" }]);
    expect(new Set(deleted)).toEqual(new Set(["grp", "in1", "obj", "e1", "e1label", "e2"]));
    expect(ids(document)).toEqual(["0", "1", "box"]);
  });

  it("sets and removes attributes on plain and wrapped cells", () => {
    const { document } = applyOperations(doc, [
      { op: "set_attribute", id: "box", name: "tooltip", value: "Hello & bye" },
      { op: "set_attribute", id: "obj", name: "owner", value: "platform" },
      { op: "set_attribute", id: "obj", name: "parent", value: "1" },
      { op: "remove_attribute", id: "box", name: "tooltip" },
      { op: "set_attribute", id: "box", name: "link", value: "https://example.com" },
    ]);
    expect(cell(document, "box").attrs.link).toBe("https://example.com");
    expect(cell(document, "box").attrs.tooltip).toBeUndefined();
    expect(cell(document, "obj").attrs.owner).toBe("platform");
    expect(getCellAttribute(cell(document, "obj"), "parent")).toBe("1");
    expect(serializeDiagram(document)).toContain(
      '<object label="Wrapped" owner="platform" id="obj"><mxCell style="shape=cylinder3;" vertex="1" parent="1">',
    );
  });

  it("merges style keys, removes null keys and keeps the order", () => {
    const { document } = applyOperations(doc, [
      {
        op: "set_style",
        id: "box",
        style: { fillColor: "#dae8fc", rounded: null, strokeWidth: 2 },
      },
      { op: "set_style", id: "in1", style: { fillColor: "#f00" } },
    ]);
    expect(getCellAttribute(cell(document, "box"), "style")).toBe(
      "whiteSpace=wrap;fillColor=#dae8fc;html=1;strokeWidth=2;",
    );
    expect(getCellAttribute(cell(document, "in1"), "style")).toBe("ellipse;fillColor=#f00;");
  });

  it("sets labels (value on cells, label on wrappers) and geometry subsets", () => {
    const { document } = applyOperations(doc, [
      { op: "set_label", id: "box", value: "<b>Pay</b>" },
      { op: "set_label", id: "obj", value: "DB" },
      { op: "set_geometry", id: "box", x: 40, width: 200 },
    ]);
    expect(cell(document, "box").attrs.value).toBe("<b>Pay</b>");
    expect(cell(document, "obj").attrs.label).toBe("DB");
    expect(geometryOf(cell(document, "box"))?.attrs).toEqual({
      x: "40",
      y: "10",
      width: "200",
      height: "60",
      as: "geometry",
    });
    expect(serializeDiagram(document)).toContain('value="&lt;b&gt;Pay&lt;/b&gt;"');
  });

  it("replaces exactly one occurrence of text", () => {
    const { document, changed } = applyOperations(doc, [
      { op: "replace_text", search: 'value="Inside"', replace: 'value="Outside"' },
    ]);
    expect(cell(document, "in1").attrs.value).toBe("Outside");
    expect(changed).toEqual(["in1"]);
  });

  it("targets cells by XPath", () => {
    const { document, changed } = applyOperations(doc, [
      { op: "set_style", select: "//mxCell[@edge='1']", style: { strokeColor: "#333" } },
    ]);
    expect(changed).toEqual(["e1", "e2"]);
    expect(getCellAttribute(cell(document, "e2"), "style")).toBe("dashed=1;strokeColor=#333;");
    const wrapped = applyOperations(doc, [{ op: "delete", select: "//object[@owner='ops']" }]);
    expect(wrapped.deleted).toContain("obj");
    expect(wrapped.deleted).toContain("e2");
  });

  it("edits another page when asked, by id or index", () => {
    const byId = applyOperations(doc, [{ op: "set_label", id: "x", value: "Y" }], { page: "p2" });
    expect(byId.page).toBe(1);
    expect(cell(byId.document, "x", 1).attrs.value).toBe("Y");
    expect(byId.document.pages[0]).toBe(doc.pages[0]);
    expect(applyOperations(doc, [{ op: "delete", id: "x" }], { page: 1 }).deleted).toEqual(["x"]);
  });

  describe("refuses, naming the operation, and changes nothing", () => {
    it.each<[string, unknown[], Refusal]>([
      [
        "unknown op",
        [{ op: "explode", id: "box" }],
        { code: "invalid_operation", index: 0, op: "explode" },
      ],
      [
        "both id and select",
        [{ op: "delete", id: "box", select: "//mxCell" }],
        { code: "invalid_operation", index: 0 },
      ],
      [
        "missing target",
        [{ op: "set_label", id: "nope", value: "x" }],
        { code: "cell_not_found", index: 0, op: "set_label", target: "nope" },
      ],
      [
        "XPath that selects nothing",
        [{ op: "delete", select: "//mxCell[@id='zzz']" }],
        { code: "no_match", index: 0 },
      ],
      ["broken XPath", [{ op: "delete", select: "//mxCell[" }], { code: "invalid_xpath" }],
      [
        "XPath computing a value",
        [{ op: "delete", select: "count(//mxCell)" }],
        { code: "invalid_xpath" },
      ],
      [
        "duplicate id on add",
        [{ op: "add", xml: '<mxCell id="box" vertex="1"><mxGeometry as="geometry"/></mxCell>' }],
        { code: "duplicate_id" },
      ],
      [
        "add with unknown parent",
        [
          {
            op: "add",
            xml: '<mxCell id="n" vertex="1" parent="zzz"><mxGeometry as="geometry"/></mxCell>',
          },
        ],
        { code: "unknown_parent" },
      ],
      [
        "add edge to nowhere",
        [
          {
            op: "add",
            xml: '<mxCell id="n" edge="1" source="box" target="zzz"><mxGeometry relative="1" as="geometry"/></mxCell>',
          },
        ],
        { code: "unknown_target" },
      ],
      [
        "add broken XML",
        [{ op: "add", xml: '<mxCell id="n" value="R&D" vertex="1"/>' }],
        { code: "invalid_xml" },
      ],
      [
        "add two cells at once",
        [{ op: "add", xml: '<mxCell id="n"/><mxCell id="m"/>' }],
        { code: "invalid_xml" },
      ],
      [
        "add nested cells",
        [
          {
            op: "add",
            xml: '<mxCell id="n" vertex="1"><mxGeometry as="geometry"/><mxCell id="m"/></mxCell>',
          },
        ],
        { code: "invalid_xml" },
      ],
      [
        "update with another id",
        [
          {
            op: "update",
            id: "box",
            xml: '<mxCell id="other" vertex="1"><mxGeometry as="geometry"/></mxCell>',
          },
        ],
        { code: "id_mismatch" },
      ],
      [
        "replace the root cell",
        [{ op: "update", id: "0", xml: "<mxCell/>" }],
        { code: "protected_cell" },
      ],
      ["delete the root cell", [{ op: "delete", id: "0" }], { code: "protected_cell" }],
      ["delete the last layer", [{ op: "delete", id: "1" }], { code: "protected_cell" }],
      [
        "rename a cell",
        [{ op: "set_attribute", id: "box", name: "id", value: "b2" }],
        { code: "immutable_id" },
      ],
      [
        "parent cycle",
        [{ op: "set_attribute", id: "grp", name: "parent", value: "in1" }],
        { code: "parent_cycle" },
      ],
      [
        "text that is not there",
        [{ op: "replace_text", search: "nowhere", replace: "x" }],
        { code: "text_not_found" },
      ],
      [
        "ambiguous text",
        [{ op: "replace_text", search: 'vertex="1"', replace: "" }],
        { code: "ambiguous_text" },
      ],
      [
        "text edit that breaks XML",
        [{ op: "replace_text", search: 'value="Box"', replace: 'value="<Box"' }],
        { code: "invalid_xml" },
      ],
      ["empty style", [{ op: "set_style", id: "box", style: {} }], { code: "invalid_operation" }],
      [
        "geometry without numbers",
        [{ op: "set_geometry", id: "box" }],
        { code: "invalid_operation" },
      ],
      [
        "text edit that dangles an edge",
        [{ op: "replace_text", search: 'target="in1"', replace: 'target="ghost"' }],
        { code: "invalid_result", target: "e1" },
      ],
    ])("%s", (_name, ops, expected) => {
      expectFailure(doc, ops, expected);
    });

    it("rolls back earlier operations when a later one fails", () => {
      expectFailure(
        doc,
        [
          { op: "set_label", id: "box", value: "changed" },
          { op: "delete", id: "grp" },
          { op: "add", xml: '<mxCell id="z" vertex="1"><mxGeometry as="geometry"/></mxCell>' },
          { op: "set_style", id: "in1", style: { fillColor: "red" } },
        ],
        { code: "cell_not_found", index: 3, op: "set_style", target: "in1" },
      );
      expect(cell(doc, "box").attrs.value).toBe("Box");
    });

    it("names an unknown page", () => {
      expectFailure(doc, [{ op: "delete", id: "x" }], { code: "page_not_found", index: -1 }, "p9");
    });
  });

  it("accepts batches through the exported schema", () => {
    const batch = OperationBatchSchema.parse({
      operations: [{ op: "set_label", id: "box", value: "A" }],
      page: 0,
    });
    expect(applyOperations(doc, batch.operations, { page: batch.page }).changed).toEqual(["box"]);
    expect(OperationBatchSchema.safeParse({ operations: [] }).success).toBe(false);
  });

  it("applies a style edit to every real corpus page without errors", () => {
    for (const { xml } of corpusFiles()) {
      const parsed = parseDiagram(xml);
      parsed.pages.forEach((page: DiagramPage, index) => {
        const vertex = page.cells.find((c) => getCellAttribute(c, "vertex") === "1");
        if (!vertex?.attrs.id) return;
        const { document } = applyOperations(
          parsed,
          [{ op: "set_style", id: vertex.attrs.id, style: { fillColor: "#ffeeee" } }],
          { page: index },
        );
        expect(getCellAttribute(cell(document, vertex.attrs.id, index), "style")).toContain(
          "fillColor=#ffeeee",
        );
        expect(validateDocument(document).filter((f) => f.severity === "error")).toEqual([]);
      });
    }
  });

  it("deletes a container with its subtree in a 5,000-cell diagram", () => {
    const big = parseDiagram(syntheticDiagram({ cells: 5000 }));
    const { document, deleted } = applyOperations(big, [{ op: "delete", id: "g0" }]);
    expect(deleted.length).toBeGreaterThan(12);
    const remaining = new Set(ids(document));
    for (const c of document.pages[0]?.cells ?? []) {
      const source = getCellAttribute(c, "source");
      if (source) expect(remaining.has(source)).toBe(true);
    }
    expect(validateDocument(document).filter((f) => f.severity === "error")).toEqual([]);
  });
});
