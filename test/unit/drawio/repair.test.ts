import { describe, expect, it } from "vitest";
import { repairDiagram } from "../../../worker/drawio/check/repair.ts";
import { validateXml } from "../../../worker/drawio/check/validate.ts";
import { getCellAttribute, getCellLabel, isEdge } from "../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

import { byId, cases, cellsOf, geo, model } from "./repair-cases.ts";

function edgesOf(doc: DiagramDocument): string[] {
  return cellsOf(doc)
    .filter(isEdge)
    .map((c) => `${getCellAttribute(c, "source")}->${getCellAttribute(c, "target")}`);
}

describe("repairDiagram on malformed model output", () => {
  it.each(cases)("$name", ({ input, expect: want }) => {
    const result = repairDiagram(input);
    expect(repairDiagram(input).xml).toBe(result.xml);
    if (want.rejected) {
      expect(result.ok).toBe(false);
      const errors = result.findings.filter((f) => f.severity === "error");
      expect(errors.map((f) => f.code)).toContain(want.rejected);
      for (const f of errors) expect(f.message.length).toBeGreaterThan(20);
      return;
    }
    expect(result.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(result.ok).toBe(true);
    expect([...new Set(result.changes.map((c) => c.code))].sort()).toEqual(
      [...(want.changes ?? [])].sort(),
    );
    const validation = validateXml(result.xml as string);
    expect(validation.valid).toBe(true);
    const doc = validation.document as DiagramDocument;
    const labels = cellsOf(doc).map(getCellLabel);
    for (const label of want.labels ?? []) expect(labels).toContain(label);
    const edges = edgesOf(doc);
    for (const edge of want.edges ?? []) expect(edges).toContain(edge);
    for (const code of want.warnings ?? []) {
      expect(result.findings.map((f) => f.code)).toContain(code);
    }
    want.check?.(result.document as DiagramDocument);
    // The repaired output is itself valid: repairing it again changes nothing.
    expect(repairDiagram(result.xml as string).changes).toEqual([]);
  });

  it("has a table of at least 30 realistic cases", () => {
    expect(cases.filter((c) => !c.expect.rejected).length).toBeGreaterThanOrEqual(30);
  });

  it("sends cells without a parent to the requested default layer", () => {
    const input = model(
      `<mxCell id="L2" parent="0"/><mxCell id="a" value="A" vertex="1">${geo(0, 0)}</mxCell>`,
    );
    const result = repairDiagram(input, { defaultLayer: "L2" });
    expect(getCellAttribute(byId(result.document as DiagramDocument, "a"), "parent")).toBe("L2");
    const fallback = repairDiagram(input, { defaultLayer: "missing" });
    expect(getCellAttribute(byId(fallback.document as DiagramDocument, "a"), "parent")).toBe("1");
  });

  it("reports where the XML is broken when it cannot be repaired", () => {
    const result = repairDiagram('<mxCell id="2" value="A" value="B" vertex="1" parent="1"/>');
    expect(result.findings[0]?.message).toMatch(/duplicate attribute value.*near "/);
  });
});

describe("repairDiagram on valid input", () => {
  it.each(corpusFiles())("leaves $name unchanged", ({ xml }) => {
    const result = repairDiagram(xml);
    expect(result.changes).toEqual([]);
    expect(result.ok).toBe(true);
    const before = parseDiagram(xml).pages.map((p) => p.cells.length);
    expect(result.document?.pages.map((p) => p.cells.length)).toEqual(before);
  });

  it("fixes one bad label in a 1,000-cell diagram and keeps everything else as written", () => {
    const xml = syntheticDiagram({ cells: 1000 });
    const result = repairDiagram(xml.replace('value="Step n2"', 'value="R&D n2"'));
    expect(result.changes.map((c) => c.code)).toEqual(["escape_ampersand"]);
    expect(result.xml).toBe(xml.replace('value="Step n2"', 'value="R&amp;D n2"'));
  });

  it("keeps every complete cell of a 1,000-cell diagram cut off mid-cell", () => {
    const xml = syntheticDiagram({ cells: 1000 });
    const cut = xml.slice(0, xml.lastIndexOf('<mxCell id="e') + 40);
    const result = repairDiagram(cut);
    expect(result.ok).toBe(true);
    expect(result.changes.map((c) => c.code)).toEqual(["drop_truncated_tail", "close_wrappers"]);
    const all = parseDiagram(xml).pages[0]?.cells.length ?? 0;
    expect(result.document?.pages[0]?.cells.length).toBe(all - 1);
  });

  it("leaves a synthetic 1,000-cell diagram unchanged", () => {
    const xml = syntheticDiagram({ cells: 1000 });
    const result = repairDiagram(xml);
    expect(result.changes).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.xml).toBe(xml);
  });
});
