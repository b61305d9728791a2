/**
 * A label's text as lines of styled runs: HTML reduced as a browser shows it (breaks, bold,
 * italic, underline, font colours and sizes), or plain text split at line breaks.
 */
import { decodeHtmlEntities } from "../../text/label-text.ts";

/** A piece of a line in one font style. */
export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** From the HTML (`<font color>`, `style="color: …"`); else the label's colour. */
  color?: string;
  /** In px, from the HTML (`<font size>`, `style="font-size: …"`); else the label's size. */
  size?: number;
}

/**
 * A label's lines and the vertical space around them: `gaps[i]` is the room above line `i`
 * (block margins, collapsed as a browser collapses them) and `gaps[lines.length]` below the last.
 */
export interface LabelLines {
  lines: Run[][];
  gaps: number[];
  /** Each line's own alignment (`text-align` of its block), else the label's. */
  aligns?: Array<LineAlign | undefined>;
  /** Lines that are horizontal rules (`<hr>`): no text, a line across the label. */
  rules?: boolean[];
  /** Each line's left indent (its blocks' `margin-left`s), px. */
  indents?: number[];
}

export type LineAlign = "left" | "center" | "right";

/** The `text-align` (or old `align=`) a block tag sets, if any. */
function blockAlign(token: string): LineAlign | undefined {
  const css = /text-align\s*:\s*(left|center|right|start|end)/i.exec(token)?.[1];
  const attribute = /\salign\s*=\s*["']?(left|center|right)/i.exec(token)?.[1];
  const value = (css ?? attribute)?.toLowerCase();
  return value === "start" ? "left" : value === "end" ? "right" : (value as LineAlign | undefined);
}

/** Headings as browsers draw them: font size and top and bottom margins, in em. */
const HEADINGS: Record<string, { size: number; margin: number }> = {
  h1: { size: 2, margin: 0.67 },
  h2: { size: 1.5, margin: 0.83 },
  h3: { size: 1.17, margin: 1 },
  h4: { size: 1, margin: 1.33 },
  h5: { size: 0.83, margin: 1.67 },
  h6: { size: 0.67, margin: 2.33 },
};
/** Other blocks with a browser's default margin above and below (1em). */
const MARGIN_BLOCKS = new Set(["p", "ul", "ol", "blockquote", "pre"]);

/** A CSS length in px (`12px`, `1em`, `9pt`, `50%` of the font size); `auto` and junk are 0. */
function cssLength(value: string, fontSize: number): number {
  const match = /^(-?[\d.]+)\s*(px|pt|em|%)?$/i.exec(value.trim());
  if (!match) return 0;
  const n = Number(match[1]);
  if (!Number.isFinite(n)) return 0;
  const unit = (match[2] ?? "px").toLowerCase();
  const px =
    unit === "pt"
      ? (n * 4) / 3
      : unit === "em"
        ? n * fontSize
        : unit === "%"
          ? (n / 100) * fontSize
          : n;
  return Math.max(-500, Math.min(500, px));
}

/** A block's top, bottom and left margins: the browser's defaults, then its `style` attribute's. */
function blockMargins(
  tag: string,
  token: string,
  fontSize: number,
): { top: number; bottom: number; left: number } {
  const heading = HEADINGS[tag];
  const initial = heading ? heading.margin * fontSize : MARGIN_BLOCKS.has(tag) ? fontSize : 0;
  let top = initial;
  let bottom = initial;
  let left = 0;
  const css = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(token);
  for (const declaration of (css?.[1] ?? css?.[2] ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (name === "margin") {
      const parts = value.split(/\s+/);
      top = cssLength(parts[0] ?? "0", fontSize);
      bottom = cssLength(parts[2] ?? parts[0] ?? "0", fontSize);
      left = cssLength(parts[3] ?? parts[1] ?? parts[0] ?? "0", fontSize);
    } else if (name === "margin-top") top = cssLength(value, fontSize);
    else if (name === "margin-bottom") bottom = cssLength(value, fontSize);
    else if (name === "margin-left") left = cssLength(value, fontSize);
  }
  return { top, bottom, left };
}

/** HTML's `<font size="1">` … `"7"` in px, as browsers draw them. */
const FONT_SIZES = [10, 13, 16, 18, 24, 32, 48];

/** The colour and size an HTML tag sets (`<font color size>`, or a `style` attribute). */
function tagFont(token: string, current: number): { color?: string; size?: number } {
  const out: { color?: string; size?: number } = {};
  const attr = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(token);
  const fontColor = attr("color");
  const css = attr("style");
  const style = css ? (css[1] ?? css[2] ?? css[3] ?? "") : "";
  const color =
    /(?:^|;)\s*color\s*:\s*([^;]+)/i.exec(style)?.[1] ??
    (fontColor ? (fontColor[1] ?? fontColor[2] ?? fontColor[3]) : undefined);
  if (color && /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i.test(color.trim())) {
    out.color = color.trim().toLowerCase();
  }
  const cssSize = /(?:^|;)\s*font-size\s*:\s*([\d.]+\s*(?:px|pt|em|%)?)/i.exec(style);
  if (cssSize) {
    const px = cssLength(cssSize[1] ?? "", current);
    if (px > 0 && px < 500) out.size = px;
  } else if (/^<\s*font\b/i.test(token)) {
    const size = attr("size");
    const n = Number(size ? (size[1] ?? size[2] ?? size[3]) : Number.NaN);
    if (Number.isInteger(n)) out.size = FONT_SIZES[Math.min(7, Math.max(1, n)) - 1] as number;
  }
  return out;
}

const BLOCK_TAGS = /^(div|p|li|ul|ol|h[1-6]|tr|table|blockquote|pre)$/;

/**
 * The lines of an HTML label as a browser shows them: tags become line breaks (`br`, block
 * elements) or font styles (`b`, `strong`, `i`, `em`, `u`, headings), white space collapses,
 * entities are decoded; everything else (scripts, images, links' targets) is dropped. Blocks
 * keep their margins (a heading's, a paragraph's, or a `style` attribute's), which the label's
 * box holds, first and last included, as draw.io's inline-block label does.
 */
export function htmlLines(html: string, base: Omit<Run, "text">, size = 12): LabelLines {
  const builder = new HtmlLineBuilder(base, size);
  const tokens = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, "").split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (token.startsWith("<")) builder.tag(token);
    else builder.text(token);
  }
  return builder.finish();
}

