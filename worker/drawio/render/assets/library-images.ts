/**
 * draw.io's own image library: the icons its sidebars insert as `image=img/lib/…` (Azure,
 * Microsoft cloud, IBM, clip art, Active Directory, Allied Telesis, Cumulus, Atlassian), which
 * draw.io loads relative to itself. A standalone SVG fetches nothing, so each one a page shows
 * comes in with the drawing's assets (`DrawingAssetCache.addLibraryImage`) as a data URI.
 */
const LIBRARY_PATH = /^img\/lib\/(?:[A-Za-z0-9_() .-]+\/)*[A-Za-z0-9_() .-]+\.(png|svg|gif|jpe?g)$/;
const MIME: Record<string, string> = {
  png: "image/png",
  svg: "image/svg+xml",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

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
 * A library image's bytes as the data URI the SVG carries, typed by the path's extension.
 *
 * @example
 * libraryImageUri("img/lib/clip_art/computers/Laptop_128x128.png", bytes); // "data:image/png;base64,…"
 */
export function libraryImageUri(path: string, bytes: Uint8Array): string {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  return `data:${MIME[extension] ?? "image/png"};base64,${base64(bytes)}`;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
