/**
 * Small parts several placed Mermaid charts draw alike: the title text cell, a legend row (a
 * swatch and its label), the test that keeps placed labels apart, and the numbers and records
 * read from `source.config`.
 */

import { htmlLabel } from "../layout/to-cells.ts";
import type { Rect } from "../model/cell.ts";
import { measureText } from "../text/estimate.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { vertexCell } from "./cell-edits.ts";
import { PLACED_LAYER } from "./placed-page.ts";

/** How a chart's title is written: its colour, size (px), weight, alignment and wrapping. */
export interface TitleLook {
  colour: string;
  /** Font size in px; 18 unless told. */
  size?: number;
  bold?: boolean;
  align?: "left" | "center";
  /** Wrap the title inside its box (for boxes as wide as the chart rather than the text). */
  wrap?: boolean;
}

/**
 * The draw.io style of a chart's title text.
 *
 * @example
 * titleStyle({ colour: "#333333", size: 20 });
 */
export function titleStyle(look: TitleLook): string {
  return (
    `text;html=1;${look.wrap ? "whiteSpace=wrap;" : ""}strokeColor=none;fillColor=none;` +
    `align=${look.align ?? "center"};verticalAlign=middle;fontSize=${look.size ?? 18};` +
    `${look.bold ? "fontStyle=1;" : ""}fontColor=${look.colour};`
  );
}

/**
 * The chart's title as a text cell at `rect` on the placed layer (the chart keeps the room).
 *
 * @example
 * titleCell("title", "Pets adopted", { x: 20, y: 20, width: 300, height: 30 }, { colour: "#333333", bold: true });
 */
export function titleCell(id: string, title: string, rect: Rect, look: TitleLook): XmlElement {
  return vertexCell(id, htmlLabel(title), titleStyle(look), PLACED_LAYER, rect);
}

/** One legend row: the ids of its two cells, its label, and the swatch's colours (style keys). */
export interface LegendEntry {
  keyId: string;
  labelId: string;
  label: string;
  swatch: string;
}

/** The sizes of a legend row: the swatch's side and the label's font size (px), and its colour. */
export interface LegendLook {
  box: number;
  fontSize: number;
  colour: string;
}

/** Where a legend row's swatch and label go, the label's style, and the row's width. */
export interface LegendRowPlace {
  swatch: Rect;
  label: Rect;
  labelStyle: string;
  width: number;
}

/**
 * Places a legend row with its top left at `(x, y)`: a square swatch, then the label
 * left-aligned right of it, on a row `box + 6` px high. For charts that move their cells after
 * placing them; the others take {@link legendRow}.
 *
 * @example
 * legendRowPlace("Dogs", 300, 40, { box: 18, fontSize: 14, colour: "#333333" }).label.x; // 322
 */
export function legendRowPlace(
  label: string,
  x: number,
  y: number,
  look: LegendLook,
): LegendRowPlace {
  const height = look.box + 6;
  const textX = x + look.box + 4;
  const textWidth = Math.ceil(measureText(label, 10_000).width * (look.fontSize / 12)) + 8;
  return {
    swatch: { x, y: y + 3, width: look.box, height: look.box },
    label: { x: textX, y, width: textWidth, height },
    labelStyle: `text;html=1;strokeColor=none;fillColor=none;align=left;verticalAlign=middle;fontSize=${look.fontSize};fontColor=${look.colour};`,
    width: textX + textWidth - x,
  };
}

/**
 * A legend row's two cells (see {@link legendRowPlace}) and its width.
 *
 * @example
 * legendRow({ keyId: "key-1", labelId: "legend-1", label: "Dogs", swatch: "fillColor=#ececff;" }, 300, 40, { box: 12, fontSize: 12, colour: "#333333" });
 */
export function legendRow(
  entry: LegendEntry,
  x: number,
  y: number,
  look: LegendLook,
): { cells: XmlElement[]; width: number } {
  const place = legendRowPlace(entry.label, x, y, look);
  const cells = [
    vertexCell(entry.keyId, "", `rounded=0;html=1;${entry.swatch}`, PLACED_LAYER, place.swatch),
    vertexCell(entry.labelId, htmlLabel(entry.label), place.labelStyle, PLACED_LAYER, place.label),
  ];
  return { cells, width: place.width };
}

/**
 * A settings object read from `source.config` (e.g. `config.sankey`): the value when it is an
 * object, else an empty one.
 *
 * @example
 * configRecord(source.config.sankey).showValues;
 */
export function configRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * A number from the config (a number, or a string that is one) when it lies in `[low, high]`;
 * undefined otherwise, for the caller's default.
 *
 * @example
 * configNumber(config.sectionWidth, 100, 1000) ?? 200;
 */
export function configNumber(value: unknown, low: number, high: number): number | undefined {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(n) && n >= low && n <= high ? n : undefined;
}

/**
 * A positive number from the config, at most `max`; undefined otherwise.
 *
 * @example
 * positiveNumber(config.width, 5000) ?? 600;
 */
export function positiveNumber(value: unknown, max: number): number | undefined {
  const n = configNumber(value, 0, max);
  return n === undefined || n === 0 ? undefined : n;
}

/**
 * Whether two boxes overlap or come closer than `gap` px, as labels placed beside each other
 * must not.
 *
 * @example
 * rectsTouch({ x: 0, y: 0, width: 10, height: 10 }, { x: 11, y: 0, width: 10, height: 10 }); // true
 */
export function rectsTouch(a: Rect, b: Rect, gap = 2): boolean {
  return (
    a.x < b.x + b.width + gap &&
    b.x < a.x + a.width + gap &&
    a.y < b.y + b.height + gap &&
    b.y < a.y + a.height + gap
  );
}
