/**
 * Mermaid's markdown emphasis in a label (`**bold**`, `__bold__`, `*italic*`, `_italic_`), as
 * draw.io HTML and as plain text for measuring. Underscores count only standing apart from
 * letters and digits, so `snake_case` and `test__req` stay as written.
 */

import { htmlLabel } from "../layout/to-cells.ts";

/** Bold: `**x**`, or `__x__` not inside a word. */
const BOLD = /\*\*(?=\S)(.+?)\*\*|(?<![\p{L}\p{N}])__(?=\S)(.+?)__(?![\p{L}\p{N}])/gu;
/** Italics: `*x*`, or `_x_` not inside a word. */
const ITALIC = /\*(?=[^\s*])(.+?)\*|(?<![\p{L}\p{N}])_(?=\S)(.+?)_(?![\p{L}\p{N}])/gu;

/**
 * The label as draw.io HTML (`html=1`): escaped, emphasis as `<b>` and `<i>`.
 *
 * @example
 * markdownHtml("This **is** _Markdown_"); // "This <b>is</b> <i>Markdown</i>"
 */
export function markdownHtml(label: string): string {
  return htmlLabel(label).replace(BOLD, "<b>$1$2</b>").replace(ITALIC, "<i>$1$2</i>");
}

/**
 * The label as it reads, emphasis marks taken out, for measuring.
 *
 * @example
 * markdownPlain("This **is** _Markdown_"); // "This is Markdown"
 */
export function markdownPlain(label: string): string {
  return label.replace(BOLD, "$1$2").replace(ITALIC, "$1$2");
}
