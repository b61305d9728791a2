/**
 * Where everything of a gantt chart goes: the title, a band per section with its label in a
 * column on the left, a row per task with its bar from its start to its end on one time
 * scale, milestones as diamonds, excluded days shaded, ticks with their dates below, and
 * `vert` markers across the rows.
 */
import type { Rect } from "../../model/cell.ts";
import { measureText, wrapText } from "../../text/estimate.ts";
import {
  autoInterval,
  formatTime,
  type Interval,
  readInterval,
  tickEstimate,
  ticks,
} from "./axis.ts";
import { DAY } from "./dates.ts";
import { type PlacedVert, placeVerts, shades } from "./markers.ts";
import type { GanttChart } from "./model.ts";
import type { Exclusions, Timed } from "./schedule.ts";

/** Sizes read from the chart's `gantt` config. */
export interface GanttSizes {
  barHeight: number;
  barGap: number;
  sectionStyles: number;
}

/** A section's band (or the band of tasks before any section). */
export interface PlacedBand {
  name?: string;
  rect: Rect;
  label?: Rect;
  style: number;
}

/** A task's bar or milestone, and where its name goes. */
export interface PlacedBar {
  timed: Timed;
  rect: Rect;
  label: "inside" | "right" | "left";
}

/** A tick of the axis: its line's x and its label, when there is room for one. */
export interface PlacedTick {
  x: number;
  text?: string;
  label?: Rect;
}

/** The placed chart. */
export interface PlacedGantt {
  width: number;
  height: number;
  title?: { text: string; rect: Rect };
  plot: { left: number; right: number; top: number; bottom: number };
  bands: PlacedBand[];
  bars: PlacedBar[];
  ticks: PlacedTick[];
  verts: PlacedVert[];
  excluded: Rect[];
}

const MARGIN = 20;
const LABEL_WRAP = 180;
const TICK_GAP = 14;
const MAX_PLOT = 3000;

/** Everything the placement reads besides the tasks. */
export interface PlaceInput {
  chart: GanttChart;
  timed: Timed[];
  exclusions: Exclusions;
  sizes: GanttSizes;
  notes: string[];
}

/**
 * Places the chart.
 *
 * @example
 * const placed = placeGantt({ chart, timed, exclusions, sizes, notes });
 */
export function placeGantt(input: PlaceInput): PlacedGantt {
  const { chart, timed, sizes } = input;
  const row = sizes.barHeight + sizes.barGap;
  const from = Math.min(...timed.map((t) => t.start));
  const to = Math.max(...timed.map((t) => Math.max(t.end, t.start)));
  const top = MARGIN + (chart.title === undefined ? 0 : 40);
  const labelWidth = sectionColumn(chart);
  const left = MARGIN + labelWidth;
  const axis = axisOf(input, from, to);
  const scale = (ms: number) => left + (to === from ? 0 : ((ms - from) / (to - from)) * axis.width);
  const { bands, tops } = placeRows(input, left + axis.width, top, row);
  const bottom = bands.length === 0 ? top : Math.max(...bands.map((b) => b.rect.y + b.rect.height));
  const bars = placeBars(input, tops, scale, { left, right: left + axis.width });
  const tickY = bottom + 6;
  // Ticks counted within a month (every 2nd day: …, 29, 31, 1, 3) can stand a day apart: a label
  // that would run into the one before it is left out, its tick line kept.
  let labelledTo = Number.NEGATIVE_INFINITY;
  const placedTicks = axis.ticks.map((t, i): PlacedTick => {
    const x = scale(t);
    const text = i % axis.labelEvery === 0 ? formatTime(t, axis.format) : undefined;
    if (text === undefined) return { x };
    const w = measureText(text, 400).width + 6;
    if (x - w / 2 < labelledTo + 2) return { x };
    labelledTo = x + w / 2;
    return { x, text, label: { x: x - w / 2, y: tickY, width: w, height: 18 } };
  });
  const verts = placeVerts(timed, scale, tickY + 24);
  const right = Math.max(
    left + axis.width,
    ...bars.map((b) => b.rect.x + b.rect.width + (b.label === "right" ? labelWidthOf(b) + 8 : 0)),
    ...placedTicks.map((t) => (t.label ? t.label.x + t.label.width : 0)),
    ...verts.map((v) => v.label.x + v.label.width),
  );
  const lowest = Math.max(tickY + 18, ...verts.map((v) => v.label.y + v.label.height));
  return {
    width: right + MARGIN,
    height: lowest + MARGIN,
    ...(chart.title === undefined
      ? {}
      : {
          title: {
            text: chart.title,
            rect: { x: MARGIN, y: MARGIN, width: right - MARGIN, height: 30 },
          },
        }),
    plot: { left, right: left + axis.width, top, bottom },
    bands: bands.map((b) => ({ ...b, rect: { ...b.rect, width: right - MARGIN } })),
    bars,
    ticks: placedTicks,
    verts,
    excluded: shades(input.exclusions, input.notes, { from, to, top, bottom }, scale),
  };
}

