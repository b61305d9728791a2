/**
 * The gantt time axis: where its ticks fall (a `tickInterval` such as `1week`, or an interval
 * chosen so the labels fit) and how each is written (`axisFormat`, d3's strftime directives).
 */
import { civil, DAY, MONTHS, startOfDay, utc, WEEKDAYS } from "./dates.ts";

/** A tick interval: a count of a calendar unit. */
export interface Interval {
  every: number;
  unit: "millisecond" | "second" | "minute" | "hour" | "day" | "week" | "month";
}

const UNIT_MS: Record<Interval["unit"], number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
};

/** The intervals an automatic axis chooses from, finest first (d3's, plus years as months). */
const AUTO: Interval[] = [
  [1, "second"],
  [5, "second"],
  [15, "second"],
  [30, "second"],
  [1, "minute"],
  [5, "minute"],
  [15, "minute"],
  [30, "minute"],
  [1, "hour"],
  [3, "hour"],
  [6, "hour"],
  [12, "hour"],
  [1, "day"],
  [2, "day"],
  [1, "week"],
  [1, "month"],
  [3, "month"],
  [12, "month"],
  [24, "month"],
  [60, "month"],
].map(([every, unit]) => ({ every: every as number, unit: unit as Interval["unit"] }));

/** A `tickInterval` value (`1day`, `2week`), or undefined when Mermaid would not read it either. */
export function readInterval(text: string): Interval | undefined {
  const m = /^([1-9]\d*)(millisecond|second|minute|hour|day|week|month)$/.exec(text.trim());
  return m ? { every: Number(m[1]), unit: m[2] as Interval["unit"] } : undefined;
}

/** About how many ticks an interval puts between two instants. */
export function tickEstimate(from: number, to: number, interval: Interval): number {
  return Math.floor((to - from) / (UNIT_MS[interval.unit] * interval.every)) + 1;
}

/**
 * The automatic interval d3 would choose for about `count` ticks: the one whose length is
 * nearest (by ratio) to the span divided by `count`.
 */
export function autoInterval(from: number, to: number, count = 10): Interval {
  const target = (to - from) / count;
  const length = (i: Interval) => UNIT_MS[i.unit] * i.every;
  const index = AUTO.findIndex((i) => length(i) >= target);
  if (index < 0) return AUTO[AUTO.length - 1] as Interval;
  const above = AUTO[index] as Interval;
  const below = AUTO[index - 1];
  return below && target / length(below) < length(above) / target ? below : above;
}

/**
 * The ticks of an interval from `from` to `to`, on the interval's boundaries (midnight, the
 * week's first day, the month's first day), at most `most` of them.
 */
export function ticks(
  from: number,
  to: number,
  interval: Interval,
  weekStart: number,
  most: number,
): number[] {
  const out: number[] = [];
  const { every, unit } = interval;
  if (unit === "month") {
    const c = civil(from);
    let index = c.year * 12 + c.month - 1;
    index -= ((index % every) + every) % every;
    for (let t = monthStart(index); t <= to && out.length < most; ) {
      if (t >= from) out.push(t);
      index += every;
      t = monthStart(index);
    }
    return out;
  }
  const step = UNIT_MS[unit] * every;
  let t: number;
  if (unit === "week") {
    const day = startOfDay(from);
    t = day - ((civil(day).weekday - weekStart + 7) % 7) * DAY;
  } else if (unit === "day") {
    // d3 counts days within each month: every 2 days falls on the 1st, 3rd, 5th …
    for (let day = startOfDay(from); day <= to && out.length < most; day += DAY) {
      if (day >= from && (civil(day).day - 1) % every === 0) out.push(day);
    }
    return out;
  } else {
    t = Math.floor(from / step) * step;
  }
  for (; t <= to && out.length < most; t += step) if (t >= from) out.push(t);
  return out;
}

function monthStart(index: number): number {
  return utc(Math.floor(index / 12), (index % 12) + 1);
}

const pad = (n: number, width = 2, fill = "0") => String(n).padStart(width, fill);

function dayOfYear(ms: number): number {
  const c = civil(ms);
  return Math.round((startOfDay(ms) - utc(c.year, 1, 1)) / DAY) + 1;
}

function weekNumber(ms: number, firstDay: number): number {
  const c = civil(ms);
  const jan1 = civil(utc(c.year, 1, 1)).weekday;
  const offset = (jan1 - firstDay + 7) % 7;
  return Math.floor((dayOfYear(ms) - 1 + offset) / 7);
}

/** Each strftime directive d3 knows, written for one instant. */
const DIRECTIVES: Record<string, (ms: number) => string> = {
  a: (t) => WEEKDAYS[civil(t).weekday]?.slice(0, 3) ?? "",
  A: (t) => WEEKDAYS[civil(t).weekday] ?? "",
  b: (t) => MONTHS[civil(t).month - 1]?.slice(0, 3) ?? "",
  B: (t) => MONTHS[civil(t).month - 1] ?? "",
  c: (t) => formatTime(t, "%a %b %e %H:%M:%S %Y"),
  d: (t) => pad(civil(t).day),
  e: (t) => pad(civil(t).day, 2, " "),
  H: (t) => pad(civil(t).hour),
  I: (t) => pad(civil(t).hour % 12 || 12),
  j: (t) => pad(dayOfYear(t), 3),
  L: (t) => pad(civil(t).ms, 3),
  m: (t) => pad(civil(t).month),
  M: (t) => pad(civil(t).minute),
  p: (t) => (civil(t).hour < 12 ? "AM" : "PM"),
  q: (t) => String(Math.floor((civil(t).month - 1) / 3) + 1),
  Q: (t) => String(t),
  s: (t) => String(Math.floor(t / 1000)),
  S: (t) => pad(civil(t).second),
  u: (t) => String(civil(t).weekday || 7),
  U: (t) => pad(weekNumber(t, 0)),
  w: (t) => String(civil(t).weekday),
  W: (t) => pad(weekNumber(t, 1)),
  x: (t) => formatTime(t, "%m/%d/%Y"),
  X: (t) => formatTime(t, "%H:%M:%S"),
  y: (t) => pad(((civil(t).year % 100) + 100) % 100),
  Y: (t) => String(civil(t).year),
  Z: () => "+0000",
  "%": () => "%",
};

/**
 * An instant written in a d3 strftime format (`%Y-%m-%d`, `%b %d`, `%H:%M`), in UTC. Padding
 * modifiers (`%-d`, `%_d`, `%0d`) are honoured; unknown directives are written as they are.
 *
 * @example
 * formatTime(Date.UTC(2014, 0, 6), "%b %d"); // "Jan 06"
 */
export function formatTime(ms: number, format: string): string {
  return format.replace(/%([-_0]?)(.)/g, (whole, modifier: string, directive: string) => {
    const write = DIRECTIVES[directive];
    if (!write) return whole;
    const text = write(ms);
    if (modifier === "-") return text.replace(/^[0 ]+(?=.)/, "");
    if (modifier === "_") return text.replace(/^0+(?=.)/, (z) => " ".repeat(z.length));
    return text;
  });
}
