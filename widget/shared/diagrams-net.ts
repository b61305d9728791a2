/** Where "open in editor" goes when the page names no editor of its own. */
export const DIAGRAMS_NET_URL = "https://app.diagrams.net/";

/**
 * A diagrams.net link that opens a copy of the diagram, nothing stored anywhere: the XML
 * travels in the fragment (`#R` + base64 of the raw-deflated, URI-encoded XML, draw.io's
 * compressed form). Uses the browser's own `CompressionStream`.
 *
 * @example
 * link.href = await diagramsNetUrl(xml, "Checkout flow");
 */
export async function diagramsNetUrl(xml: string, title?: string): Promise<string> {
  const bytes = new TextEncoder().encode(encodeURIComponent(xml));
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const deflated = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of deflated) binary += String.fromCharCode(byte);
  const query = title ? `?title=${encodeURIComponent(title)}` : "";
  return `${DIAGRAMS_NET_URL}${query}#R${encodeURIComponent(btoa(binary))}`;
}
