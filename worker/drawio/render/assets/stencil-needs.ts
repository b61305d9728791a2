/**
 * What a page draws from outside the library's bundle and a cache has not loaded yet: the
 * stencil buckets and library images to fetch before `renderSvg`.
 */
import { PageLayout } from "../../geometry/page-layout.ts";
import type { DiagramDocument } from "../../model/document.ts";
import { CellStyle } from "../cell-style.ts";
import { isKnownShape } from "../draw-shape.ts";
import { pickPage } from "../index.ts";
import { RENDER_LIMITS } from "../render-cost.ts";
import { iconStencils } from "../shapes/icons.ts";
import type { DrawingAssetCache } from "./asset-cache.ts";
import { libraryImagePath } from "./library-images.ts";
import { isBundledStencil, stencilBucketOf } from "./stencil-registry.ts";

/** What a page draws from outside the bundle that `loaded` does not hold yet. */
export interface DrawingNeeds {
  /** Stencil buckets: one per stencil name it neither bundles nor draws in code. */
  buckets: string[];
  /** Library images (`img/lib/…`) not loaded, nor known to be missing. */
  images: string[];
}

/**
 * What a page needs loaded into `loaded` before `renderSvg` (which stays synchronous and pure)
 * draws it, in one walk of its cells: stencil buckets (`addStencilBucket`) for each `shape`, or
 * glyph and frame of an icon shape, and draw.io library images (`addLibraryImage`). Without a
 * cache, everything the page draws from outside the bundle.
 *
 * @example
 * const { buckets, images } = drawingNeeds(doc, 0, assets);
 */
export function drawingNeeds(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
  loaded: DrawingAssetCache | undefined = undefined,
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
    if (buckets.has(bucket) || loaded?.hasStencilBucket(bucket)) return;
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
    if (path && !loaded?.hasLibraryImage(path)) images.add(path);
  }
  // A page over the stencil limit is refused by the render (`checkRenderCost`): fetching all
  // its buckets first (up to 256 files, 11 MB of JSON) would be work for nothing.
  if (stencils.size > RENDER_LIMITS.stencils) return { buckets: [], images: [] };
  return { buckets: [...buckets].sort(), images: [...images].sort() };
}

/**
 * The stencil buckets a page needs and `loaded` does not hold (see {@link drawingNeeds}).
 *
 * @example
 * for (const bucket of stencilBucketsToLoad(doc, 0, assets))
 *   assets.addStencilBucket(bucket, await read(bucket));
 */
export function stencilBucketsToLoad(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
  loaded: DrawingAssetCache | undefined = undefined,
): string[] {
  return drawingNeeds(doc, page, loaded).buckets;
}

/**
 * The library images a page shows that `loaded` does not hold yet (see {@link drawingNeeds}).
 *
 * @example
 * for (const path of libraryImagesToLoad(doc, 0, assets))
 *   assets.addLibraryImage(path, await read(path));
 */
export function libraryImagesToLoad(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
  loaded: DrawingAssetCache | undefined = undefined,
): string[] {
  return drawingNeeds(doc, page, loaded).images;
}
