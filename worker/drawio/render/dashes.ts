/** The dash pattern a cell's style draws its lines with, for the paint and the raster tally. */
import type { CellStyle } from "./cell-style.ts";

/**
 * The dash lengths of a dashed style (`dashPattern`, scaled by the stroke width unless
 * `fixDash`), or undefined for a solid line.
 *
 * @example
 * dashesOf(new CellStyle("dashed=1;strokeWidth=2", "edge")); // [6, 6]
 */
export function dashesOf(style: CellStyle): number[] | undefined {
  if (!style.flag("dashed")) return undefined;
  const pattern = (style.get("dashPattern") ?? "3 3")
    .split(/\s+/)
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0);
  const scale = style.flag("fixDash") ? 1 : Math.max(1, style.num("strokeWidth", 1));
  return pattern.length > 0 ? pattern.map((n) => n * scale) : undefined;
}