function sectionColumn(chart: GanttChart): number {
  if (chart.sections.length === 0) return 0;
  const widest = Math.max(...chart.sections.map((s) => measureText(s.name, LABEL_WRAP).width));
  return widest + 24;
}

/** The label width of a bar's name, in the 11 px font bars use. */
export function labelWidthOf(bar: PlacedBar): number {
  return measureText(bar.timed.task.name, 2000).width * (11 / 12) + 6;
}

interface Axis {
  width: number;
  ticks: number[];
  format: string;
  labelEvery: number;
}

function axisOf(input: PlaceInput, from: number, to: number): Axis {
  const { chart, notes } = input;
  const format = chart.axisFormat ?? "%Y-%m-%d";
  const spanDays = (to - from) / DAY;
  let width = spanDays >= 1 ? Math.min(1100, Math.max(560, spanDays * 26)) : 700;
  const sample = measureText(formatTime(to, format), 400).width + TICK_GAP;
  let interval: Interval | undefined;
  if (chart.tickInterval) {
    interval = readInterval(chart.tickInterval.text);
    if (!interval)
      notes.push(
        `tickInterval ${chart.tickInterval.text}: not an interval such as 1day or 2week; the ticks are chosen automatically`,
      );
  }
  if (interval && tickEstimate(from, to, interval) > 1000) {
    notes.push(
      `tickInterval ${chart.tickInterval?.text}: over 1,000 ticks; the ticks are chosen automatically`,
    );
    interval = undefined;
  }
  const chosen = interval ?? autoInterval(from, to);
  const placed = ticks(from, to, chosen, chart.weekStart, 1001);
  let labelEvery = 1;
  if (placed.length * sample > width) {
    width = Math.min(MAX_PLOT, placed.length * sample);
    labelEvery = Math.ceil((placed.length * sample) / width);
    if (labelEvery > 1)
      notes.push(
        `tickInterval ${chart.tickInterval?.text}: every ${labelEvery}th tick is labelled so the dates do not overlap`,
      );
  }
  return { width, ticks: placed, format, labelEvery };
}

interface Rows {
  bands: PlacedBand[];
  /** The top of each task's row, by task. */
  tops: Map<Timed, number>;
}

function placeRows(input: PlaceInput, right: number, top: number, row: number): Rows {
  const { chart, timed, sizes } = input;
  const bands: PlacedBand[] = [];
  const tops = new Map<Timed, number>();
  const rows = timed.filter((t) => !t.task.tags.vert);
  let y = top;
  let index = 0;
  while (index < rows.length) {
    const section = (rows[index] as Timed).task.section;
    const first = y;
    while (index < rows.length && (rows[index] as Timed).task.section === section) {
      tops.set(rows[index] as Timed, y);
      y += row;
      index++;
    }
    const name = chart.sections[section]?.name;
    const lines = name === undefined ? 0 : wrapText(name, LABEL_WRAP).length;
    const height = Math.max(y - first, lines * 15 + 8);
    y = first + height;
    const label =
      name === undefined
        ? undefined
        : { x: MARGIN + 4, y: first + 2, width: sectionColumn(chart) - 8, height: height - 4 };
    bands.push({
      ...(name === undefined ? {} : { name }),
      rect: { x: MARGIN, y: first, width: right - MARGIN, height },
      ...(label === undefined ? {} : { label }),
      style: Math.max(section, 0) % sizes.sectionStyles,
    });
  }
  return { bands, tops };
}

function placeBars(
  input: PlaceInput,
  tops: Map<Timed, number>,
  scale: (ms: number) => number,
  plot: { left: number; right: number },
): PlacedBar[] {
  const h = input.sizes.barHeight;
  const bars: PlacedBar[] = [];
  for (const [t, top] of tops) {
    const y = top + input.sizes.barGap / 2;
    if (t.task.tags.milestone) {
      const x = scale(t.start + (t.end - t.start) / 2) - h / 2;
      bars.push({ timed: t, rect: { x, y, width: h, height: h }, label: "right" });
      continue;
    }
    const x = scale(t.start);
    const width = Math.max(scale(t.drawnEnd) - x, 2);
    const bar: PlacedBar = { timed: t, rect: { x, y, width, height: h }, label: "inside" };
    const text = labelWidthOf(bar);
    if (text + 6 > width) {
      const pastRight = x + width + text + 8 > plot.right + 160;
      bar.label = pastRight && x - text - 8 >= plot.left ? "left" : "right";
    }
    bars.push(bar);
  }
  return bars;
}
