import { Resvg } from "@resvg/resvg-wasm";
import { DrawioError } from "../errors.ts";
import { encodePng } from "./png-encode.ts";
import { type PixelReader, startResvg } from "./resvg-memory.ts";
import { woffToSfnt } from "./woff.ts";

/** What the rasteriser needs once per isolate: resvg's compiled WASM and the label fonts. */
export interface PngEngineInput {
  /** `@resvg/resvg-wasm/index_bg.wasm`: a compiled module (Workers) or its bytes (Node). */
  wasm: WebAssembly.Module | BufferSource;
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

/**
 * The most pixels one PNG may have (4096 × 4096): a cap on memory and CPU per request. resvg
 * draws into one RGBA buffer (64 MiB at the cap) in WASM memory, which never shrinks, inside an
 * isolate's 128 MB.
 */
export const MAX_PNG_PIXELS = 4096 * 4096;

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
    rasterize(svg, options = {}) {
      const { background, maxPixels = MAX_PNG_PIXELS, drawnAt = 1, fit = false } = options;
      let scale = options.scale ?? 1;
      const parse = () =>
        new Resvg(svg, {
          font: {
            fontBuffers,
            defaultFontFamily: "Arimo",
            sansSerifFamily: "Arimo",
            serifFamily: "Arimo",
            monospaceFamily: "Arimo",
          },
          fitTo: { mode: "zoom", value: scale },
          shapeRendering: 2,
          textRendering: 1,
          ...(background ? { background } : {}),
        });
      let resvg = parse();
      try {
        const size = () => Math.ceil(resvg.width * scale) * Math.ceil(resvg.height * scale);
        if (size() > maxPixels) {
          // The largest scale that fits, rounded down to a hundredth.
          const factor = Math.floor(scale * Math.sqrt(maxPixels / size()) * 100) / 100 / scale;
          if (!fit) {
            throw new DrawioError(
              "image_too_large",
              `the PNG would be ${Math.ceil(resvg.width * scale)} × ${Math.ceil(resvg.height * scale)} px, over the ${maxPixels.toLocaleString("en-US")} pixels one image may have: lower the scale to ${Math.floor(drawnAt * scale * factor * 100) / 100} or less, or ask for SVG`,
            );
          }
          resvg.free();
          scale *= factor;
          resvg = parse();
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
