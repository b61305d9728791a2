/**
 * A label's text as a reader sees it: HTML tags stripped, line breaks kept as separators, and
 * character references decoded. Shared by every part of the library that reads labels.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  times: "×",
  deg: "°",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  rarr: "→",
  larr: "←",
};

/** Block-level tags whose boundaries are line breaks in the rendered label. */
const BREAK_TAG = /<\s*(?:br|\/?(?:div|p|li|tr|h[1-6]|ul|ol|table))\b[^>]*>/gi;

/**
 * A stored label as one line of plain text: with `html`, tags are stripped (line-breaking tags
 * become ` / `) and HTML entities decoded; line breaks become ` / `; whitespace is collapsed.
 *
 * @example
 * labelToText("Order<br>&amp; <b>pay</b>", true); // "Order / & pay"
 * labelToText("a\nb", false);                       // "a / b"
 */
export function labelToText(raw: string, html: boolean): string {
  if (raw === "") return "";
  let text = raw;
  if (html) {
    text = text
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(style|script)\b[\s\S]*?<\/\1\s*>/gi, "")
      .replace(/\n/g, " ")
      .replace(BREAK_TAG, "\n")
      .replace(/<[^>]*>/g, "");
    text = decodeHtmlEntities(text);
  }
  return text
    .split(/\s*[\r\n]+\s*/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")
    .join(" / ");
}

/**
 * Decodes the character references of an HTML label (named, decimal and hex); unknown names
 * stay as written.
 *
 * @example
 * decodeHtmlEntities("R&amp;D&nbsp;&#8594;"); // "R&D\u00a0→"
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body.charCodeAt(0) === 35) {
      const hex = body[1] === "x" || body[1] === "X";
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}
