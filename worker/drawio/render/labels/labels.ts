/**
 * A cell's or edge's label drawn as draw.io places it: in or beside its box, or at its edge's
 * anchor, aligned and spaced, HTML and wrapped labels laid out as a browser lays out a block.
 */

import type { Point, Rect } from "../../model/cell.ts";
import { fontStack } from "../../text/font-families.ts";
import type { GlyphOutliner } from "../../text/glyph-outliner.ts";
import { baselineOffset } from "../../text/metrics.ts";
import { intersect, rotatedBounds } from "../bounds.ts";
import type { CellStyle } from "../cell-style.ts";
import { fontFamily } from "../css-values.ts";
import { element, fmt } from "../svg.ts";
import { clipLines, type Placement } from "./clip.ts";
import { lineSize, lineWidth, wrap } from "./line-breaks.ts";
import { htmlLines, type LabelLines, type LineAlign, plainLines } from "./lines.ts";
import { textLines } from "./text-lines.ts";

/** A label drawn: its SVG and the box its text covers (for the picture's bounds). */
export interface DrawnLabel {
  svg: string;
  bounds: Rect;
}

const LINE_HEIGHT = 1.2;

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
  /** Draws lines of scripts the rasteriser's fonts lack as outlines (PNG only). */
  outliner?: GlyphOutliner | undefined;
}

/** Where a label goes, from its cell's box or its edge's anchor, alignment and spacing. */
interface LabelPlace {
  /** The text's alignment point, spacing applied. */
  ax: number;
  ay: number;
  /** The width the label lays out in (the box less the spacing, for a label on the cell). */
  bw: number;
  /** The horizontal alignment as a fraction of the box: 0 left, 0.5 centre, 1 right. */
  mx: number;
  /** The turn the label is drawn with: the cell's, and a quarter more for a vertical label. */
  rotation: { angle: number; cx: number; cy: number } | undefined;
  /** `overflow=fill`: the label fills the cell's box, with no spacing, from its top. */
  fillBox: Rect | undefined;
  /** `overflow=hidden`: draw.io clips the label to the cell's box. */
  clipBox: Rect | undefined;
}

/** A label's lines and how they are painted, for either layout. */
interface LabelText {
  block: LabelLines;
  size: number;
  align: string;
  valign: string;
  /** `text-anchor` for the label's alignment (none for left). */
  anchorAttr: string | undefined;
  fontAttrs: Record<string, string>;
  /** `textDirection=rtl`: lines drawn as outlines are laid out right to left. */
  direction: "ltr" | "rtl";
  outliner: GlyphOutliner | undefined;
  background: string | undefined;
  border: string | undefined;
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
  // `noLabel=1` keeps the value as data without drawing it, as draw.io does.
  if (input.value.trim() === "" || size <= 0 || style.get("noLabel") === "1") return undefined;
  const fontStyle = style.num("fontStyle", 0);
  const base = {
    bold: (fontStyle & 1) !== 0,
    italic: (fontStyle & 2) !== 0,
    underline: (fontStyle & 4) !== 0,
  };
  const html = style.get("html") === "1";
  const wraps = style.get("whiteSpace") === "wrap";
  const block = html
    ? inTheme(htmlLines(input.value, base, size), style)
    : plainLines(input.value, base);
  if (block.lines.every((l) => l.length === 0)) return undefined;
  const align = style.get("align") ?? "center";
  const valign = style.get("verticalAlign") ?? "middle";
  const place = placeLabel(input, align, valign);
  const anchorAttr = align === "left" ? undefined : align === "right" ? "end" : "middle";
  const text: LabelText = {
    block,
    size,
    align,
    valign,
    anchorAttr,
    fontAttrs: {
      fill: style.color("fontColor") ?? "#000000",
      "font-family": fontStack(fontFamily(style.get("fontFamily")), input.value),
      "font-size": `${fmt(size)}px`,
      ...(anchorAttr ? { "text-anchor": anchorAttr } : {}),
    },
    direction: style.get("textDirection") === "rtl" ? "rtl" : "ltr",
    outliner: input.outliner,
    background: style.color("labelBackgroundColor"),
    border: style.color("labelBorderColor"),
  };
  const drawn =
    html || wraps
      ? drawBlock(text, place, wraps && input.box !== undefined)
      : drawPlain(text, place);
  let { bounds } = drawn;
  const { clipBox, rotation } = place;
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
      drawn.svg,
    ),
    bounds,
  };
}

