import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../worker/drawio/errors.ts";
import { setCellAttribute } from "../../../worker/drawio/model/cell.ts";
import { compressDiagram, decompressDiagram } from "../../../worker/drawio/model/compression.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram, serializePage } from "../../../worker/drawio/model/serialize.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";
import { plainPages } from "./helpers.ts";

const corpus = corpusFiles();

/** Reads every cell's attributes with an independent DOM parser, as an oracle. */
function oracleCells(xml: string): Array<Array<Record<string, string>>> {
  const dom = new DOMParser().parseFromString(xml, "text/xml");
  const pages: Array<Array<Record<string, string>>> = [];
  const attrsOf = (el: Element) =>
    Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value]));
  for (const diagram of Array.from(dom.getElementsByTagName("diagram"))) {
    let model = diagram.getElementsByTagName("mxGraphModel")[0];
    if (!model) {
      const inner = new DOMParser().parseFromString(
        decompressDiagram(diagram.textContent ?? ""),
        "text/xml",
      );
      model = inner.getElementsByTagName("mxGraphModel")[0];
    }
    const root = model?.getElementsByTagName("root")[0];
    const cells = Array.from(root?.childNodes ?? []).filter(
      (n) => n.nodeType === 1,
    ) as unknown as Element[];
    pages.push(
      cells.map((c) => {
        const inner = c.nodeName === "mxCell" ? c : c.getElementsByTagName("mxCell")[0];
        const geometry = inner?.getElementsByTagName("mxGeometry")[0];
        return {
          ...attrsOf(c),
          ...(inner && inner !== c ? attrsOf(inner) : {}),
          ...(geometry
            ? Object.fromEntries(
                Object.entries(attrsOf(geometry)).map(([k, v]) => [`geometry.${k}`, v]),
              )
            : {}),
        };
      }),
    );
  }
  return pages;
}

describe("the real corpus", () => {
  it("has the 93 files the fixtures README promises", () => {
    expect(corpus.length).toBe(93);
  });

  it.each(corpus)("$name parses, round-trips, and matches an independent DOM parser", ({ xml }) => {
    const doc = parseDiagram(xml);
    expect(doc.pages.length).toBeGreaterThan(0);
    const again = parseDiagram(serializeDiagram(doc));
    expect(plainPages(again)).toEqual(plainPages(doc));
    expect(again.attributes).toEqual(doc.attributes);

    const ours = doc.pages.map((page) =>
      page.cells.map((c) => {
        const inner =
          c.name === "mxCell" ? c : c.children.find((k) => "name" in k && k.name === "mxCell");
        const innerAttrs = inner && inner !== c && "attrs" in inner ? inner.attrs : {};
        const source = inner && "children" in inner ? inner : c;
        const geometry = source.children.find((k) => "name" in k && k.name === "mxGeometry");
        return {
          ...c.attrs,
          ...innerAttrs,
          ...(geometry && "attrs" in geometry
            ? Object.fromEntries(
                Object.entries(geometry.attrs).map(([k, v]) => [`geometry.${k}`, v]),
              )
            : {}),
        };
      }),
    );
    expect(ours).toEqual(oracleCells(xml));
  });

  it.each(corpus)("$name survives compress → decompress unchanged", ({ xml }) => {
    const doc = parseDiagram(xml);
    const compressed = serializeDiagram(doc, { compressed: true });
    expect(compressed).not.toContain("<mxGraphModel");
    const back = parseDiagram(compressed);
    expect(plainPages(back)).toEqual(plainPages(doc));
    for (const page of doc.pages) {
      const model = serializePage(page);
      expect(decompressDiagram(compressDiagram(model))).toBe(model);
    }
  });
});

