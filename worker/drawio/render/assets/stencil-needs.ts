import { PageLayout } from "../../geometry/page-layout.ts";
import type { DiagramDocument } from "../../model/document.ts";
import { isKnownShape } from "../draw-shape.ts";
import { pickPage } from "../index.ts";
import { RENDER_LIMITS } from "../render-cost.ts";
import { iconStencils } from "../shapes/icons.ts";
import { CellStyle } from "../style.ts";
import { isLibraryImageSettled, libraryImagePath } from "./library-images.ts";
import { hasStencilBucket, isBundledStencil, stencilBucketOf } from "./stencil-registry.ts";

/** What a page draws from outside the bundle that the renderer has not loaded yet. */
export interface DrawingNeeds {
  /** Stencil buckets: one per stencil name it neither bundles nor draws in code. */
  buckets: string[];
  /** Library images (`img/lib/…`) not loaded, nor known to be missing. */
  images: string[];
}

/**
 * What a page needs loaded before `renderSvg` (which stays synchronous and pure), in one walk
 * of its cells: stencil buckets (`addStencilBucket`) for each `shape`, or glyph and frame of an
 * icon shape, and draw.io library images (`addLibraryImage`).
 *
 * @example
 * const { buckets, images } = drawingNeeds(doc, 0);
 */
export function drawingNeeds(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
): DrawingNeeds {
  let drawn: ReturnType<typeof pickPage>;
  try {
    drawn = pickPage(doc, page);
  } catch {
    return { buckets: [], images: [] }; // No such page: the render itself says so.
  }
  const buckets = new Set<string>();
  const images = new Set<string>();
  const stencils = new Set<string>();
  const consider = (name: string | undefined) => {
    if (!name?.includes(".") || isBundledStencil(name)) return;
    const bucket = stencilBucketOf(name);
    if (buckets.has(bucket) || hasStencilBucket(bucket)) return;
    if (!isKnownShape(name)) buckets.add(bucket);
  };
  for (const cell of new PageLayout(drawn.page).cells) {
    if (!cell.vertex) continue;
    const style = new CellStyle(cell.style, "vertex");
    if (style.shape.includes(".")) stencils.add(style.shape.toLowerCase());
    consider(style.shape);
    for (const name of iconStencils(style.shape, (key) => style.get(key))) consider(name);
    if (!cell.style?.includes("img/lib/")) continue;
    const path = libraryImagePath(style.get("image") ?? "");
    if (path && !isLibraryImageSettled(path)) images.add(path);
  }
  // A page over the stencil limit is refused by the render (`checkRenderCost`): fetching all
  // its buckets first (up to 256 files, 11 MB of JSON) would be work for nothing.
  if (stencils.size > RENDER_LIMITS.stencils) return { buckets: [], images: [] };
  return { buckets: [...buckets].sort(), images: [...images].sort() };
}

/**
 * The stencil buckets a page needs and the renderer has not loaded (see {@link drawingNeeds}).
 *
 * @example
 * for (const bucket of stencilBucketsToLoad(doc)) addStencilBucket(bucket, await read(bucket));
 */
export function stencilBucketsToLoad(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
): string[] {
  return drawingNeeds(doc, page).buckets;
}

/**
 * The library images a page shows that are not loaded yet (see {@link drawingNeeds}).
 *
 * @example
 * for (const path of libraryImagesToLoad(doc)) addLibraryImage(path, await read(path));
 */
export function libraryImagesToLoad(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
): string[] {
  return drawingNeeds(doc, page).images;
}
