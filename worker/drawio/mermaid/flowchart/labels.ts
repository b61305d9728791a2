/**
 * Mermaid label text as the plain text a draw.io cell shows: entity codes (`#quot;`, `#35;`)
 * and HTML entities decoded, `<br>` as a line break, Markdown and HTML emphasis reduced to
 * their words (the layout engine measures and writes labels as text). Bold and italic are kept
 * beside the text: for a whole label as draw.io's `fontStyle`, for part of one as HTML.
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
  /** Bold and italic, when the label has any, as draw.io can show them. */
  emphasis?: Emphasis;
}

/** Bold and italic of a label: over all of it (`fontStyle` 1, 2 or 3), or HTML for parts. */
export type Emphasis = { fontStyle: number } | { html: string };

/** Formatting tags that draw.io's HTML labels show as they are. */
const BOLD = /^(?:b|strong)$/i;
const ITALIC = /^(?:i|em)$/i;

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
  text = decodeEntities(text).trim();
  const emphasis = formatted ? emphasisOf(raw, markdown, text) : undefined;
  return { text, formatted, ...(emphasis ? { emphasis } : {}) };
}

/**
 * Adds a whole label's bold and italic to its draw.io style (`fontStyle` bits, kept with those
 * a class gave); returns the HTML of a label emphasised in parts, for the layout to write.
 *
 * @example
 * withEmphasis(style, { fontStyle: 1 }); // style.fontStyle === 1, returns undefined
 */
export function withEmphasis(
  style: Record<string, string | number>,
  emphasis: Emphasis | undefined,
): string | undefined {
  if (emphasis === undefined) return undefined;
  if ("html" in emphasis) return emphasis.html;
  style.fontStyle = Number(style.fontStyle ?? 0) | emphasis.fontStyle;
  return undefined;
}

/** One piece of a label with the emphasis it is written in. */
interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

/**
 * The bold and italic of a label whose plain text is `text`: runs read from its tags (Markdown
 * emphasis first written as tags), or nothing when the runs do not spell that text.
 */
function emphasisOf(raw: string, markdown: boolean, text: string): Emphasis | undefined {
  let tagged = raw.replace(/<br\s*\/?>/gi, "\n");
  if (markdown) {
    tagged = tagged
      .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
      .replace(/__(.+?)__/g, "<b>$1</b>")
      .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?![\w*])/g, "$1<i>$2</i>")
      .split("\n")
      .map((line) => line.trim())
      .join("\n");
  }
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  let at = 0;
  for (const m of tagged.matchAll(FORMATTING)) {
    runs.push({
      text: decodeEntities(tagged.slice(at, m.index)),
      bold: bold > 0,
      italic: italic > 0,
    });
    at = m.index + m[0].length;
    const name = /^<\/?(\w+)/.exec(m[0])?.[1] ?? "";
    const step = m[0].startsWith("</") ? -1 : 1;
    if (BOLD.test(name)) bold = Math.max(0, bold + step);
    if (ITALIC.test(name)) italic = Math.max(0, italic + step);
  }
  runs.push({ text: decodeEntities(tagged.slice(at)), bold: false, italic: false });
  const shown = runs.filter((r) => r.text.trim() !== "");
  if (
    shown.length === 0 ||
    runs
      .map((r) => r.text)
      .join("")
      .trim() !== text
  )
    return undefined;
  const allBold = shown.every((r) => r.bold);
  const allItalic = shown.every((r) => r.italic);
  if (shown.every((r) => r.bold === allBold && r.italic === allItalic)) {
    const fontStyle = (allBold ? 1 : 0) | (allItalic ? 2 : 0);
    return fontStyle === 0 ? undefined : { fontStyle };
  }
  return { html: htmlOf(runs) };
}

/** Runs as a draw.io HTML label: text escaped, line breaks as `<br>`, only `<b>` and `<i>` kept. */
function htmlOf(runs: Run[]): string {
  const pieces = runs.filter((r) => r.text !== "");
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (first) first.text = first.text.trimStart();
  if (last) last.text = last.text.trimEnd();
  return pieces
    .map((r) => {
      const escaped = r.text
        .replaceAll("&", "&amp;")
        .replaceAll("<", "&lt;")
        .replaceAll(">", "&gt;")
        .replace(/\n/g, "<br>");
      const italic = r.italic ? `<i>${escaped}</i>` : escaped;
      return r.bold ? `<b>${italic}</b>` : italic;
    })
    .join("");
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
