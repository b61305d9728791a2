/**
 * SVG images embedded in diagrams are drawn sanitised: nothing that runs, fetches or costs
 * without bound reaches the picture, and what cannot be made safe is drawn as its box.
 */
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { rasterPixels } from "../../../../worker/drawio/render/image/raster-size.ts";
import { safeImage, sanitizeSvg } from "../../../../worker/drawio/render/image/svg-image.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";

const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const b64 = (text: string) => Buffer.from(text).toString("base64");
/** A 1 × 1 PNG, and the same header claiming 30,000 × 30,000 px. */
const PNG_1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const pngClaiming = (w: number, h: number) => {
  const bytes = Buffer.from(PNG_1, "base64");
  bytes.writeUInt32BE(w, 16);
  bytes.writeUInt32BE(h, 20);
  return bytes.toString("base64");
};

describe("embedded SVG images", () => {
  it("keeps what paints and drops script, foreignObject, event attributes and links out", () => {
    const hostile = `<svg ${SVG} onload="alert(1)" width="10" height="10">
      <script>alert(2)</script>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
      <a xlink:href="javascript:alert(3)"><rect width="5" height="5"/></a>
      <rect width="10" height="10" fill="red" onclick="alert(4)" style="fill:url(https://x.test/p)"/>
      <use xlink:href="https://x.test/sprite.svg#icon"/>
      <circle r="3" fill="url(#g)" filter="url(https://x.test/f.svg#f)"/>
      <style>@import url(https://x.test/a.css); rect { fill: red }</style>
      <set attributeName="fill" to="blue"/><animate attributeName="x" values="0;1"/>
    </svg>`;
    const clean = sanitizeSvg(hostile)?.svg ?? "";
    expect(clean).toContain("<rect");
    expect(clean).toContain('fill="red"');
    expect(clean).toContain('<circle r="3" fill="url(#g)"/>');
    expect(clean).not.toMatch(
      /script|foreignObject|alert|on[a-z]+=|x\.test|@import|<set|<animate|<a /i,
    );
    const doc = new DOMParser().parseFromString(clean, "image/svg+xml");
    expect(doc.documentElement?.nodeName).toBe("svg");
  });

  it("draws as a box an SVG that embeds anything but raster data", () => {
    expect(
      sanitizeSvg(`<svg ${SVG}><image xlink:href="https://x.test/a.png"/></svg>`),
    ).toBeUndefined();
    expect(
      sanitizeSvg(`<svg ${SVG}><image href="data:image/svg+xml;base64,AAAA"/></svg>`),
    ).toBeUndefined();
    const raster = sanitizeSvg(`<svg ${SVG}><image href="data:image/png;base64,${PNG_1}"/></svg>`);
    expect(raster?.svg).toContain(`xlink:href="data:image/png;base64,${PNG_1}"`);
    expect(sanitizeSvg("<notsvg/>")).toBeUndefined();
    expect(sanitizeSvg("<svg><unclosed></svg>")).toBeUndefined();
  });

  it("drops costly filters (a blur cost resvg about 2 s per rectangle) and keeps colour matrices", () => {
    const svg = `<svg ${SVG}><defs>
      <filter id="blur"><feGaussianBlur stdDeviation="200"/></filter>
      <filter id="tint"><feColorMatrix type="saturate" values="0"/></filter></defs>
      <rect width="9" height="9" filter="url(#blur)"/><rect width="9" height="9" filter="url(#tint)"/>
      <rect width="9" height="9" style="filter:url(#blur);fill:red"/></svg>`;
    const clean = sanitizeSvg(svg)?.svg ?? "";
    expect(clean).not.toContain("feGaussianBlur");
    expect(clean).not.toContain("url(#blur)");
    expect(clean).toContain('filter="url(#tint)"');
    expect(clean).toContain("feColorMatrix");
    expect(clean).toContain("fill:red");
    // Past 16 filtered elements, the rest are drawn unfiltered.
    const many = Array.from({ length: 40 }, () => '<rect filter="url(#tint)"/>').join("");
    const capped = sanitizeSvg(
      `<svg ${SVG}><filter id="tint"><feColorMatrix values="0"/></filter>${many}</svg>`,
    );
    expect(capped?.svg.match(/filter="/g)).toHaveLength(16);
  });

  it("counts elements with every <use> expanded: a use bomb is drawn as a box", () => {
    let defs = '<g id="l0"><rect width="1" height="1"/></g>';
    for (let i = 1; i <= 8; i++) {
      const uses = Array.from({ length: 10 }, () => `<use xlink:href="#l${i - 1}"/>`).join("");
      defs += `<g id="l${i}">${uses}</g>`;
    }
    expect(
      sanitizeSvg(`<svg ${SVG}><defs>${defs}</defs><use xlink:href="#l8"/></svg>`),
    ).toBeUndefined();
    expect(sanitizeSvg(`<svg ${SVG}><g id="a"><use xlink:href="#a"/></g></svg>`)).toBeUndefined();
    const small = sanitizeSvg(
      `<svg ${SVG}><defs>${defs.split('<g id="l3">')[0]}</defs><use xlink:href="#l2"/></svg>`,
    );
    expect(small?.elements).toBeGreaterThan(100);
  });

  it("reads every way draw.io writes an SVG data URI, and writes it back as base64", () => {
    const svg = `<svg ${SVG} width="4" height="4"><rect width="4" height="4" fill="blue"/></svg>`;
    for (const src of [
      `data:image/svg+xml,${b64(svg)}`,
      `data:image/svg+xml;base64,${b64(svg)}`,
      `data:image/svg+xml,${encodeURIComponent(svg)}`,
      `data:image/svg+xml,${svg}`,
    ]) {
      const safe = safeImage(src);
      expect(safe?.src.startsWith("data:image/svg+xml;base64,")).toBe(true);
      expect(Buffer.from(safe?.src.split(",")[1] ?? "", "base64").toString()).toContain(
        'fill="blue"',
      );
    }
  });

  it("knows what a raster image decodes to from its header, and refuses what it cannot read", () => {
    expect(rasterPixels(PNG_1)).toBe(1);
    expect(rasterPixels(pngClaiming(30_000, 30_000))).toBe(900_000_000);
    expect(rasterPixels(Buffer.from("GIF89a\x10\x00\x20\x00").toString("base64"))).toBe(512);
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 48, 0, 64, 3, 0, 0, 0,
    ]);
    expect(rasterPixels(jpeg.toString("base64"))).toBe(48 * 64);
    expect(safeImage(`data:image/png,${PNG_1}`)).toEqual({
      src: `data:image/png;base64,${PNG_1}`,
      elements: 1,
      pixels: 1,
    });
    expect(safeImage("data:image/png;base64,bm90IGFuIGltYWdl")).toBeUndefined();
    expect(safeImage("data:text/html;base64,PHNjcmlwdD4=")).toBeUndefined();
  });

  it("draws an image it cannot make safe as its box, listed as unknown", () => {
    const style = `shape=image;image=data:image/svg+xml,${b64(`<svg ${SVG}><image href="https://x.test/a.png"/></svg>`)};`;
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="v" style="${style}" vertex="1" parent="1"><mxGeometry width="40" height="40" as="geometry"/></mxCell></root></mxGraphModel>`;
    const rendered = renderSvg(parseDiagram(xml));
    expect(rendered.unknownShapes).toEqual(["image"]);
    expect(rendered.svg).not.toContain("<image");
  });
});
