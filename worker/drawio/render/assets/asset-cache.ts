/**
 * What a drawing draws from outside the library's bundle, handed to `renderSvg` in its options:
 * the `DrawingAssets` lookups, and `DrawingAssetCache`, a bounded store of what was loaded.
 */
import { libraryImageUri } from "./library-images.ts";
import { type Stencil, stencilBucketOf } from "./stencil-registry.ts";

/**
 * The stencils and library images a drawing may use beyond the bundle. The renderer only reads
 * them; whoever fetches them (the Worker, a test) builds one and passes it in.
 *
 * @example
 * renderSvg(doc, { assets: { stencil: () => undefined, libraryImage: () => undefined } });
 */
export interface DrawingAssets {
  /** A stencil outside the bundle, by its lower-case name; undefined when not loaded. */
  stencil(key: string): Stencil | undefined;
  /** A library image (`img/lib/…`) as a data URI; undefined when not loaded or unreadable. */
  libraryImage(path: string): string | undefined;
}

/** The most data-URI characters a cache keeps by default (library files are 1–60 KB). */
const IMAGE_CHARS = 8 * 1024 * 1024;

/**
 * Stencil buckets and library images loaded for drawings, least recently used first, bounded
 * (buckets by count, images by their data URIs' characters) however many drawings share it.
 *
 * @example
 * const assets = new DrawingAssetCache();
 * for (const bucket of drawingNeeds(doc, 0, assets).buckets)
 *   assets.addStencilBucket(bucket, await read(bucket));
 * renderSvg(doc, { page: 0, assets });
 */
export class DrawingAssetCache implements DrawingAssets {
  readonly #buckets = new Map<string, Map<string, Stencil>>();
  /** Data URIs by path, or null for a file that could not be read. */
  readonly #images = new Map<string, string | null>();
  #imageChars = 0;
  readonly #imageCharLimit: number;

  /** `imageChars`: the most data-URI characters kept (default 8 MiB). */
  constructor(options: { imageChars?: number } = {}) {
    this.#imageCharLimit = options.imageChars ?? IMAGE_CHARS;
  }

  /** A stencil of a loaded bucket, by its lower-case name. */
  stencil(key: string): Stencil | undefined {
    return this.#buckets.get(stencilBucketOf(key))?.get(key);
  }

  /** Whether a bucket is loaded (and marks it recently used). */
  hasStencilBucket(bucket: string): boolean {
    const stencils = this.#buckets.get(bucket);
    if (!stencils) return false;
    this.#buckets.delete(bucket);
    this.#buckets.set(bucket, stencils);
    return true;
  }

  /**
   * Adds a bucket's stencils (its file's JSON: `{ name: stencil }`), then forgets the least
   * recently used buckets beyond `keep`.
   *
   * @example
   * assets.addStencilBucket("s137", bucketFileText); // the text of stencils/s137.json
   */
  addStencilBucket(bucket: string, json: string, keep = 64): void {
    const parsed = JSON.parse(json) as Record<string, Stencil>;
    this.#buckets.delete(bucket);
    this.#buckets.set(bucket, new Map(Object.entries(parsed)));
    for (const old of this.#buckets.keys()) {
      if (this.#buckets.size <= keep) break;
      this.#buckets.delete(old);
    }
  }

  /**
   * A loaded library image as a data URI (and marks it recently used); undefined when it is not
   * loaded or could not be read.
   */
  libraryImage(path: string): string | undefined {
    const uri = this.#images.get(path);
    if (uri === undefined) return undefined;
    this.#images.delete(path);
    this.#images.set(path, uri);
    return uri ?? undefined;
  }

  /** Whether a library image is loaded, or known to be missing (nothing to fetch). */
  hasLibraryImage(path: string): boolean {
    return this.#images.has(path);
  }

  /**
   * Adds a library image's bytes (or null: the file could not be read, so the shape stays a
   * box and is not asked for again), forgetting the least recently used past the memory cap.
   *
   * @example
   * assets.addLibraryImage("img/lib/clip_art/computers/Laptop_128x128.png", bytes);
   */
  addLibraryImage(path: string, bytes: Uint8Array | null): void {
    this.#forgetImage(path);
    const uri = bytes ? libraryImageUri(path, bytes) : null;
    this.#images.set(path, uri);
    this.#imageChars += uri?.length ?? 0;
    for (const old of this.#images.keys()) {
      if (this.#imageChars <= this.#imageCharLimit) break;
      if (old !== path) this.#forgetImage(old);
    }
  }

  #forgetImage(path: string): void {
    const value = this.#images.get(path);
    if (value === undefined) return;
    this.#images.delete(path);
    this.#imageChars -= value?.length ?? 0;
  }
}
