/**
 * A label's size and line breaks in draw.io's default font (Helvetica 12 px and the fonts a
 * browser falls back to for other scripts), for sizing nodes and edge labels.
 */

import { breakPieces } from "./line-breaks.ts";
import { graphemes, textWidth } from "./metrics.ts";

/** The font draw.io uses by default: Helvetica 12 px, about 15 px a line. */
const FONT_SIZE = 12;
const LINE_HEIGHT = 15;

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
    for (const piece of breakPieces(paragraph)) {
      const word = piece.trimEnd();
      const w = lineWidth(word);
      if (word === "") {
        if (line !== "") {
          line += piece;
          width += lineWidth(piece);
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
        for (const ch of graphemes(word)) {
          const c = lineWidth(ch);
          if (line !== "" && width + c > maxWidth) {
            out.push(line);
            line = "";
            width = 0;
          }
          line += ch;
          width += c;
        }
        line += piece.slice(word.length);
        width += lineWidth(piece.slice(word.length));
      } else {
        line += piece;
        width += lineWidth(piece);
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}

function lineWidth(text: string): number {
  return textWidth(text, FONT_SIZE);
}
