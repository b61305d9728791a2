/**
 * The PNG rasteriser, started on first use: resvg's WASM with the bundled Arimo fonts, turning a
 * planned SVG export into a PNG file.
 */
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { loadPngEngine, type PngEngine, type RasterPlan } from "../drawio/index.ts";
import { ARIMO_FILES } from "./arimo-fonts.ts";
import type { ExportFile, PngOptions } from "./export-file.ts";

let engine: Promise<PngEngine> | undefined;

/**
 * The isolate's PNG rasteriser, started by the first request that asks for a PNG: resvg's WASM
 * is instantiated and the fonts unwrapped then, so no other request pays for them.
 *
 * @example
 * const { png } = (await pngEngine()).rasterize(svg, 2);
 */
export function pngEngine(): Promise<PngEngine> {
  engine ??= loadPngEngine({
    wasm: resvgWasm,
    fonts: ARIMO_FILES.map(([, font]) => new Uint8Array(font)),
  }).catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/**
 * The PNG of an SVG export as `planPng` planned it (its zoom, unreadable text left out), named
 * after it.
 *
 * @example
 * const svg = exportFile(doc, xml, "Checkout", { format: "svg", page: 0 });
 * const png = await rasterizeExport(svg, planPng(svg));
 */
export async function rasterizeExport(
  svg: ExportFile,
  plan: RasterPlan,
  options: PngOptions = {},
): Promise<ExportFile> {
  const { png } = (await pngEngine()).rasterize(plan.svg, {
    scale: plan.zoom,
    drawnAt: options.scale ?? 1,
    fit: options.fit ?? false,
    ...(options.transparent ? {} : { background: "#ffffff" }),
  });
  return {
    body: png,
    contentType: "image/png",
    ...(svg.filename ? { filename: svg.filename.replace(/\.svg$/, ".png") } : {}),
    ...(svg.unknownShapes ? { unknownShapes: svg.unknownShapes } : {}),
    ...(svg.missingGlyphs ? { missingGlyphs: svg.missingGlyphs } : {}),
  };
}
