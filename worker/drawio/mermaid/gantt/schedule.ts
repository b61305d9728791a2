/**
 * When each gantt task starts and ends, as Mermaid reckons it: start dates in the `dateFormat`,
 * `after a b` (the latest end), no start (the previous task's end), end dates, lengths and
 * `until a b` (the earliest start); excluded days (`excludes weekends`, dates, weekday names)
 * push a length's end on by a day each. All in UTC milliseconds.
 */
import { DrawioError } from "../../errors.ts";
import { mermaidSyntax } from "../source.ts";
import {
  addDuration,
  civil,
  compileFormat,
  DAY,
  type DateFormat,
  parseDate,
  parseDuration,
  parseIsoDate,
  startOfDay,
  WEEKDAYS,
} from "./dates.ts";
import type { DataItem, GanttChart, GanttTask } from "./model.ts";

/** The longest time one chart may span: 20 years. */
export const MAX_SPAN = 20 * 366 * DAY;
/** The latest instant a JavaScript date holds (and so a chart may show). */
const MAX_INSTANT = 8.64e15;
/** The most days all tasks together may step through to skip excluded days. */
const MAX_EXCLUDE_STEPS = 2_000_000;

/** A task's place in time. */
export interface Timed {
  task: GanttTask;
  start: number;
  end: number;
  /** Where its bar ends: before excluded days its length was pushed over. */
  drawnEnd: number;
}

/** Which days are left out of task lengths, and which are kept despite that. */
export interface Exclusions {
  weekends: boolean;
  weekendStart: number;
  weekdays: Set<number>;
  days: Set<number>;
  included: Set<number>;
}

/** Whether a day (any instant in it) is excluded. */
export function isExcluded(ms: number, ex: Exclusions): boolean {
  const day = startOfDay(ms);
  if (ex.included.has(day)) return false;
  const weekday = civil(day).weekday;
  if (ex.weekends && (weekday === ex.weekendStart || weekday === (ex.weekendStart + 1) % 7))
    return true;
  return ex.weekdays.has(weekday) || ex.days.has(day);
}

/** The chart's exclusions, read with its date format; notes words it does not know. */
function exclusionsOf(chart: GanttChart, format: DateFormat, notes: string[]): Exclusions {
  const ex: Exclusions = {
    weekends: false,
    weekendStart: chart.weekendStart,
    weekdays: new Set(),
    days: new Set(),
    included: new Set(),
  };
  const names = WEEKDAYS.map((d) => d.toLowerCase());
  const day = (word: string) => {
    const ms = parseDate(word, format) ?? parseIsoDate(word);
    return ms === undefined ? undefined : startOfDay(ms);
  };
  for (const word of chart.excludes) {
    if (word === "weekends") ex.weekends = true;
    else if (names.includes(word)) ex.weekdays.add(names.indexOf(word));
    else if (day(word) !== undefined) ex.days.add(day(word) as number);
    else notes.push(`excludes ${word}: not a date or weekday; ignored`);
  }
  for (const word of chart.includes) {
    const ms = day(word);
    if (ms === undefined) notes.push(`includes ${word}: not a date; ignored`);
    else ex.included.add(ms);
  }
  if (ex.weekends) for (const d of [ex.weekendStart, (ex.weekendStart + 1) % 7]) ex.weekdays.add(d);
  if (ex.weekdays.size === 7) {
    notes.push(
      "excludes: every weekday is excluded, which leaves no day for a task; the exclusions were not applied",
    );
    ex.weekends = false;
    ex.weekdays.clear();
  }
  return ex;
}

interface Run {
  chart: GanttChart;
  format: DateFormat;
  ex: Exclusions;
  notes: string[];
  byId: Map<string, number>;
  timed: (Timed | undefined)[];
  visiting: Set<number>;
  steps: number;
}

/**
 * The time of every task, in source order. Refuses (`mermaid_syntax`) start dates that are
 * not dates and tasks that wait for each other in a circle; refuses (`mermaid_too_large`)
 * charts longer than {@link MAX_SPAN}.
 *
 * @example
 * scheduleTasks(parseGantt(source), notes).timed[0]; // { task, start: 1388966400000, end: …, drawnEnd: … }
 */
export function scheduleTasks(
  chart: GanttChart,
  notes: string[],
): { timed: Timed[]; exclusions: Exclusions } {
  const format = compileFormat(chart.dateFormat);
  const run: Run = {
    chart,
    format,
    ex: exclusionsOf(chart, format, notes),
    notes,
    byId: new Map(),
    timed: [],
    visiting: new Set(),
    steps: 0,
  };
  for (const [i, t] of chart.tasks.entries()) run.byId.set(t.id, i);
  return { timed: chart.tasks.map((_, i) => resolve(run, i)), exclusions: run.ex };
}

