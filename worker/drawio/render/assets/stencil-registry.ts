import { STENCILS_JSON } from "./stencil-data.ts";

/** One drawing instruction of a stencil: its name, then its arguments. */
export type Op = (string | number)[];

/** [w, h, fixed aspect, stroke width, background, foreground] */
export type Stencil = [number, number, 0 | 1, number | "inherit", Op[], Op[]];

/**
 * How many buckets the stencils outside the bundle are spread over (by a hash of their name):
 * files of about 90 KB, so drawing one AWS icon fetches one small file, not all of AWS.
 */
export const STENCIL_BUCKETS = 256;

let bundled: Record<string, Stencil> | undefined;
/** Buckets loaded from outside the bundle, least recently used first. */
const loaded = new Map<string, Map<string, Stencil>>();

/**
 * The stencil registered under `name`: one the renderer bundles, or one of a loaded bucket.
 *
 * @example
 * stencilNamed("mxgraph.flowchart.document"); // [w, h, aspect, width, background, foreground]
 */
export function stencilNamed(name: string): Stencil | undefined {
  bundled ??= JSON.parse(STENCILS_JSON) as Record<string, Stencil>;
  const key = name.toLowerCase();
  const own = bundled[key];
  if (own) return own;
  const bucket = loaded.get(stencilBucketOf(key));
  return bucket?.get(key);
}

/** Whether the bundle itself has this stencil (no bucket needed). */
export function isBundledStencil(name: string): boolean {
  bundled ??= JSON.parse(STENCILS_JSON) as Record<string, Stencil>;
  return bundled[name.toLowerCase()] !== undefined;
}

/**
 * The bucket a stencil outside the bundle lives in: FNV-1a of its lower-case name, as a file
 * name (`s000`…`s255`). The generator and the renderer share it, so no index is shipped.
 *
 * @example
 * stencilBucketOf("mxgraph.aws4.lambda_function"); // "s137"
 */
export function stencilBucketOf(name: string): string {
  let hash = 0x811c9dc5;
  const key = name.toLowerCase();
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `s${String(hash % STENCIL_BUCKETS).padStart(3, "0")}`;
}

/** Whether a bucket is loaded (and marks it recently used). */
export function hasStencilBucket(bucket: string): boolean {
  const stencils = loaded.get(bucket);
  if (!stencils) return false;
  loaded.delete(bucket);
  loaded.set(bucket, stencils);
  return true;
}

/**
 * Adds a bucket's stencils (its file's JSON: `{ name: stencil }`), then forgets the least
 * recently used buckets beyond `keep`, so an isolate holds a bounded number of them.
 *
 * @example
 * addStencilBucket("s137", bucketFileText); // the text of stencils/s137.json
 */
export function addStencilBucket(bucket: string, json: string, keep = 64): void {
  const parsed = JSON.parse(json) as Record<string, Stencil>;
  loaded.delete(bucket);
  loaded.set(bucket, new Map(Object.entries(parsed)));
  for (const old of loaded.keys()) {
    if (loaded.size <= keep) break;
    loaded.delete(old);
  }
}
