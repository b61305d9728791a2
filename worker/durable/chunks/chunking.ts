/** Where a cell starts in draw.io XML as we (and draw.io) write it. */
const CELL_START = '<mxCell id="';
/** One cell in 32 starts a chunk: about 5–10 KB of typical draw.io XML per chunk. */
const CUT_MASK = 31;
/** Cuts are never closer than this (characters), so chunks stay worth a row. */
const MIN_CHARS = 512;
/** Longer stretches (a huge label, a page of embedded images) are cut at fixed lengths. */
export const MAX_CHUNK_CHARS = 64 * 1024;

/** FNV-1a of `text[from, to)`. */
function hashOf(text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Splits draw.io XML into content-defined chunks: a chunk starts at a cell whose id hashes to
 * a cut, so where chunks begin depends on cell ids alone. An edit to one cell then changes the
 * one chunk holding it and every other chunk comes out identical to the last version's:
 * versions share their unchanged chunks, and storing a small edit to a large diagram writes a
 * few kilobytes instead of the whole diagram.
 *
 * @example
 * splitText(xml).join("") === xml; // always
 */
export function splitText(text: string): string[] {
  const cuts: number[] = [];
  let last = 0;
  let at = text.indexOf(CELL_START);
  while (at !== -1) {
    const idStart = at + CELL_START.length;
    const idEnd = text.indexOf('"', idStart);
    if (idEnd === -1) break;
    if (at - last >= MIN_CHARS && (hashOf(text, idStart, idEnd) & CUT_MASK) === 0) {
      cuts.push(at);
      last = at;
    }
    at = text.indexOf(CELL_START, idEnd);
  }
  cuts.push(text.length);
  const chunks: string[] = [];
  let start = 0;
  for (const cut of cuts) {
    while (cut - start > MAX_CHUNK_CHARS) {
      let end = start + MAX_CHUNK_CHARS;
      const code = text.charCodeAt(end - 1);
      if (code >= 0xd800 && code <= 0xdbff) end--; // never split a surrogate pair
      chunks.push(text.slice(start, end));
      start = end;
    }
    if (cut > start || chunks.length === 0) chunks.push(text.slice(start, cut));
    start = cut;
  }
  return chunks;
}
