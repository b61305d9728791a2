/**
 * Storage encoding of one chunk of version XML: deflated when that pays, plain UTF-8 otherwise,
 * and decoded back to text.
 */
import { deflateSync, inflateSync } from "fflate";

/** Chunks smaller than this are stored as they are; deflating them saves too little. */
const DEFLATE_OVER = 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A chunk as stored: its encoding and bytes. */
export interface StoredChunk {
  encoding: "utf8" | "deflate";
  data: ArrayBuffer;
  /** UTF-8 size of the text. */
  bytes: number;
}

/**
 * Encodes one chunk for storage: deflated when that is smaller, else UTF-8.
 *
 * @example
 * decodeChunk(encodeChunk(text)) === text; // true
 */
export function encodeChunk(text: string): StoredChunk {
  const raw = encoder.encode(text);
  if (raw.byteLength > DEFLATE_OVER) {
    const packed = deflateSync(raw, { level: 6 });
    if (packed.byteLength < raw.byteLength) {
      return { encoding: "deflate", data: exact(packed), bytes: raw.byteLength };
    }
  }
  return { encoding: "utf8", data: exact(raw), bytes: raw.byteLength };
}

/** The text of a stored chunk. */
export function decodeChunk(encoding: string, data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  return decoder.decode(encoding === "deflate" ? inflateSync(bytes) : bytes);
}

function exact(view: Uint8Array): ArrayBuffer {
  return view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer;
}
