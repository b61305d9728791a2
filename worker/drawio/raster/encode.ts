/**
 * A PNG encoder for resvg's premultiplied pixels: straight alpha, filtered rows, deflate with
 * its own Huffman codes, and the PNG chunks around them.
 */
import { type HuffmanCode, huffmanCode } from "./huffman.ts";

/** A rasterised image: RGBA rows, top to bottom, colour premultiplied by alpha (as resvg draws). */
export interface PremultipliedImage {
  width: number;
  height: number;
  /** `width × height × 4` bytes; a view into the rasteriser's memory is fine, it is only read. */
  pixels: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Tokens per deflate block: large enough that each block's code table costs nothing. */
const BLOCK_TOKENS = 1 << 16;
/** The most bytes one token can take once coded (15-bit length code + 5 extra + 15-bit distance). */
const TOKEN_BYTES = 5;
const ADLER = 65521;
/** Alphabet sizes: literals, end of block and lengths; distances (only 4 is used, code 3). */
const LITLEN = 286;
const DISTANCES = 30;
const END_OF_BLOCK = 256;
/** Only distance 4 (code 3) occurs; code 0 is given a length too so the code is complete. */
const DISTANCE_CODE = huffmanCode(
  Array.from({ length: DISTANCES }, (_, code) => (code === 0 || code === 3 ? 1 : 0)),
  15,
);
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** For a match length 3–258: its length symbol, and its extra bits' count and value. */
const LENGTH_SYMBOL = new Uint16Array(259);
const LENGTH_EXTRA_BITS = new Uint8Array(259);
const LENGTH_EXTRA = new Uint8Array(259);
{
  const bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67];
  bases.push(83, 99, 115, 131, 163, 195, 227, 258);
  for (let symbol = 0; symbol < bases.length; symbol++) {
    const extraBits = symbol < 8 || symbol === 28 ? 0 : (symbol >> 2) - 1;
    const base = bases[symbol] ?? 0;
    const end = symbol === 28 ? 259 : base + (1 << extraBits);
    for (let length = base; length < end && length <= 258; length++) {
      LENGTH_SYMBOL[length] = 257 + symbol;
      LENGTH_EXTRA_BITS[length] = extraBits;
      LENGTH_EXTRA[length] = length - base;
    }
  }
}

const CRC_TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c >>> 0;
}

