/**
 * Mermaid Gantt charts (`gantt`) as editable draw.io: the gantt folder's front door,
 * `convertGantt`. Dates are reckoned in UTC and the chart is placed on its own time axis.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import { configNumber, configRecord, titleCell } from "../chart-parts.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { ganttCells } from "./cells.ts";
import type { GanttChart } from "./model.ts";
import { parseGantt } from "./parse.ts";
import { type GanttSizes, placeGantt } from "./place.ts";
import { MAX_SPAN, scheduleTasks, type Timed } from "./schedule.ts";

/**
 * Converts a gantt chart: a band per section (its name in a column on the left, Mermaid's
 * alternating colours), a bar per task from its start to its end on one time scale (`after`,
 * `until`, lengths, end dates, excluded days skipped as Mermaid skips them), milestones as
 * diamonds, `done`/`active`/`crit` in Mermaid's colours, excluded days shaded, `vert` markers
 * as lines across the rows, the dates of the ticks (`axisFormat`, `tickInterval`) below and
 * the title above. `click` lines, the today marker and `topAxis` are noted, not drawn.
 *
 * Counted: `nodes` are the tasks and milestones (`vert` markers are not counted); `edges` are
 * 0 (`after` is a date, not an arrow); `counts` holds `tasks` (bars), `milestones` and
 * `sections`.
 *
 * @example
 * const { document } = await convertGantt(readMermaid("gantt\n  Design : 2014-01-06, 3d"), {});
 */
export async function convertGantt(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const chart = parseGantt(source);
  configAxis(chart, source.config);
  const notes = [...chart.notes];
  const { timed, exclusions } = scheduleTasks(chart, notes);
  const sizes = sizesOf(source.config, notes);
  if (options.direction !== undefined)
    notes.push("a gantt chart always runs left to right in time; the direction was not applied");
  if (options.theme !== undefined && options.theme !== "default") {
    notes.push(
      "the gantt chart is drawn in Mermaid's own gantt colours; the theme was not applied",
    );
  }
  const tasks = timed.filter((t) => !t.task.tags.milestone && !t.task.tags.vert).length;
  const milestones = timed.filter((t) => t.task.tags.milestone && !t.task.tags.vert).length;
  const counts = { tasks, milestones, sections: chart.sections.length };
  const title = chart.title;
  if (timed.length === 0) {
    notes.push("the gantt chart has no tasks");
    return {
      document: placedDocument(
        title === undefined ? [] : [titleCell("title", title, GANTT_TITLE, { colour: "#333333" })],
        360,
        70,
      ),
      notes,
      nodes: 0,
      edges: 0,
      counts,
      ...(title === undefined ? {} : { title }),
    };
  }
  checkChartSpan(source, timed);
  const placed = placeGantt({ chart, timed, exclusions, sizes, notes });
  return {
    document: placedDocument(ganttCells(placed), placed.width, placed.height),
    notes,
    nodes: tasks + milestones,
    edges: 0,
    counts,
    ...(title === undefined ? {} : { title }),
  };
}

/** The config's `axisFormat` and `tickInterval`, where the chart's own statements give none. */
function configAxis(chart: GanttChart, config: Record<string, unknown>): void {
  const { axisFormat, tickInterval } = configRecord(config.gantt);
  if (chart.axisFormat === undefined && typeof axisFormat === "string")
    chart.axisFormat = axisFormat;
  if (chart.tickInterval === undefined && typeof tickInterval === "string") {
    chart.tickInterval = { text: tickInterval };
  }
}

function sizesOf(config: Record<string, unknown>, notes: string[]): GanttSizes {
  const gantt = configRecord(config.gantt);
  const number = (key: string, fallback: number, low: number, high: number) =>
    configNumber(gantt[key], low, high) ?? fallback;
  const mode = gantt.displayMode ?? config.displayMode;
  if (mode === "compact") notes.push("displayMode compact: each task keeps a row of its own");
  if (gantt.topAxis === true) notes.push("topAxis: the dates are drawn below the chart only");
  return {
    barHeight: number("barHeight", 20, 10, 80),
    barGap: number("barGap", 4, 0, 40),
    sectionStyles: number("numberSectionStyles", 4, 1, 4),
  };
}

/** Where the title of a chart with no task goes. */
const GANTT_TITLE = { x: 20, y: 20, width: 320, height: 30 };

/** Refuses a chart whose tasks together span more than {@link MAX_SPAN}. */
function checkChartSpan(source: MermaidSource, timed: readonly Timed[]): void {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const t of timed) {
    from = Math.min(from, t.start);
    to = Math.max(to, t.end, t.start);
  }
  if (to - from <= MAX_SPAN) return;
  throw new DrawioError(
    "mermaid_too_large",
    `line ${source.header.line}: the chart spans over 20 years, longer than one chart draws; split it or draw it in larger units`,
  );
}
