/**
 * The PNG rasteriser: resvg and the label fonts loaded once, then an SVG drawn to pixels at a
 * scale and encoded as PNG.
 */
import { Resvg } from "@resvg/resvg-wasm";
import { coverZoom, flattenSvgImages } from "../render/image/flatten.ts";
import { encodePng } from "./encode.ts";
import { fitZoom, imageTooLarge, MAX_PNG_PIXELS } from "./plan.ts";
import { type PixelReader, startResvg } from "./resvg-memory.ts";
import type { WasmSource } from "./wasm-api.ts";
import { woffToSfnt } from "./woff.ts";

/** What the rasteriser needs once per isolate: resvg's compiled WASM and the label fonts. */
export interface PngEngineInput {
  /** `@resvg/resvg-wasm/index_bg.wasm`: a compiled module (Workers) or its bytes (Node). */
  wasm: WasmSource;
  /** WOFF 1.0 files of the label font (Arimo: Helvetica's and Arial's metrics). */
  fonts: readonly Uint8Array[];
}

/** A loaded rasteriser: SVG in, PNG out. */
export interface PngEngine {
  /** Draws an SVG as a PNG at `scale` × its own size. */
  rasterize(svg: string, options?: RasterizeOptions): RasterizedPng;
  /**
   * Whether pixels are encoded straight from resvg's memory (false: copied first, which is
   * slower and needs the picture's size in memory twice).
   */
  readsInPlace: boolean;
}

/** How to rasterise. */
export interface RasterizeOptions {
  /** Pixels per SVG unit (default 1). */
  scale?: number;
  /** A CSS colour under the drawing (default none: transparent). */
  background?: string;
  /** The most pixels allowed (default {@link MAX_PNG_PIXELS}). */
  maxPixels?: number;
  /** The scale the SVG was drawn at, to say in an error which scale would fit (default 1). */
  drawnAt?: number;
  /** Past `maxPixels`, draw at the largest scale that fits instead of refusing. */
  fit?: boolean;
}

/** A PNG and its size in pixels. */
export interface RasterizedPng {
  png: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

export { MAX_PNG_PIXELS } from "./plan.ts";

let loading: Promise<PixelReader> | undefined;

/**
 * Loads resvg and the fonts. resvg's WASM can be started once per isolate, so every engine
 * shares it; the fonts are unwrapped from WOFF once per engine.
 *
 * @example
 * const engine = await loadPngEngine({ wasm, fonts });
 * const { png } = engine.rasterize(renderSvg(doc).svg, { scale: 2 });
 */
export async function loadPngEngine(input: PngEngineInput): Promise<PngEngine> {
  loading ??= startResvg(input.wasm).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  const pixels = await loading;
  const fontBuffers = input.fonts.map((woff) => woffToSfnt(woff));
  return {
    readsInPlace: pixels.inPlace,
    rasterize(input, options = {}) {
      const { background, maxPixels = MAX_PNG_PIXELS, drawnAt = 1, fit = false } = options;
      let scale = options.scale ?? 1;
      const font = {
        fontBuffers,
        defaultFontFamily: "Arimo",
        sansSerifFamily: "Arimo",
        serifFamily: "Arimo",
        monospaceFamily: "Arimo",
      };
      const parse = (svg: string, zoom: number, fill?: string) =>
        new Resvg(svg, {
          font,
          fitTo: { mode: "zoom", value: zoom },
          shapeRendering: 2,
          textRendering: 1,
          ...(fill ? { background: fill } : {}),
        });
      // Each SVG image drawn once as a PNG at its size on screen: resvg would draw every one
      // through a layer as large as the whole picture.
      const svg = flattenSvgImages(input, drawnAt * scale, (inner, width, height) => {
        const probe = parse(inner, 1);
        const size = { width: probe.width, height: probe.height };
        probe.free();
        if (!(size.width > 0 && size.height > 0)) return undefined;
        const drawn = parse(inner, coverZoom(size, width, height));
        try {
          const image = drawn.render();
          try {
            const { width: w, height: h } = image;
            return base64(encodePng({ width: w, height: h, pixels: pixels.read(image) }));
          } finally {
            image.free();
          }
        } finally {
          drawn.free();
        }
      });
      let resvg = parse(svg, scale, background);
      try {
        const drawn = { width: resvg.width * scale, height: resvg.height * scale };
        if (Math.ceil(drawn.width) * Math.ceil(drawn.height) > maxPixels) {
          // A backstop: the Worker's routes plan the size before parsing (`planRaster`).
          const zoom = fitZoom(drawn, maxPixels);
          if (!fit) throw imageTooLarge(drawn, maxPixels, drawnAt * scale, zoom);
          resvg.free();
          scale *= zoom;
          resvg = parse(svg, scale, background);
        }
        const image = resvg.render();
        try {
          // Encoded straight from WASM memory, before the next render reuses it.
          const { width, height } = image;
          return { png: encodePng({ width, height, pixels: pixels.read(image) }), width, height };
        } finally {
          image.free();
        }
      } finally {
        resvg.free();
      }
    },
  };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
