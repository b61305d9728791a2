/**
 * The stencils the library bundles (`stencil-data.ts`), and the bucket file each stencil outside
 * the bundle lives in, a hash of its name that the generator and the Worker share.
 */
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

/** The bundle, parsed on first use: constant data, so the same whenever it is read. */
let bundled: Record<string, Stencil> | undefined;

/**
 * The stencil the library bundles under a lower-case name, or undefined.
 *
 * @example
 * bundledStencil("mxgraph.flowchart.document"); // [w, h, aspect, width, background, foreground]
 */
export function bundledStencil(key: string): Stencil | undefined {
  bundled ??= JSON.parse(STENCILS_JSON) as Record<string, Stencil>;
  return bundled[key];
}

/** Whether the bundle itself has this stencil, in any case (no bucket needed). */
export function isBundledStencil(name: string): boolean {
  return bundledStencil(name.toLowerCase()) !== undefined;
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
