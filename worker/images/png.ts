import type { ExportFile } from "../diagram/views.ts";

/** How to turn an SVG export into a PNG. */
export interface PngOptions {
  /** Keep the background transparent (default: the page's background, else white). */
  transparent?: boolean | undefined;
  /** The scale the SVG was drawn at (to say which scale fits when the PNG is too large). */
  scale?: number | undefined;
  /** Shrink a PNG that would be too large to the largest size allowed, rather than refuse it. */
  fit?: boolean | undefined;
}

/**
 * The PNG of an SVG export (drawn at the export's own scale), named after it. The rasteriser
 * (resvg's WASM and the fonts) is imported on the first call, so only PNG requests load it.
 *
 * @example
 * const png = await pngOf(exportFile(doc, xml, "Checkout", { format: "svg", page: 0, scale: 2 }));
 */
export async function pngOf(svg: ExportFile, options: PngOptions = {}): Promise<ExportFile> {
  const { rasterizeExport } = await import("./png-engine.ts");
  return rasterizeExport(svg, options);
}
