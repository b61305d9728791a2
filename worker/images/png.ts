/**
 * The light entry point of PNG export: plans an SVG's rasterisation against size and cost
 * limits, and imports the rasteriser only when a PNG is really drawn.
 */
import { MAX_PNG_PIXELS, planRaster, type RasterPlan } from "../drawio/index.ts";
import type { ExportFile, PngOptions } from "./export-file.ts";

export type { PngOptions };

/**
 * The PNG of an SVG export (drawn at the export's own scale), named after it. The rasteriser
 * (resvg's WASM and the fonts) is imported on the first call, so only PNG requests load it.
 *
 * @example
 * const png = await pngOf(exportFile(doc, xml, "Checkout", { format: "svg", page: 0, scale: 2 }));
 */
export async function pngOf(svg: ExportFile, options: PngOptions = {}): Promise<ExportFile> {
  // Refused before the rasteriser is even loaded: too large, or too much work.
  const plan = planPng(svg, options);
  const { rasterizeExport } = await import("./png-engine.ts");
  return rasterizeExport(svg, plan, options);
}

/**
 * How an SVG export becomes a PNG (`planRaster`): its size against the pixel cap, resvg's work
 * against its limit, what is too small to see; throws `image_too_large` or
 * `render_too_expensive` without parsing the SVG.
 *
 * @example
 * planPng(exportFile(doc, xml, "T", { format: "svg", page: 0 }), { fit: true }).zoom; // ≤ 1
 */
export function planPng(svg: ExportFile, options: PngOptions = {}): RasterPlan {
  const text = String(svg.body);
  const picture = svg.picture ?? { ...sizeOf(text), scale: options.scale ?? 1 };
  return planRaster(
    { svg: text, ...picture },
    { maxPixels: MAX_PNG_PIXELS, fit: options.fit ?? false, drawnAt: options.scale ?? 1 },
  );
}

/** The size an SVG says it has (`width="…px"`), for files that did not carry it. */
function sizeOf(svg: string): { width: number; height: number } {
  const head = svg.slice(0, 1_000);
  const width = Number(/\swidth="([\d.]+)(?:px)?"/.exec(head)?.[1] ?? 0);
  const height = Number(/\sheight="([\d.]+)(?:px)?"/.exec(head)?.[1] ?? 0);
  return { width, height };
}
