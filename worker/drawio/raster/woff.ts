/** WOFF 1.0 fonts unwrapped into the plain TrueType/OpenType bytes resvg reads. */
import { unzlibSync } from "fflate";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/**
 * Turns a WOFF 1.0 font into the plain TrueType/OpenType bytes it wraps. The PNG rasteriser
 * (resvg) reads only plain fonts, and the font we ship comes as WOFF: each table is stored
 * zlib-compressed (or as is, when that was not smaller), so unwrapping is a table-by-table
 * inflate into a fresh table directory. The fonts are ours, shipped with the Worker, so a bad one
 * is a packaging bug: a plain `Error`, not an input failure.
 *
 * @example
 * const ttf = woffToSfnt(new Uint8Array(woffBytes)); // starts with 0x00010000
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < WOFF_HEADER || view.getUint32(0) !== WOFF_SIGNATURE)
    throw new Error("not a WOFF 1.0 font");
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  if (WOFF_HEADER + count * WOFF_ENTRY > woff.byteLength)
    throw new Error("the WOFF table directory is cut off");
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = view.getUint32(at + 4);
    const stored = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    if (offset + stored > woff.byteLength) throw new Error("a WOFF table lies outside the file");
    const raw = woff.subarray(offset, offset + stored);
    const data = stored < length ? unzlibSync(raw) : raw;
    if (data.byteLength !== length) throw new Error("a WOFF table inflates to the wrong length");
    tables.push({ tag: view.getUint32(at), checksum: view.getUint32(at + 16), data });
  }
  // Tables are written in tag order, each on a 4-byte boundary, as the sfnt format asks.
  tables.sort((a, b) => a.tag - b.tag);
  let size = SFNT_HEADER + count * SFNT_ENTRY;
  for (const t of tables) size += (t.data.byteLength + 3) & ~3;
  const out = new Uint8Array(size);
  const sfnt = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(Math.max(1, count)));
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, count);
  sfnt.setUint16(6, power * 16);
  sfnt.setUint16(8, Math.log2(power));
  sfnt.setUint16(10, count * 16 - power * 16);
  let offset = SFNT_HEADER + count * SFNT_ENTRY;
  for (const [i, t] of tables.entries()) {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    sfnt.setUint32(at, t.tag);
    sfnt.setUint32(at + 4, t.checksum);
    sfnt.setUint32(at + 8, offset);
    sfnt.setUint32(at + 12, t.data.byteLength);
    out.set(t.data, offset);
    offset += (t.data.byteLength + 3) & ~3;
  }
  return out;
}
