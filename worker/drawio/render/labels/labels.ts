import type { Point, Rect } from "../../model/cell.ts";
import { baselineOffset, textWidth } from "../../text/metrics.ts";
import { intersect, rotatedBounds } from "../bounds.ts";
import { fontFamily } from "../css-values.ts";
import type { CellStyle } from "../style.ts";
import { element, esc, fmt } from "../svg.ts";
import { clipLines, type Placement } from "./clip.ts";
import { htmlLines, type LabelLines, type LineAlign, plainLines, type Run } from "./lines.ts";

/** A label drawn: its SVG and the box its text covers (for the picture's bounds). */
export interface DrawnLabel {
  svg: string;
  bounds: Rect;
}

const LINE_HEIGHT = 1.2;
function runWidth(run: Run, size: number): number {
  return textWidth(run.text, run.size ?? size, run.bold);
}

/** A line's font size: its largest run's, and never less than the label's (the line's strut). */
function lineSize(line: readonly Run[], size: number): number {
  return line.reduce((max, run) => Math.max(max, run.size ?? size), size);
}

function lineWidth(line: readonly Run[], size: number): number {
  return line.reduce((sum, run) => sum + runWidth(run, size), 0);
}

/**
 * Breaks lines at spaces so that none is wider than `max` (a single word wider than that stays
 * whole and overflows, as the browser's `word-wrap: normal` leaves it).
 */
function wrap(
  { lines, gaps, aligns, rules, indents }: LabelLines,
  size: number,
  max: number,
): LabelLines {
  const out: Run[][] = [];
  const outGaps: number[] = [];
  const outAligns: Array<LineAlign | undefined> = [];
  const outRules: boolean[] = [];
  const outIndents: number[] = [];
  for (const [i, line] of lines.entries()) {
    // The room above a line stays above the first of the lines it breaks into; its alignment
    // holds for all of them.
    outGaps.push(gaps[i] ?? 0);
    const piece = () => {
      outAligns.push(aligns?.[i]);
      outRules.push(rules?.[i] ?? false);
      outIndents.push(indents?.[i] ?? 0);
    };
    let current: Run[] = [];
    let width = 0;
    const words: Run[] = [];
    for (const run of line) {
      const parts = run.text.split(/(?<= )/);
      for (const part of parts) words.push({ ...run, text: part });
    }
    for (const word of words) {
      const w = runWidth(word, size);
      const trimmed = textWidth(word.text.trimEnd(), word.size ?? size, word.bold);
      if (current.length > 0 && width + trimmed > max + 0.01) {
        out.push(trimLine(current));
        piece();
        outGaps.push(0);
        current = [];
        width = 0;
      }
      current.push(word);
      width += w;
    }
    out.push(trimLine(current));
    piece();
  }
  outGaps.push(gaps[lines.length] ?? 0);
  return { lines: out, gaps: outGaps, aligns: outAligns, rules: outRules, indents: outIndents };
}

function trimLine(line: Run[]): Run[] {
  const last = line[line.length - 1];
  if (last) line[line.length - 1] = { ...last, text: last.text.trimEnd() };
  return line.filter((r) => r.text !== "");
}

/** What a label is drawn from. */
export interface LabelInput {
  value: string;
  style: CellStyle;
  /** A vertex's label box (the cell, or what its shape leaves for the label). */
  box?: Rect;
  /** An edge label's anchor point. */
  anchor?: Point;
  /** The vertex's rotation centre and angle, when it is turned. */
  rotation?: { angle: number; cx: number; cy: number };
}

/**
 * Draws a label as draw.io lays it out: the box from the cell, `labelPosition`,
 * `verticalLabelPosition`, `align`, `verticalAlign` and spacing; HTML and wrapping labels as a
 * browser breaks them in a box 2 px wider than the cell (with Helvetica's real advances), plain
 * ones line by line; `fontStyle` bits, colour, `labelBackgroundColor` and `labelBorderColor`.
 * Written as SVG `<text>` (no `foreignObject`), so any SVG viewer draws it.
 *
 * @example
 * drawLabel({ value: "Pay", style, box: { x: 0, y: 0, width: 120, height: 60 } })?.svg;
 */
