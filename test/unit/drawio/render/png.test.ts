import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { loadPngEngine } from "../../../../worker/drawio/raster/png.ts";
import { woffToSfnt } from "../../../../worker/drawio/raster/woff.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { nodePngEngine } from "../../../fixtures/png-engine.ts";

const modules = fileURLToPath(new URL("../../../../node_modules/", import.meta.url));
const woff = (face: string) =>
  new Uint8Array(readFileSync(`${modules}@fontsource/arimo/files/arimo-latin-${face}.woff`));
const wasm = () => readFileSync(`${modules}@resvg/resvg-wasm/index_bg.wasm`);

const line = (attrs: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="24"><text x="4" y="16" font-family="Helvetica" font-size="12px" ${attrs}>Validate order 42</text></svg>`;

describe("woffToSfnt", () => {
  it("unwraps WOFF into a font with the same glyphs and advances", () => {
    for (const face of ["400-normal", "700-italic"]) {
      const wrapped = fontkit.create(Buffer.from(woff(face))) as fontkit.Font;
      const plain = fontkit.create(Buffer.from(woffToSfnt(woff(face)))) as fontkit.Font;
      expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
      expect(plain.familyName).toBe("Arimo");
      expect(plain.layout("Checkout → Pay").advanceWidth).toBe(
        wrapped.layout("Checkout → Pay").advanceWidth,
      );
    }
  });

  it("refuses what is not WOFF", () => {
    expect(() => woffToSfnt(new Uint8Array(64))).toThrow("not a WOFF 1.0 font");
  });
});

describe("PNG rasterising (resvg in WASM)", () => {
  it("draws the page at its SVG size times the scale, on the background asked for", async () => {
    const engine = await nodePngEngine();
    const xml =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="Pay" style="fillColor=#dae8fc;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="120" height="60" as="geometry"/></mxCell></root></mxGraphModel>';
    const { svg, width, height } = renderSvg(parseDiagram(xml));
    const once = PNG.sync.read(Buffer.from(engine.rasterize(svg, { background: "#fff" }).png));
    expect([once.width, once.height]).toEqual([width, height]);
    const twice = engine.rasterize(svg, { scale: 2 });
    expect([twice.width, twice.height]).toEqual([width * 2, height * 2]);
    // The box's fill in the middle, away from the label.
    const at = (4 * (once.width * 10 + 10)) as number;
    expect([...once.data.subarray(at, at + 4)]).toEqual([0xda, 0xe8, 0xfc, 255]);
  });

  it("draws plain, bold and italic labels in Arimo's matching face", async () => {
    const engine = await nodePngEngine();
    for (const [attrs, face] of [
      ["", "400-normal"],
      ['font-weight="bold"', "700-normal"],
      ['font-style="italic"', "400-italic"],
    ] as const) {
      const only = await loadPngEngine({ wasm: wasm(), fonts: [woff(face)] });
      const expected = only.rasterize(line(""), { background: "#fff" }).png;
      expect(Buffer.from(engine.rasterize(line(attrs), { background: "#fff" }).png)).toEqual(
        Buffer.from(expected),
      );
    }
  });

  it("refuses an image over the pixel cap before drawing it", async () => {
    const engine = await nodePngEngine();
    const huge =
      '<svg xmlns="http://www.w3.org/2000/svg" width="5000px" height="5000px"><rect width="10" height="10"/></svg>';
    expect(() => engine.rasterize(huge)).toThrow(DrawioError);
    expect(() => engine.rasterize(huge)).toThrow(/lower the scale/);
    expect(engine.rasterize(huge, { scale: 0.5 }).width).toBe(2500);
    expect(() => engine.rasterize(huge, { drawnAt: 2 })).toThrow(/scale to 1\.63 or less/);
    // Fitted: the largest size under the cap (4096² px), the proportions kept.
    const fitted = engine.rasterize(huge, { fit: true });
    expect(fitted.width).toBe(fitted.height);
    expect(fitted.width * fitted.height).toBeLessThanOrEqual(4096 * 4096);
    expect(fitted.width).toBeGreaterThanOrEqual(4050);
  });
});
