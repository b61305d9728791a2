/**
 * The pixel size of a raster image from its header (PNG, GIF, JPEG, WebP), without decoding it:
 * what rasterising a page that embeds it will cost, since resvg decodes every image in full
 * (a 10 KB PNG of zeros may hold a 30,000 × 30,000 px picture, 3.6 GB as RGBA).
 */

/** The most base64 characters read to find a header (JPEG's frame header follows its metadata). */
const HEAD_CHARS = 262_144;

/**
 * Width × height of a base64 raster image, or undefined when its header is not one of the
 * formats read here (callers count such an image as too large to draw).
 *
 * @example
 * rasterPixels(pngBase64); // 16384 for a 128 × 128 px PNG
 */
export function rasterPixels(base64: string): number | undefined {
  let bytes: Uint8Array;
  try {
    const head = base64.replace(/\s+/g, "").slice(0, HEAD_CHARS);
    const binary = atob(head.slice(0, head.length - (head.length % 4)));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
  const size = pngSize(bytes) ?? gifSize(bytes) ?? webpSize(bytes) ?? jpegSize(bytes);
  return size ? size.width * size.height : undefined;
}

interface Size {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65_536 + u16be(b, at + 2);
const ascii = (b: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...b.subarray(at, at + n));

function pngSize(b: Uint8Array): Size | undefined {
  if (b[0] !== 0x89 || ascii(b, 1, 3) !== "PNG" || ascii(b, 12, 4) !== "IHDR") return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gifSize(b: Uint8Array): Size | undefined {
  if (ascii(b, 0, 3) !== "GIF") return undefined;
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

function webpSize(b: Uint8Array): Size | undefined {
  if (ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return undefined;
  const kind = ascii(b, 12, 4);
  if (kind === "VP8X") {
    const w = 1 + ((b[24] ?? 0) | ((b[25] ?? 0) << 8) | ((b[26] ?? 0) << 16));
    const h = 1 + ((b[27] ?? 0) | ((b[28] ?? 0) << 8) | ((b[29] ?? 0) << 16));
    return { width: w, height: h };
  }
  if (kind === "VP8L") {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (kind === "VP8 ") return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return undefined;
}

function jpegSize(b: Uint8Array): Size | undefined {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Start-of-frame markers (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}
