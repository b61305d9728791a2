/**
 * The seam between the renderer and a text shaper: a label line handed over with its runs and
 * placement, and drawn back as glyph outlines (SVG paths), for pictures whose rasteriser cannot
 * shape every script itself. The renderer knows only this interface; `raster/` implements it.
 */

/** A run of a line in one style, its size and colour resolved. */
export interface OutlineRun {
  text: string;
  /** In px. */
  size: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** A CSS colour. */
  color: string;
}

/** One line of a label: its runs in logical order, and where it goes. */
export interface OutlineLine {
  runs: readonly OutlineRun[];
  /** The anchor point's x and the baseline's y. */
  x: number;
  baseline: number;
  /** As SVG's `text-anchor`, measured on the shaped advance. */
  anchor: "start" | "middle" | "end";
  /** The paragraph direction (draw.io's `textDirection`); default left to right. */
  direction?: "ltr" | "rtl";
}

/**
 * Draws label lines as outlines. `outline` answers undefined for a line it leaves to `<text>`
 * (one whose characters the rasteriser's own fonts draw).
 *
 * @example
 * const paths = outliner.outline({ runs, x: 60, baseline: 34, anchor: "middle" });
 * svg += paths ?? textElement;
 */
export interface GlyphOutliner {
  outline(line: OutlineLine): string | undefined;
}
