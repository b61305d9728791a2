/**
 * Where everything of an XY chart goes: the plot area, the slots the categories (or data points)
 * take along one axis, the value scale along the other, and the bands the tick labels and axis
 * titles fill around the plot. Vertical charts put categories along the bottom; horizontal ones
 * along the left.
 */
import type { Point, Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { Range, XyChart } from "./model.ts";
import { tickLabel, ticks, valueRange } from "./scale.ts";

/** Mermaid's chart size and paddings (px). */
export const CHART = { width: 700, height: 500, margin: 10, title: 40, axisTitle: 26, tick: 5 };
/** The height of the legend row under the title, when series have names (px). */
export const LEGEND = 22;
/** Tick labels are 14 px in Mermaid; our estimate measures 12 px text. */
const LABEL_SCALE = 14 / 12;

/** One tick of an axis: where along the axis (px from its start) and its label. */
export interface Tick {
  at: number;
  label: string;
}

/** The placed chart. */
export interface Frame {
  /** The plot area, in page coordinates. */
  plot: Rect;
  /** How many slots the category axis holds, and how wide each is (px). */
  slots: number;
  band: number;
  range: Range;
  categoryTicks: Tick[];
  valueTicks: Tick[];
  /** Category labels turned to read upwards (they do not fit their slots side by side). */
  turned: boolean;
  /** The band the category labels fill and the one the value labels fill (page coordinates). */
  categoryBand: Rect;
  valueBand: Rect;
  /** Where the category axis title and the value axis title go, and the chart title. */
  categoryTitle: Rect;
  valueTitle: Rect;
  title: Rect;
}

/**
 * Places a chart at the origin within `size` (Mermaid's 700 × 500 unless configured).
 *
 * @example
 * placeFrame(chart, { width: 700, height: 500 }).plot;
 */
export function placeFrame(chart: XyChart, size: { width: number; height: number }): Frame {
  const slots = Math.max(
    1,
    chart.x.categories?.length ?? 0,
    ...chart.series.map((s) => s.values.length),
  );
  const values = chart.series.flatMap((s) => s.values);
  const range = valueRange(
    chart.y.range,
    values.length > 0 ? values : [0, 1],
    chart.series.some((s) => s.kind === "bar"),
  );
  const names = slotNames(chart, slots);
  const nameWidth = Math.max(0, ...names.map((n) => measureText(n, 1000).width * LABEL_SCALE));
  const titleH = chart.title === undefined ? 0 : CHART.title;
  const catTitle = chart.x.title === undefined ? 0 : CHART.axisTitle;
  const valTitle = chart.y.title === undefined ? 0 : CHART.axisTitle;
  const m = CHART.margin;
  // The top value label stands half its height above the plot.
  const legendH = chart.series.some((s) => s.name !== undefined) ? LEGEND : 0;
  const top = m + titleH + legendH + 10;
  const valueLabels = (v: number) => measureText(tickLabel(v), 1000).width * LABEL_SCALE;
  const widest = Math.max(valueLabels(range.min), valueLabels(range.max), 16);
  if (!chart.horizontal) {
    const left = m + valTitle + widest + 10 + CHART.tick;
    const width = Math.max(60, size.width - left - m);
    const band = width / slots;
    const turned = nameWidth > band - 4;
    const labelsH = (turned ? Math.min(nameWidth, 160) : 17) + 8;
    const height = Math.max(60, size.height - top - CHART.tick - labelsH - catTitle - m);
    const plot = { x: left, y: top, width, height };
    const under = plot.y + height + CHART.tick;
    return {
      plot,
      slots,
      band,
      range,
      turned,
      categoryTicks: names.map((label, i) => ({ at: (i + 0.5) * band, label })),
      valueTicks: valueTicks(range, height, 30),
      categoryBand: { x: left, y: under, width, height: labelsH },
      valueBand: { x: m + valTitle, y: top, width: widest + 6, height },
      categoryTitle: { x: left, y: under + labelsH, width, height: catTitle },
      valueTitle: { x: m, y: top, width: valTitle, height },
      title: { x: m, y: m, width: left + width - m, height: titleH },
    };
  }
  const labelsW = Math.min(nameWidth, 200) + 10;
  const left = m + catTitle + labelsW + CHART.tick;
  const width = Math.max(60, size.width - left - m - widest / 2);
  const height = Math.max(60, size.height - top - CHART.tick - 25 - valTitle - m);
  const plot = { x: left, y: top, width, height };
  const band = height / slots;
  const under = plot.y + height + CHART.tick;
  return {
    plot,
    slots,
    band,
    range,
    turned: false,
    categoryTicks: names.map((label, i) => ({ at: (i + 0.5) * band, label })),
    valueTicks: valueTicks(range, width, widest + 30),
    categoryBand: { x: m + catTitle, y: top, width: labelsW, height },
    valueBand: { x: left, y: under, width, height: 25 },
    categoryTitle: { x: m, y: top, width: catTitle, height },
    valueTitle: { x: left, y: under + 25, width, height: valTitle },
    title: { x: m, y: m, width: left + width - m, height: titleH },
  };
}

/** What each slot is called: its category, or the x value a numeric axis gives it. */
function slotNames(chart: XyChart, slots: number): string[] {
  const { categories, range } = chart.x;
  return Array.from({ length: slots }, (_, i) => {
    if (categories) return categories[i] ?? "";
    if (range) {
      const step = slots > 1 ? (range.max - range.min) / (slots - 1) : 0;
      return tickLabel(range.min + i * step);
    }
    return String(i + 1);
  });
}

function valueTicks(range: Range, length: number, spacing: number): Tick[] {
  const most = Math.max(2, Math.floor(length / spacing) + 1);
  return ticks(range, most).map((v) => ({ at: valueAt(range, length, v), label: tickLabel(v) }));
}

/**
 * How far along the value axis (px from its start) a value sits, clamped to the axis.
 *
 * @example
 * valueAt({ min: 0, max: 10 }, 200, 5); // 100
 */
export function valueAt(range: Range, length: number, value: number): number {
  const t = (value - range.min) / (range.max - range.min);
  return Math.max(0, Math.min(1, t)) * length;
}

/**
 * A point of the plot (relative to it) from a position along the category axis and one along
 * the value axis.
 *
 * @example
 * plotPoint(frame, 35, 120); // vertical: 35 from the left, 120 up from the bottom
 */
export function plotPoint(frame: Frame, along: number, up: number, horizontal: boolean): Point {
  return horizontal ? { x: up, y: along } : { x: along, y: frame.plot.height - up };
}

/** A rectangle of the plot (relative to it) spanning `[a0, a1]` along the categories and `[v0, v1]` along the values. */
export function plotRect(
  frame: Frame,
  a0: number,
  a1: number,
  v0: number,
  v1: number,
  horizontal: boolean,
): Rect {
  const lo = Math.min(v0, v1);
  const hi = Math.max(v0, v1);
  return horizontal
    ? { x: lo, y: a0, width: hi - lo, height: a1 - a0 }
    : { x: a0, y: frame.plot.height - hi, width: a1 - a0, height: hi - lo };
}