const INLINE_TAGS = /^(b|strong|i|em|u|span|font|sup|sub|a|code|s|strike)$/;

/** An HTML label's lines being built, token by token: the open blocks and fonts, the margins. */
class HtmlLineBuilder {
  readonly #base: Omit<Run, "text">;
  readonly #size: number;
  readonly #lines: Run[][] = [[]];
  readonly #gaps: number[] = [0];
  readonly #aligns: Array<LineAlign | undefined> = [undefined];
  readonly #rules: boolean[] = [false];
  readonly #indents: number[] = [0];
  /** The left margin each open block adds. */
  readonly #lefts: number[] = [];
  readonly #stack: Array<Omit<Run, "text">>;
  /** The alignment each open block sets (or inherits). */
  readonly #alignments: Array<LineAlign | undefined> = [];
  /** The bottom margin of each open block, applied when it closes. */
  readonly #bottoms: number[] = [];
  /** Collapsed margins waiting for the next line of text (or the end). */
  #margin = 0;
  #pendingSpace = false;

  constructor(base: Omit<Run, "text">, size: number) {
    this.#base = base;
    this.#size = size;
    this.#stack = [base];
  }

  /** A tag: a line break, a rule, a block opened or closed, or an inline font change. */
  tag(token: string): void {
    const match = /^<\s*(\/)?\s*([a-z0-9]+)/i.exec(token);
    if (!match) return;
    const closing = match[1] === "/";
    const tag = (match[2] ?? "").toLowerCase();
    if (tag === "br") {
      this.#newLine();
      this.#pendingSpace = false;
    } else if (tag === "hr") {
      this.#rule();
    } else if (BLOCK_TAGS.test(tag)) {
      this.#breakLine();
      this.#pendingSpace = false;
      // A block may set the font of what it holds (`<div style="font-size: 15px">`).
      if (closing) this.#closeBlock();
      else if (!token.endsWith("/>")) this.#openBlock(tag, token);
    } else if (INLINE_TAGS.test(tag)) {
      if (closing) {
        if (this.#stack.length > 1) this.#stack.pop();
      } else if (!token.endsWith("/>")) this.#stack.push(this.#opened(tag, token));
    }
  }

  /** Text between tags: decoded, white space collapsed, added to the current line. */
  text(token: string): void {
    const text = decodeHtmlEntities(token).replace(/[\t\n\r ]+/g, " ");
    if (text === "") return;
    const lines = this.#lines;
    const line = lines[lines.length - 1] as Run[];
    let piece = text;
    if (line.length === 0) piece = piece.replace(/^ /, "");
    if (line.length === 0 && piece !== "") {
      this.#gaps[lines.length - 1] = (this.#gaps[lines.length - 1] ?? 0) + this.#margin;
      this.#margin = 0;
      this.#aligns[lines.length - 1] = this.#alignments[this.#alignments.length - 1];
      this.#indents[lines.length - 1] = this.#lefts.reduce((sum, left) => sum + left, 0);
    } else if (this.#pendingSpace && !piece.startsWith(" ")) piece = ` ${piece}`;
    this.#pendingSpace = false;
    if (piece.endsWith(" ")) {
      piece = piece.slice(0, -1);
      this.#pendingSpace = true;
    }
    if (piece !== "") line.push({ ...this.#style(), text: piece });
  }

  /** The lines, without empty ones at the end, and the margins still open below the last. */
  finish(): LabelLines {
    const lines = this.#lines;
    while (
      lines.length > 1 &&
      (lines[lines.length - 1] as Run[]).length === 0 &&
      !this.#rules[lines.length - 1]
    ) {
      lines.pop();
      this.#gaps.pop();
      this.#aligns.pop();
      this.#rules.pop();
      this.#indents.pop();
    }
    // Margins still open at the end: the last blocks' bottoms.
    for (const bottom of this.#bottoms) this.#margin = Math.max(this.#margin, bottom);
    this.#gaps.push(lines.some((line) => line.length > 0) ? this.#margin : 0);
    return {
      lines,
      gaps: this.#gaps,
      aligns: this.#aligns,
      rules: this.#rules,
      indents: this.#indents,
    };
  }

  /** A rule (`<hr>`) with half an em of margin above and below, across the label. */
  #rule(): void {
    this.#breakLine();
    this.#pendingSpace = false;
    const em = (this.#style().size ?? this.#size) / 2;
    const last = this.#lines.length - 1;
    this.#gaps[last] = (this.#gaps[last] ?? 0) + Math.max(this.#margin, em);
    this.#rules[last] = true;
    this.#newLine();
    this.#margin = em;
  }

  /** A block opens: its font, its margins (top now, bottom when it closes), alignment, indent. */
  #openBlock(tag: string, token: string): void {
    const inner = this.#opened(tag, token);
    const margins = blockMargins(tag, token, inner.size ?? this.#size);
    this.#margin = Math.max(this.#margin, margins.top);
    this.#bottoms.push(margins.bottom);
    this.#stack.push(inner);
    this.#alignments.push(blockAlign(token) ?? this.#alignments[this.#alignments.length - 1]);
    this.#lefts.push(Math.max(0, margins.left));
  }

  /** A block closes: its font, alignment and indent end; its bottom margin waits. */
  #closeBlock(): void {
    if (this.#stack.length > 1) this.#stack.pop();
    this.#margin = Math.max(this.#margin, this.#bottoms.pop() ?? 0);
    this.#alignments.pop();
    this.#lefts.pop();
  }

  #newLine(): void {
    this.#lines.push([]);
    this.#gaps.push(0);
    this.#aligns.push(undefined);
    this.#rules.push(false);
    this.#indents.push(0);
  }

  /** A new line unless the current one is still empty. */
  #breakLine(): void {
    const last = this.#lines[this.#lines.length - 1];
    if (last && last.length > 0) this.#newLine();
  }

  #style(): Omit<Run, "text"> {
    return this.#stack[this.#stack.length - 1] ?? this.#base;
  }

  /** The style a tag opens: the current one with the tag's bold, italic, colour and size. */
  #opened(tag: string, token: string): Omit<Run, "text"> {
    const current = this.#style().size ?? this.#size;
    const heading = HEADINGS[tag];
    const s = {
      ...this.#style(),
      ...(heading ? { size: heading.size * current, bold: true } : {}),
      ...tagFont(token, current),
    };
    if (tag === "b" || tag === "strong" || /font-weight:\s*(bold|[6-9]00)/i.test(token))
      s.bold = true;
    if (tag === "i" || tag === "em" || /font-style:\s*italic/i.test(token)) s.italic = true;
    if (tag === "u" || /text-decoration:[^;"]*underline/i.test(token)) s.underline = true;
    return s;
  }
}

/** A plain label's lines, split at line breaks, with no space between them. */
export function plainLines(text: string, base: Omit<Run, "text">): LabelLines {
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((line): Run[] => (line === "" ? [] : [{ ...base, text: line }]));
  return { lines, gaps: new Array<number>(lines.length + 1).fill(0) };
}

/** The plain text of a label (for checks and the unknown-shape list). */
export function labelText(value: string, html: boolean): string {
  const { lines } = html
    ? htmlLines(value, { bold: false, italic: false, underline: false })
    : plainLines(value, { bold: false, italic: false, underline: false });
  return lines.map((l) => l.map((r) => r.text).join("")).join("\n");
}
