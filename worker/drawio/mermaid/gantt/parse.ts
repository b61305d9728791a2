/**
 * Reads a gantt chart's statements: settings (`dateFormat`, `axisFormat`, `tickInterval`,
 * `excludes`, `weekend` …), `title`, `section` and task lines (`name : tags, id, start, end`),
 * and `click` lines, which are noted. A line that is none of these is refused with its position.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { runStatement, type Statement } from "../syntax.ts";
import type { DataItem, GanttChart, TaskTags } from "./model.ts";

const WEEKDAY_NUMBERS: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

interface Reading {
  chart: GanttChart;
  at: SourceLine;
  count: number;
  /** Tasks given no id so far: Mermaid names them task1, task2, … */
  unnamed: number;
}

const STATEMENTS: Statement<Reading>[] = [
  {
    pattern: /^dateFormat\s+([^#;]+)$/i,
    run: (m, r) => (r.chart.dateFormat = (m[1] ?? "").trim()),
  },
  {
    pattern: /^axisFormat\s+([^#;]+)$/i,
    run: (m, r) => (r.chart.axisFormat = (m[1] ?? "").trim()),
  },
  {
    pattern: /^tickInterval\s+([^#;]+)$/i,
    run: (m, r) => (r.chart.tickInterval = { text: (m[1] ?? "").trim(), at: r.at }),
  },
  { pattern: /^excludes\s+([^#;]+)$/i, run: (m, r) => (r.chart.excludes = words(m[1])) },
  { pattern: /^includes\s+([^#;]+)$/i, run: (m, r) => (r.chart.includes = words(m[1])) },
  { pattern: /^todayMarker\s+([^;]+)$/i, run: (m, r) => todayMarker(m[1] ?? "", r) },
  { pattern: /^inclusiveEndDates$/i, run: (_m, r) => (r.chart.inclusiveEndDates = true) },
  {
    pattern: /^topAxis$/i,
    run: (_m, r) => r.chart.notes.push("topAxis: the dates are drawn below the chart only"),
  },
  {
    pattern: /^weekday\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i,
    run: (m, r) => (r.chart.weekStart = WEEKDAY_NUMBERS[(m[1] ?? "").toLowerCase()] ?? 0),
  },
  {
    pattern: /^weekend\s+(friday|saturday)$/i,
    run: (m, r) => (r.chart.weekendStart = (m[1] ?? "").toLowerCase() === "friday" ? 5 : 6),
  },
  { pattern: /^title\s+(.+)$/i, run: (m, r) => (r.chart.title = (m[1] ?? "").trim()) },
  {
    pattern: /^accDescription\s+([^#;]+)$/i,
    run: (m, r) => r.chart.notes.push(`accDescription "${(m[1] ?? "").trim()}" is not drawn`),
  },
  {
    pattern: /^section\s+(.+)$/i,
    run: (m, r) => r.chart.sections.push({ name: (m[1] ?? "").trim(), at: r.at }),
  },
  { pattern: /^click\s+(\S+)\s*(.*)$/i, run: (m, r) => click(m[1] ?? "", m[2] ?? "", r) },
];

function words(text: string | undefined): string[] {
  return (text ?? "")
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== "");
}

function todayMarker(value: string, r: Reading): void {
  if (value.trim().toLowerCase() === "off") return;
  r.chart.notes.push(
    "todayMarker: Mermaid marks today's date, which changes every day; the conversion gives the same drawing any day, so no today marker is drawn",
  );
}

function click(id: string, rest: string, r: Reading): void {
  const href = /href\s+"([^"]*)"/i.exec(rest)?.[1];
  const call = /call\s+([^(\s]+)/i.exec(rest)?.[1];
  const what = [
    ...(href === undefined ? [] : [`opens ${href}`]),
    ...(call === undefined ? [] : [`calls ${call}()`]),
  ];
  if (what.length === 0)
    throw mermaidSyntax(r.at, 'click needs href "url" or call name()', r.at.text.length);
  r.chart.notes.push(
    `click ${id} ${what.join(" and ")}: a draw.io shape does not run scripts; not kept`,
  );
}

/**
 * Reads the chart. Tasks before any section belong to none; Mermaid draws them in a band of
 * their own.
 *
 * @example
 * parseGantt(readMermaid("gantt\n  Design : d1, 2014-01-06, 3d")).tasks[0].id; // "d1"
 */
export function parseGantt(source: MermaidSource): GanttChart {
  const chart: GanttChart = {
    dateFormat: "YYYY-MM-DD",
    excludes: [],
    includes: [],
    weekendStart: 6,
    weekStart: 0,
    inclusiveEndDates: false,
    sections: [],
    tasks: [],
    notes: [],
  };
  const reading: Reading = { chart, at: source.header, count: 0, unnamed: 0 };
  for (const at of source.lines) {
    reading.at = at;
    if (runStatement(STATEMENTS, at.text, reading)) continue;
    task(reading);
  }
  return chart;
}

const TAG_NAMES = ["active", "done", "crit", "milestone", "vert"] as const;

function task(r: Reading): void {
  const { at, chart } = r;
  const colon = at.text.indexOf(":");
  if (colon < 0) {
    throw mermaidSyntax(
      at,
      `"${at.text}" is not a gantt statement: write a task as name : start, length (Design : 2014-01-06, 3d)`,
    );
  }
  const name = at.text.slice(0, colon).trim();
  if (name === "") throw mermaidSyntax(at, "a task needs a name before its colon");
  const cut = at.text.slice(colon + 1).search(/[#;]/);
  const data = cut < 0 ? at.text.slice(colon + 1) : at.text.slice(colon + 1, colon + 1 + cut);
  const items = splitItems(data, at.column + colon + 1);
  const tags: TaskTags = { active: false, done: false, crit: false, milestone: false, vert: false };
  while (items.length > 0) {
    const tag = TAG_NAMES.find((t) => t === items[0]?.text);
    if (!tag) break;
    tags[tag] = true;
    items.shift();
  }
  const last = items[items.length - 1];
  if (last === undefined || last.text === "" || items.length > 3) {
    const where =
      items.length > 3
        ? (items[3] as DataItem).column
        : (last?.column ?? at.column + at.text.length);
    throw mermaidSyntax(
      at,
      items.length > 3
        ? "a task's data is at most id, start, end (or length) after its tags"
        : "a task needs an end date or a length after its colon (Design : 3d)",
      where - at.column,
    );
  }
  if (++r.count > MAX_MERMAID_NODES) throw tooManyNodes(at);
  const idItem = items.length === 3 ? items[0] : undefined;
  chart.tasks.push({
    name,
    at,
    section: chart.sections.length - 1,
    id: idItem === undefined ? `task${++r.unnamed}` : idItem.text,
    tags,
    ...(items.length >= 2 ? { start: items[items.length - 2] as DataItem } : {}),
    end: last,
  });
}

function splitItems(data: string, column: number): DataItem[] {
  const items: DataItem[] = [];
  let offset = 0;
  for (const raw of data.split(",")) {
    const lead = raw.length - raw.trimStart().length;
    items.push({ text: raw.trim(), column: column + offset + lead });
    offset += raw.length + 1;
  }
  return items;
}
