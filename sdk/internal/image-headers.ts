/**
 * What the headers of an image or file answer say about it: the suggested file name, the media
 * type, the shapes drawn as their box and the characters a PNG left out.
 */

/** The headers' account of one image or file answer. */
export interface ImageHeaders {
  /** The file name the API suggests, or null when it gives none. */
  filename: string | null;
  /** The media type without parameters, e.g. `image/svg+xml`. */
  contentType: string;
  /** Shapes drawn as their bounding box because the renderer does not know them. */
  unknownShapes: string[];
  /** Label characters a PNG left out because no font it may load draws them (0 for SVG). */
  missingGlyphs: number;
}

/**
 * Reads an answer's headers: `Content-Disposition`, `Content-Type`,
 * `X-Drawforge-Unknown-Shapes` and `X-Drawforge-Missing-Glyphs`.
 *
 * @example
 * const { filename, unknownShapes } = imageHeaders(response);
 */
export function imageHeaders(response: Response): ImageHeaders {
  const { headers } = response;
  return {
    filename: filenameOf(headers.get("content-disposition")),
    contentType: (headers.get("content-type") ?? "").split(";")[0] ?? "",
    unknownShapes: (headers.get("x-drawforge-unknown-shapes") ?? "")
      .split(",")
      .filter(Boolean)
      .map(decodeName),
    missingGlyphs: Number(headers.get("x-drawforge-missing-glyphs") ?? 0) || 0,
  };
}

/** The file name of a `Content-Disposition`, preferring the UTF-8 `filename*` form. */
function filenameOf(disposition: string | null): string | null {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Malformed: fall back to the plain form.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? "")?.[1] ?? null;
}

/** A name of the unknown-shapes header, which the Worker percent-encodes where needed. */
function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
