/**
 * The PNG path decides before resvg parses anything: the size against the cap, resvg's work
 * against its limit, the text too small to see. And what resvg then draws is bounded: long
 * labels, SVG images with blur filters, pictures at the pixel cap.
 */
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import {
  MAX_PNG_PIXELS,
  planRaster,
  withoutUnreadableText,
} from "../../../../worker/drawio/raster/plan.ts";
import { coverZoom, flattenSvgImages } from "../../../../worker/drawio/render/image/flatten.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { newRasterTally, textRuns } from "../../../../worker/drawio/render/raster-tally.ts";
import { nodePngEngine } from "../../../fixtures/png-engine.ts";

const model = (cells: string[]) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
const vertex = (id: string, value: string, style: string, x = 0, y = 0, w = 120, h = 60) =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
const words = (n: number) => "lorem ipsum dolor sit amet ".repeat(Math.ceil(n / 27)).slice(0, n);
const render = (cells: string[]) => renderSvg(parseDiagram(model(cells)));
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DrawioError) return error.code;
    throw error;
  }
  return "ok";
};

describe("planning a PNG", () => {
  it("refuses a picture over the pixel cap from its size alone, before parsing anything", () => {
    const picture = { svg: "not even SVG", width: 5000, height: 5000 };
    expect(() =>
      planRaster(picture, { maxPixels: MAX_PNG_PIXELS, fit: false, drawnAt: 2 }),
    ).toThrow(/5000 × 5000 px.*lower the scale to 1\.63 or less/);
    const fitted = planRaster(
      { ...picture, svg: "<svg/>" },
      { maxPixels: MAX_PNG_PIXELS, fit: true },
    );
    expect(fitted.width * fitted.height).toBeLessThanOrEqual(MAX_PNG_PIXELS);
    expect(fitted.width).toBeGreaterThanOrEqual(4050);
  });

  it("fits even an absurdly large picture into at least one pixel, never a zero size", () => {
    const plan = planRaster(
      { svg: "<svg/>", width: 1e10, height: 1e7 },
      { maxPixels: MAX_PNG_PIXELS, fit: true },
    );
    expect(plan.zoom).toBeGreaterThan(0);
    expect(plan.width).toBeGreaterThanOrEqual(1);
    expect(plan.height).toBeGreaterThanOrEqual(1);
    expect(plan.width * plan.height).toBeLessThanOrEqual(MAX_PNG_PIXELS);
  });

  it("leaves out text too small to see once shrunk, and keeps the rest", () => {
    const svg =
      '<svg><text font-size="12px">small</text><text font-size="40px">big <tspan font-size="9px">x</tspan></text></svg>';
    expect(withoutUnreadableText(svg, 13)).toBe(
      '<svg><text font-size="40px">big <tspan font-size="9px">x</tspan></text></svg>',
    );
    const runs = textRuns(svg);
    expect(runs.glyphs).toEqual([
      [40, 4, 25],
      [12, 5, 25],
    ]);
    expect(runs.elements).toBe(4);
    // A page far over the cap, fitted: its 12 px labels would be under 2 px, so they go.
    const cells = Array.from({ length: 400 }, (_, i) =>
      vertex(`v${i}`, `label ${i}`, "", (i % 20) * 2000, Math.floor(i / 20) * 2000),
    );
    const page = render(cells);
    const plan = planRaster(page, { maxPixels: MAX_PNG_PIXELS, fit: true });
    expect(plan.zoom).toBeLessThan(0.2);
    expect(plan.svg).not.toContain("<text");
    expect(page.svg).toContain("label 399</text>");
  });

  it("refuses a picture whose drawing is too much work, or shrinks it when it must show", () => {
    // 40,000 characters on one line: resvg lays a line out in quadratic time (8 s before).
    const long = render([vertex("a", words(40_000), "")]);
    expect(code(() => planRaster(long, { maxPixels: MAX_PNG_PIXELS, fit: false }))).toBe(
      "render_too_expensive",
    );
    const shown = planRaster(long, { maxPixels: MAX_PNG_PIXELS, fit: true });
    expect(shown.work).toBeLessThan(1_500_000);
    expect(shown.svg).not.toContain("lorem");
    // The same label wrapped in its box is an ordinary picture.
    const wrapped = render([vertex("a", words(4_000), "whiteSpace=wrap;html=1;", 0, 0, 600, 400)]);
    expect(code(() => planRaster(wrapped, { maxPixels: MAX_PNG_PIXELS, fit: false }))).toBe("ok");
    const tally = { ...newRasterTally(), images: 1e6 };
    expect(
      code(() =>
        planRaster({ svg: "<svg/>", width: 10, height: 10, tally }, { maxPixels: 100, fit: true }),
      ),
    ).toBe("render_too_expensive");
  });

  it("draws each SVG image once, as a PNG of its size on screen", () => {
    const inner = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"/>',
    ).toString("base64");
    const image = (x: number, w: number) =>
      `<image x="${x}" y="0" width="${w}" height="${w}" xlink:href="data:image/svg+xml;base64,${inner}"/>`;
    const drawn: string[] = [];
    const flat = flattenSvgImages(
      `<svg>${image(0, 40)}${image(50, 40)}${image(100, 80)}</svg>`,
      2,
      (svg, w, h) => {
        drawn.push(`${w}x${h}`);
        return svg.includes("svg") ? "UE5H" : undefined;
      },
    );
    expect(drawn).toEqual(["80x80", "160x160"]);
    expect(flat).not.toContain("image/svg+xml");
    expect(flat.match(/data:image\/png;base64,UE5H/g)).toHaveLength(3);
    expect(coverZoom({ width: 20, height: 10 }, 80, 80)).toBe(8);
    expect(coverZoom({ width: 1000, height: 1 }, 100, 100)).toBe(0.1);
  });

  it("rasterises 200 SVG images with blur filters in well under a second's work (16 s before)", async () => {
    const blurred = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><defs><filter id="b"><feGaussianBlur stdDeviation="200"/></filter></defs>${'<rect width="1000" height="1000" filter="url(#b)"/>'.repeat(20)}</svg>`,
    ).toString("base64");
    const cells = Array.from({ length: 200 }, (_, i) =>
      vertex(
        `i${i}`,
        "",
        `shape=image;image=data:image/svg+xml,${blurred};`,
        (i % 15) * 50,
        Math.floor(i / 15) * 50,
        40,
        40,
      ),
    );
    const page = render(cells);
    expect(page.svg).not.toContain("feGaussianBlur");
    const plan = planRaster(page, { maxPixels: MAX_PNG_PIXELS, fit: false });
    const engine = await nodePngEngine();
    const started = performance.now();
    const png = engine.rasterize(plan.svg, { scale: plan.zoom });
    expect(png.width).toBe(page.width);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("planning a PNG of a picture drawn at a scale", () => {
  it("reads its font sizes in the drawing's units: text drawn at scale 2 stays readable", () => {
    const cells = Array.from({ length: 400 }, (_, i) =>
      vertex(`v${i}`, `label ${i}`, "", (i % 20) * 800, Math.floor(i / 20) * 800),
    );
    const one = renderSvg(parseDiagram(model(cells)));
    const two = renderSvg(parseDiagram(model(cells)), { scale: 2 });
    const request = { maxPixels: MAX_PNG_PIXELS, fit: true };
    // At scale 1 the fit leaves 12 px labels at ~3 px: kept. At scale 2 the zoom halves, the
    // labels are the same size on screen: kept too (read as 12 px at that zoom, 1.5 px: gone).
    expect(planRaster({ ...one, scale: 1 }, request).svg).toContain("label 399</text>");
    expect(planRaster({ ...two, scale: 2 }, request).svg).toContain("label 399</text>");
  });
});
