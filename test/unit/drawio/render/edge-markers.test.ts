import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { isKnownMarker } from "../../../../worker/drawio/render/edges/markers.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";

/** A level edge from a 10 px box at the origin to one at x 150: it runs from (10, 5) to (150, 5). */
function edge(style: string): string {
  const box = (id: string, x: number) =>
    `<mxCell id="${id}" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="${x}" width="10" height="10" as="geometry"/></mxCell>`;
  return renderSvg(
    parseDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${box("a", 0)}${box("b", 150)}<mxCell id="e" style="${style}" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell></root></mxGraphModel>`,
    ),
  ).svg;
}

/** The edge's own line: the first path after the two boxes. */
const lineOf = (svg: string) => /<path d="(M [^"]*)" fill="none"/.exec(svg)?.[1];

const mermaid = (name: string) =>
  readFileSync(new URL(`../../../fixtures/mermaid/sequence/${name}`, import.meta.url), "utf8");

describe("edge markers", () => {
  it("knows every marker draw.io registers", () => {
    const own = ["classic", "classicThin", "block", "blockThin", "open", "openThin", "oval"];
    const shapes = ["dash", "box", "cross", "circle", "circlePlus", "halfCircle"];
    const sequence = ["async", "openAsync", "diamond", "diamondThin"];
    const er = ["ERone", "ERmandOne", "ERmany", "ERoneToMany", "ERzeroToMany", "ERzeroToOne"];
    expect([...own, ...shapes, ...sequence, ...er].filter((k) => !isKnownMarker(k))).toEqual([]);
    expect(isKnownMarker("toString")).toBe(false);
  });

  it("draws a cross as two strokes a step back from the tip, the line running to it", () => {
    const svg = edge("endArrow=cross;");
    // size 6 + stroke 1 + 1 = a step of 8: the strokes cross 8 px back, 8 px long each way.
    expect(svg).toContain('d="M 146 9 L 138 1 M 146 1 L 138 9" fill="none"');
    expect(lineOf(svg)).toBe("M 10 5 L 150 5");
  });

  it("draws async as one filled side and openAsync as one stroke, on the same side at both ends", () => {
    const svg = edge("startArrow=async;endArrow=async;");
    expect(svg).toContain('d="M 148.88 5 L 141.88 1.5 L 141.88 5 Z" fill="#000000"');
    expect(svg).toContain('d="M 11.12 5 L 18.12 1.5 L 18.12 5 Z" fill="#000000"');
    expect(lineOf(svg)).toBe("M 18.12 5 L 141.88 5");
    const hollow = edge("endArrow=async;endFill=0;");
    expect(hollow).toContain('d="M 148.88 5 L 141.88 1.5 L 141.88 5 Z" fill="none"');
    const open = edge("endArrow=openAsync;startArrow=openAsync;");
    expect(open).toContain('d="M 150 5 L 143 1.5" fill="none"');
    expect(open).toContain('d="M 10 5 L 17 1.5" fill="none"');
    expect(lineOf(open)).toBe("M 10 5 L 150 5");
  });

  it("draws boxes, circles and half circles, the line stopping behind them", () => {
    const box = edge("endArrow=box;");
    expect(box).toContain('d="M 150 9 L 150 1 L 142 1 L 142 9 Z" fill="#000000"');
    expect(lineOf(box)).toBe("M 10 5 L 142 5");
    const circle = edge("endArrow=circle;endFill=0;");
    // Radius size + stroke (7), centre 8 back from the tip.
    expect(circle).toContain('<ellipse cx="142" cy="5" rx="7" ry="7" fill="none"');
    expect(lineOf(circle)).toBe("M 10 5 L 135 5");
    const plus = edge("endArrow=circlePlus;");
    expect(plus).toContain('d="M 149 5 L 135 5 M 142 12 L 142 -2" fill="none"');
    const half = edge("endArrow=halfCircle;");
    expect(half).toContain('d="M 150 13 Q 142 13 142 5 Q 142 -3 150 -3" fill="none"');
    expect(lineOf(half)).toBe("M 10 5 L 142 5");
    expect(edge("endArrow=dash;")).toContain('d="M 146 9 L 138 1" fill="none"');
  });

  it("draws every arrowhead of Mermaid's sequence messages", async () => {
    for (const file of ["arrows.mmd", "half-arrows.mmd", "create-destroy.mmd"]) {
      const xml = serializeDiagram((await convertMermaid(mermaid(file))).document);
      const kinds = [...xml.matchAll(/(?:end|start)Arrow=(\w+)/g)].map((m) => m[1] ?? "");
      expect(kinds.filter((k) => k !== "none" && !isKnownMarker(k))).toEqual([]);
      const { svg, unknownShapes } = renderSvg(parseDiagram(xml));
      expect(unknownShapes).toEqual([]);
      // Each drawn marker is a path of its own after its edge's line.
      const markers = kinds.filter((k) => k !== "none").length;
      expect(svg.match(/stroke-miterlimit="10"/g)?.length ?? 0).toBeGreaterThanOrEqual(markers);
    }
    const xml = serializeDiagram((await convertMermaid(mermaid("half-arrows.mmd"))).document);
    expect(xml).toContain("endArrow=async");
    expect(xml).toContain("endArrow=openAsync");
  });
});

describe("edges attached to nothing", () => {
  it("draws a line between two free points, through its waypoints, with its arrowhead", () => {
    const { svg, width } = renderSvg(
      parseDiagram(
        `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="free" style="endArrow=block;endFill=1;rounded=0;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="0" y="0" as="sourcePoint"/><mxPoint x="200" y="100" as="targetPoint"/><Array as="points"><mxPoint x="200" y="0"/></Array></mxGeometry></mxCell></root></mxGraphModel>`,
      ),
    );
    // The line runs (0, 0) → (200, 0) → (200, 100), short of its block head at the bottom
    // (whose tip is pulled back by half the stroke, as for attached edges).
    expect(lineOf(svg)).toBe("M 0 0 L 200 0 L 200 91.88");
    expect(svg).toContain('<path d="M 200 98.88 L 196.5 91.88 L 203.5 91.88 Z" fill="#000000"');
    expect(width).toBeGreaterThanOrEqual(200);
  });
});
