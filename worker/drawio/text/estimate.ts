/**
 * The layout's estimate of a label's size in draw.io's default font (Helvetica 12 px, per-
 * character advances in a few classes) and its line breaks, for sizing nodes and edge labels.
 */

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

/**
 * Edge labels are broken into lines of at most this width (px): draw.io does not wrap edge
 * labels, so the layout writes the breaks itself.
 */
export const EDGE_LABEL_WRAP = 140;

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
  const lines = wrapText(text, maxWidth);
  const width = Math.max(0, ...lines.map(lineWidth));
  return {
    width: Math.ceil(Math.min(width, maxWidth)),
    height: lines.length * LINE_HEIGHT,
    lines: lines.length,
  };
}

/**
 * The lines of a label broken as {@link measureText} breaks them: at line breaks, then between
 * words when a line would grow past `maxWidth`, and inside a word only when it alone is wider.
 *
 * @example
 * wrapText("retry after the payment provider answers", 120); // ["retry after the payment", "provider answers"]
 */
export function wrapText(text: string, maxWidth: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    let width = 0;
    for (const word of paragraph.split(/(\s+)/)) {
      if (word === "") continue;
      const blank = word.trim() === "";
      const w = lineWidth(word);
      if (blank) {
        if (line !== "") {
          line += word;
          width += w;
        }
        continue;
      }
      if (line !== "" && width + w > maxWidth) {
        out.push(line.trimEnd());
        line = "";
        width = 0;
      }
      if (w > maxWidth) {
        // A word wider than a line is cut where it reaches the edge.
        for (const ch of word) {
          const c = charWidth(ch);
          if (line !== "" && width + c > maxWidth) {
            out.push(line);
            line = "";
            width = 0;
          }
          line += ch;
          width += c;
        }
      } else {
        line += word;
        width += w;
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}

function lineWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}
