/**
 * The PNG rasteriser, started on first use: resvg's WASM with bundled Arimo fonts, turning a
 * planned SVG export into a PNG file.
 */
import cyrillic400Italic from "@fontsource/arimo/files/arimo-cyrillic-400-italic.woff";
import cyrillic400 from "@fontsource/arimo/files/arimo-cyrillic-400-normal.woff";
import cyrillic700Italic from "@fontsource/arimo/files/arimo-cyrillic-700-italic.woff";
import cyrillic700 from "@fontsource/arimo/files/arimo-cyrillic-700-normal.woff";
import greek400Italic from "@fontsource/arimo/files/arimo-greek-400-italic.woff";
import greek400 from "@fontsource/arimo/files/arimo-greek-400-normal.woff";
import greek700Italic from "@fontsource/arimo/files/arimo-greek-700-italic.woff";
import greek700 from "@fontsource/arimo/files/arimo-greek-700-normal.woff";
import latin400Italic from "@fontsource/arimo/files/arimo-latin-400-italic.woff";
import latin400 from "@fontsource/arimo/files/arimo-latin-400-normal.woff";
import latin700Italic from "@fontsource/arimo/files/arimo-latin-700-italic.woff";
import latin700 from "@fontsource/arimo/files/arimo-latin-700-normal.woff";
import latinExt400Italic from "@fontsource/arimo/files/arimo-latin-ext-400-italic.woff";
import latinExt400 from "@fontsource/arimo/files/arimo-latin-ext-400-normal.woff";
import latinExt700Italic from "@fontsource/arimo/files/arimo-latin-ext-700-italic.woff";
import latinExt700 from "@fontsource/arimo/files/arimo-latin-ext-700-normal.woff";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { loadPngEngine, type PngEngine, type RasterPlan } from "../drawio/index.ts";
import type { ExportFile, PngOptions } from "./export-file.ts";

/**
 * Arimo (Helvetica's and Arial's metrics, as the SVG's line breaks assume) in regular, bold,
 * italic and bold italic, for Latin, Latin Extended, Greek and Cyrillic labels.
 */
const FONTS: readonly ArrayBuffer[] = [
  latin400,
  latin700,
  latin400Italic,
  latin700Italic,
  latinExt400,
  latinExt700,
  latinExt400Italic,
  latinExt700Italic,
  greek400,
  greek700,
  greek400Italic,
  greek700Italic,
  cyrillic400,
  cyrillic700,
  cyrillic400Italic,
  cyrillic700Italic,
];

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
    fonts: FONTS.map((font) => new Uint8Array(font)),
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
  };
}
