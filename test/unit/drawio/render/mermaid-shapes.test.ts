/**
 * The shapes the Mermaid converters write that draw.io draws in code (pie slices, the C4 person,
 * the crossed circle, single and double block arrows, the layered box), drawn by `renderSvg`
 * with draw.io's geometry.
 */
import { describe, expect, it } from "vitest";
import { drawCell } from "./one-cell.ts";

/** Draws a shape, checks it is known and labelled, and gives its SVG. */
function drawn(style: string, w: number, h: number): string {
  const { svg, unknownShapes } = drawCell(style, w, h);
  expect(unknownShapes).toEqual([]);
  expect(svg).toContain(">Label<");
  return svg;
}

describe("shapes of the Mermaid converters", () => {
  it("draws a pie slice clockwise from twelve o'clock between startAngle and endAngle", () => {
    const pie = (angles: string) =>
      /<path d="([^"]+)"/.exec(drawn(`shape=mxgraph.basic.pie;${angles}`, 100, 100))?.[1];
    // A quarter from three to six o'clock: centre, out to the right, one curve down.
    expect(pie("startAngle=0.25;endAngle=0.5;")).toBe(
      "M 50 50 L 100 50 C 100 77.61 77.61 100 50 100 Z",
    );
    // Three quarters from twelve o'clock: three quarter-turn curves, as draw.io writes arcs.
    expect(pie("startAngle=0;endAngle=0.75;")).toBe(
      "M 50 50 L 50 0 C 77.61 0 100 22.39 100 50 C 100 77.61 77.61 100 50 100 C 22.39 100 0 77.61 0 50 Z",
    );
    // Unset, a slice runs from 0.25 to 0.75: the lower half.
    expect(pie("")).toBe(
      "M 50 50 L 100 50 C 100 77.61 77.61 100 50 100 C 22.39 100 0 77.61 0 50 Z",
    );
    // Past twelve o'clock (0.8 to 0.1) it goes on clockwise: 0.3 of a turn in two curves.
    expect(pie("startAngle=0.8;endAngle=0.1;")?.match(/C/g)).toHaveLength(2);
    // Ends that meet leave the radius alone, as draw.io's arc between equal points does.
    expect(pie("startAngle=0;endAngle=1;")).toBe("M 50 50 L 50 0 Z");
  });

  it("draws the C4 person: a head over a rounded body, the label in the body", () => {
    const svg = drawn("shape=mxgraph.c4.person;", 120, 120);
    // The head is min(w / 2, h / 3) = 40 across, drawn under and again over the body.
    expect(svg.match(/<ellipse cx="60" cy="20" rx="20" ry="20"/g)).toHaveLength(2);
    expect(svg).toContain(
      'd="M 0 52 A 20 20 0 0 1 20 32 L 100 32 A 20 20 0 0 1 120 52 L 120 100 A 20 20 0 0 1 100 120 L 20 120 A 20 20 0 0 1 0 100 Z"',
    );
    // The label is centred in the box below 0.8 × 40 = 32: at 32 + 88 / 2 = 76.
    const label = /<text [^>]*y="([\d.]+)"/.exec(svg);
    expect(Number(label?.[1])).toBeGreaterThan(70);
  });

  it("draws sumEllipse: a circle crossed by an X from 14.5 % to 85.5 % of the box", () => {
    const svg = drawn("shape=sumEllipse;strokeWidth=2;", 40, 40);
    expect(svg).toContain('<ellipse cx="20" cy="20" rx="20" ry="20"');
    expect(svg).toContain('d="M 5.8 5.8 L 34.2 34.2 M 34.2 5.8 L 5.8 34.2" fill="none"');
  });

  it("draws singleArrow: a shaft arrowWidth of the height, a head arrowSize of the width", () => {
    expect(drawn("shape=singleArrow;", 100, 60)).toContain(
      'd="M 0 21 L 80 21 L 80 0 L 100 30 L 80 60 L 80 39 L 0 39 Z"',
    );
    const set = drawn("shape=singleArrow;arrowWidth=0.5;arrowSize=0.4;", 100, 60);
    expect(set).toContain('d="M 0 15 L 60 15 L 60 0 L 100 30 L 60 60 L 60 45 L 0 45 Z"');
    // `direction` draws it in the swapped box and turns it about the cell's centre.
    const north = drawn("shape=singleArrow;direction=north;", 60, 100);
    expect(north).toContain("rotate(270,30,50)");
    expect(north).toContain('d="M -20 41 L 60 41 L 60 20 L 80 50 L 60 80 L 60 59 L -20 59 Z"');
  });

  it("draws doubleArrow: a head at each end of the shaft", () => {
    expect(drawn("shape=doubleArrow;", 100, 60)).toContain(
      'd="M 0 30 L 20 0 L 20 21 L 80 21 L 80 0 L 100 30 L 80 60 L 80 39 L 20 39 L 20 60 Z"',
    );
    expect(drawn("shape=doubleArrow;direction=south;", 60, 100)).toContain("rotate(90,30,50)");
  });

  it("draws the layered box: three boxes dx apart, the back one first", () => {
    const svg = drawn("shape=mxgraph.basic.layered_rect;dx=6;", 100, 60);
    const boxes = [...svg.matchAll(/<path d="(M [^"]+)"/g)].map((m) => m[1]);
    expect(boxes).toEqual([
      "M 6 6 L 100 6 L 100 60 L 6 60 Z",
      "M 3 3 L 97 3 L 97 57 L 3 57 Z",
      "M 0 0 L 94 0 L 94 54 L 0 54 Z",
    ]);
  });
});
