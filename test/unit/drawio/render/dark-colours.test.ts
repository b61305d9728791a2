/**
 * The dark theme's colour rule (`dark-colours.ts`, draw.io's dark mode by `adaptiveColors`), on
 * its own and as `renderSvg` paints whole diagrams with it: readable text on every fill, edges
 * that stand out from the canvas, and no dark label box on a light lane.
 */
import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import {
  colourTheme,
  defaultColour,
  inverseColour,
  pageBackground,
  themedColour,
} from "../../../../worker/drawio/render/dark-colours.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { contrast, luminance } from "../../../fixtures/wcag-contrast.ts";

const model = (cells: string, attrs = "") =>
  `<mxGraphModel${attrs}><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
const vertex = (id: string, value: string, style: string, x = 0, y = 0, w = 120, h = 60, p = "1") =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="${p}"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
const edge = (id: string, value: string, style: string, source: string, target: string, p = "1") =>
  `<mxCell id="${id}" value="${value}" style="${style}" edge="1" parent="${p}" source="${source}" target="${target}"><mxGeometry relative="1" as="geometry"/></mxCell>`;

const dark = (xml: string) => renderSvg(parseDiagram(xml), { theme: "dark" }).svg;

/** The hue of `#rrggbb` in degrees. */
function hue(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return (Math.atan2(Math.sqrt(3) * (g - b), 2 * r - g - b) * 180) / Math.PI;
}

/** Every `fill="…"`/`stroke="…"` of the elements an SVG draws, in order. */
function paints(svg: string, attr: "fill" | "stroke"): string[] {
  return [
    ...svg.matchAll(new RegExp(`<(?:rect|path|ellipse|text)[^>]*\\s${attr}="(#[0-9a-f]{6})"`, "g")),
  ].map((m) => m[1] ?? "");
}

describe("the dark colour rule", () => {
  it("turns white into draw.io's dark background and black into near white, greys stay grey", () => {
    expect(inverseColour("#ffffff")).toBe("#121212");
    expect(inverseColour("#FFF")).toBe("#121212");
    expect(inverseColour("#000000")).toBe("#ededed");
    expect(inverseColour("rgb(0, 0, 0)")).toBe("#ededed");
    expect(inverseColour("rgba(255,255,255,0.5)")).toBe("#121212");
    expect(inverseColour("url(#g)")).toBeUndefined();
    const grey = inverseColour("#666666") ?? "";
    expect(grey.slice(1, 3)).toBe(grey.slice(3, 5));
    expect(grey.slice(3, 5)).toBe(grey.slice(5, 7));
  });

  it("flips lightness and keeps the hue of draw.io's palette", () => {
    for (const light of ["#dae8fc", "#d5e8d4", "#fff2cc", "#f8cecc", "#e1d5e7", "#ffe6cc"]) {
      const turned = inverseColour(light) ?? "";
      expect(luminance(light)).toBeGreaterThan(0.6);
      expect(luminance(turned), `${light} → ${turned}`).toBeLessThan(0.05);
      const turn = Math.abs(((hue(turned) - hue(light) + 540) % 360) - 180);
      expect(turn, `${light} → ${turned}`).toBeLessThan(20);
    }
  });

  it("reads the page's adaptiveColors, auto when absent or unknown", () => {
    expect(colourTheme(true, undefined).adaptive).toBe("auto");
    expect(colourTheme(true, "default").adaptive).toBe("auto");
    expect(colourTheme(true, " Simple ").adaptive).toBe("simple");
    expect(colourTheme(true, "none").adaptive).toBe("none");
  });

  it("turns authors' colours only under auto, and the defaults under auto and simple", () => {
    const auto = colourTheme(true, "auto");
    const simple = colourTheme(true, "simple");
    const none = colourTheme(true, "none");
    expect(themedColour("#dae8fc", auto)).toBe(inverseColour("#dae8fc"));
    expect(themedColour("#dae8fc", simple)).toBe("#dae8fc");
    expect(themedColour("#dae8fc", colourTheme(false, "auto"))).toBe("#dae8fc");
    expect([defaultColour("fillColor", auto), defaultColour("strokeColor", auto)]).toEqual([
      "#121212",
      "#ffffff",
    ]);
    expect(defaultColour("labelBackgroundColor", simple)).toBe("#121212");
    expect([defaultColour("fillColor", none), defaultColour("fontColor", none)]).toEqual([
      "#ffffff",
      "#000000",
    ]);
    expect(pageBackground(undefined, auto)).toBe("#121212");
    expect(pageBackground("#fff2cc", simple)).toBe(inverseColour("#fff2cc"));
    expect(pageBackground(undefined, none)).toBe("#ffffff");
    expect(pageBackground("none", colourTheme(false, "auto"))).toBeUndefined();
  });
});

