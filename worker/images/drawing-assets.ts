/**
 * The Worker's drawing assets: stencil buckets and draw.io library images fetched from the
 * static assets on demand, kept per isolate in one bounded cache that renders are handed.
 */
import {
  type DiagramDocument,
  DrawingAssetCache,
  type DrawingAssets,
  drawingNeeds,
} from "../drawio/index.ts";

/** The most stencil buckets an isolate keeps (about 90 KB of JSON each). */
const KEEP = 64;

/** What this isolate has loaded, shared by its renders (the library itself keeps nothing). */
const loaded = new DrawingAssetCache();
/** Files being fetched, so concurrent renders of one isolate share a fetch. */
const inFlight = new Map<string, Promise<void>>();
/** The most library images one page may fetch (a page of icons has dozens, not hundreds). */
const MAX_IMAGES = 200;

/**
 * Loads what a page draws that the Worker does not bundle, from the static assets: draw.io's
 * stencils (the AWS, Azure, Cisco, Office, rack… icons, `npm run stencils:build`) and draw.io's
 * image library (`img/lib/…`, copied by `npm run assets:build`), and gives the assets to render
 * it with. A file that cannot be read leaves its shapes drawn as boxes (and listed as unknown),
 * never an error.
 *
 * @example
 * const assets = await loadDrawingAssets(env.ASSETS, doc, page);
 * const { svg } = renderSvg(doc, { page, assets });
 */
export async function loadDrawingAssets(
  assets: Fetcher | undefined,
  doc: DiagramDocument,
  page?: number | string,
): Promise<DrawingAssets> {
  if (!assets) return loaded;
  const needs = drawingNeeds(doc, page, loaded);
  const { buckets } = needs;
  const keep = Math.max(KEEP, buckets.length);
  const images = needs.images.slice(0, MAX_IMAGES);
  await Promise.all([
    ...buckets.map((bucket) =>
      shared(`stencil:${bucket}`, () => fetchBucket(assets, bucket, keep)),
    ),
    ...images.map((path) => shared(`image:${path}`, () => fetchImage(assets, path))),
  ]);
  return loaded;
}

function shared(key: string, load: () => Promise<void>): Promise<void> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = load().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** One image of draw.io's library, served from `images/lib/…` (draw.io's own `img/lib/…`). */
async function fetchImage(assets: Fetcher, path: string): Promise<void> {
  const url = `https://assets.invalid/images/${encodeURI(path.replace(/^img\//, ""))}`;
  try {
    const res = await assets.fetch(url);
    if (res.ok) return loaded.addLibraryImage(path, new Uint8Array(await res.arrayBuffer()));
    console.warn(`${path}: ${res.status}; run npm run assets:build`);
  } catch (error) {
    console.warn(`${path} could not be read`, error);
  }
  loaded.addLibraryImage(path, null);
}

async function fetchBucket(assets: Fetcher, bucket: string, keep: number): Promise<void> {
  try {
    const res = await assets.fetch(`https://assets.invalid/stencils/${bucket}.json`);
    if (res.ok) return loaded.addStencilBucket(bucket, await res.text(), keep);
    console.warn(`stencils/${bucket}.json: ${res.status}; run npm run stencils:build`);
  } catch (error) {
    console.warn(`stencils/${bucket}.json could not be read`, error);
  }
  // Remembered as empty, so a missing file is not asked for on every render.
  loaded.addStencilBucket(bucket, "{}", keep);
}
