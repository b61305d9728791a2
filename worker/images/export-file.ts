/**
 * An export as the Worker answers it: text or PNG bytes with their content type. The renderer's
 * SVG exports (`diagram/views.ts`) are made into one, and the PNG path takes and makes them; and
 * how a PNG is asked for.
 */
import type { RasterTally } from "../drawio/index.ts";

/** An export, ready to become a response. */
export interface ExportFile {
  /** Text, or bytes for a PNG. */
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  /** Set for downloads. */
  filename?: string;
  /** For images: shapes drawn as their bounding box because the renderer does not know them. */
  unknownShapes?: string[];
  /** For a PNG's SVG and the PNG: label characters drawn as nothing (no font file holds them). */
  missingGlyphs?: number;
  /**
   * For SVG: its size and what drawing it counted, so a PNG of it is planned (size, cost, what
   * is too small to see) before the rasteriser parses it.
   */
  picture?: { width: number; height: number; tally: RasterTally; scale: number };
}

/** How to turn an SVG export into a PNG. */
export interface PngOptions {
  /** Keep the background transparent (default: the page's background, else white). */
  transparent?: boolean | undefined;
  /** The scale the SVG was drawn at (to say which scale fits when the PNG is too large). */
  scale?: number | undefined;
  /** Shrink a PNG that would be too large to the largest size allowed, rather than refuse it. */
  fit?: boolean | undefined;
}