describe("renderSvg in the dark theme", () => {
  it("draws a default flow light on draw.io's dark canvas", () => {
    const svg = dark(
      model(
        vertex("a", "Start", "") + vertex("b", "End", "", 0, 120) + edge("e", "", "", "a", "b"),
      ),
    );
    expect(svg).toContain("background-color: #121212");
    expect(svg).toContain('fill="#121212" stroke="#ffffff"');
    expect(svg).toMatch(/<text[^>]*fill="#ffffff"/);
    for (const stroke of paints(svg, "stroke"))
      expect(contrast(stroke, "#121212")).toBeGreaterThan(3);
  });

  it("turns explicit light fills dark and keeps their text readable", () => {
    const styles = [
      "fillColor=#dae8fc;strokeColor=#6c8ebf;",
      "fillColor=#fff2cc;strokeColor=#d6b656;fontColor=#333333;",
      "fillColor=#f5f5f5;strokeColor=#666666;fontColor=#000000;",
    ];
    for (const style of styles) {
      const svg = dark(model(vertex("a", "Pay", `rounded=1;${style}`)));
      const [fill = ""] = paints(svg, "fill");
      const text = /<text[^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1] ?? "";
      expect(luminance(fill), `${style} fill ${fill}`).toBeLessThan(0.05);
      expect(contrast(text, fill), `${style}: ${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("puts an edge label inside a light lane on a box the lane's colour family, not black on light", () => {
    const lane = vertex(
      "p",
      "Lane",
      "swimlane;fillColor=#dae8fc;swimlaneFillColor=#dae8fc;",
      0,
      0,
      400,
      200,
    );
    const inside =
      vertex("a", "A", "", 20, 60, 80, 40, "p") +
      vertex("b", "B", "", 280, 60, 80, 40, "p") +
      edge("e", "yes", "edgeStyle=orthogonalEdgeStyle;", "a", "b", "p");
    const svg = dark(model(lane + inside));
    const laneFill = inverseColour("#dae8fc") ?? "";
    expect(svg).toContain(`fill="${laneFill}"`);
    // The label's box: a rect right before the label's text.
    const box = /<rect[^>]*fill="(#[0-9a-f]{6})"[^>]*\/>(?:<g[^>]*>)?<text[^>]*>yes</.exec(
      svg,
    )?.[1];
    expect(box).toBeDefined();
    // A dark box sits on a dark lane: the lane is no longer light.
    expect(luminance(laneFill)).toBeLessThan(0.05);
    expect(contrast(box ?? "", laneFill)).toBeLessThan(1.5);
  });

  it("keeps an author's colours under adaptiveColors=simple and everything light under none", () => {
    const cells = vertex("a", "Pay", "fillColor=#dae8fc;");
    const simple = dark(model(cells, ' adaptiveColors="simple"'));
    expect(simple).toContain('fill="#dae8fc"');
    expect(simple).toContain("background-color: #121212");
    const none = dark(model(cells, ' adaptiveColors="none"'));
    expect(none).toContain('fill="#dae8fc"');
    expect(none).toContain("background-color: #ffffff");
    expect(none).toMatch(/<text[^>]*fill="#000000"/);
  });

  it("turns an HTML label's own colours (draw.io turns them too), and keeps them under simple", () => {
    const label = "&lt;font color=&quot;#2f5b7c&quot;&gt;Sales&lt;/font&gt;";
    const cells = vertex("a", label, "html=1;fillColor=#dae8fc;");
    const svg = dark(model(cells));
    expect(svg).not.toContain('fill="#2f5b7c"');
    expect(svg).toContain(`fill="${inverseColour("#2f5b7c")}"`);
    expect(dark(model(cells, ' adaptiveColors="simple"'))).toContain('fill="#2f5b7c"');
  });

  it("turns a stencil's own colours with the rest", () => {
    const light = renderSvg(
      parseDiagram(model(vertex("a", "", "shape=mxgraph.android.keyboard;"))),
    ).svg;
    const night = dark(model(vertex("a", "", "shape=mxgraph.android.keyboard;")));
    expect(light).toContain('fill="#999999"');
    expect(night).not.toContain('fill="#999999"');
    expect(night).toContain(`fill="${inverseColour("#999999")}"`);
  });
});
