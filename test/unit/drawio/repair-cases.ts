import { expect } from "vitest";
import type { FindingCode } from "../../../worker/drawio/check/findings.ts";
import {
  geometryOf,
  getCellAttribute,
  getCellLabel,
  readRect,
} from "../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../worker/drawio/model/document.ts";
import type { XmlElement } from "../../../worker/drawio/xml/nodes.ts";

export interface Expectation {
  /** Exact set of change codes (order and repeats ignored). */
  changes?: string[];
  /** Labels (decoded `value`/`label`) that must survive. */
  labels?: string[];
  /** Edges that must survive, as `source->target`. */
  edges?: string[];
  /** Warning codes expected among the findings. */
  warnings?: FindingCode[];
  /** When set, the input is rejected with an error finding of this code. */
  rejected?: FindingCode;
  /** Any further check on the repaired document. */
  check?: (doc: DiagramDocument) => void;
}

export interface Case {
  name: string;
  input: string;
  expect: Expectation;
}

export const ROOTS = '<mxCell id="0"/><mxCell id="1" parent="0"/>';
export const geo = (x: number, y: number) =>
  `<mxGeometry x="${x}" y="${y}" width="120" height="60" as="geometry"/>`;
export const model = (cells: string) =>
  `<mxGraphModel><root>${ROOTS}${cells}</root></mxGraphModel>`;
export const cellsOf = (doc: DiagramDocument) => doc.pages.flatMap((p) => p.cells);
export const byId = (doc: DiagramDocument, id: string) =>
  cellsOf(doc).find((c) => c.attrs.id === id) as XmlElement;

