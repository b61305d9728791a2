/**
 * An export as the Worker answers it: text or PNG bytes with their content type. The renderer's
 * SVG exports (`diagram/views.ts`) are made into one, and the PNG path takes and makes them.
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
  /**
   * For SVG: its size and what drawing it counted, so a PNG of it is planned (size, cost, what
   * is too small to see) before the rasteriser parses it.
   */
  picture?: { width: number; height: number; tally: RasterTally; scale: number };
}
