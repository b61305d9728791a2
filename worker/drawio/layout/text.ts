/** The font draw.io uses by default: Helvetica 12 px, about 15 px a line. */
const LINE_HEIGHT = 15;
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Estimated advance of one character in Helvetica 12 px. */
function charWidth(ch: string): number {
  if (WIDE.test(ch) || (ch.codePointAt(0) ?? 0) > 0xffff) return 12;
  if ("il.,;:'|!`ıj".includes(ch)) return 3.3;
  if (ch === " ") return 3.4;
  if ('ftrI()[]{}-/\\"'.includes(ch)) return 4.3;
  if ("mwMW@%".includes(ch)) return 10;
  if (ch >= "A" && ch <= "Z") return 8;
  return 6.7;
}

/** How much room a label needs. */
export interface TextBox {
  width: number;
  height: number;
  lines: number;
}

/**
 * Estimates the box of a label as draw.io will wrap it (`whiteSpace=wrap`) at `maxWidth`:
 * words are kept whole unless one alone is wider than a line.
 *
 * @example
 * measureText("Checkout service", 160); // { width: 101, height: 15, lines: 1 }
 */
export function measureText(text: string, maxWidth: number): TextBox {
  let width = 0;
  let lines = 0;
  for (const paragraph of text.split(/\r?\n/)) {
    let line = 0;
    lines++;
    for (const word of paragraph.split(/(\s+)/)) {
      const w = [...word].reduce((sum, ch) => sum + charWidth(ch), 0);
      if (line > 0 && line + w > maxWidth && word.trim() !== "") {
        width = Math.max(width, line);
        lines++;
        line = 0;
      }
      if (w > maxWidth) {
        lines += Math.floor(w / maxWidth);
        line = w % maxWidth;
        width = maxWidth;
      } else {
        line += line === 0 && word.trim() === "" ? 0 : w;
      }
    }
    width = Math.max(width, line);
  }
  return { width: Math.ceil(width), height: lines * LINE_HEIGHT, lines };
}