export function drawLabel(input: LabelInput): DrawnLabel | undefined {
  const { style } = input;
  const size = style.num("fontSize", 12);
  if (input.value.trim() === "" || size <= 0) return undefined;
  const fontStyle = style.num("fontStyle", 0);
  const base = {
    bold: (fontStyle & 1) !== 0,
    italic: (fontStyle & 2) !== 0,
    underline: (fontStyle & 4) !== 0,
  };
  const html = style.get("html") === "1";
  const wraps = style.get("whiteSpace") === "wrap";
  let block = html ? htmlLines(input.value, base, size) : plainLines(input.value, base);
  if (block.lines.every((l) => l.length === 0)) return undefined;
  const align = style.get("align") ?? "center";
  const valign = style.get("verticalAlign") ?? "middle";
  const spacing = style.num("spacing", 2);
  const sTop = spacing + style.num("spacingTop", 0);
  const sBottom = spacing + style.num("spacingBottom", 0);
  const sLeft = spacing + style.num("spacingLeft", 0);
  const sRight = spacing + style.num("spacingRight", 0);
  const mx = align === "left" ? 0 : align === "right" ? 1 : 0.5;
  const my = valign === "top" ? 0 : valign === "bottom" ? 1 : 0.5;

  let ax: number;
  let ay: number;
  let bw = 0;
  // A vertical label (`horizontal=0`) is laid out in its box turned a quarter, then rotated.
  const vertical = input.box !== undefined && style.get("horizontal") === "0";
  let rotation =
    input.rotation && input.rotation.angle % 360 !== 0 ? { ...input.rotation } : undefined;
  /** `overflow=fill`: the label fills the cell's box, with no spacing, from its top. */
  let fillBox: Rect | undefined;
  /** `overflow=hidden`: draw.io clips the label to the cell's box. */
  let clipBox: Rect | undefined;
  if (input.box) {
    const b = { ...input.box };
    if (vertical) {
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      [b.width, b.height] = [b.height, b.width];
      b.x = cx - b.width / 2;
      b.y = cy - b.height / 2;
      rotation = { angle: (rotation?.angle ?? 0) - 90, cx, cy };
    }
    const lp = style.get("labelPosition") ?? "center";
    const vlp = style.get("verticalLabelPosition") ?? "middle";
    if (lp === "left") b.x -= b.width;
    else if (lp === "right") b.x += b.width;
    if (vlp === "top") b.y -= b.height;
    else if (vlp === "bottom") b.y += b.height;
    ax = b.x + mx * b.width;
    ay = b.y + my * b.height;
    ax += align === "left" ? sLeft : align === "right" ? -sRight : (sLeft - sRight) / 2;
    ay += valign === "top" ? sTop + 5 : valign === "bottom" ? -sBottom - 1 : (sTop - sBottom) / 2;
    bw = lp === "center" ? b.width - sLeft - sRight : b.width;
    if (style.get("overflow") === "fill" && !vertical) fillBox = b;
    if (style.get("overflow") === "hidden" && !vertical) clipBox = b;
  } else {
    const a = input.anchor ?? { x: 0, y: 0 };
    ax = a.x + (align === "left" ? sLeft : align === "right" ? -sRight : (sLeft - sRight) / 2);
    ay =
      a.y +
      (valign === "top" ? sTop + 5 : valign === "bottom" ? -sBottom - 1 : (sTop - sBottom) / 2);
  }

  const color = style.color("fontColor") ?? "#000000";
  const background = style.color("labelBackgroundColor");
  const border = style.color("labelBorderColor");
  const anchorAttr = align === "left" ? undefined : align === "right" ? "end" : "middle";
  const fontAttrs = {
    fill: color,
    "font-family": fontFamily(style.get("fontFamily")),
    "font-size": `${fmt(size)}px`,
    ...(anchorAttr ? { "text-anchor": anchorAttr } : {}),
  };

  let svg = "";
  let bounds: Rect;
  if (html || wraps) {
    const ww = bw + 2;
    const wrapped = wraps && input.box !== undefined;
    const W = fillBox ? Math.round(fillBox.width) : wrapped ? Math.round(ww) : 1;
    const M = fillBox ? Math.round(fillBox.x) : Math.round(ax + (wrapped ? -mx * ww : 0));
    const P = fillBox ? Math.round(fillBox.y) : Math.round(ay);
    const blockValign = fillBox ? "top" : valign;
    if (wrapped) block = wrap(block, size, W);
    const { lines, gaps, aligns, rules, indents } = block;
    const widths = lines.map((l) => lineWidth(l, size));
    const blockW = Math.max(...widths);
    // Each line is 1.2 × its largest font size tall, its baseline set by that size, below the
    // margins of the blocks it opens.
    const sizes = lines.map((l) => lineSize(l, size));
    const tops: number[] = [];
    let blockH = 0;
    for (const [i, s] of sizes.entries()) {
      blockH += gaps[i] ?? 0;
      tops.push(blockH);
      // A rule is its 2 px of border (`<hr>`'s inset border), not a line of text.
      blockH += rules?.[i] ? 2 : s * LINE_HEIGHT;
    }
    blockH += gaps[lines.length] ?? 0;
    const blockLeft =
      align === "left" ? M : align === "right" ? M + W - blockW : M + (W - blockW) / 2;
    const blockTop =
      blockValign === "top" ? P : blockValign === "bottom" ? P + 1 - blockH : P + 0.5 - blockH / 2;
    const left = blockLeft - 0.5;
    const top = blockTop - 0.5;
    if (background || border) {
      svg += element("rect", {
        x: left,
        y: top,
        width: blockW,
        height: blockH,
        fill: background ?? "none",
        stroke: border ?? "none",
      });
    }
    const x = align === "left" ? left : align === "right" ? left + blockW : left + blockW / 2;
    // What a block's own alignment and a rule span: the wrapping width, the cell's width for
    // `overflow=fill`, else the widest line.
    const container = wrapped || fillBox ? { x: M - 0.5, width: W } : { x: left, width: blockW };
    const placements = lines.map((_, i) => {
      const indent = indents?.[i] ?? 0;
      const own = aligns?.[i] ?? (indent > 0 ? (align as LineAlign) : undefined);
      if (!own) return undefined;
      const at = own === "left" ? 0 : own === "right" ? 1 : 0.5;
      const anchor = own === "left" ? "start" : own === "right" ? "end" : "middle";
      return { x: container.x + indent + at * (container.width - indent), anchor };
    });
    for (const [i, rule] of (rules ?? []).entries()) {
      if (!rule) continue;
      const y = top + (tops[i] ?? 0) + 0.5;
      const across = (shade: string, dy: number) =>
        element("path", {
          d: `M ${fmt(container.x)} ${fmt(y + dy)} L ${fmt(container.x + container.width)} ${fmt(y + dy)}`,
          fill: "none",
          stroke: shade,
        });
      svg += across("#9a9a9a", 0) + across("#eeeeee", 1);
    }
    // Chromium puts an HTML line's baseline on a whole pixel (below the fraction), and draw.io
    // shifts its labels up half a pixel; a side-by-side pixel comparison agrees with this.
    const size0 = sizes[0] ?? size;
    const top0 = tops[0] ?? 0;
    const first = Math.floor(blockTop + top0 + baselineOffset(size0)) - 0.5;
    const baselines = sizes.map(
      (s, i) => first + (tops[i] ?? 0) - top0 + baselineOffset(s) - baselineOffset(size0),
    );
    if (clipBox) {
      const at = (i: number) => placements[i] ?? { x, anchor: anchorAttr ?? "start" };
      clipLines({ lines, widths, baselines, sizes, at, placements }, clipBox, size);
    }
    svg += textLines(lines, x, baselines, fontAttrs, placements);
    bounds = { x: left, y: top, width: blockW, height: blockH };
  } else {
    const { lines } = block;
    const lh = Math.round(size * LINE_HEIGHT);
    const u = size + (lines.length - 1) * lh;
    let y0 = ay + size - 1;
    if (valign === "middle") y0 -= u / 2;
    else if (valign === "bottom") y0 -= u + 1;
    const widths = lines.map((l) => lineWidth(l, size));
    const blockW = Math.max(...widths);
    const left =
      ax - 0.5 - (anchorAttr === "middle" ? blockW / 2 : anchorAttr === "end" ? blockW : 0);
    const top = y0 - size - 0.5;
    if (background || border) {
      svg += element("rect", {
        x: Math.floor(left - 1),
        y: Math.floor(top + 1),
        width: Math.ceil(blockW + 2),
        height: Math.ceil(u + 2),
        fill: background ?? "none",
        stroke: border ?? "none",
      });
    }
    const baselines = lines.map((_, i) => y0 - 0.5 + i * lh);
    const placements: Array<Placement | undefined> = [];
    if (clipBox) {
      const at = () => ({ x: ax - 0.5, anchor: anchorAttr ?? "start" });
      const sizes = lines.map(() => size);
      clipLines({ lines, widths, baselines, sizes, at, placements }, clipBox, size);
    }
    svg += textLines(lines, ax - 0.5, baselines, fontAttrs, placements);
    bounds = { x: left, y: top, width: blockW, height: u + 2 };
  }
  // A clipped label reaches no further than its box.
  if (clipBox) bounds = intersect(bounds, clipBox);
  if (rotation) bounds = rotatedBounds(bounds, rotation);
  const opacity = style.num("textOpacity", 100);
  return {
    svg: element(
      "g",
      {
        ...(rotation
          ? { transform: `rotate(${fmt(rotation.angle)},${fmt(rotation.cx)},${fmt(rotation.cy)})` }
          : {}),
        ...(opacity < 100 ? { opacity: fmt(opacity / 100) } : {}),
      },
      svg,
    ),
    bounds,
  };
}

