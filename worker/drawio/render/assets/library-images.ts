/**
 * draw.io's own image library: the icons its sidebars insert as `image=img/lib/…` (Azure,
 * Microsoft cloud, IBM, clip art, Active Directory, Allied Telesis, Cumulus, Atlassian), which
 * draw.io loads relative to itself. A standalone SVG fetches nothing, so each one a page shows
 * is loaded first (`addLibraryImage`, from the static assets) and drawn as a data URI.
 */
const LIBRARY_PATH = /^img\/lib\/(?:[A-Za-z0-9_() .-]+\/)*[A-Za-z0-9_() .-]+\.(png|svg|gif|jpe?g)$/;
const MIME: Record<string, string> = {
  png: "image/png",
  svg: "image/svg+xml",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};
/** Data URIs kept per isolate, least recently used first (files are 1–60 KB). */
const loaded = new Map<string, string | null>();
let loadedBytes = 0;
/** The most data-URI characters kept: bounds an isolate's memory however many icons it draws. */
const KEEP_BYTES = 8 * 1024 * 1024;

/**
 * The library path an `image=` value names (`img/lib/azure2/compute/Function_Apps.svg`, with or
 * without a leading `/`), or undefined for anything else (data URIs, web addresses, `..`).
 *
 * @example
 * libraryImagePath("/img/lib/clip_art/computers/Laptop_128x128.png"); // "img/lib/clip_art/…"
 */
export function libraryImagePath(src: string): string | undefined {
  const path = src.replace(/^\//, "");
  if (!LIBRARY_PATH.test(path) || path.split("/").some((part) => part === ".." || part === "."))
    return undefined;
  return path;
}

/**
 * Registers a library image's bytes (or null: the file could not be read, so the shape stays a
 * box and is not asked for again), forgetting the least recently used past the memory cap.
 *
 * @example
 * addLibraryImage("img/lib/clip_art/computers/Laptop_128x128.png", bytes);
 */
export function addLibraryImage(path: string, bytes: Uint8Array | null): void {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  forget(path);
  const uri = bytes ? `data:${MIME[extension] ?? "image/png"};base64,${base64(bytes)}` : null;
  loaded.set(path, uri);
  loadedBytes += uri?.length ?? 0;
  for (const old of loaded.keys()) {
    if (loadedBytes <= KEEP_BYTES) break;
    if (old !== path) forget(old);
  }
}

function forget(path: string): void {
  const value = loaded.get(path);
  if (value === undefined) return;
  loaded.delete(path);
  loadedBytes -= value?.length ?? 0;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A loaded library image as a data URI (and marks it recently used); undefined when it is not
 * loaded or could not be read.
 */
export function libraryImage(path: string): string | undefined {
  const uri = loaded.get(path);
  if (uri === undefined) return undefined;
  loaded.delete(path);
  loaded.set(path, uri);
  return uri ?? undefined;
}

/** Whether a library image is loaded, or known to be missing (nothing to fetch). */
export function isLibraryImageSettled(path: string): boolean {
  return loaded.has(path);
}
