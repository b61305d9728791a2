import { PageLayout } from "../geometry.ts";
import type { DiagramDocument } from "../model.ts";
import { pickPage } from "./index.ts";
import { isLibraryImageSettled, libraryImagePath } from "./library-images.ts";
import { iconStencils } from "./shapes/icons.ts";
import { isKnownShape } from "./shapes.ts";
import { hasStencilBucket, isBundledStencil, stencilBucketOf } from "./stencil-registry.ts";
import { CellStyle } from "./style.ts";

/**
 * The stencil buckets a page needs and the renderer has not loaded: one per stencil name (a
 * `shape`, or the glyph and frame of an icon shape) that it neither bundles nor draws in code. Load them
 * (`addStencilBucket`) before `renderSvg`, which stays synchronous and pure.
 *
 * @example
 * for (const bucket of stencilBucketsToLoad(doc)) addStencilBucket(bucket, await read(bucket));
 */
export function stencilBucketsToLoad(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
): string[] {
  const buckets = new Set<string>();
  let drawn: ReturnType<typeof pickPage>;
  try {
    drawn = pickPage(doc, page);
  } catch {
    return []; // No such page: the render itself says so.
  }
  const consider = (name: string | undefined) => {
    if (!name?.includes(".") || isBundledStencil(name)) return;
    const bucket = stencilBucketOf(name);
    if (buckets.has(bucket) || hasStencilBucket(bucket)) return;
    if (!isKnownShape(name)) buckets.add(bucket);
  };
  for (const cell of new PageLayout(drawn.page).cells) {
    if (!cell.vertex) continue;
    const style = new CellStyle(cell.style, "vertex");
    consider(style.shape);
    for (const name of iconStencils(style.shape, (key) => style.get(key))) consider(name);
  }
  return [...buckets].sort();
}

/**
 * The library images a page shows that are not loaded yet (nor known to be missing): load them
 * (`addLibraryImage`) before `renderSvg`, which stays synchronous and pure.
 *
 * @example
 * for (const path of libraryImagesToLoad(doc)) addLibraryImage(path, await read(path));
 */
export function libraryImagesToLoad(
  doc: DiagramDocument,
  page: number | string | undefined = undefined,
): string[] {
  let drawn: ReturnType<typeof pickPage>;
  try {
    drawn = pickPage(doc, page);
  } catch {
    return []; // No such page: the render itself says so.
  }
  const paths = new Set<string>();
  for (const cell of new PageLayout(drawn.page).cells) {
    if (!cell.vertex || !cell.style?.includes("img/lib/")) continue;
    const path = libraryImagePath(new CellStyle(cell.style, "vertex").get("image") ?? "");
    if (path && !isLibraryImageSettled(path)) paths.add(path);
  }
  return [...paths].sort();
}
