/**
 * Labels with overflow=hidden carry only the text draw.io shows inside the cell's box; labels
 * with noLabel=1 none.
 */
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";

const model = (style: string, value: string) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="0" y="0" width="120" height="60" as="geometry"/></mxCell></root></mxGraphModel>`;
const texts = (svg: string) =>
  Array.from(
    new DOMParser().parseFromString(svg, "image/svg+xml").getElementsByTagName("text"),
  ).map((t) => t.textContent ?? "");
const words = (n: number) => "lorem ipsum dolor sit amet ".repeat(Math.ceil(n / 27)).slice(0, n);

describe("overflow=hidden labels", () => {
  it("keeps a long line's characters that reach into the box, and no others", () => {
    const shown = renderSvg(parseDiagram(model("overflow=hidden;", words(5_000))));
    const [line] = texts(shown.svg);
    expect(line?.length).toBeGreaterThan(15);
    expect(line?.length).toBeLessThan(40);
    expect(shown.width).toBeLessThanOrEqual(122);
    // Without overflow=hidden, draw.io shows the whole line, and so do we.
    const all = renderSvg(parseDiagram(model("", words(5_000))));
    expect(texts(all.svg)[0]).toHaveLength(5_000);
  });

  it("drops the lines of a wrapped label below the box", () => {
    const style = "overflow=hidden;whiteSpace=wrap;html=1;";
    const lines = texts(renderSvg(parseDiagram(model(style, words(20_000)))).svg);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.length).toBeLessThanOrEqual(6);
    const open = texts(
      renderSvg(parseDiagram(model("whiteSpace=wrap;html=1;", words(20_000)))).svg,
    );
    expect(open.length).toBeGreaterThan(500);
  });

  it("leaves a label that fits as it was", () => {
    const fits = renderSvg(parseDiagram(model("overflow=hidden;", "Pay"))).svg;
    expect(fits).toBe(renderSvg(parseDiagram(model("", "Pay"))).svg);
  });
});

describe("noLabel=1", () => {
  it("keeps the value as data and draws no text, as draw.io does (a chart's bar values)", () => {
    const drawn = (style: string) => texts(renderSvg(parseDiagram(model(style, "7500"))).svg);
    expect(drawn("rounded=1;html=1;")).toEqual(["7500"]);
    expect(drawn("rounded=1;html=1;noLabel=1;")).toEqual([]);
  });
});
