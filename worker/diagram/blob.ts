import { deflateSync, inflateSync } from "fflate";

/** Rows stay well under the 2 MB SQLite row limit of Durable Objects. */
export const CHUNK_BYTES = 1024 * 1024;
/** Texts over this size are stored deflated: right away, or by the background compaction. */
export const COMPRESS_OVER = 16 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A text ready for storage: its encoding, size and chunks of at most {@link CHUNK_BYTES}. */
export interface EncodedBlob {
  encoding: "utf8" | "deflate";
  /** UTF-8 size of the original text. */
  byteSize: number;
  chunks: Uint8Array[];
}

/**
 * Encodes text for storage, split into chunks. `compress: "now"` deflates anything over 16 KB;
 * `"large"` (for the request path) deflates only texts over one chunk, leaving smaller ones for
 * a background compaction.
 *
 * @example
 * const blob = encodeBlob(xml, "now"); // { encoding: "deflate", byteSize: 812345, chunks: [Uint8Array] }
 */
export function encodeBlob(text: string, compress: "now" | "large" = "now"): EncodedBlob {
  const raw = encoder.encode(text);
  const deflate = raw.byteLength > (compress === "now" ? COMPRESS_OVER : CHUNK_BYTES);
  const stored = deflate ? deflateSync(raw, { level: compress === "now" ? 6 : 1 }) : raw;
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < stored.byteLength; i += CHUNK_BYTES) {
    chunks.push(stored.subarray(i, Math.min(i + CHUNK_BYTES, stored.byteLength)));
  }
  if (chunks.length === 0) chunks.push(new Uint8Array(0));
  return { encoding: deflate ? "deflate" : "utf8", byteSize: raw.byteLength, chunks };
}

/** Reverses {@link encodeBlob}, given the chunks in order. */
export function decodeBlob(encoding: string, chunks: ArrayBuffer[]): string {
  const total = chunks.reduce((sum, c) => sum + c.byteLength, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(new Uint8Array(chunk), offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(encoding === "deflate" ? inflateSync(joined) : joined);
}
