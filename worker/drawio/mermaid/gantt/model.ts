/**
 * What a gantt chart says once read: its settings (date and axis formats, excluded days),
 * sections, and tasks with their data items as written; `schedule.ts` turns those into times.
 */
import type { SourceLine } from "../source.ts";

/** One comma-separated item of a task's data, and the column it starts at. */
export interface DataItem {
  text: string;
  column: number;
}

/** The tags a task's data may open with. */
export interface TaskTags {
  active: boolean;
  done: boolean;
  crit: boolean;
  milestone: boolean;
  vert: boolean;
}

/** A task line (`Design :crit, des1, 2014-01-06, 3d`). */
export interface GanttTask {
  name: string;
  at: SourceLine;
  /** Index into the chart's sections, or -1 before any section. */
  section: number;
  /** The id given (`des1`), or Mermaid's own `taskN`. */
  id: string;
  tags: TaskTags;
  /** The start item (a date, `after a b`), absent when the task follows the previous one. */
  start?: DataItem;
  /** The end item: a date, a duration or `until a b`. */
  end: DataItem;
}

/** A `section` line. */
export interface GanttSection {
  name: string;
  at: SourceLine;
}

/** A read gantt chart. */
export interface GanttChart {
  title?: string;
  dateFormat: string;
  axisFormat?: string;
  tickInterval?: { text: string; at?: SourceLine };
  excludes: string[];
  includes: string[];
  /** The weekday a weekend starts on: 5 (Friday) or 6 (Saturday). */
  weekendStart: number;
  /** The weekday week ticks start on, 0 for Sunday. */
  weekStart: number;
  inclusiveEndDates: boolean;
  sections: GanttSection[];
  tasks: GanttTask[];
  /** Sentences for what was read but is not drawn (clicks, today marker, top axis). */
  notes: string[];
}
