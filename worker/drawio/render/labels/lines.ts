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
  const lines: Run[][] = [[]];
  const gaps: number[] = [0];
  const aligns: Array<LineAlign | undefined> = [undefined];
  const rules: boolean[] = [false];
  const indents: number[] = [0];
  /** The left margin each open block adds. */
  const lefts: number[] = [];
  const stack: Array<Omit<Run, "text">> = [base];
  /** The alignment each open block sets (or inherits). */
  const alignments: Array<LineAlign | undefined> = [];
  const newLine = () => {
    lines.push([]);
    gaps.push(0);
    aligns.push(undefined);
    rules.push(false);
    indents.push(0);
  };
  /** The bottom margin of each open block, applied when it closes. */
  const bottoms: number[] = [];
  /** Collapsed margins waiting for the next line of text (or the end). */
  let margin = 0;
  const style = () => stack[stack.length - 1] ?? base;
  /** The style a tag opens: the current one with the tag's bold, italic, colour and size. */
  const opened = (tag: string, token: string): Omit<Run, "text"> => {
    const current = style().size ?? size;
    const heading = HEADINGS[tag];
    const s = {
      ...style(),
      ...(heading ? { size: heading.size * current, bold: true } : {}),
      ...tagFont(token, current),
    };
    if (tag === "b" || tag === "strong" || /font-weight:\s*(bold|[6-9]00)/i.test(token))
      s.bold = true;
    if (tag === "i" || tag === "em" || /font-style:\s*italic/i.test(token)) s.italic = true;
    if (tag === "u" || /text-decoration:[^;"]*underline/i.test(token)) s.underline = true;
    return s;
  };
  const breakLine = () => {
    const last = lines[lines.length - 1];
    if (last && last.length > 0) newLine();
  };
  let pendingSpace = false;
  const tokens = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, "").split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (token.startsWith("<")) {
      const match = /^<\s*(\/)?\s*([a-z0-9]+)/i.exec(token);
      if (!match) continue;
      const closing = match[1] === "/";
      const tag = (match[2] ?? "").toLowerCase();
      if (tag === "br") {
        newLine();
        pendingSpace = false;
      } else if (tag === "hr") {
        // A rule with half an em of margin above and below, across the label.
        breakLine();
        pendingSpace = false;
        const em = (style().size ?? size) / 2;
        gaps[lines.length - 1] = (gaps[lines.length - 1] ?? 0) + Math.max(margin, em);
        rules[lines.length - 1] = true;
        newLine();
        margin = em;
      } else if (BLOCK_TAGS.test(tag)) {
        breakLine();
        pendingSpace = false;
        // A block may set the font of what it holds (`<div style="font-size: 15px">`).
        if (closing) {
          if (stack.length > 1) stack.pop();
          margin = Math.max(margin, bottoms.pop() ?? 0);
          alignments.pop();
          lefts.pop();
        } else if (!token.endsWith("/>")) {
          const inner = opened(tag, token);
          const margins = blockMargins(tag, token, inner.size ?? size);
          margin = Math.max(margin, margins.top);
          bottoms.push(margins.bottom);
          stack.push(inner);
          alignments.push(blockAlign(token) ?? alignments[alignments.length - 1]);
          lefts.push(Math.max(0, margins.left));
        }
      } else if (/^(b|strong|i|em|u|span|font|sup|sub|a|code|s|strike)$/.test(tag)) {
        if (closing) {
          if (stack.length > 1) stack.pop();
        } else if (!token.endsWith("/>")) stack.push(opened(tag, token));
      }
      continue;
    }
    const text = decodeHtmlEntities(token).replace(/[\t\n\r ]+/g, " ");
    if (text === "") continue;
    const line = lines[lines.length - 1] as Run[];
    let piece = text;
    if (line.length === 0) piece = piece.replace(/^ /, "");
    if (line.length === 0 && piece !== "") {
      gaps[lines.length - 1] = (gaps[lines.length - 1] ?? 0) + margin;
      margin = 0;
      aligns[lines.length - 1] = alignments[alignments.length - 1];
      indents[lines.length - 1] = lefts.reduce((sum, left) => sum + left, 0);
    } else if (pendingSpace && !piece.startsWith(" ")) piece = ` ${piece}`;
    pendingSpace = false;
    if (piece.endsWith(" ")) {
      piece = piece.slice(0, -1);
      pendingSpace = true;
    }
    if (piece !== "") line.push({ ...style(), text: piece });
  }
  while (
    lines.length > 1 &&
    (lines[lines.length - 1] as Run[]).length === 0 &&
    !rules[lines.length - 1]
  ) {
    lines.pop();
    gaps.pop();
    aligns.pop();
    rules.pop();
    indents.pop();
  }
  // Margins still open at the end: the last blocks' bottoms.
  for (const bottom of bottoms) margin = Math.max(margin, bottom);
  gaps.push(lines.some((line) => line.length > 0) ? margin : 0);
  return { lines, gaps, aligns, rules, indents };
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
