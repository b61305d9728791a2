/**
 * Gantt dates as UTC milliseconds: reading a date written in a `dateFormat` (dayjs's tokens),
 * adding a duration (`3d`, `2h`, `1.5w`, `1M`) and the calendar fields of an instant. Always
 * UTC, never the machine's time zone, so a chart converts the same anywhere.
 */

/** One day in milliseconds. */
export const DAY = 86_400_000;

/** The English month names, as dayjs reads and d3 writes them. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The English weekday names from Sunday. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];

/** The calendar fields of an instant, in UTC. */
export interface Civil {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** 0 for Sunday. */
  weekday: number;
}

/** The calendar fields of `ms` in UTC. */
export function civil(ms: number): Civil {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

/** The instant of calendar fields in UTC (month 1–12; days and months past the end roll over). */
export function utc(
  year: number,
  month: number,
  day = 1,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/** Midnight (UTC) of the day `ms` falls in. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

type Fields = Partial<Record<"Y" | "M" | "D" | "DOY" | "H" | "m" | "s" | "S" | "Q", number>> & {
  pm?: boolean;
  offset?: number;
  instant?: number;
};

interface Token {
  pattern: string;
  read: (text: string, into: Fields) => void;
}

const num = (key: keyof Fields) => (text: string, into: Fields) => {
  (into as Record<string, number>)[key] = Number(text);
};

const TOKENS: Record<string, Token> = {
  YYYY: { pattern: "(\\d{4})", read: num("Y") },
  YY: {
    pattern: "(\\d{2})",
    read: (t, f) => {
      f.Y = Number(t) + (Number(t) > 68 ? 1900 : 2000);
    },
  },
  Q: { pattern: "([1-4])", read: num("Q") },
  MMMM: { pattern: "([A-Za-z]+)", read: (t, f) => readMonthName(t, f) },
  MMM: { pattern: "([A-Za-z]+)", read: (t, f) => readMonthName(t, f) },
  MM: { pattern: "(\\d{2})", read: num("M") },
  M: { pattern: "(\\d{1,2})", read: num("M") },
  Do: { pattern: "(\\d{1,2})(?:st|nd|rd|th)", read: num("D") },
  DDDD: { pattern: "(\\d{3})", read: num("DOY") },
  DDD: { pattern: "(\\d{1,3})", read: num("DOY") },
  DD: { pattern: "(\\d{2})", read: num("D") },
  D: { pattern: "(\\d{1,2})", read: num("D") },
  X: {
    pattern: "(-?\\d+(?:\\.\\d+)?)",
    read: (t, f) => {
      f.instant = Math.round(Number(t) * 1000);
    },
  },
  x: {
    pattern: "(-?\\d+)",
    read: (t, f) => {
      f.instant = Number(t);
    },
  },
  HH: { pattern: "(\\d{2})", read: num("H") },
  H: { pattern: "(\\d{1,2})", read: num("H") },
  hh: { pattern: "(\\d{2})", read: num("H") },
  h: { pattern: "(\\d{1,2})", read: num("H") },
  A: { pattern: "([AaPp][Mm])", read: (t, f) => (f.pm = /p/i.test(t)) },
  a: { pattern: "([AaPp][Mm])", read: (t, f) => (f.pm = /p/i.test(t)) },
  mm: { pattern: "(\\d{2})", read: num("m") },
  m: { pattern: "(\\d{1,2})", read: num("m") },
  ss: { pattern: "(\\d{2})", read: num("s") },
  s: { pattern: "(\\d{1,2})", read: num("s") },
  SSS: { pattern: "(\\d{3})", read: num("S") },
  SS: { pattern: "(\\d{2})", read: (t, f) => (f.S = Number(t) * 10) },
  S: { pattern: "(\\d)", read: (t, f) => (f.S = Number(t) * 100) },
  ZZ: { pattern: "([+-]\\d{2}:?\\d{2}|Z)", read: (t, f) => readOffset(t, f) },
  Z: { pattern: "([+-]\\d{2}:?\\d{2}|Z)", read: (t, f) => readOffset(t, f) },
};

const TOKEN_SPLIT =
  /\[[^\]]*\]|YYYY|YY|Q|MMMM|MMM|MM|M|Do|DDDD|DDD|DD|D|X|x|HH|H|hh|h|A|a|mm|m|ss|s|SSS|SS|S|ZZ|Z|./g;

function readMonthName(text: string, into: Fields): void {
  const lower = text.toLowerCase();
  const index = MONTHS.findIndex(
    (m) => m.toLowerCase() === lower || m.slice(0, 3).toLowerCase() === lower,
  );
  into.M = index < 0 ? Number.NaN : index + 1;
}

function readOffset(text: string, into: Fields): void {
  if (text === "Z") {
    into.offset = 0;
    return;
  }
  const digits = text.replace(":", "");
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  into.offset = (digits[0] === "-" ? -1 : 1) * minutes;
}

/** A compiled `dateFormat`: its pattern and the readers of its groups. */
export interface DateFormat {
  text: string;
  regex: RegExp;
  readers: Token["read"][];
  /** True for `X` or `x` alone: start dates of bare digits are milliseconds, as Mermaid reads them. */
  unix: boolean;
}

/**
 * Compiles a dayjs `dateFormat` (`YYYY-MM-DD`, `HH:mm`, `X`, `DD/MM/YYYY [at] HH:mm`).
 *
 * @example
 * parseDate("2014-01-06", compileFormat("YYYY-MM-DD")); // 1388966400000
 */
export function compileFormat(format: string): DateFormat {
  const readers: Token["read"][] = [];
  let pattern = "";
  for (const piece of format.match(TOKEN_SPLIT) ?? []) {
    const token = TOKENS[piece];
    if (token) {
      pattern += token.pattern;
      readers.push(token.read);
    } else {
      const literal = piece.startsWith("[") && piece.length > 1 ? piece.slice(1, -1) : piece;
      pattern += literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  const trimmed = format.trim();
  return {
    text: format,
    regex: new RegExp(`^${pattern}$`),
    readers,
    unix: trimmed === "X" || trimmed === "x",
  };
}

/** The instant a text written in `format` names, or undefined when it is not such a date. */
export function parseDate(text: string, format: DateFormat): number | undefined {
  const m = format.regex.exec(text.trim());
  if (!m) return undefined;
  const fields: Fields = {};
  for (const [i, read] of format.readers.entries()) read(m[i + 1] ?? "", fields);
  if (fields.instant !== undefined) return fields.instant;
  return fromFields(fields);
}

function fromFields(f: Fields): number | undefined {
  const year = f.Y ?? 1970;
  let month = f.M ?? (f.Q === undefined ? 1 : (f.Q - 1) * 3 + 1);
  let day = f.D ?? 1;
  if (f.DOY !== undefined) {
    if (f.DOY < 1 || f.DOY > 366) return undefined;
    const at = new Date(Date.UTC(year, 0, f.DOY));
    month = at.getUTCMonth() + 1;
    day = at.getUTCDate();
  }
  let hour = f.H ?? 0;
  if (f.pm !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (f.pm ? 12 : 0);
  }
  const minute = f.m ?? 0;
  const second = f.s ?? 0;
  if (!(month >= 1 && month <= 12) || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return utc(year, month, day, hour, minute, second, f.S ?? 0) - (f.offset ?? 0) * 60_000;
}

/**
 * An ISO 8601 date or date-time (`2014-01-06`, `2014-01-06T10:30`), read in UTC: what Mermaid
 * falls back to when a date does not match the `dateFormat`.
 */
export function parseIsoDate(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?Z?$/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  const [y, mo, d, h, mi, s, frac] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  return fromFields({ Y: y, M: mo, D: d, H: h, m: mi, s, S: frac });
}

/** A duration as Mermaid writes it: `3d`, `1.5w`, `20h`, `30m`, `500ms`, `1M`, `2y`. */
export interface Duration {
  value: number;
  unit: "ms" | "s" | "m" | "h" | "d" | "w" | "M" | "y";
}

/** The duration a text writes, or undefined when it writes none. */
export function parseDuration(text: string): Duration | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|[Mdhmswy])$/.exec(text.trim());
  if (!m) return undefined;
  return { value: Number(m[1]), unit: m[2] as Duration["unit"] };
}

const FIXED: Partial<Record<Duration["unit"], number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * `ms` moved on by a duration as dayjs moves it: hours and less exactly, days and weeks by a
 * whole number of days (rounded), months and years by calendar (the day kept, or the month's
 * last day when it is shorter).
 */
export function addDuration(ms: number, { value, unit }: Duration): number {
  const fixed = FIXED[unit];
  if (fixed !== undefined) return ms + value * fixed;
  if (unit === "d") return ms + Math.round(value) * DAY;
  if (unit === "w") return ms + Math.round(value * 7) * DAY;
  const months = Math.trunc(value) * (unit === "y" ? 12 : 1);
  const c = civil(ms);
  const total = c.year * 12 + (c.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(c.day, daysInMonth(year, month));
  return utc(year, month, day, c.hour, c.minute, c.second, c.ms);
}
