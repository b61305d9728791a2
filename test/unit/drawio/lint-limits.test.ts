import { describe, expect, it } from "vitest";
import { FINDING_LIMITS } from "../../../worker/drawio/check/findings.ts";
import { validateDocument, validateXml } from "../../../worker/drawio/check/validate.ts";
import { shapeFindings } from "../../../worker/drawio/check/validate-shapes.ts";
import { lintDocument, lintPage } from "../../../worker/drawio/lint/index.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";

// Issue #31: a Mermaid sequence diagram of 5,000 nested loops became 5,000 nested frames, which
// all overlap each other: the lint kept every one of 12.5 million findings and the Worker ran
// out of memory. Every list is capped, and the lint stops once its list is full.

const model = (cells: string[]) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
const box = (id: string, x: number, y: number, w: number, h: number, label = id) =>
  `<mxCell id="${id}" value="${label}" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
const page = (cells: string[]) => parseDiagram(model(cells)).pages[0] as DiagramPage;

/** Frames each 10 px inside the last, as a sequence diagram draws nested loops. */
function nestedFrames(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    box(`f${i}`, 10 * i, 10 * i, 40 + 20 * (count - i), 40 + 20 * (count - i), `loop ${i}`),
  );
}

describe("capped lint", () => {
  it("stops at 200 findings on 5,000 nested frames, and says so", { timeout: 5_000 }, () => {
    const findings = lintPage(page(nestedFrames(5_000)));
    expect(findings).toHaveLength(FINDING_LIMITS.count + 1);
    expect(findings.slice(0, -1).every((f) => f.code === "overlap")).toBe(true);
    expect(findings.at(-1)).toMatchObject({ code: "too_many_findings", severity: "warning" });
    expect(findings.at(-1)?.message).toMatch(/stopped once the list was full/);
  });

  it("finds no overlap in a column of 20,000 shapes without comparing every pair", () => {
    // A sweep along x compared every pair of this column (200 million); the grid compares
    // neighbours only, so the lint finishes within its budget and finds nothing.
    const cells = Array.from({ length: 20_000 }, (_, i) => box(`c${i}`, 0, 60 * i, 120, 40));
    expect(lintPage(page(cells))).toEqual([]);
  });

  it("stops within its budget on an edge of 100,000 waypoints through 2,000 shapes' gaps", () => {
    // Shapes of 20 px every 25 px; the edge runs back and forth in the 5 px gaps between rows,
    // crossing nothing but passing a hundred shapes on each of its 50,000 long segments.
    const shapes = Array.from({ length: 2_000 }, (_, i) =>
      box(`s${i}`, 25 * (i % 50), 25 * Math.floor(i / 50), 20, 20, ""),
    );
    const points: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const y = 22 + 25 * (i % 39);
      const [from, to] = i % 2 ? [1_260, -10] : [-10, 1_260];
      points.push(`<mxPoint x="${from}" y="${y}"/>`, `<mxPoint x="${to}" y="${y}"/>`);
    }
    const edge = `<mxCell id="e" edge="1" parent="1" source="s0" target="s1"><mxGeometry relative="1" as="geometry"><Array as="points">${points.join("")}</Array></mxGeometry></mxCell>`;
    const findings = lintPage(page([...shapes, edge]));
    expect(findings.at(-1)).toMatchObject({ code: "lint_incomplete", severity: "warning" });
    expect(findings.length).toBeLessThan(10);
  });

  it("shares one list between the pages of a document", () => {
    const diagram = (n: number) =>
      `<diagram id="p${n}" name="P${n}">${model(nestedFrames(100))}</diagram>`;
    const doc = parseDiagram(`<mxfile>${diagram(1)}${diagram(2)}</mxfile>`);
    const findings = lintDocument(doc);
    expect(findings).toHaveLength(FINDING_LIMITS.count + 1);
    expect(findings[0]?.page).toBe(0);
  });
});

describe("capped validation", () => {
  it("lists 200 of 50,000 errors, and the last finding counts the rest as errors", () => {
    const cells = Array.from(
      { length: 50_000 },
      (_, i) =>
        `<mxCell id="v${i}" vertex="1" parent="nowhere"><mxGeometry width="10" height="10" as="geometry"/></mxCell>`,
    );
    const result = validateXml(model(cells));
    expect(result.valid).toBe(false);
    expect(result.findings).toHaveLength(FINDING_LIMITS.count + 1);
    expect(result.findings.at(-1)).toMatchObject({ code: "too_many_findings", severity: "error" });
    expect(result.findings.at(-1)?.message).toMatch(/^49,800 more findings left out/);
  });

  it("keeps a diagram invalid when its only error comes after 200 warnings", () => {
    const cells = Array.from(
      { length: 300 },
      (_, i) =>
        `<mxCell id="w${i}" vertex="1" edge="1" parent="1"><mxGeometry width="10" height="10" as="geometry"/></mxCell>`,
    );
    cells.push(box("late", 0, 0, 10, 10).replace('parent="1"', 'parent="missing"'));
    const findings = validateDocument(parseDiagram(model(cells)));
    expect(findings.filter((f) => f.severity === "error").map((f) => f.code)).toEqual([
      "too_many_findings",
    ]);
  });

  it("looks for no suggestions once the list is full", () => {
    const cells = Array.from(
      { length: 5_000 },
      (_, i) =>
        `<mxCell id="u${i}" style="shape=mxgraph.made.up${i};" vertex="1" parent="1"><mxGeometry width="10" height="10" as="geometry"/></mxCell>`,
    );
    let searches = 0;
    const shapes = {
      knowsShape: () => false,
      suggest: () => {
        searches++;
        return [];
      },
    };
    const findings = shapeFindings(page(cells), shapes);
    expect(findings).toHaveLength(FINDING_LIMITS.count + 1);
    expect(searches).toBe(FINDING_LIMITS.count);
  });
});
