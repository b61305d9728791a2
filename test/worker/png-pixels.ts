/** PNGs read back in the worker tests: the RGBA pixels of what resvg writes. */
import { unzlibSync } from "fflate";
import { expect } from "vitest";

/** Width, height and RGBA pixels of an 8-bit RGBA, non-interlaced PNG (what resvg writes). */
export function decodePng(png: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  expect([png[24], png[25], png[28]]).toEqual([8, 6, 0]);
  const idat: Uint8Array[] = [];
  for (let at = 8; at < png.byteLength; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of idat) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const raw = unzlibSync(joined);
  const stride = width * 4;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] as number;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? (pixels[y * stride + x - 4] as number) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const c = x >= 4 && y > 0 ? (pixels[(y - 1) * stride + x - 4] as number) : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][
        filter
      ] as number;
      pixels[y * stride + x] = ((line[x] as number) + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}