describe("parseDiagram forms", () => {
  const model =
    '<mxGraphModel dx="800" grid="1"><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" value="A" vertex="1" parent="1"><mxGeometry x="10" y="20" width="80" height="40" as="geometry"/></mxCell></root></mxGraphModel>';

  it("reads a bare mxGraphModel and keeps its attributes", () => {
    const doc = parseDiagram(model);
    expect(doc.form).toBe("model");
    expect(doc.pages[0]?.modelAttributes).toEqual({ dx: "800", grid: "1" });
    expect(doc.pages[0]?.cells.map((c) => c.attrs.id)).toEqual(["0", "1", "2"]);
    expect(serializeDiagram(doc, { format: "model" })).toBe(model);
  });

  it("wraps a bare cell list and adds the root cells", () => {
    const doc = parseDiagram(
      '<mxCell id="a" value="x" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell>\n<mxCell id="b" edge="1" parent="1" source="a" target="a"><mxGeometry relative="1" as="geometry"/></mxCell>',
    );
    expect(doc.form).toBe("cells");
    expect(doc.pages[0]?.cells.map((c) => c.attrs.id)).toEqual(["0", "1", "a", "b"]);
    expect(doc.pages[0]?.cells[1]?.attrs).toEqual({ id: "1", parent: "0" });
  });

  it("keeps object and UserObject wrappers, custom attributes and waypoints", () => {
    const xml =
      '<mxfile host="x" custom="kept"><diagram id="p1" name="One"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><object label="Svc" owner="ops" id="7"><mxCell style="rounded=1" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell></object><UserObject label="U" link="https://x" id="8"><mxCell vertex="1" parent="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell></UserObject><mxCell id="9" edge="1" parent="1" source="7" target="8"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="5" y="6"/></Array></mxGeometry></mxCell></root></mxGraphModel></diagram></mxfile>';
    const out = serializeDiagram(parseDiagram(xml));
    expect(out).toBe(xml);
  });

  it("reads multi-page files and writes every page", () => {
    const file = corpus.find((f) => f.name === "blog_salesforce-diagram-example.drawio");
    const doc = parseDiagram(file?.xml ?? "");
    expect(doc.pages.length).toBe(4);
    expect(parseDiagram(serializeDiagram(doc, { compressed: true })).pages.length).toBe(4);
  });

  it("serializes changed elements from the tree, not from their remembered source", () => {
    const doc = parseDiagram(model);
    const cell = doc.pages[0]?.cells[2];
    if (!cell) throw new Error("missing cell");
    setCellAttribute(cell, "value", "B & C");
    const out = serializePage(doc.pages[0] as DiagramPage);
    expect(out).toContain('value="B &amp; C"');
    expect(out).not.toContain('value="A"');
  });

  it("decodes entities and escapes them back the way draw.io writes them", () => {
    const doc = parseDiagram(
      '<mxCell id="2" value="a &amp; b &lt;i&gt;&#xa;&quot;q&quot; &#169;" vertex="1" parent="1"><mxGeometry as="geometry"/></mxCell>',
    );
    expect(doc.pages[0]?.cells[2]?.attrs.value).toBe('a & b <i>\n"q" ©');
  });

  it.each([
    ["", "empty_input"],
    ["hello there", "not_a_diagram"],
    ["<svg><g/></svg>", "not_a_diagram"],
    ['<mxCell id="2" value="R&D"/>', "unescaped_character"],
    ['<mxCell id="2" value="<b>x</b>"/>', "unescaped_character"],
    ["<mxGraphModel><root>", "malformed_xml"],
    ['<mxCell id="2"></mxGeometry>', "malformed_xml"],
    ['<mxfile><diagram id="x">%%%notbase64%%%</diagram></mxfile>', "invalid_compressed_content"],
  ])("rejects %j with %s", (input, code) => {
    try {
      parseDiagram(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DrawioError);
      expect((error as DrawioError).code).toBe(code);
    }
  });

  it("parses synthetic 5,000-cell diagrams", () => {
    const doc = parseDiagram(syntheticDiagram({ cells: 5000 }));
    expect(doc.pages[0]?.cells.length).toBe(5000);
    expect(plainPages(parseDiagram(serializeDiagram(doc)))).toEqual(plainPages(doc));
  });
});
