/**
 * Mermaid XY charts (`xychart-beta`, `xychart`) as editable draw.io: the xychart folder's front
 * door, `convertXyChart`. Bars are rectangles in a plot-area container, lines editable
 * polylines through their values, with axes, ticks, tick labels and titles around them.
 */
import type { WorkBudget } from "../../budget.ts";
import { CellIds } from "../cell-ids.ts";
import { configRecord, positiveNumber } from "../chart-parts.ts";
import { DARK_PAGE, DARK_TEXT } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { type ChartDrawing, type ChartLook, drawAxes, drawPlot, drawTitle } from "./cells.ts";
import { CHART, placeFrame } from "./frame.ts";
import type { XyChart } from "./model.ts";
import { parseXyChart } from "./parse.ts";

/** Mermaid's default plot colours, in order. */
const PALETTE = "#ECECFF,#8493A6,#FFC3A0,#DCDDE1,#B8E994,#D1A36F,#C3CDE6,#FFB6C1,#496078,#F8F3E3";

/**
 * Converts an XY chart read by `readMermaid`. `nodes` counts the bars (the values of bar
 * series), `edges` the line series; `counts` are `{ series, values, categories }` (every value
 * of every series, and the categories the x-axis lists).
 *
 * @example
 * const { nodes } = await convertXyChart(readMermaid("xychart\n  bar [1, 2, 3]"), {});
 * // nodes: 3
 */
export async function convertXyChart(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const chart = parseXyChart(source);
  const values = chart.series.reduce((n, s) => n + s.values.length, 0);
  budget?.charge(values);
  const config = configRecord(source.config.xyChart);
  if (config.chartOrientation === "horizontal" && source.headerRest.trim() === "")
    chart.horizontal = true;
  const size = {
    width: positiveNumber(config.width, 5000) ?? CHART.width,
    height: positiveNumber(config.height, 5000) ?? CHART.height,
  };
  const frame = placeFrame(chart, size);
  const dark = options.theme === "dark" || source.config.theme === "dark";
  const drawing: ChartDrawing = {
    chart,
    frame,
    look: lookOf(source, config, dark),
    ids: new CellIds(),
    cells: [],
  };
  drawTitle(drawing, config.showTitle === false ? undefined : chart.title);
  drawPlot(drawing);
  drawAxes(drawing);
  const notes = [...chart.notes, ...chartNotes(chart, frame.range)];
  if (options.direction !== undefined)
    notes.push("an XY chart keeps its own orientation; the direction was not applied");
  const document = placedDocument(
    drawing.cells,
    size.width,
    size.height,
    dark ? DARK_PAGE : undefined,
  );
  if (chart.title !== undefined)
    (document.pages[0] as { attributes: Record<string, string> }).attributes.name = chart.title;
  const bars = chart.series.filter((s) => s.kind === "bar");
  return {
    document,
    notes,
    nodes: bars.reduce((n, s) => n + s.values.length, 0),
    edges: chart.series.length - bars.length,
    counts: { series: chart.series.length, values, categories: chart.x.categories?.length ?? 0 },
    ...(chart.title === undefined ? {} : { title: chart.title }),
  };
}

function lookOf(source: MermaidSource, config: Record<string, unknown>, dark: boolean): ChartLook {
  const theme = configRecord(configRecord(source.config.themeVariables).xyChart);
  const given = typeof theme.plotColorPalette === "string" ? theme.plotColorPalette : PALETTE;
  const palette = given
    .split(",")
    .map((c) => c.trim())
    .filter((c) => /^#?[\w]+$/.test(c));
  const text =
    typeof theme.titleColor === "string" ? theme.titleColor : dark ? DARK_TEXT : "#333333";
  return {
    palette: palette.length > 0 ? palette : PALETTE.split(","),
    text,
    axis: typeof theme.xAxisLineColor === "string" ? theme.xAxisLineColor : text,
    showDataLabel: config.showDataLabel === true,
    dataLabelOutside: config.showDataLabelOutsideBar === true,
  };
}

/** What the chart holds that the drawing cannot show as written. */
function chartNotes(chart: XyChart, range: { min: number; max: number }): string[] {
  const notes: string[] = [];
  const categories = chart.x.categories?.length;
  for (const s of chart.series) {
    if (categories !== undefined && s.values.length !== categories) {
      notes.push(
        `line ${s.at.line}: this ${s.kind} has ${s.values.length} value${s.values.length === 1 ? "" : "s"} for ${categories} ${categories === 1 ? "category" : "categories"}; values are drawn slot by slot`,
      );
    }
    const lo = Math.min(range.min, range.max);
    const hi = Math.max(range.min, range.max);
    const outside = s.values.filter((v) => v < lo || v > hi);
    if (outside.length > 0) {
      notes.push(
        `line ${s.at.line}: ${outside.join(", ")} lie outside the y-axis range ${range.min} --> ${range.max} and are drawn at its edge`,
      );
    }
  }
  return notes;
}
