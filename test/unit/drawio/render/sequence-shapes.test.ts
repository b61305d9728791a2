import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { isKnownShape } from "../../../../worker/drawio/render/draw-shape.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { drawCell } from "./one-cell.ts";

const draw = (style: string, w: number, h: number, label = "") => drawCell(style, w, h, label);

function drawn(style: string, w: number, h: number): string {
  const { svg, unknownShapes } = draw(style, w, h);
  expect(unknownShapes).toEqual([]);
  return svg;
}

const mermaid = (name: string) =>
  readFileSync(new URL(`../../../fixtures/mermaid/sequence/${name}`, import.meta.url), "utf8");

describe("UML sequence figures and partial boxes", () => {
  it("knows the figures, the destroy cross and the partial boxes by name", () => {
    const known = (name: string) => isKnownShape(name);
    expect(["umlBoundary", "umlControl", "umlEntity", "umlDestroy"].every(known)).toBe(true);
    expect(["partialRectangle", "internalStorage"].every(known)).toBe(true);
  });

  it("draws a boundary: a bar and a stub on the left of a circle in the right five sixths", () => {
    const svg = drawn("shape=umlBoundary;", 120, 80);
    expect(svg).toContain('d="M 0 20 L 0 60" fill="none"');
    expect(svg).toContain('d="M 0 40 L 20 40" fill="none"');
    expect(svg).toContain('<ellipse cx="70" cy="40" rx="50" ry="40" fill="#ffffff"');
    // The label is centred in the circle, not the whole box.
    const x = Number(
      /<text[^>]* x="([\d.]+)"/.exec(draw("shape=umlBoundary;", 120, 80, "B").svg)?.[1],
    );
    expect(x).toBeGreaterThan(62);
  });

  it("draws a control: a circle under its arrowhead, and an entity: a circle underlined", () => {
    const control = drawn("shape=umlControl;", 80, 80);
    expect(control).toContain('d="M 30 11 L 50 0" fill="none"');
    expect(control).toContain('<ellipse cx="40" cy="45" rx="40" ry="35"');
    expect(control).toContain('d="M 30 11 L 50 20" fill="none"');
    // The lower stroke of the arrowhead is drawn over the circle's fill.
    expect(control.indexOf("M 30 11 L 50 20")).toBeGreaterThan(control.indexOf("<ellipse"));
    const entity = drawn("shape=umlEntity;", 80, 80);
    expect(entity).toContain('<ellipse cx="40" cy="40" rx="40" ry="40"');
    expect(entity).toContain('d="M 10 80 L 70 80" fill="none"');
    expect(drawn("shape=umlDestroy;", 30, 30)).toContain('d="M 30 0 L 0 30 M 0 0 L 30 30"');
  });

  it("draws a figure as a lifeline's head, over the dashed line", () => {
    const svg = drawn("shape=umlLifeline;participant=umlBoundary;", 60, 200);
    expect(svg).toContain('d="M 0 10 L 0 30" fill="none"');
    expect(svg).toContain('<ellipse cx="35" cy="20" rx="25" ry="20"');
    expect(svg).toContain('d="M 30 40 L 30 200" fill="none"');
    expect(svg).toContain('stroke-dasharray="3 3"');
    expect(svg).not.toContain("<rect");
  });

  it("draws every participant Mermaid's sequence converter writes", async () => {
    const xml = serializeDiagram((await convertMermaid(mermaid("participant-types.mmd"))).document);
    expect(xml).toContain("participant=umlBoundary");
    expect(xml).toContain("participant=umlControl");
    expect(xml).toContain("participant=umlEntity");
    const { svg, unknownShapes } = renderSvg(parseDiagram(xml));
    expect(unknownShapes).toEqual([]);
    // Boundary, control and entity heads are circles; the rest are boxes and a cylinder.
    expect(svg.match(/<ellipse /g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("draws a partial rectangle's fill whole and only the sides it keeps", () => {
    const sides = drawn("shape=partialRectangle;top=0;bottom=0;fillColor=#dae8fc;", 100, 60);
    expect(sides).toContain(
      '<rect x="0" y="0" width="100" height="60" fill="#dae8fc" stroke="none"',
    );
    expect(sides).toContain('d="M 0 0 M 100 0 L 100 60 M 0 60 L 0 0" fill="none" stroke="#000000"');
    // All four sides are one open path, so the corners between drawn sides join.
    expect(drawn("shape=partialRectangle;", 50, 20)).toContain(
      'd="M 0 0 L 50 0 L 50 20 L 0 20 L 0 0" fill="none"',
    );
    const none = drawn(
      "shape=partialRectangle;top=0;right=0;bottom=0;left=0;fillColor=none;",
      50,
      20,
    );
    expect(none).not.toContain("<path");
    expect(none).not.toContain("<rect");
  });

  it("rules an internal storage box dx from the left and dy from the top", () => {
    const plain = drawn("shape=internalStorage;", 100, 80);
    expect(plain).toContain('<rect x="0" y="0" width="100" height="80"');
    expect(plain).toContain('d="M 0 20 L 100 20 M 20 0 L 20 80" fill="none"');
    // Rounded, no rule comes closer to the edge than the corner (15 % of 80 = 12).
    expect(drawn("shape=internalStorage;rounded=1;dx=5;dy=30;", 100, 80)).toContain(
      'd="M 0 30 L 100 30 M 12 0 L 12 80"',
    );
  });
});
