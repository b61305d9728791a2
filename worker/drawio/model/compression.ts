/**
 * Compressed draw.io pages (base64 of deflated, URI-encoded XML): reading them with a cap on
 * the inflated size, writing them, and telling them apart from plain XML.
 */

import { deflateSync, Inflate, strFromU8, strToU8 } from "fflate";

/** Largest decompressed page accepted, in bytes: far above any real diagram, and a stop for
 * "zip bombs" (a few kilobytes of deflate data that expand to gigabytes). */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/**
 * Decompresses the content of a draw.io `<diagram>` element: base64 → raw deflate →
 * URI-decoding, exactly as draw.io writes it. Control characters draw.io itself strips are
 * removed too.
 *
 * @example
 * const xml = decompressDiagram(compressDiagram("<mxGraphModel/>")); // "<mxGraphModel/>"
 */
export function decompressDiagram(data: string): string {
  const binary = atob(data.replace(/\s+/g, ""));
  const bytes = inflateBounded(strToU8(binary, true), MAX_INFLATED_BYTES);
  const inflated = strFromU8(bytes);
  let decoded: string;
  try {
    decoded = decodeURIComponent(inflated);
  } catch {
    // Very old files deflated the XML itself, not its URI encoding.
    decoded = inflated;
  }
  return stripControlCharacters(decoded);
}

function inflateBounded(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new Error(`it expands to more than ${limit / 1024 / 1024} MB`);
    chunks.push(chunk);
  });
  inflater.push(data, true);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Compresses XML the way draw.io does for `<diagram>` content and `#R` links:
 * URI-encoding → raw deflate → base64.
 *
 * @example
 * compressDiagram('<mxGraphModel><root><mxCell id="0"/></root></mxGraphModel>');
 */
export function compressDiagram(xml: string): string {
  const bytes = deflateSync(strToU8(encodeURIComponent(xml)), { level: 9 });
  return btoa(strFromU8(bytes, true));
}

/** True when the text looks like compressed diagram content rather than XML. */
export function looksCompressed(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && !trimmed.startsWith("<") && /^[A-Za-z0-9+/=\s]+$/.test(trimmed);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function stripControlCharacters(text: string): string {
  return text.replace(CONTROL, "");
}