function textLines(
  lines: Run[][],
  x: number,
  baselines: readonly number[],
  font: Record<string, string>,
  placements: ReadonlyArray<{ x: number; anchor: string } | undefined> = [],
): string {
  let out = "";
  lines.forEach((line, i) => {
    if (line.length === 0) return;
    const first = line[0] as Run;
    const same = line.every(
      (r) =>
        r.bold === first.bold &&
        r.italic === first.italic &&
        r.underline === first.underline &&
        r.color === first.color &&
        r.size === first.size,
    );
    const own = placements[i];
    const lineAttrs = {
      x: own?.x ?? x,
      y: baselines[i] ?? 0,
      ...font,
      ...(own ? { "text-anchor": own.anchor } : {}),
      ...(same ? styleAttrs(first) : {}),
    };
    const content = same
      ? esc(line.map((r) => r.text).join(""))
      : line.map((r) => element("tspan", styleAttrs(r), esc(r.text))).join("");
    out += element("text", lineAttrs, content);
  });
  return out;
}

function styleAttrs(run: Run): Record<string, string> {
  return {
    ...(run.color ? { fill: run.color } : {}),
    ...(run.size !== undefined ? { "font-size": `${fmt(run.size)}px` } : {}),
    ...(run.bold ? { "font-weight": "bold" } : {}),
    ...(run.italic ? { "font-style": "italic" } : {}),
    ...(run.underline ? { "text-decoration": "underline" } : {}),
  };
}
