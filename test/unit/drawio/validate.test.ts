import { describe, expect, it } from "vitest";
import { validateDocument, validateXml } from "../../../worker/drawio/check/validate.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

const wrap = (cells: string) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
const box = (id: string, extra = "") =>
  `<mxCell id="${id}" value="${id}" vertex="1" parent="1" ${extra}><mxGeometry x="0" y="0" width="80" height="40" as="geometry"/></mxCell>`;
const codes = (xml: string) =>
  validateXml(xml).findings.map((f) => `${f.severity}:${f.code}:${f.cellId ?? ""}`);

describe("validate", () => {
  it.each(corpusFiles())("finds no errors in the real file $name", ({ xml }) => {
    const result = validateXml(xml);
    expect(result.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("finds nothing wrong with synthetic large diagrams", () => {
    expect(validateDocument(parseDiagram(syntheticDiagram({ cells: 5000 })))).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    ["malformed XML", "<mxGraphModel><root></mxGraphModel>", ["error:malformed_xml:"]],
    [
      "bare ampersand",
      wrap(box("a").replace('value="a"', 'value="R&D"')),
      ["error:unescaped_character:"],
    ],
    [
      "raw HTML in a label",
      wrap(box("a").replace('value="a"', 'value="<b>x</b>"')),
      ["error:unescaped_character:"],
    ],
    ["not a diagram", "<html><body/></html>", ["error:not_a_diagram:"]],
    ["duplicate id", wrap(box("a") + box("a")), ["error:duplicate_id:a"]],
    ["empty id", wrap(box("")), ["error:empty_id:"]],
    [
      "missing parent",
      wrap('<mxCell id="a" vertex="1"><mxGeometry as="geometry"/></mxCell>'),
      ["error:missing_parent:a"],
    ],
    [
      "unknown parent",
      wrap(box("a").replace('parent="1"', 'parent="zz"')),
      ["error:unknown_parent:a"],
    ],
    [
      "edge to nowhere",
      wrap(
        `${box("a")}<mxCell id="e" edge="1" parent="1" source="a" target="q"><mxGeometry relative="1" as="geometry"/></mxCell>`,
      ),
      ["error:unknown_target:e"],
    ],
    [
      "edge from nowhere",
      wrap(
        `${box("a")}<mxCell id="e" edge="1" parent="1" source="q" target="a"><mxGeometry relative="1" as="geometry"/></mxCell>`,
      ),
      ["error:unknown_source:e"],
    ],
    [
      "nested cell",
      wrap(
        '<mxCell id="a" vertex="1" parent="1"><mxGeometry as="geometry"/><mxCell id="b" vertex="1" parent="a"><mxGeometry as="geometry"/></mxCell></mxCell>',
      ),
      ["error:nested_cell:b"],
    ],
    [
      "vertex without geometry",
      wrap('<mxCell id="a" value="x" vertex="1" parent="1"/>'),
      ["error:missing_geometry:a"],
    ],
    [
      "cycle in the parent chain",
      wrap(
        box("a").replace('parent="1"', 'parent="b"') + box("b").replace('parent="1"', 'parent="a"'),
      ),
      ["error:parent_cycle:a"],
    ],
    [
      "no root cell",
      '<mxGraphModel><root><mxCell id="1" parent="0"/></root></mxGraphModel>',
      ["error:missing_root:", "error:unknown_parent:1"],
    ],
    [
      "no layer",
      '<mxGraphModel><root><mxCell id="0"/></root></mxGraphModel>',
      ["error:missing_root:"],
    ],
    [
      "vertex on the root cell",
      wrap(box("a").replace('parent="1"', 'parent="0"')),
      ["warning:cell_on_root:a"],
    ],
    [
      "non-numeric geometry",
      wrap(box("a").replace('x="0"', 'x="left"')),
      ["error:invalid_geometry:a"],
    ],
    [
      "infinite geometry",
      wrap(box("a").replace('x="0"', 'x="Infinity"')),
      ["error:invalid_geometry:a"],
    ],
    [
      "geometry of 1e308",
      wrap(box("a").replace('x="0"', 'x="1e308"')),
      ["error:invalid_geometry:a"],
    ],
    ["NaN geometry", wrap(box("a").replace('x="0"', 'x="NaN"')), ["error:invalid_geometry:a"]],
    [
      "a waypoint beyond the canvas",
      wrap(
        '<mxCell id="e" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="20000001" y="0"/></Array></mxGeometry></mxCell>',
      ),
      ["error:invalid_geometry:e"],
    ],
    ["geometry at the canvas limit", wrap(box("a").replace('x="0"', 'x="-10000000"')), []],
    ["unknown element under root", wrap("<foo/>"), ["warning:unknown_element:"]],
    [
      "wrapper without an mxCell",
      wrap('<object label="x" id="w" vertex="1" parent="1"><mxGeometry as="geometry"/></object>'),
      ["error:wrapper_without_cell:w"],
    ],
  ])("reports %s", (_name, xml, expected) => {
    expect(codes(xml)).toEqual(expected);
  });

  it("writes messages that say what to fix", () => {
    const [finding] = validateXml(
      wrap('<mxCell id="a" value="x" vertex="1" parent="1"/>'),
    ).findings;
    expect(finding?.message).toMatch(/add one with x, y, width and height/);
    const [syntax] = validateXml(wrap(box("a").replace('value="a"', 'value="R&D"'))).findings;
    expect(syntax?.message).toMatch(/&amp;.*line 1, column/);
  });

  it("tags findings with their page in multi-page documents", () => {
    const xml = `<mxfile><diagram id="a">${wrap(box("x"))}</diagram><diagram id="b">${wrap(box("y").replace('parent="1"', 'parent="q"'))}</diagram></mxfile>`;
    expect(validateXml(xml).findings).toMatchObject([
      { code: "unknown_parent", cellId: "y", page: 1 },
    ]);
  });
});
