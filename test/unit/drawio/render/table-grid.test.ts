import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";

/** A 2 × 3 table as draw.io's sidebar inserts it: rows of partial rectangles with no sides. */
function table(tableStyle: string, label = ""): string {
  const cell = "shape=partialRectangle;connectable=0;fillColor=none;top=0;left=0;bottom=0;right=0;";
  const row = (r: number) =>
    `<mxCell id="r${r}" style="shape=tableRow;horizontal=0;startSize=0;fillColor=none;" vertex="1" parent="t"><mxGeometry y="${r * 30}" width="180" height="30" as="geometry"/></mxCell>` +
    [0, 1, 2]
      .map(
        (c) =>
          `<mxCell id="c${r}${c}" value="${r}${c}" style="${cell}" vertex="1" parent="r${r}"><mxGeometry x="${c * 60}" width="60" height="30" as="geometry"/></mxCell>`,
      )
      .join("");
  return renderSvg(
    parseDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="t" value="${label}" style="shape=table;${tableStyle}container=1;" vertex="1" parent="1"><mxGeometry width="180" height="60" as="geometry"/></mxCell>${row(0)}${row(1)}</root></mxGraphModel>`,
    ),
  ).svg;
}

describe("table grid", () => {
  it("draws a line above each row but the first and left of each column but the first", () => {
    const svg = table("startSize=0;");
    expect(svg).toContain('d="M 0 30 L 180 30 M 60 0 L 60 60 M 120 0 L 120 60" fill="none"');
    // The cells draw no sides of their own.
    expect(svg.match(/<path /g)).toHaveLength(1);
  });

  it("keeps the lines below the title and leaves out what rowLines/columnLines turn off", () => {
    expect(table("startSize=20;")).toContain("M 60 20 L 60 60");
    expect(table("startSize=0;rowLines=0;")).not.toContain("M 0 30 L 180 30");
    expect(table("startSize=0;columnLines=0;")).not.toContain("M 60 0 L 60 60");
  });

  it("draws the corpus Gantt chart's grid: its 78 cells have no sides", () => {
    const file = corpusFiles().find((f) => f.name === "blog_gantt-chemical-batch.drawio");
    if (!file) throw new Error("the Gantt page is not in the corpus");
    const { svg, unknownShapes } = renderSvg(parseDiagram(file.xml));
    expect(unknownShapes).toEqual([]);
    // Five row lines (six rows) and twelve column lines (thirteen columns).
    expect(svg).toMatch(/<path d="(M [-\d.]+ [-\d.]+ L [-\d.]+ [-\d.]+ ?){17}" fill="none"/);
  });

  it("puts its label in the title strip, as draw.io does (an ER entity's name), not behind its rows", () => {
    const svg = table("startSize=30;", "CUSTOMER");
    const y = Number(/<text[^>]*\by="([\d.]+)"[^>]*>CUSTOMER</.exec(svg)?.[1] ?? Number.NaN);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(30);
  });
});
