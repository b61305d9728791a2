/**
 * `df.render`: draw.io XML sent in the request drawn by the Worker as an SVG or a PNG
 * (`POST /v1/render`); nothing is stored.
 */
import { imageHeaders } from "../internal/image-headers.ts";
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { RenderParams } from "../types.ts";

/** An SVG drawing of one page, as `df.render({ xml })` gives it. */
export interface RenderedSvg {
  format: "svg";
  /** `image/svg+xml`. */
  contentType: string;
  /** The standalone SVG document: plain shapes and text, no script, nothing fetched. */
  content: string;
  /** Shapes drawn as their bounding box because the renderer does not know them. */
  unknownShapes: string[];
}

/** A PNG drawing of one page, as `df.render({ xml, format: "png" })` gives it. */
export interface RenderedPng {
  format: "png";
  /** `image/png`. */
  contentType: string;
  /** The PNG file's bytes. */
  content: Uint8Array;
  /** Shapes drawn as their bounding box because the renderer does not know them. */
  unknownShapes: string[];
  /** Label characters left out because no font the Worker may load draws them. */
  missingGlyphs: number;
}

/**
 * Sends XML to `POST /v1/render` and reads the image: text for SVG, bytes for PNG. Problems
 * (invalid XML, a page that does not exist, a PNG too large) reject as the SDK's `APIError`s.
 *
 * @example
 * const { content: svg } = await renderXml(transport, { xml });
 */
export async function renderXml(
  transport: Transport,
  params: RenderParams,
  options?: RequestOptions,
): Promise<RenderedSvg | RenderedPng> {
  const spec = { method: "POST", path: "/v1/render", body: params } as const;
  if (params.format === "png") {
    const { response, bytes } = await transport.bytes(spec, options);
    const { contentType, unknownShapes, missingGlyphs } = imageHeaders(response);
    return { format: "png", contentType, content: bytes, unknownShapes, missingGlyphs };
  }
  const { response, text } = await transport.read(spec, options);
  const { contentType, unknownShapes } = imageHeaders(response);
  return { format: "svg", contentType, content: text, unknownShapes };
}
