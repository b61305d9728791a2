/**
 * What a diagram can put into the SVG the renderer writes: every value goes through one
 * escaping or checking function (`esc`, `paintValue`/`cssColor`, `fontFamily`, `fmt`), so a
 * background, a colour, a font or a label cannot add an attribute, an element, an external
 * reference or a number no viewer can read.
 */
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { CellStyle } from "../../../../worker/drawio/render/cell-style.ts";
import { cssColor, fontFamily, paintValue } from "../../../../worker/drawio/render/css-values.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { element, esc, fmt } from "../../../../worker/drawio/render/svg.ts";

const model = (cells: string, attrs = "") =>
  `<mxGraphModel${attrs}><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
const vertex = (value: string, style: string) =>
  `<mxCell id="v" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry width="120" height="60" as="geometry"/></mxCell>`;
const render = (xml: string) => renderSvg(parseDiagram(xml)).svg;

/** The SVG parsed by a real XML parser; fails on any error. */
function parsed(svg: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(svg, "image/svg+xml");
  expect(errors).toEqual([]);
  return doc;
}

describe("output encoding", () => {
  it("writes a page background only when it is a colour, never as markup", () => {
    const hostile = render(
      model(vertex("x", ""), ` background="#fff&quot; onload=&quot;alert(1)"`),
    );
    const root = parsed(hostile).documentElement;
    expect(root?.hasAttribute("onload")).toBe(false);
    expect(hostile).not.toMatch(/onload|alert/);
    expect(hostile).not.toContain("background-color");
    for (const css of [
      "red;background:url(https://x.test/a.png)",
      "expression(alert(1))",
      "url(#a)",
    ]) {
      const svg = render(model(vertex("x", ""), ` background="${css}"`));
      expect(svg).not.toMatch(/url\(|expression/);
    }
    const ok = render(model(vertex("x", ""), ` background="#DAE8FC"`));
    expect(ok).toContain('style="background-color: #dae8fc;"');
  });

  it("paints only with colours, none, or the drawing's own url(#id)", () => {
    expect(cssColor("#ABC")).toBe("#abc");
    expect(cssColor("rgba(0, 0, 0, 0.5)")).toBe("rgba(0, 0, 0, 0.5)");
    expect(cssColor("steelblue")).toBe("steelblue");
    for (const bad of ["expression", "url(x)", "#12345", "red;x:y", 'red"', "rgb(1,2,3);"])
      expect(cssColor(bad)).toBeUndefined();
    expect(paintValue("url(https://x.test/a.svg#b)")).toBe("none");
    expect(paintValue("url(#mx-gradient-a)")).toBe("url(#mx-gradient-a)");
    expect(element("rect", { fill: "javascript:alert(1)" })).toBe('<rect fill="none"/>');
    // A shape whose code reads a colour straight from the style still paints safely.
    const svg = render(
      model(
        vertex("", "shape=mxgraph.aws4.resourceIcon;resIcon=x;strokeColor=url(https://x.test/#a);"),
      ),
    );
    expect(svg).not.toContain("x.test");
  });

  it("builds gradient ids that a url(#…) can name, whatever the colours were written as", () => {
    const svg = render(
      model(vertex("", "fillColor=rgb(10, 20, 30);gradientColor=#fff;gradientDirection=&quot;)")),
    );
    const id = /<linearGradient[^>]* id="([^"]+)"/.exec(svg)?.[1] ?? "";
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(svg).toContain(`fill="url(#${id})"`);
  });

  it("takes a cell's own stroke for fillColor=strokeColor, as draw.io's UML start state", () => {
    const svg = render(model(vertex("", "ellipse;fillColor=strokeColor;strokeColor=#ff0000;")));
    expect(svg).toContain('fill="#ff0000" stroke="#ff0000"');
  });

  it("writes only plain font family names", () => {
    expect(fontFamily("Arial,Helvetica")).toBe("Arial,Helvetica");
    expect(fontFamily("Segoe UI, 'Open Sans'")).toBe("Segoe UI, 'Open Sans'");
    expect(fontFamily('x" onload="a')).toBe("Helvetica");
    expect(fontFamily("Verdana, url(https://x.test/f.woff)")).toBe("Verdana");
  });

  it("replaces characters XML does not allow, and escapes markup", () => {
    expect(esc("a\u0001b\uffffc\ud800d")).toBe("a\ufffdb\ufffdc\ufffdd");
    expect(esc("emoji \ud83d\ude00 stays")).toBe("emoji \ud83d\ude00 stays");
    expect(esc('<a href="x">&')).toBe("&lt;a href=&quot;x&quot;&gt;&amp;");
    // An HTML label's entities decode to control characters: the SVG stays well-formed.
    parsed(render(model(vertex("a&amp;#1;b&amp;#xD800;c", "html=1;"))));
  });

  it("keeps every number finite: fontSize=1e39 is held to the style limit, not Infinity", () => {
    expect(new CellStyle("fontSize=1e39", "vertex").num("fontSize", 12)).toBe(1_000_000);
    expect(new CellStyle("fontSize=Infinity", "vertex").num("fontSize", 12)).toBe(12);
    expect(new CellStyle("fontSize=-1e400", "vertex").num("fontSize", 12)).toBe(12);
    expect(fmt(Number.POSITIVE_INFINITY)).toBe("0");
    expect(fmt(Number.NaN)).toBe("0");
    for (const size of ["1e39", "1e307", "1e308"]) {
      const svg = render(model(vertex("big", `fontSize=${size};`)));
      expect(svg).not.toMatch(/Infinity|NaN|e\+/);
      parsed(svg);
    }
  });

  it("refuses, as a bug of its own, to write an attribute that could run script", () => {
    expect(() => element("rect", { onload: "x" })).toThrow(/onload/);
  });
});