export const cases: Case[] = [
  // --- truncation ---------------------------------------------------------------------------
  {
    name: "GPT-style model cut off mid-attribute",
    input: `<mxGraphModel dx="1422" dy="794" grid="1" gridSize="10">
  <root>
    <mxCell id="0" />
    <mxCell id="1" parent="0" />
    <mxCell id="start" value="Start" style="ellipse;whiteSpace=wrap;html=1;" vertex="1" parent="1">
      <mxGeometry x="340" y="40" width="120" height="60" as="geometry" />
    </mxCell>
    <mxCell id="validate" value="Validate input" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="1">
      <mxGeometry x="340" y="140" width="120" height="60" as="geometry" />
    </mxCell>
    <mxCell id="e1" style="edgeStyle=orthogonalEdgeStyle;" edge="1" parent="1" source="start" target="validate">
      <mxGeometry relative="1" as="geometry" />
    </mxCell>
    <mxCell id="decide" value="Valid?" style="rhombus;whiteSpace=wrap;ht`,
    expect: {
      changes: ["drop_truncated_tail", "close_wrappers"],
      warnings: ["truncated"],
      labels: ["Start", "Validate input"],
      edges: ["start->validate"],
    },
  },
  {
    name: "bare cell list cut off mid-tag",
    input: `<mxCell id="2" value="Order" vertex="1" parent="1">${geo(40, 40)}</mxCell>
<mxCell id="3" value="Pay" vertex="1" parent="1">${geo(40, 140)}</mxCell>
<mxCell id="4" value="Ship" vertex="1" parent="1"><mxGeometry x="40" y="240" width="120" hei`,
    expect: {
      changes: ["drop_truncated_tail", "add_wrapper", "add_root_cells"],
      warnings: ["truncated"],
      labels: ["Order", "Pay"],
    },
  },
  {
    name: "cut off between cells with the wrappers still open",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="a" value="Login" vertex="1" parent="1">${geo(0, 0)}</mxCell>
<mxCell id="b" value="Dashboard" vertex="1" parent="1">${geo(200, 0)}</mxCell>
`,
    expect: {
      changes: ["close_wrappers"],
      warnings: ["truncated"],
      labels: ["Login", "Dashboard"],
    },
  },
  {
    name: "cut off inside an edge's nested <mxGeometry>",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="a" value="A" vertex="1" parent="1">${geo(0, 0)}</mxCell>
<mxCell id="b" value="B" vertex="1" parent="1">${geo(0, 200)}</mxCell>
<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="60" y="1`,
    expect: { changes: ["drop_truncated_tail", "close_wrappers"], labels: ["A", "B"] },
  },
  {
    name: "multi-page mxfile cut off on the second page",
    input: `<mxfile host="Electron"><diagram id="p1" name="Overview"><mxGraphModel><root>${ROOTS}<mxCell id="o" value="Overview" vertex="1" parent="1">${geo(0, 0)}</mxCell></root></mxGraphModel></diagram><diagram id="p2" name="Details"><mxGraphModel><root>${ROOTS}<mxCell id="d1" value="Detail one" vertex="1" parent="1">${geo(0, 0)}</mxCell><mxCell id="d2" value="Detail tw`,
    expect: {
      changes: ["drop_truncated_tail", "close_wrappers"],
      labels: ["Overview", "Detail one"],
      check: (doc) =>
        expect(doc.pages.map((p) => p.attributes.name)).toEqual(["Overview", "Details"]),
    },
  },
  // --- envelope: fences, prose, JSON ----------------------------------------------------------
  {
    name: "markdown code fence with an explanation around it",
    input: `Here is your flowchart:

\`\`\`xml
<mxGraphModel><root>${ROOTS}
  <mxCell id="2" value="Begin" vertex="1" parent="1">${geo(0, 0)}</mxCell>
</root></mxGraphModel>
\`\`\`

The diagram starts with a single step. Let me know if you want more!`,
    expect: { changes: ["strip_code_fence"], labels: ["Begin"] },
  },
  {
    name: "prose before and after, no fence",
    input: `Sure! Here's the diagram:
<mxGraphModel><root>${ROOTS}<mxCell id="2" value="Only step" vertex="1" parent="1">${geo(0, 0)}</mxCell></root></mxGraphModel>
This shows Client -> Server.`,
    expect: { changes: ["strip_prose"], labels: ["Only step"] },
  },
  {
    name: "whole output as a JSON string literal",
    input: JSON.stringify(
      `<mxGraphModel>\n<root>\n${ROOTS}\n<mxCell id="2" value="First line\nSecond line" vertex="1" parent="1">${geo(0, 0)}</mxCell>\n</root>\n</mxGraphModel>`,
    ),
    expect: { changes: ["unescape_json"], labels: ["First line\nSecond line"] },
  },
  {
    name: "JSON tool arguments object with the XML in a field",
    input: JSON.stringify({
      xml: `<mxCell id="2" value="From tool" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
      title: "x",
    }),
    expect: { changes: ["unescape_json", "add_wrapper", "add_root_cells"], labels: ["From tool"] },
  },
  {
    name: 'JSON-escaped quotes (\\") and literal \\n inside a code fence',
    input:
      '```xml\n<mxGraphModel>\\n  <root>\\n    <mxCell id=\\"0\\"/>\\n    <mxCell id=\\"1\\" parent=\\"0\\"/>\\n    <mxCell id=\\"2\\" value=\\"Escaped\\" vertex=\\"1\\" parent=\\"1\\"><mxGeometry width=\\"120\\" height=\\"60\\" as=\\"geometry\\"/><\\/mxCell>\\n  </root>\\n</mxGraphModel>\n```',
    expect: { changes: ["strip_code_fence", "unescape_json"], labels: ["Escaped"] },
  },
  // --- escaping -------------------------------------------------------------------------------
  {
    name: "R&D in a label",
    input: model(
      `<mxCell id="2" value="R&D" vertex="1" parent="1">${geo(0, 0)}</mxCell><mxCell id="3" value="Q&amp;A" vertex="1" parent="1">${geo(200, 0)}</mxCell>`,
    ),
    expect: { changes: ["escape_ampersand"], labels: ["R&D", "Q&A"] },
  },
  {
    name: "HTML entity &nbsp; and <br> in an html=1 label",
    input: model(
      `<mxCell id="2" value="Line&nbsp;1<br>Line 2 &#169;" style="html=1;" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: { changes: ["escape_ampersand", "escape_lt"], labels: ["Line&nbsp;1<br>Line 2 ©"] },
  },
  {
    name: "raw <b> tags in an HTML label",
    input: model(
      `<mxCell id="2" value="<b>Bold</b> text" style="text;html=1;" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: { changes: ["escape_lt"], labels: ["<b>Bold</b> text"] },
  },
  {
    name: "HTML label with double-quoted attributes inside",
    input: model(
      `<mxCell id="2" value="<font color="#ff0000">Alert</font>" style="html=1;" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: {
      changes: ["escape_lt", "escape_quote"],
      labels: ['<font color="#ff0000">Alert</font>'],
    },
  },
  {
    name: "comparison with < in a label",
    input: model(
      `<mxCell id="2" value="x < 10?" style="rhombus;" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: { changes: ["escape_lt"], labels: ["x < 10?"] },
  },
  {
    name: "unescaped quotes inside a label",
    input: model(
      `<mxCell id="2" value="Say "hi" to the user" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: { changes: ["escape_quote"], labels: ['Say "hi" to the user'] },
  },
  {
    name: "unquoted attribute values",
    input: `<mxCell id=2 value="Loose" vertex=1 parent=1>${geo(0, 0)}</mxCell>`,
    expect: { changes: ["quote_attribute", "add_wrapper", "add_root_cells"], labels: ["Loose"] },
  },
  // --- comments and CDATA ---------------------------------------------------------------------
  {
    name: "comments between cells inside a fence",
    input: `\`\`\`xml
<mxGraphModel>
  <root>
    <!-- root cells -->
    ${ROOTS}
    <!-- shapes -->
    <mxCell id="a" value="Cache" vertex="1" parent="1">${geo(0, 0)}</mxCell>
    <mxCell id="b" value="DB" vertex="1" parent="1">${geo(0, 120)}</mxCell>
    <!-- edges -->
    <mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
  </root>
</mxGraphModel>
\`\`\``,
    expect: {
      changes: ["strip_code_fence", "remove_comment"],
      labels: ["Cache", "DB"],
      edges: ["a->b"],
    },
  },
  {
    name: "CDATA holding the model inside <diagram>",
    input: `<mxfile><diagram id="d" name="Page-1"><![CDATA[<mxGraphModel><root>${ROOTS}<mxCell id="2" value="In CDATA" vertex="1" parent="1">${geo(0, 0)}</mxCell></root></mxGraphModel>]]></diagram></mxfile>`,
    expect: { changes: ["unwrap_cdata"], labels: ["In CDATA"] },
  },
  {
    name: "CDATA text as an attribute value",
    input: model(
      `<mxCell id="2" value="<![CDATA[Tom & Jerry]]>" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: { changes: ["unwrap_cdata"], labels: ["Tom & Jerry"] },
  },
  // --- wrappers and root cells ----------------------------------------------------------------
  {
    name: "bare cells without root cells",
    input: `<mxCell id="2" value="A" vertex="1" parent="1">${geo(0, 0)}</mxCell>
<mxCell id="3" value="B" vertex="1" parent="1">${geo(200, 0)}</mxCell>
<mxCell id="4" value="calls" edge="1" parent="1" source="2" target="3"><mxGeometry relative="1" as="geometry"/></mxCell>`,
    expect: {
      changes: ["add_wrapper", "add_root_cells"],
      labels: ["A", "B", "calls"],
      edges: ["2->3"],
      check: (doc) => expect(doc.form).toBe("cells"),
    },
  },
  {
    name: "bare cells with their root cells",
    input: `${ROOTS}<mxCell id="2" value="Solo" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    expect: { changes: ["add_wrapper"], labels: ["Solo"] },
  },
  {
    name: "bare <root> without <mxGraphModel>",
    input: `<root>${ROOTS}<mxCell id="2" value="Rooted" vertex="1" parent="1">${geo(0, 0)}</mxCell></root>`,
    expect: { changes: ["add_wrapper"], labels: ["Rooted"] },
  },
  {
    name: "model without root cells",
    input: `<mxGraphModel><root><mxCell id="2" value="Orphan" vertex="1" parent="1">${geo(0, 0)}</mxCell></root></mxGraphModel>`,
    expect: { changes: ["add_root_cells"], labels: ["Orphan"] },
  },
  {
    name: 'duplicated <mxCell id="0"/> and layer',
    input: model(
      `<mxCell id="2" value="Once" vertex="1" parent="1">${geo(0, 0)}</mxCell>${ROOTS}<mxCell id="3" value="Twice" vertex="1" parent="1">${geo(0, 100)}</mxCell>`,
    ),
    expect: { changes: ["remove_duplicate_root"], labels: ["Once", "Twice"] },
  },
  {
    name: "layer written without its parent",
    input: `<mxGraphModel><root><mxCell id="0"/><mxCell id="1"/><mxCell id="2" value="On layer" vertex="1" parent="1">${geo(0, 0)}</mxCell></root></mxGraphModel>`,
    expect: {
      changes: ["set_missing_parent"],
      check: (doc) => expect(getCellAttribute(byId(doc, "1"), "parent")).toBe("0"),
    },
  },
  // --- nesting and unbalanced tags ------------------------------------------------------------
  {
    name: "child cell written inside its container",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="vpc" value="VPC" style="swimlane;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="400" height="300" as="geometry"/>
  <mxCell id="ec2" value="EC2" vertex="1"><mxGeometry x="20" y="40" width="120" height="60" as="geometry"/></mxCell>
</mxCell>
</root></mxGraphModel>`,
    expect: {
      changes: ["flatten_nested_cell"],
      labels: ["VPC", "EC2"],
      check: (doc) => expect(getCellAttribute(byId(doc, "ec2"), "parent")).toBe("vpc"),
    },
  },
  {
    name: "cell never closed, so the next cell ends up inside it",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="2" value="Open" vertex="1" parent="1">${geo(0, 0)}
<mxCell id="3" value="Next" vertex="1" parent="1">${geo(0, 100)}</mxCell>
</root></mxGraphModel>`,
    expect: {
      changes: ["close_unclosed_tag", "flatten_nested_cell"],
      labels: ["Open", "Next"],
      check: (doc) => expect(getCellAttribute(byId(doc, "3"), "parent")).toBe("1"),
    },
  },
  {
    name: "<mxGeometry> not self-closed",
    input: model(
      `<mxCell id="2" value="Geo" vertex="1" parent="1"><mxGeometry x="10" y="20" width="120" height="60" as="geometry"></mxCell>`,
    ),
    expect: {
      changes: ["close_unclosed_tag"],
      check: (doc) => expect(readRect(geometryOf(byId(doc, "2")) as XmlElement).y).toBe(20),
    },
  },
  {
    name: "stray </mxCell> after a self-closed cell",
    input: model(`<mxCell id="2" value="Stray" vertex="1" parent="1"/></mxCell>`),
    expect: { changes: ["remove_stray_end_tag", "add_missing_geometry"], labels: ["Stray"] },
  },
  {
    name: "start tag missing its >",
    input: `<mxGraphModel><root>${ROOTS}<mxCell id="2" value="No bracket" vertex="1" parent="1"
  <mxGeometry x="10" y="10" width="120" height="60" as="geometry"/>
</mxCell></root></mxGraphModel>`,
    expect: { changes: ["close_start_tag"], labels: ["No bracket"] },
  },
  // --- ids, references, parents ---------------------------------------------------------------
  {
    name: "duplicate ids with edges on both sides",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="2" value="Client" vertex="1" parent="1">${geo(0, 0)}</mxCell>
<mxCell id="3" value="API" vertex="1" parent="1">${geo(200, 0)}</mxCell>
<mxCell id="4" edge="1" parent="1" source="2" target="3"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="3" value="Database" vertex="1" parent="1">${geo(400, 0)}</mxCell>
<mxCell id="5" edge="1" parent="1" source="2" target="3"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel>`,
    expect: {
      changes: ["rename_duplicate_id"],
      labels: ["Client", "API", "Database"],
      edges: ["2->3", "2->3-2"],
      check: (doc) => expect(getCellLabel(byId(doc, "3-2"))).toBe("Database"),
    },
  },
  {
    name: "the same cell written twice",
    input: model(
      `<mxCell id="2" value="Twin" vertex="1" parent="1">${geo(0, 0)}</mxCell><mxCell id="2" value="Twin" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    ),
    expect: {
      changes: ["remove_duplicate_cell"],
      check: (doc) => expect(cellsOf(doc).filter((c) => c.attrs.id === "2")).toHaveLength(1),
    },
  },
  {
    name: "edge to a nonexistent cell, with its label",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="a" value="Web" vertex="1" parent="1">${geo(0, 0)}</mxCell>
<mxCell id="e1" edge="1" parent="1" source="a" target="cache"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="e1-label" value="reads" vertex="1" connectable="0" parent="e1"><mxGeometry x="-0.5" relative="1" as="geometry"/></mxCell>
</root></mxGraphModel>`,
    expect: {
      changes: ["drop_dangling_edge"],
      labels: ["Web"],
      check: (doc) => expect(cellsOf(doc).map((c) => c.attrs.id)).toEqual(["0", "1", "a"]),
    },
  },
  {
    name: "vertex without geometry",
    input: `<mxGraphModel><root>${ROOTS}
<mxCell id="a" value="Placed" vertex="1" parent="1"><mxGeometry x="100" y="50" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="b" value="Forgot geometry" vertex="1" parent="1"/>
</root></mxGraphModel>`,
    expect: {
      changes: ["add_missing_geometry"],
      check: (doc) =>
        expect(readRect(geometryOf(byId(doc, "b")) as XmlElement)).toEqual({
          x: 100,
          y: 150,
          width: 120,
          height: 60,
        }),
    },
  },
  {
    name: "cells without a parent attribute",
    input: model(`<mxCell id="a" value="No parent" vertex="1">${geo(0, 0)}</mxCell>`),
    expect: {
      changes: ["set_missing_parent"],
      check: (doc) => expect(getCellAttribute(byId(doc, "a"), "parent")).toBe("1"),
    },
  },
  {
    name: "parent that does not exist",
    input: model(`<mxCell id="a" value="Lost" vertex="1" parent="group-9">${geo(0, 0)}</mxCell>`),
    expect: { changes: ["reparent_unknown_parent"], labels: ["Lost"] },
  },
  {
    name: "two cells that are each other's parent",
    input: model(
      `<mxCell id="a" value="Chicken" vertex="1" parent="b">${geo(0, 0)}</mxCell><mxCell id="b" value="Egg" vertex="1" parent="a">${geo(0, 0)}</mxCell>`,
    ),
    expect: {
      changes: ["break_parent_cycle"],
      check: (doc) => expect(getCellAttribute(byId(doc, "a"), "parent")).toBe("1"),
    },
  },
  {
    name: "cell that is its own parent",
    input: model(`<mxCell id="a" value="Self" vertex="1" parent="a">${geo(0, 0)}</mxCell>`),
    expect: { changes: ["break_parent_cycle"], labels: ["Self"] },
  },
  {
    name: "cell with an empty id",
    input: model(`<mxCell id="" value="Anonymous" vertex="1" parent="1">${geo(0, 0)}</mxCell>`),
    expect: { changes: ["assign_missing_id"], labels: ["Anonymous"] },
  },
  {
    name: "<object> wrapper cells with custom properties",
    input: `<object label="Order service" owner="team-a" id="svc"><mxCell style="rounded=1;" vertex="1" parent="1">${geo(0, 0)}</mxCell></object>
<UserObject label="Queue" link="https://example.com/q" id="q"><mxCell vertex="1" parent="1">${geo(200, 0)}</mxCell></UserObject>
<mxCell id="e" edge="1" parent="1" source="svc" target="q"><mxGeometry relative="1" as="geometry"/></mxCell>`,
    expect: {
      changes: ["add_wrapper", "add_root_cells"],
      labels: ["Order service", "Queue"],
      edges: ["svc->q"],
      check: (doc) => expect(byId(doc, "svc").attrs.owner).toBe("team-a"),
    },
  },
  {
    name: "mxfile with an uncompressed page and R&D",
    input: `<mxfile host="app.diagrams.net"><diagram id="x" name="Org"><mxGraphModel dx="800" dy="600"><root>${ROOTS}<mxCell id="2" value="R&D Lab" vertex="1" parent="1">${geo(0, 0)}</mxCell></root></mxGraphModel></diagram></mxfile>`,
    expect: {
      changes: ["escape_ampersand"],
      labels: ["R&D Lab"],
      check: (doc) => expect(doc.attributes.host).toBe("app.diagrams.net"),
    },
  },
  // --- several faults at once -----------------------------------------------------------------
  {
    name: "fence + R&D + HTML label + repeated root + truncation",
    input: `Here's the architecture:
\`\`\`xml
<mxGraphModel><root>
${ROOTS}
<mxCell id="fe" value="<b>Frontend</b>" style="html=1;" vertex="1" parent="1">${geo(0, 0)}</mxCell>
${ROOTS}
<mxCell id="rd" value="R&D API" vertex="1" parent="1">${geo(0, 120)}</mxCell>
<mxCell id="e" edge="1" parent="1" source="fe" target="rd"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="db" value="Postg`,
    expect: {
      changes: [
        "strip_code_fence",
        "drop_truncated_tail",
        "close_wrappers",
        "escape_lt",
        "escape_ampersand",
        "remove_duplicate_root",
      ],
      labels: ["<b>Frontend</b>", "R&D API"],
      edges: ["fe->rd"],
      warnings: ["truncated"],
    },
  },
  {
    name: "nested cell + duplicate id + dangling edge + missing geometry",
    input: `<mxCell id="g" value="Group" style="group" vertex="1" parent="1"><mxGeometry width="300" height="200" as="geometry"/>
  <mxCell id="n" value="Inner" vertex="1"/>
</mxCell>
<mxCell id="g" value="Other" vertex="1" parent="1">${geo(400, 0)}</mxCell>
<mxCell id="x" edge="1" parent="1" source="g" target="nowhere"/>`,
    expect: {
      changes: [
        "add_wrapper",
        "add_root_cells",
        "flatten_nested_cell",
        "rename_duplicate_id",
        "drop_dangling_edge",
        "add_missing_geometry",
      ],
      labels: ["Group", "Inner", "Other"],
      check: (doc) => expect(getCellAttribute(byId(doc, "n"), "parent")).toBe("g"),
    },
  },
  // --- rejected -------------------------------------------------------------------------------
  {
    name: "an apology instead of a diagram",
    input: "I'm sorry, but I can't create diagrams. You could try draw.io yourself!",
    expect: { rejected: "not_a_diagram" },
  },
  { name: "empty output", input: "  \n", expect: { rejected: "not_a_diagram" } },
  {
    name: "SVG instead of draw.io XML",
    input: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
    expect: { rejected: "not_a_diagram" },
  },
  {
    name: "model with only the root cells",
    input: model(``),
    expect: { rejected: "no_cells" },
  },
  {
    name: "cut off inside the first cell",
    input:
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" value="Sta',
    expect: { rejected: "no_cells" },
  },
  {
    name: "the same attribute written twice",
    input: `<mxCell id="2" value="A" value="B" vertex="1" parent="1">${geo(0, 0)}</mxCell>`,
    expect: { rejected: "malformed_xml" },
  },
];
