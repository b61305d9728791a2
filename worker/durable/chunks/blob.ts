/**
 * Storage encoding for large opaque texts such as remembered responses: deflated when big,
 * cut into chunks that fit a SQLite row, and joined back.
 */
import { deflateSync, inflateSync } from "fflate";

/** Rows stay well under the 2 MB SQLite row limit of Durable Objects. */
export const CHUNK_BYTES = 1024 * 1024;
/** Smaller texts are stored as they are: compressing them saves little. */
const COMPRESS_OVER = 16 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A text ready for storage: its encoding, size and chunks of at most {@link CHUNK_BYTES}. */
export interface EncodedBlob {
  encoding: "utf8" | "deflate";
  /** UTF-8 size of the original text. */
  byteSize: number;
  chunks: ArrayBuffer[];
}

/**
 * Encodes an opaque text (a remembered response) for storage: deflated above 16 KB, then split
 * into chunks that fit in a row.
 *
 * @example
 * const blob = encodeBlob(body); // { encoding: "deflate", byteSize: 812345, chunks: [ArrayBuffer] }
 */
export function encodeBlob(text: string): EncodedBlob {
  const raw = encoder.encode(text);
  const deflate = raw.byteLength > COMPRESS_OVER;
  const stored = deflate ? deflateSync(raw, { level: 6 }) : raw;
  const chunks: ArrayBuffer[] = [];
  for (let i = 0; i < stored.byteLength; i += CHUNK_BYTES) {
    const end = Math.min(i + CHUNK_BYTES, stored.byteLength);
    chunks.push(stored.buffer.slice(stored.byteOffset + i, stored.byteOffset + end) as ArrayBuffer);
  }
  if (chunks.length === 0) chunks.push(new ArrayBuffer(0));
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
