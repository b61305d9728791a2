/**
 * A font's OpenType `SVG ` table (the colour glyphs of Noto Color Emoji): the document that
 * draws a glyph found by binary search over the table's index, gunzipped when stored so,
 * indexed once, and each glyph's markup (`svg-glyph-markup.ts`) kept per glyph.
 */
import { gunzipSync } from "fflate";
import { glyphMarkup, indexSvgDocument, type SvgDocumentIndex } from "./svg-glyph-markup.ts";

const SVG_TAG = 0x53564720; // "SVG "
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;
const RECORD = 12;

/**
 * One document: where its ids are, and its text, or for an ASCII document (every one Noto Color
 * Emoji has) its bytes, read a part at a time: a shared document is 5–7 MB, and its bytes are
 * already held.
 */
interface SvgDocument {
  text: string | ((start: number, end: number) => string);
  index: SvgDocumentIndex;
}

/**
 * The SVG glyphs of one font: {@link SvgGlyphTable.of} finds the table in the sfnt bytes, and
 * {@link SvgGlyphTable.glyph} gives a glyph's markup in font units (y down from the baseline),
 * its ids marked for a prefix (`ID_PREFIX`).
 *
 * @example
 * const table = SvgGlyphTable.of(woffToSfnt(woff));
 * table?.glyph(88); // '<defs><radialGradient id="\u0001g1" …</g>' (🚀)
 */
export class SvgGlyphTable {
  readonly #table: Uint8Array;
  readonly #view: DataView;
  /** Where the document records start, and how many there are. */
  readonly #records: number;
  readonly #count: number;
  /** Where document offsets count from (the document index). */
  readonly #base: number;
  readonly #documents = new Map<number, SvgDocument | null>();
  readonly #glyphs = new Map<number, string | null>();

  private constructor(table: Uint8Array) {
    this.#table = table;
    this.#view = new DataView(table.buffer, table.byteOffset, table.byteLength);
    this.#base = table.byteLength >= 6 ? this.#view.getUint32(2) : table.byteLength;
    const count = this.#base + 2 <= table.byteLength ? this.#view.getUint16(this.#base) : 0;
    this.#records = this.#base + 2;
    // A count that runs past the table is cut to the records it holds.
    this.#count = Math.max(
      0,
      Math.min(count, Math.floor((table.byteLength - this.#records) / RECORD)),
    );
  }

  /**
   * The `SVG ` table of a plain TrueType/OpenType font, or undefined when it has none.
   *
   * @example
   * SvgGlyphTable.of(woffToSfnt(notoColorEmoji)); // a table; Arimo's: undefined
   */
  static of(sfnt: Uint8Array): SvgGlyphTable | undefined {
    if (sfnt.byteLength < SFNT_HEADER) return undefined;
    const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
    const count = view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const at = SFNT_HEADER + i * SFNT_ENTRY;
      if (at + SFNT_ENTRY > sfnt.byteLength) return undefined;
      if (view.getUint32(at) !== SVG_TAG) continue;
      const offset = view.getUint32(at + 8);
      const length = view.getUint32(at + 12);
      if (offset + length > sfnt.byteLength) return undefined;
      return new SvgGlyphTable(sfnt.subarray(offset, offset + length));
    }
    return undefined;
  }

  /** How many document records the table has. */
  get documents(): number {
    return this.#count;
  }

  /**
   * Glyph `id`'s markup (its definitions, then its element), or undefined when no document
   * draws it or its document is not plain SVG.
   *
   * @example
   * table.glyph(88)?.includes("radialGradient"); // true
   */
  glyph(id: number): string | undefined {
    let markup = this.#glyphs.get(id);
    if (markup === undefined) {
      const record = this.#recordOf(id);
      const doc = record < 0 ? null : this.#document(record);
      markup = doc ? (glyphMarkup(doc.text, doc.index, id) ?? null) : null;
      this.#glyphs.set(id, markup);
    }
    return markup ?? undefined;
  }

  /** The record whose glyph range holds `id` (records are sorted and do not overlap), or -1. */
  #recordOf(id: number): number {
    let lo = 0;
    let hi = this.#count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.#records + mid * RECORD;
      if (id < this.#view.getUint16(at)) hi = mid - 1;
      else if (id > this.#view.getUint16(at + 2)) lo = mid + 1;
      else return mid;
    }
    return -1;
  }

  /** A record's document decoded and indexed once; null when it cannot be read. */
  #document(record: number): SvgDocument | null {
    const at = this.#records + record * RECORD;
    const offset = this.#base + this.#view.getUint32(at + 4);
    const length = this.#view.getUint32(at + 8);
    // Records of a glyph range share one document: keyed by where it lies.
    let doc = this.#documents.get(offset);
    if (doc !== undefined) return doc;
    doc = null;
    if (offset + length <= this.#table.byteLength) {
      try {
        let bytes = this.#table.subarray(offset, offset + length);
        if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
        const decoder = new TextDecoder();
        const text = decoder.decode(bytes);
        const index = indexSvgDocument(text);
        const ascii = text.length === bytes.byteLength;
        const part = (start: number, end: number) => decoder.decode(bytes.subarray(start, end));
        doc = { text: ascii ? part : text, index };
      } catch {
        // A document that does not gunzip or decode: its glyphs are drawn as outlines.
      }
    }
    this.#documents.set(offset, doc);
    return doc;
  }
}
