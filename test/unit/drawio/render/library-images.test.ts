import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { DrawingAssetCache } from "../../../../worker/drawio/render/assets/asset-cache.ts";
import { libraryImagePath } from "../../../../worker/drawio/render/assets/library-images.ts";
import { libraryImagesToLoad } from "../../../../worker/drawio/render/assets/stencil-needs.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { loadLibraryImagesFor } from "../../../fixtures/stencil-assets.ts";

const page = (images: string[]) =>
  parseDiagram(
    `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${images
      .map(
        (src, i) =>
          `<mxCell id="v${i}" value="" style="image;html=1;image=${src};" vertex="1" parent="1"><mxGeometry x="${i * 60}" y="0" width="48" height="48" as="geometry"/></mxCell>`,
      )
      .join("")}</root></mxGraphModel>`,
  );

describe("draw.io's image library (img/lib/…)", () => {
  it("knows a library path from anything else", () => {
    expect(libraryImagePath("img/lib/azure2/compute/Function_Apps.svg")).toBe(
      "img/lib/azure2/compute/Function_Apps.svg",
    );
    expect(libraryImagePath("/img/lib/mscae/Azure API for FHIR.svg")).toBe(
      "img/lib/mscae/Azure API for FHIR.svg",
    );
    for (const other of [
      "img/lib/../../secrets.png",
      "img/lib/./a.png",
      "https://example.com/img/lib/a.png",
      "img/lib/a.exe",
      "data:image/png;base64,AAAA",
      "img/clipart/Gear_128x128.png",
    ])
      expect(libraryImagePath(other), other).toBeUndefined();
  });

  it("lists what a page needs, then draws it inline once loaded", () => {
    const paths = [
      "img/lib/azure2/compute/Function_Apps.svg",
      "img/lib/clip_art/computers/Laptop_128x128.png",
    ];
    const doc = page([...paths, paths[0] ?? ""]);
    const assets = new DrawingAssetCache();
    expect(libraryImagesToLoad(doc, undefined, assets)).toEqual([...paths].sort());
    loadLibraryImagesFor(assets, doc);
    expect(libraryImagesToLoad(doc, undefined, assets)).toEqual([]);
    const { svg, unknownShapes } = renderSvg(doc, { assets });
    expect(unknownShapes).toEqual([]);
    expect(svg.match(/xlink:href="data:image\/svg\+xml;base64,/g)).toHaveLength(2);
    expect(svg).toContain('xlink:href="data:image/png;base64,iVBOR');
    expect(svg).not.toContain("img/lib");
  });

  it("draws an image it cannot load as a box, names it, and does not ask again", () => {
    const doc = page(["img/lib/clip_art/none/Missing.png", "https://example.com/logo.png"]);
    const assets = new DrawingAssetCache();
    loadLibraryImagesFor(assets, doc);
    expect(libraryImagesToLoad(doc, undefined, assets)).toEqual([]);
    const { svg, unknownShapes } = renderSvg(doc, { assets });
    expect(unknownShapes).toEqual(["image"]);
    expect(svg).not.toMatch(/example\.com|img\/lib|<image/);
  });

  it("forgets the least recently used images past its memory cap", () => {
    const big = new Uint8Array(3 * 1024 * 1024);
    const assets = new DrawingAssetCache();
    for (const n of [1, 2, 3]) assets.addLibraryImage(`img/lib/test/big${n}.png`, big);
    // Three of 4 MiB as base64 are over the 8 MiB cap: the first is gone.
    expect(assets.libraryImage("img/lib/test/big1.png")).toBeUndefined();
    expect(assets.libraryImage("img/lib/test/big3.png")).toMatch(/^data:image\/png;base64,AAAA/);
  });
});
