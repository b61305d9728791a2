import { deflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import { repairDiagram } from "../../../worker/drawio/check/repair.ts";
import { validateXml } from "../../../worker/drawio/check/validate.ts";
import { setCellAttribute } from "../../../worker/drawio/model/cell.ts";
import { decompressDiagram, MAX_INFLATED_BYTES } from "../../../worker/drawio/model/compression.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../worker/drawio/model/serialize.ts";
import { applyOperations } from "../../../worker/drawio/operations/apply.ts";
import { MAX_DEPTH, parseXml } from "../../../worker/drawio/xml/parse.ts";

const model = (label: string) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="${label}" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell></root></mxGraphModel>`;

describe("hostile input to the draw.io library", () => {
  it("refuses control characters, raw or as references, and repair removes them", () => {
    for (const label of ["a\u0000b", "a\u0001b", "a&#0;b", "a&#x1F;b", "a&#xFFFE;b"]) {
      const result = validateXml(model(label));
      expect(result.valid, label).toBe(false);
      expect(result.findings[0]?.code, label).toBe("malformed_xml");
      const repaired = repairDiagram(model(label));
      expect(repaired.ok, label).toBe(true);
      expect(repaired.xml).toContain('value="ab"');
      expect(repaired.changes.map((c) => c.code)).toContain("control_characters");
    }
    // Tabs, newlines and the rest of Unicode stay allowed.
    expect(validateXml(model("a&#9;b&#10;c ü 😀")).valid).toBe(true);
  });

  it("refuses nesting deeper than MAX_DEPTH before any recursive walk sees it", () => {
    const deep = `${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}`;
    expect(() => parseXml(deep)).toThrow(/nested more than 256/);
    expect(MAX_DEPTH).toBe(256);
    const fine = `${"<a>".repeat(MAX_DEPTH)}${"</a>".repeat(MAX_DEPTH)}`;
    expect(parseXml(fine)).toHaveLength(1);
  });

  it("does not expand DOCTYPE entities", () => {
    const bomb =
      '<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      model("&b;");
    const result = validateXml(bomb);
    expect(result.valid).toBe(false);
    expect(result.findings[0]?.message).toMatch(/unknown entity &b;/);
  });

  it("stops inflating a compressed page past the limit", () => {
    const zeros = new Uint8Array(MAX_INFLATED_BYTES + 1024 * 1024).fill(65);
    const bytes = deflateSync(zeros, { level: 9 });
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    expect(() => decompressDiagram(btoa(binary))).toThrow(/expands to more than 32 MB/);
    const file = `<mxfile><diagram id="p" name="P">${btoa(binary)}</diagram></mxfile>`;
    expect(() => parseDiagram(file)).toThrow(/neither XML nor draw.io compressed data/);
  });

  it("stores an attribute named __proto__ as an attribute", () => {
    const doc = parseDiagram(model("A"));
    const { document } = applyOperations(doc, [
      { op: "set_attribute", id: "a", name: "__proto__", value: "x" },
    ]);
    expect(serializeDiagram(document)).toContain('__proto__="x"');
    const cell = { name: "mxCell", attrs: {} as Record<string, string>, children: [] };
    setCellAttribute(cell, "__proto__", "y");
    expect(Object.keys(cell.attrs)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(cell.attrs)).toBe(Object.prototype);
  });
});