/**
 * Where a label goes: in (or beside) its cell's box by `labelPosition` and
 * `verticalLabelPosition`, turned a quarter when vertical (`horizontal=0`), or at its edge's
 * anchor; then aligned and moved in by the spacing.
 */
function placeLabel(input: LabelInput, align: string, valign: string): LabelPlace {
  const { style } = input;
  const spacing = style.num("spacing", 2);
  const sTop = spacing + style.num("spacingTop", 0);
  const sBottom = spacing + style.num("spacingBottom", 0);
  const sLeft = spacing + style.num("spacingLeft", 0);
  const sRight = spacing + style.num("spacingRight", 0);
  const mx = align === "left" ? 0 : align === "right" ? 1 : 0.5;
  const my = valign === "top" ? 0 : valign === "bottom" ? 1 : 0.5;
  // A vertical label (`horizontal=0`) is laid out in its box turned a quarter, then rotated.
  const vertical = input.box !== undefined && style.get("horizontal") === "0";
  let rotation =
    input.rotation && input.rotation.angle % 360 !== 0 ? { ...input.rotation } : undefined;
  if (!input.box) {
    const a = input.anchor ?? { x: 0, y: 0 };
    const ax =
      a.x + (align === "left" ? sLeft : align === "right" ? -sRight : (sLeft - sRight) / 2);
    const ay =
      a.y +
      (valign === "top" ? sTop + 5 : valign === "bottom" ? -sBottom - 1 : (sTop - sBottom) / 2);
    return { ax, ay, bw: 0, mx, rotation, fillBox: undefined, clipBox: undefined };
  }
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
  let ax = b.x + mx * b.width;
  let ay = b.y + my * b.height;
  ax += align === "left" ? sLeft : align === "right" ? -sRight : (sLeft - sRight) / 2;
  ay += valign === "top" ? sTop + 5 : valign === "bottom" ? -sBottom - 1 : (sTop - sBottom) / 2;
  const bw = lp === "center" ? b.width - sLeft - sRight : b.width;
  const overflow = style.get("overflow");
  return {
    ax,
    ay,
    bw,
    mx,
    rotation,
    fillBox: overflow === "fill" && !vertical ? b : undefined,
    clipBox: overflow === "hidden" && !vertical ? b : undefined,
  };
}

/**
 * An HTML or wrapping label as a browser lays out its block: lines broken to the box when it
 * wraps, each 1.2 × its largest font tall below its blocks' margins, lines and rules aligned
 * in the block, baselines on whole pixels as Chromium puts them.
 */
function drawBlock(text: LabelText, place: LabelPlace, wrapped: boolean): DrawnLabel {
  const { size, align, valign, anchorAttr, background, border } = text;
  const { ax, ay, fillBox, clipBox } = place;
  const ww = place.bw + 2;
  const W = fillBox ? Math.round(fillBox.width) : wrapped ? Math.round(ww) : 1;
  const M = fillBox ? Math.round(fillBox.x) : Math.round(ax + (wrapped ? -place.mx * ww : 0));
  const P = fillBox ? Math.round(fillBox.y) : Math.round(ay);
  const blockValign = fillBox ? "top" : valign;
  const { lines, gaps, aligns, rules, indents } = wrapped ? wrap(text.block, size, W) : text.block;
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
  let svg = "";
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
  svg += textLines(lines, x, baselines, text.fontAttrs, placements, text);
  return { svg, bounds: { x: left, y: top, width: blockW, height: blockH } };
}

/** A plain label as draw.io writes one: a line per line of text, 1.2 × the font size apart. */
function drawPlain(text: LabelText, place: LabelPlace): DrawnLabel {
  const { size, valign, anchorAttr, background, border } = text;
  const { ax, ay, clipBox } = place;
  const { lines } = text.block;
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
  let svg = "";
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
  svg += textLines(lines, ax - 0.5, baselines, text.fontAttrs, placements, text);
  return { svg, bounds: { x: left, y: top, width: blockW, height: u + 2 } };
}

/** An HTML label's own colours (`<font color>`) in the style's theme, as draw.io turns them. */
function inTheme(block: LabelLines, style: CellStyle): LabelLines {
  if (!style.theme.dark) return block;
  const lines = block.lines.map((line) =>
    line.map((run) => (run.color ? { ...run, color: style.paint(run.color) } : run)),
  );
  return { ...block, lines };
}
