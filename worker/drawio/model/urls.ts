/**
 * diagrams.net links that carry a whole diagram in their `#R` fragment: making one, reading
 * one back.
 */

import { DrawioError } from "../errors.ts";
import { compressDiagram, decompressDiagram } from "./compression.ts";

/** Where diagrams.net opens diagrams. */
export const DIAGRAMS_NET_URL = "https://app.diagrams.net/";

/**
 * The diagrams.net link that opens this diagram with nothing stored anywhere: the XML travels
 * compressed in the URL fragment (`#R…`).
 *
 * @example
 * toDiagramsNetUrl(xml); // "https://app.diagrams.net/#R7VZNj9owEP01OVKROIFwBLbbqup..."
 * toDiagramsNetUrl(xml, { title: "Checkout" }); // "https://app.diagrams.net/?title=Checkout#R…"
 */
export function toDiagramsNetUrl(
  xml: string,
  options: { base?: string; title?: string } = {},
): string {
  const base = options.base ?? DIAGRAMS_NET_URL;
  const query = options.title ? `?title=${encodeURIComponent(options.title)}` : "";
  return `${base}${query}#R${encodeURIComponent(compressDiagram(xml))}`;
}

/**
 * The XML inside a diagrams.net `#R` link (compressed or raw), as draw.io itself reads it.
 *
 * @example
 * fromDiagramsNetUrl(toDiagramsNetUrl(xml)) === xml; // true
 */
export function fromDiagramsNetUrl(url: string): string {
  const hash = url.indexOf("#R");
  if (hash === -1) {
    throw new DrawioError("invalid_link", "the link has no #R fragment holding a diagram");
  }
  const data = decodeURIComponent(url.slice(hash + 2));
  if (data.startsWith("<")) return data;
  try {
    return decompressDiagram(data);
  } catch (error) {
    throw new DrawioError(
      "invalid_link",
      `the #R fragment is not a compressed diagram (${(error as Error).message})`,
    );
  }
}