function crc32(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0xffffffff;
  for (let i = from; i < to; i++)
    crc = (CRC_TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Straight-alpha colour of a premultiplied pixel, rounded as the rasteriser's own PNG writer
 * rounds, so both encoders give the same pixels.
 */
function demultiply(pixel: number): number {
  const alpha = pixel >>> 24;
  if (alpha === 255 || alpha === 0) return pixel;
  const a = alpha / 255;
  const r = Math.min(255, ((pixel & 0xff) / a + 0.5) | 0);
  const g = Math.min(255, (((pixel >>> 8) & 0xff) / a + 0.5) | 0);
  const b = Math.min(255, (((pixel >>> 16) & 0xff) / a + 0.5) | 0);
  return r | (g << 8) | (b << 16) | (alpha << 24) | 0;
}

/**
 * A deflate stream written for diagram pictures: every row "Up"-filtered, so what repeats the
 * row above becomes zeros, and every pixel whose filtered bytes repeat the pixel before becomes
 * part of one match at distance 4. Diagrams are mostly flat colour, so those two rules find
 * nearly all the redundancy a general LZ77 search finds, in one pass over 32-bit words.
 * Tokens are Huffman-coded per block with codes fitted to the block (dynamic blocks).
 */
class DiagramDeflater {
  out: Uint8Array<ArrayBuffer>;
  pos: number;
  private bits = 0;
  private count = 0;
  private readonly tokens = new Uint16Array(BLOCK_TOKENS);
  private tokenCount = 0;
  private readonly litlenFrequency = new Uint32Array(LITLEN);
  /** Adler-32 of the uncompressed stream, reduced modulo 65521 once per row. */
  adlerA = 1;
  adlerB = 0;

  constructor(capacity: number, start: number) {
    this.out = new Uint8Array(capacity);
    this.pos = start;
  }

  literal(byte: number): void {
    this.tokens[this.tokenCount++] = byte;
    this.litlenFrequency[byte]!++;
    this.adlerA += byte;
    this.adlerB += this.adlerA;
    if (this.tokenCount === BLOCK_TOKENS) this.flush(false);
  }

  /** The 4 bytes of `word`, lowest first. */
  literalWord(word: number): void {
    this.literal(word & 0xff);
    this.literal((word >>> 8) & 0xff);
    this.literal((word >>> 16) & 0xff);
    this.literal(word >>> 24);
  }

  /** `pixels` more repeats of the last 4 bytes, which were `word`. */
  repeatWord(word: number, pixels: number): void {
    // Adler-32 over the 4-byte pattern p1..p4 repeated k times, in closed form:
    // A += k·Σp; B += 4k·A + k·Σ p_t·(2k − t + 3).
    const k = pixels;
    const p1 = word & 0xff;
    const p2 = (word >>> 8) & 0xff;
    const p3 = (word >>> 16) & 0xff;
    const p4 = word >>> 24;
    this.adlerB += 4 * k * this.adlerA;
    this.adlerB += k * (p1 * (2 * k + 2) + p2 * (2 * k + 1) + p3 * 2 * k + p4 * (2 * k - 1));
    this.adlerA += k * (p1 + p2 + p3 + p4);
    let bytes = 4 * pixels;
    while (bytes > 0) {
      // Each match is 3–258 bytes; never leave a tail shorter than 3.
      const length = bytes > 258 ? (bytes - 258 < 3 ? bytes - 3 : 258) : bytes;
      this.tokens[this.tokenCount++] = 256 + length;
      this.litlenFrequency[LENGTH_SYMBOL[length] ?? 0]!++;
      if (this.tokenCount === BLOCK_TOKENS) this.flush(false);
      bytes -= length;
    }
  }

  endRow(): void {
    this.adlerA %= ADLER;
    this.adlerB %= ADLER;
  }

  private ensure(bytes: number): void {
    if (this.pos + bytes <= this.out.length) return;
    const grown = new Uint8Array(Math.max(this.out.length * 2, this.pos + bytes));
    grown.set(this.out.subarray(0, this.pos));
    this.out = grown;
  }

  /** Writes up to 25 bits (fewer than 8 are ever pending). Capacity is ensured per block. */
  private put(value: number, length: number): void {
    this.bits |= value << this.count;
    this.count += length;
    while (this.count >= 8) {
      this.out[this.pos++] = this.bits & 0xff;
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  /** Codes the buffered tokens as one dynamic-Huffman block. */
  flush(last: boolean): void {
    this.litlenFrequency[END_OF_BLOCK] = 1;
    const litlen = huffmanCode(this.litlenFrequency, 15);
    const distance = DISTANCE_CODE;
    this.ensure(this.tokenCount * TOKEN_BYTES + 1024);
    this.put(last ? 1 : 0, 1);
    this.put(2, 2);
    this.writeCodeLengths(litlen, distance);
    const { codes: lc, lengths: ll } = litlen;
    const distanceCode = distance.codes[3] ?? 0;
    const distanceLength = distance.lengths[3] ?? 0;
    const tokens = this.tokens;
    for (let i = 0; i < this.tokenCount; i++) {
      const token = tokens[i] ?? 0;
      if (token < 256) {
        this.put(lc[token] ?? 0, ll[token] ?? 0);
      } else {
        const length = token - 256;
        const symbol = LENGTH_SYMBOL[length] ?? 0;
        const symbolLength = ll[symbol] ?? 0;
        this.put(
          (lc[symbol] ?? 0) | ((LENGTH_EXTRA[length] ?? 0) << symbolLength),
          symbolLength + (LENGTH_EXTRA_BITS[length] ?? 0),
        );
        this.put(distanceCode, distanceLength);
      }
    }
    this.put(lc[END_OF_BLOCK] ?? 0, ll[END_OF_BLOCK] ?? 0);
    this.tokenCount = 0;
    this.litlenFrequency.fill(0);
    if (last && this.count > 0) {
      this.out[this.pos++] = this.bits & 0xff;
      this.bits = 0;
      this.count = 0;
    }
  }

  /** The block header's code tables: both codes' lengths, run-length coded, then Huffman coded. */
  private writeCodeLengths(litlen: HuffmanCode, distance: HuffmanCode): void {
    let litCount = LITLEN;
    while (litCount > 257 && litlen.lengths[litCount - 1] === 0) litCount--;
    let distCount = DISTANCES;
    while (distCount > 1 && distance.lengths[distCount - 1] === 0) distCount--;
    const all = new Uint8Array(litCount + distCount);
    all.set(litlen.lengths.subarray(0, litCount));
    all.set(distance.lengths.subarray(0, distCount), litCount);
    const runs = runLengths(all);
    const frequency = new Uint32Array(19);
    for (let i = 0; i < runs.length; i += 2) frequency[runs[i] ?? 0]!++;
    const lengthCode = huffmanCode(frequency, 7);
    let clCount = 19;
    while (clCount > 4 && lengthCode.lengths[CODE_LENGTH_ORDER[clCount - 1] ?? 0] === 0) clCount--;
    this.put(litCount - 257, 5);
    this.put(distCount - 1, 5);
    this.put(clCount - 4, 4);
    for (let i = 0; i < clCount; i++)
      this.put(lengthCode.lengths[CODE_LENGTH_ORDER[i] ?? 0] ?? 0, 3);
    const extraBits = [2, 3, 7];
    for (let i = 0; i < runs.length; i += 2) {
      const symbol = runs[i] ?? 0;
      this.put(lengthCode.codes[symbol] ?? 0, lengthCode.lengths[symbol] ?? 0);
      if (symbol >= 16) this.put(runs[i + 1] ?? 0, extraBits[symbol - 16] ?? 0);
    }
  }
}

/**
 * Code lengths as deflate's code-length alphabet: pairs of (symbol, extra value), where 16
 * repeats the previous length 3–6 times, 17 writes 3–10 zeros and 18 writes 11–138 zeros.
 */
function runLengths(lengths: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < lengths.length) {
    const value = lengths[i] ?? 0;
    let run = 1;
    while (i + run < lengths.length && lengths[i + run] === value) run++;
    i += run;
    if (value === 0) {
      while (run >= 11) {
        const take = Math.min(run, 138);
        out.push(18, take - 11);
        run -= take;
      }
      if (run >= 3) {
        out.push(17, run - 3);
        run = 0;
      }
    } else {
      out.push(value, 0);
      run--;
      while (run >= 3) {
        const take = Math.min(run, 6);
        out.push(16, take - 3);
        run -= take;
      }
    }
    for (; run > 0; run--) out.push(value, 0);
  }
  return out;
}

function writeChunkHeader(out: Uint8Array, at: number, length: number, type: string): void {
  new DataView(out.buffer, out.byteOffset).setUint32(at, length);
  for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
}

/**
 * Encodes a rasterised diagram as an RGBA PNG, in one pass over the pixels and without a copy of
 * them: the rasteriser's own encoder copies the whole pixel buffer and searches it with a
 * general-purpose compressor, which costs more than drawing the picture.
 *
 * @example
 * const png = encodePng({ width: 2, height: 1, pixels: new Uint8Array(8).fill(255) });
 */
export function encodePng(image: PremultipliedImage): Uint8Array<ArrayBuffer> {
  const { width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`a PNG is at least 1 × 1 px, not ${width} × ${height}`);
  if (image.pixels.byteLength !== width * height * 4)
    throw new RangeError("the pixels are not width × height × 4 bytes");
  // Pixels as 32-bit words (little-endian: red is the low byte), read in place when aligned.
  const source = image.pixels.byteOffset % 4 === 0 ? image.pixels : new Uint8Array(image.pixels);
  const words = new Int32Array(source.buffer, source.byteOffset, width * height);
  const header = SIGNATURE.length + 25 + 8;
  const z = new DiagramDeflater(Math.max(4096, (width * height) >> 4), header + 2);
  // zlib header: deflate, 32 KiB window, no dictionary, "fast" level; checksum divisible by 31.
  z.out[header] = 0x78;
  z.out[header + 1] = 0x01;
  let above = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    z.literal(2); // filter type: Up
    let previous = 0;
    let repeats = 0;
    for (let x = 0; x < width; x++) {
      let pixel = words[row + x] ?? 0;
      if (pixel >>> 24 !== 255 && pixel !== 0) pixel = demultiply(pixel);
      if (y > 0) {
        above = words[row - width + x] ?? 0;
        if (above >>> 24 !== 255 && above !== 0) above = demultiply(above);
      }
      // Byte-wise (pixel − above) mod 256 in all four bytes at once.
      const filtered =
        (((pixel | 0x80808080) - (above & 0x7f7f7f7f)) | 0) ^ ((pixel ^ ~above) & 0x80808080);
      if (x > 0 && filtered === previous) {
        repeats++;
        continue;
      }
      if (repeats > 0) {
        z.repeatWord(previous, repeats);
        repeats = 0;
      }
      z.literalWord(filtered);
      previous = filtered;
    }
    if (repeats > 0) z.repeatWord(previous, repeats);
    z.endRow();
  }
  z.flush(true);
  const adler = ((z.adlerB << 16) | z.adlerA) >>> 0;
  const idatEnd = z.pos + 4;
  const total = idatEnd + 4 + 12;
  const out = new Uint8Array(total);
  out.set(z.out.subarray(0, z.pos));
  const view = new DataView(out.buffer);
  view.setUint32(z.pos, adler);
  out.set(SIGNATURE, 0);
  writeChunkHeader(out, 8, 13, "IHDR");
  view.setUint32(16, width);
  view.setUint32(20, height);
  out.set([8, 6, 0, 0, 0], 24); // 8 bits per channel, RGBA, deflate, standard filters, no interlace
  view.setUint32(29, crc32(out, 12, 29));
  writeChunkHeader(out, 33, idatEnd - header, "IDAT");
  view.setUint32(idatEnd, crc32(out, 37, idatEnd));
  writeChunkHeader(out, idatEnd + 4, 0, "IEND");
  view.setUint32(idatEnd + 12, crc32(out, idatEnd + 8, idatEnd + 12));
  return out;
}
