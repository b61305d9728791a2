/**
 * Mermaid label text as the plain text a draw.io cell shows: entity codes (`#quot;`, `#35;`)
 * and HTML entities decoded, `<br>` as a line break, Markdown and HTML emphasis reduced to
 * their words (the layout engine writes labels as text, not HTML).
 */

/** Named entity codes a label may use, as Mermaid (and HTML) spell them. */
const NAMED: Readonly<Record<string, string>> = {
  quot: '"',
  amp: "&",
  lt: "<",
  gt: ">",
  apos: "'",
  nbsp: "\u00a0",
  num: "#",
  semi: ";",
  colon: ":",
  comma: ",",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  lbrace: "{",
  rbrace: "}",
  vert: "|",
  hearts: "♥",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  divide: "÷",
  plusmn: "±",
  middot: "·",
  bull: "•",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  check: "✓",
  euro: "€",
  pound: "£",
  yen: "¥",
  laquo: "«",
  raquo: "»",
};

/** HTML elements that only format text: their tags are dropped, their words kept. */
const FORMATTING =
  /<\/?(?:b|i|u|s|em|strong|small|big|sub|sup|span|p|code|del|ins|mark|font|tt)\b[^<>]*>/gi;

/** How a label was written: plain, as a Markdown string, and whether it carried formatting. */
export interface LabelText {
  text: string;
  /** Bold, italic or other emphasis that the plain text leaves out. */
  formatted: boolean;
}

/**
 * The plain text of a Mermaid label.
 *
 * @example
 * labelText("A double quote:#quot;<br>next", false); // { text: 'A double quote:"\nnext', formatted: false }
 * labelText("This **is** _Markdown_", true); // { text: "This is Markdown", formatted: true }
 */
export function labelText(raw: string, markdown: boolean): LabelText {
  let text = raw.replace(/<br\s*\/?>/gi, "\n");
  const withoutTags = text.replace(FORMATTING, "");
  let formatted = withoutTags !== text;
  text = withoutTags;
  if (markdown) {
    const plain = text
      .replace(/\*\*(.+?)\*\*/g, "$1")
      .replace(/__(.+?)__/g, "$1")
      .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?![\w*])/g, "$1$2");
    formatted ||= plain !== text;
    text = plain
      .split("\n")
      .map((line) => line.trim())
      .join("\n");
  }
  text = decodeEntities(text);
  return { text: text.trim(), formatted };
}

/** `#quot;`, `#9829;` (Mermaid's entity codes), `&amp;`, `&#35;`, `&#x2764;` as characters. */
function decodeEntities(text: string): string {
  return text.replace(
    /#(?:([0-9]{1,7})|([a-z][a-z0-9]{1,9}));|&(?:#([0-9]{1,7})|#x([0-9a-f]{1,6})|([a-z][a-z0-9]{1,9}));/gi,
    (whole: string, dec?: string, name?: string, htmlDec?: string, hex?: string, html?: string) => {
      const named = name ?? html;
      if (named !== undefined) return NAMED[named.toLowerCase()] ?? whole;
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec ?? htmlDec);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    },
  );
}
