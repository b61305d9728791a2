/**
 * The OpenType `SVG ` table reader: documents found per glyph (ranges, gzip), one glyph taken
 * out of a document that holds several, and anything but plain SVG kept out.
 */
import { readFileSync } from "node:fs";
import { gzipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "../../../../worker/drawio/index.ts";
import { ID_PREFIX } from "../../../../worker/drawio/raster/svg-glyph-markup.ts";
import { SvgGlyphTable } from "../../../../worker/drawio/raster/svg-glyphs.ts";

/** An sfnt with only an `SVG ` table of these documents, each `[first glyph, last glyph, bytes]`. */
function sfntWith(documents: readonly (readonly [number, number, Uint8Array])[]): Uint8Array {
  const index = 2 + documents.length * 12;
  const size = documents.reduce((sum, [, , bytes]) => sum + bytes.byteLength, 10 + index);
  const table = new Uint8Array(size);
  const view = new DataView(table.buffer);
  view.setUint32(2, 10);
  view.setUint16(10, documents.length);
  let offset = index;
  documents.forEach(([first, last, bytes], i) => {
    const at = 12 + i * 12;
    view.setUint16(at, first);
    view.setUint16(at + 2, last);
    view.setUint32(at + 4, offset);
    view.setUint32(at + 8, bytes.byteLength);
    table.set(bytes, 10 + offset);
    offset += bytes.byteLength;
  });
  const sfnt = new Uint8Array(28 + size);
  const head = new DataView(sfnt.buffer);
  head.setUint32(0, 0x00010000);
  head.setUint16(4, 1);
  head.setUint32(12, 0x53564720);
  head.setUint32(20, 28);
  head.setUint32(24, size);
  sfnt.set(table, 28);
  return sfnt;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';
const shared = strToU8(
  `<?xml version="1.0"?>${SVG}<defs><linearGradient id="a"><stop offset="0" stop-color="red"/></linearGradient>` +
    '<path id="p" d="M0,0 L9,9 Z" fill="black"/><radialGradient id="b"/></defs>' +
    '<g id="glyph2"><path d="M1,1 Z" fill="url(#a)"/><use xlink:href="#p" fill="#00f"/></g>' +
    '<g id="glyph3"><path d="M2,2 Z" fill="url(#b)"/><use xlink:href="#p"/></g></svg>',
);
const zipped = gzipSync(strToU8(`${SVG}<g id="glyph7"><circle r="5" fill="green"/></g></svg>`));
const hostile = strToU8(
  `${SVG}<g id="glyph8" onclick="x()"><path d="M0,0 Z" fill="url(https://evil.test/#x)"/>` +
    '<use href="https://evil.test/a.svg#b"/><rect width="1" height="1" style="fill:url(https://x)"/></g>' +
    `<g id="glyph9"><script>alert(1)</script></g><g id="glyph10"><image href="https://x"/></g></svg>`,
);
const table = SvgGlyphTable.of(
  sfntWith([
    [2, 3, shared],
    [7, 7, zipped],
    [8, 10, hostile],
  ]),
) as SvgGlyphTable;
const plain = (markup: string | undefined) => markup?.replaceAll(ID_PREFIX, "");

describe("the OpenType SVG table", () => {
  it("finds each glyph's document and draws only that glyph of it, with what it uses", () => {
    expect(table.documents).toBe(3);
    expect(plain(table.glyph(2))).toBe(
      '<defs><linearGradient id="a"><stop offset="0" stop-color="red"/></linearGradient>' +
        '<path id="p" d="M0,0 L9,9 Z"/></defs>' +
        '<g id="glyph2"><path d="M1,1 Z" fill="url(#a)"/><use xlink:href="#p" fill="#00f"/></g>',
    );
    // The shared shape's own fill goes to the uses that set none.
    expect(plain(table.glyph(3))).toBe(
      '<defs><path id="p" d="M0,0 L9,9 Z"/><radialGradient id="b"/></defs>' +
        '<g id="glyph3"><path d="M2,2 Z" fill="url(#b)"/><use xlink:href="#p" fill="black"/></g>',
    );
    expect(table.glyph(2)).toContain(`id="${ID_PREFIX}glyph2"`);
    expect(table.glyph(2)).toContain(`url(#${ID_PREFIX}a)`);
    expect(table.glyph(2)).toContain(`xlink:href="#${ID_PREFIX}p"`);
  });

  it("gunzips a compressed document, and has nothing for glyphs no record covers", () => {
    expect(plain(table.glyph(7))).toBe('<g id="glyph7"><circle r="5" fill="green"/></g>');
    for (const id of [0, 1, 4, 6, 11, 60_000]) expect(table.glyph(id), String(id)).toBeUndefined();
  });

  it("keeps out scripts, handlers, styles and links outside the document", () => {
    expect(plain(table.glyph(8))).toBe(
      '<g id="glyph8"><path d="M0,0 Z"/><use/><rect width="1" height="1"/></g>',
    );
    expect(table.glyph(9)).toBeUndefined();
    expect(table.glyph(10)).toBeUndefined();
  });

  it("reads Noto Color Emoji's table, and finds none in a font without one", () => {
    const file = (name: string) => new Uint8Array(readFileSync(`node_modules/@fontsource/${name}`));
    const emoji = SvgGlyphTable.of(
      woffToSfnt(file("noto-color-emoji/files/noto-color-emoji-5-400-normal.woff")),
    );
    const rocket = emoji?.glyph(88) ?? "";
    expect(rocket).toContain("<radialGradient");
    expect(rocket).toContain(`<g id="${ID_PREFIX}glyph88">`);
    expect(SvgGlyphTable.of(woffToSfnt(file("arimo/files/arimo-hebrew-400-normal.woff")))).toBe(
      undefined,
    );
  });
});
