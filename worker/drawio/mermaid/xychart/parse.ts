/**
 * Reads a Mermaid XY chart: the orientation on the header, `title`, `x-axis` (categories or a
 * numeric range), `y-axis` (a range, or only a title) and the `bar` and `line` series.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import type { AxisSpec, Series, XyChart } from "./model.ts";

const STATEMENT = /^(title|x-axis|y-axis|bar|line)\b\s*/;
const RANGE = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*-->\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The chart a source holds; text it cannot read is refused with its line and column.
 *
 * @example
 * parseXyChart(readMermaid("xychart\n  bar [1, 2, 3]")).series[0]?.values; // [1, 2, 3]
 */
export function parseXyChart(source: MermaidSource): XyChart {
  const orientation = source.headerRest.trim();
  if (orientation !== "" && orientation !== "vertical" && orientation !== "horizontal") {
    const offset = source.header.text.indexOf(orientation);
    throw mermaidSyntax(
      source.header,
      `the orientation is "vertical" or "horizontal", not "${orientation}"`,
      offset,
    );
  }
  const chart: XyChart = {
    horizontal: orientation === "horizontal",
    x: {},
    y: {},
    series: [],
    notes: [...source.notes],
    ...(source.title === undefined ? {} : { title: source.title }),
  };
  let values = 0;
  for (const at of source.lines) {
    const m = STATEMENT.exec(at.text);
    if (!m) throw mermaidSyntax(at, "expected title, x-axis, y-axis, bar or line");
    const keyword = m[1] as string;
    const start = m[0].length;
    if (keyword === "title") {
      const title = unquote(at.text.slice(start).trim());
      if (title !== "") chart.title = title;
    } else if (keyword === "x-axis" || keyword === "y-axis") {
      const axis = readAxis(at, start, keyword === "x-axis");
      Object.assign(keyword === "x-axis" ? chart.x : chart.y, axis);
    } else {
      const series = readSeries(at, start, keyword as Series["kind"]);
      values += series.values.length;
      if (values > MAX_MERMAID_NODES) throw tooManyNodes(at);
      chart.series.push(series);
    }
  }
  return chart;
}

/** A quoted or bare title at `pos`, and where the text after it starts. */
function readTitle(text: string, pos: number): { title?: string; end: number } {
  if (text[pos] === '"') {
    const close = text.indexOf('"', pos + 1);
    if (close < 0) return { end: pos };
    return { title: text.slice(pos + 1, close), end: close + 1 };
  }
  const bare = /^[^\s[]+/.exec(text.slice(pos));
  if (!bare || NUMBER.test(bare[0]) || RANGE.test(text.slice(pos))) return { end: pos };
  return { title: bare[0], end: pos + bare[0].length };
}

function readAxis(at: SourceLine, start: number, isX: boolean): AxisSpec {
  const text = at.text;
  const { title, end } = readTitle(text, start);
  const axis: AxisSpec = title === undefined ? {} : { title };
  const pos = end + (/^\s*/.exec(text.slice(end))?.[0].length ?? 0);
  const rest = text.slice(pos);
  if (rest === "") return axis;
  if (rest.startsWith("[")) {
    if (!isX) throw mermaidSyntax(at, "the y-axis is numeric: give a range `min --> max`", pos);
    axis.categories = readList(at, pos).map((item) => item.text);
    return axis;
  }
  const range = RANGE.exec(rest);
  if (!range) {
    throw mermaidSyntax(
      at,
      isX ? "expected [categories] or a range `min --> max`" : "expected a range `min --> max`",
      pos,
    );
  }
  axis.range = { min: Number(range[1]), max: Number(range[2]) };
  if (!Number.isFinite(axis.range.max - axis.range.min))
    throw mermaidSyntax(at, "this range is too large to draw", pos);
  return axis;
}

function readSeries(at: SourceLine, start: number, kind: Series["kind"]): Series {
  const { title, end } = readTitle(at.text, start);
  const pos = end + (/^\s*/.exec(at.text.slice(end))?.[0].length ?? 0);
  if (at.text[pos] !== "[")
    throw mermaidSyntax(at, `a ${kind} needs its values in brackets: [1, 2, 3]`, pos);
  const values = readList(at, pos).map((item) => {
    if (!NUMBER.test(item.text) || !Number.isFinite(Number(item.text))) {
      throw mermaidSyntax(at, `"${item.text}" is not a number a chart can draw`, item.column);
    }
    return Number(item.text);
  });
  if (values.length === 0) throw mermaidSyntax(at, `a ${kind} needs at least one value`, pos);
  return { kind, values, at, ...(title === undefined ? {} : { name: title }) };
}

/** The items of the `[a, "b c", d]` list opening at `open`, each with its column offset. */
function readList(at: SourceLine, open: number): { text: string; column: number }[] {
  const text = at.text;
  const items: { text: string; column: number }[] = [];
  let i = open + 1;
  for (;;) {
    while (text[i] === " " || text[i] === "\t") i++;
    if (text[i] === "]" && items.length === 0) return closeList(at, i, items);
    const column = i;
    let item: string;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) throw mermaidSyntax(at, "this quote is never closed", i);
      item = text.slice(i + 1, close);
      i = close + 1;
    } else {
      const m = /^[^,\]"]*/.exec(text.slice(i)) as RegExpExecArray;
      item = m[0].trim();
      i += m[0].length;
    }
    if (item === "" && text[column] !== '"')
      throw mermaidSyntax(at, "an empty item in the list", column);
    items.push({ text: item, column });
    while (text[i] === " " || text[i] === "\t") i++;
    if (text[i] === "]") return closeList(at, i, items);
    if (text[i] !== ",")
      throw mermaidSyntax(at, "expected , or ] in the list", Math.min(i, text.length));
    i++;
  }
}

function closeList<T>(at: SourceLine, close: number, items: T[]): T[] {
  const after = at.text.slice(close + 1).trim();
  if (after !== "" && after !== ";")
    throw mermaidSyntax(at, "nothing may follow the list", at.text.indexOf(after, close + 1));
  return items;
}

function unquote(text: string): string {
  return /^"(.*)"$/.exec(text)?.[1] ?? text;
}
