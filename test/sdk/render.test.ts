/**
 * `df.render`: XML in, an SVG's text or a PNG's bytes out, from the real Worker; its problems as
 * the SDK's typed errors.
 */
import { describe, expect, it } from "vitest";
import { NotFoundError, UnprocessableEntityError } from "../../sdk/index.ts";
import { decodePng } from "../worker/png-pixels.ts";
import { client, SMALL_XML } from "./helpers.ts";

const df = client();

/** The width an SVG states, in px. */
function svgWidth(svg: string): number {
  return Number(/width="(\d+)px"/.exec(svg)?.[1]);
}

describe("df.render", () => {
  it("draws XML as SVG text, naming the shapes it drew as boxes", async () => {
    const xml = SMALL_XML.replace('value="End"', 'value="End" style="shape=mxgraph.made.up;"');
    const svg = await df.render({ xml });
    expect(svg).toMatchObject({
      format: "svg",
      contentType: "image/svg+xml",
      unknownShapes: ["mxgraph.made.up"],
    });
    expect(svg.content).toMatch(/^<svg /);
    expect(svg.content).toContain(">Start</text>");
    const explicit = await df.render({ xml: SMALL_XML, format: "svg", theme: "dark", border: 10 });
    expect(explicit.content).toContain("background-color: #121212");
    expect(svgWidth(explicit.content)).toBe(
      svgWidth((await df.render({ xml: SMALL_XML, border: 0 })).content) + 20,
    );
  });

  it("draws XML as PNG bytes, scaled, dark or transparent", async () => {
    const svg = await df.render({ xml: SMALL_XML, scale: 2, border: 10 });
    const png = await df.render({ xml: SMALL_XML, format: "png", scale: 2, border: 10 });
    expect(png).toMatchObject({
      format: "png",
      contentType: "image/png",
      unknownShapes: [],
      missingGlyphs: 0,
    });
    expect(png.content).toBeInstanceOf(Uint8Array);
    const light = decodePng(png.content);
    expect(light.width).toBe(svgWidth(svg.content));
    // The corner is border: white on the light theme, the dark background on the dark one,
    // nothing at all when transparent.
    expect([...light.pixels.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const dark = await df.render({ xml: SMALL_XML, format: "png", theme: "dark", border: 10 });
    expect([...decodePng(dark.content).pixels.subarray(0, 4)]).toEqual([18, 18, 18, 255]);
    const clear = await df.render({ xml: SMALL_XML, format: "png", transparent: true, border: 10 });
    expect(decodePng(clear.content).pixels[3]).toBe(0);
  });

  it("counts the characters a PNG could not draw", async () => {
    // Two private-use characters: no font the Worker has draws them.
    const xml = SMALL_XML.replace('value="Start"', 'value="\u{e000}\u{e001}数据库"');
    const png = await df.render({ xml, format: "png" });
    expect(png.missingGlyphs).toBe(2);
  });

  it("rejects what it cannot draw with the SDK's typed errors", async () => {
    const invalid = await df
      .render({ xml: SMALL_XML.replace('source="a"', 'source="nowhere"') })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(UnprocessableEntityError);
    expect(invalid).toMatchObject({ status: 422, code: "invalid_xml" });
    expect((invalid as UnprocessableEntityError).problem?.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ cellId: "e", code: "unknown_source" })]),
    );
    const page = await df.render({ xml: SMALL_XML, page: 3 }).catch((e: unknown) => e);
    expect(page).toBeInstanceOf(NotFoundError);
    expect(page).toMatchObject({ code: "page_not_found" });
    const huge = SMALL_XML.replace('width="120" height="60"', 'width="9000" height="9000"');
    const tooLarge = await df.render({ xml: huge, format: "png", scale: 4 }).catch((e) => e);
    expect(tooLarge).toBeInstanceOf(UnprocessableEntityError);
    expect(tooLarge).toMatchObject({ code: "image_too_large" });
    const badScale = await df.render({ xml: SMALL_XML, scale: 9 }).catch((e: unknown) => e);
    expect(badScale).toMatchObject({ status: 422, code: "invalid_request" });
  });
});