function resolve(run: Run, index: number): Timed {
  const done = run.timed[index];
  if (done) return done;
  const task = run.chart.tasks[index] as GanttTask;
  if (run.visiting.has(index)) {
    throw mermaidSyntax(task.at, `task ${task.id} waits for itself through after/until`);
  }
  run.visiting.add(index);
  const start = startOf(run, index);
  const end = endOf(run, task, start);
  run.visiting.delete(index);
  checkSpan(task, start, end.end);
  const timed: Timed = { task, start, ...stretched(run, task, start, end) };
  run.timed[index] = timed;
  return timed;
}

function checkSpan(task: GanttTask, start: number, end: number): void {
  const inRange = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= MAX_INSTANT;
  if (inRange(start) && inRange(end) && Math.abs(end - start) <= MAX_SPAN) return;
  throw new DrawioError(
    "mermaid_too_large",
    `line ${task.at.line}: task "${task.name}" spans over 20 years, longer than one chart draws; shorten it or change the unit`,
    { line: task.at.line, column: task.at.column, text: task.at.text },
  );
}

function startOf(run: Run, index: number): number {
  const task = run.chart.tasks[index] as GanttTask;
  const item = task.start;
  if (item === undefined) return previousEnd(run, index, "it has no start");
  if (run.format.unix && /^\d+$/.test(item.text)) return Number(item.text);
  const after = /^after\s+(.+)$/i.exec(item.text);
  if (after) {
    const found = referenced(run, task, after[1] ?? "", "after");
    if (found.length === 0) return previousEnd(run, index, "no task it names exists");
    return Math.max(...found.map((i) => resolve(run, i).end));
  }
  const date = parseDate(item.text, run.format) ?? parseIsoDate(item.text);
  if (date === undefined) {
    throw mermaidSyntax(
      task.at,
      `"${item.text}" is not a date written as ${run.chart.dateFormat} (nor after <id>)`,
      item.column - task.at.column,
    );
  }
  return date;
}

function previousEnd(run: Run, index: number, why: string): number {
  const task = run.chart.tasks[index] as GanttTask;
  if (index === 0) {
    const at = task.start ?? task.end;
    throw mermaidSyntax(
      task.at,
      `the first task needs a start date (${task.name} : 2014-01-06, 3d): ${why}`,
      at.column - task.at.column,
    );
  }
  return resolve(run, index - 1).end;
}

function referenced(run: Run, task: GanttTask, ids: string, keyword: string): number[] {
  const found: number[] = [];
  for (const id of ids.trim().split(/\s+/)) {
    const i = run.byId.get(id);
    if (i === undefined) {
      run.notes.push(
        `${task.name}: ${keyword} ${id} names no task; Mermaid would use today's date, the drawing uses ${keyword === "after" ? "the previous task's end" : "the task's start"}`,
      );
    } else found.push(i);
  }
  return found;
}

function endOf(run: Run, task: GanttTask, start: number): { end: number; manual: boolean } {
  const item: DataItem = task.end;
  const until = /^until\s+(.+)$/i.exec(item.text);
  if (until) {
    const found = referenced(run, task, until[1] ?? "", "until");
    if (found.length === 0) return { end: start, manual: true };
    return { end: Math.min(...found.map((i) => resolve(run, i).start)), manual: false };
  }
  const date = parseDate(item.text, run.format);
  if (date !== undefined) {
    const manual = /^\d{4}-\d{2}-\d{2}$/.test(item.text);
    return { end: run.chart.inclusiveEndDates ? date + DAY : date, manual };
  }
  const duration = parseDuration(item.text);
  if (duration === undefined) {
    run.notes.push(
      `${task.name}: "${item.text}" is neither a date nor a length (3d, 2w, 4h); the task is drawn with no length, as Mermaid draws it`,
    );
    return { end: start, manual: false };
  }
  return { end: addDuration(start, duration), manual: false };
}

/**
 * The end pushed on by a day for each excluded day the task runs through, as Mermaid does, and
 * where its bar is drawn to (not over excluded days at its very end).
 */
function stretched(
  run: Run,
  task: GanttTask,
  start: number,
  { end, manual }: { end: number; manual: boolean },
): { end: number; drawnEnd: number } {
  const { ex } = run;
  if (manual || (ex.weekdays.size === 0 && ex.days.size === 0)) return { end, drawnEnd: end };
  let day = start + DAY;
  let last = end;
  let drawnEnd = end;
  let excluded = false;
  while (day <= last) {
    if (++run.steps > MAX_EXCLUDE_STEPS) {
      throw new DrawioError(
        "mermaid_too_large",
        `line ${task.at.line}: the tasks run through over ${MAX_EXCLUDE_STEPS.toLocaleString("en-US")} days to skip excluded days; shorten the chart`,
      );
    }
    if (!excluded) drawnEnd = last;
    excluded = isExcluded(day, ex);
    if (excluded) last += DAY;
    day += DAY;
  }
  return { end: last, drawnEnd: Math.max(start, drawnEnd) };
}
