import type { DiagramDocument } from "../drawio/model.ts";
import { stencilBucketsToLoad } from "../drawio/render/stencil-needs.ts";
import { addStencilBucket } from "../drawio/render/stencil-registry.ts";

/** The most stencil buckets an isolate keeps (about 90 KB of JSON each). */
const KEEP = 64;

/** Buckets being fetched, so concurrent renders of one isolate share a fetch. */
const inFlight = new Map<string, Promise<void>>();

/**
 * Loads the draw.io stencils a page draws that the Worker does not bundle (the AWS, Azure,
 * Cisco, Office, rack… icons), from the static assets `npm run stencils:build` writes. Call it
 * before `renderSvg`; a bucket that cannot be read leaves its shapes drawn as boxes (and listed
 * as unknown), never an error.
 *
 * @example
 * await loadStencilsFor(env.ASSETS, doc, page);
 * const { svg } = renderSvg(doc, { page });
 */
export async function loadStencilsFor(
  assets: Fetcher | undefined,
  doc: DiagramDocument,
  page?: number | string,
): Promise<void> {
  if (!assets) return;
  const buckets = stencilBucketsToLoad(doc, page);
  const keep = Math.max(KEEP, buckets.length);
  await Promise.all(
    buckets.map((bucket) => {
      let pending = inFlight.get(bucket);
      if (!pending) {
        pending = fetchBucket(assets, bucket, keep).finally(() => inFlight.delete(bucket));
        inFlight.set(bucket, pending);
      }
      return pending;
    }),
  );
}

async function fetchBucket(assets: Fetcher, bucket: string, keep: number): Promise<void> {
  try {
    const res = await assets.fetch(`https://assets.invalid/stencils/${bucket}.json`);
    if (res.ok) return addStencilBucket(bucket, await res.text(), keep);
    console.warn(`stencils/${bucket}.json: ${res.status}; run npm run stencils:build`);
  } catch (error) {
    console.warn(`stencils/${bucket}.json could not be read`, error);
  }
  // Remembered as empty, so a missing file is not asked for on every render.
  addStencilBucket(bucket, "{}", keep);
}
