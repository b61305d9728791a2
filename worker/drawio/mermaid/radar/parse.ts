/**
 * Reading a Mermaid radar chart: axes, curves (values in axis order or by axis name, over one
 * or several lines), the options (`showLegend`, `ticks`, `max`, `min`, `graticule`) and title.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";

/** An axis: its name (for `{ name: value }` entries) and label. */
export interface RadarAxis {
  name: string;
  label: string;
}

/** A curve: its label and one value per axis, in axis order when `byAxis` was resolved. */
export interface RadarCurve {
  name: string;
  label: string;
  values: number[];
  at: SourceLine;
}

/** A radar chart read from its source. */
export interface RadarModel {
  title?: string;
  axes: RadarAxis[];
  curves: RadarCurve[];
  showLegend: boolean;
  ticks: number;
  max?: number;
  min: number;
  graticule: "circle" | "polygon";
  /** The `ticks` asked for when over {@link MAX_TICKS} (drawn as that many). */
  ticksAsked?: number;
}

/** The most graticule rings drawn. */
export const MAX_TICKS = 50;

const ITEM = /^([\w-]+)\s*(?:\[\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\])?\s*/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Reads every statement. Curves given by axis name are put in axis order; a missing axis, an
 * unknown option or value, and any other line are refused at their column.
 *
 * @example
 * parseRadar(readMermaid("radar-beta\n axis A, B, C\n curve c{1, 2, 3}")).curves[0].values; // [1, 2, 3]
 */
export function parseRadar(source: MermaidSource): RadarModel {
  if (!/^:?$/.test(source.headerRest)) {
    throw mermaidSyntax(
      source.header,
      "nothing follows radar-beta on its line",
      source.header.text.indexOf(source.headerRest),
    );
  }
  const model: RadarModel = {
    axes: [],
    curves: [],
    showLegend: true,
    ticks: 5,
    min: 0,
    graticule: "circle",
  };
  const lines = source.lines;
  for (let i = 0; i < lines.length; i++) {
    let at = lines[i] as SourceLine;
    const title = /^title(?:\s+(.*))?$/.exec(at.text);
    if (title) {
      model.title = (title[1] ?? "").trim();
      continue;
    }
    const axis = /^axis\s+/.exec(at.text);
    if (axis) {
      for (const item of items(at, axis[0].length, false)) {
        if (model.axes.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
        model.axes.push({ name: item.name, label: item.label });
      }
      continue;
    }
    const curve = /^curve\s+/.exec(at.text);
    if (curve) {
      while (count(at.text, "{") > count(at.text, "}") && i + 1 < lines.length) {
        at = { ...at, text: `${at.text} ${(lines[++i] as SourceLine).text}` };
      }
      for (const item of items(at, curve[0].length, true)) {
        if (model.curves.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
        model.curves.push({
          name: item.name,
          label: item.label,
          values: values(model, item, at),
          at,
        });
      }
      continue;
    }
    options(model, at);
  }
  return model;
}

function count(text: string, ch: string): number {
  return text.split(ch).length - 1;
}

interface Item {
  name: string;
  label: string;
  body?: string;
  column: number;
}

/** The comma-separated `name["Label"]` (and, for curves, `{ … }`) items of a line. */
function items(at: SourceLine, start: number, curve: boolean): Item[] {
  const out: Item[] = [];
  let pos = start;
  const text = at.text;
  while (pos < text.length) {
    const m = ITEM.exec(text.slice(pos));
    if (!m)
      throw mermaidSyntax(
        at,
        `expected ${curve ? 'a curve such as c1["Name"]{1, 2}' : "an axis name"}`,
        pos,
      );
    const item: Item = {
      name: m[1] as string,
      label: m[2] ? (m[2] as string).slice(1, -1) : (m[1] as string),
      column: pos,
    };
    pos += m[0].length;
    if (curve) {
      const close = text.indexOf("}", pos);
      if (text[pos] !== "{" || close < 0)
        throw mermaidSyntax(at, "a curve's values go in braces: {1, 2, 3}", pos);
      item.body = text.slice(pos + 1, close);
      item.column = pos + 1;
      pos = close + 1;
    }
    out.push(item);
    const rest = /^\s*(,\s*)?/.exec(text.slice(pos))?.[0] ?? "";
    if (rest.includes(",") === false && pos + rest.length < text.length) {
      throw mermaidSyntax(at, "separate items with commas", pos + rest.length);
    }
    pos += rest.length;
  }
  return out;
}

/** A curve's values in axis order: a plain list, or `axis: value` entries for every axis. */
function values(model: RadarModel, item: Item, at: SourceLine): number[] {
  const entries = (item.body ?? "").split(",").map((e) => e.trim());
  const byName = new Map<string, number>();
  const plain: number[] = [];
  let offset = item.column;
  for (const entry of entries) {
    const here = at.text.indexOf(entry, offset);
    offset = here + entry.length;
    const m = /^(?:([\w-]+)\s*:?\s+|([\w-]+)\s*:\s*)?(\S+)$/.exec(entry);
    const raw = m?.[3] ?? entry;
    if (!m || !NUMBER.test(raw))
      throw mermaidSyntax(at, `"${entry}" is not a value: write 3 or name: 3`, Math.max(here, 0));
    const name = m[1] ?? m[2];
    if (name === undefined) plain.push(Number(raw));
    else byName.set(name, Number(raw));
  }
  if (byName.size === 0) return plain;
  if (plain.length > 0)
    throw mermaidSyntax(at, "give every value by axis name, or none", item.column);
  return model.axes.map((axis) => {
    const value = byName.get(axis.name);
    if (value === undefined)
      throw mermaidSyntax(at, `curve ${item.name} has no value for axis ${axis.name}`, item.column);
    return value;
  });
}

/** Option statements: `showLegend true`, `ticks 5`, `max 100`, `min 0`, `graticule polygon`. */
function options(model: RadarModel, at: SourceLine): void {
  let offset = 0;
  for (const part of at.text.split(",")) {
    const column = offset + (part.length - part.trimStart().length);
    offset += part.length + 1;
    const m = /^(showLegend|ticks|max|min|graticule)\s+(\S+)$/.exec(part.trim());
    if (!m)
      throw mermaidSyntax(
        at,
        "expected axis, curve, title or an option (showLegend, ticks, max, min, graticule)",
        column,
      );
    const [, name, value] = m as unknown as [string, string, string];
    const valueColumn = column + part.trim().lastIndexOf(value);
    if (name === "showLegend") {
      if (value !== "true" && value !== "false")
        throw mermaidSyntax(at, "showLegend is true or false", valueColumn);
      model.showLegend = value === "true";
    } else if (name === "graticule") {
      if (value !== "circle" && value !== "polygon")
        throw mermaidSyntax(at, "graticule is circle or polygon", valueColumn);
      model.graticule = value;
    } else {
      if (!NUMBER.test(value)) throw mermaidSyntax(at, `${name} takes a number`, valueColumn);
      const n = Number(value);
      if (name === "ticks") {
        model.ticks = Math.max(1, Math.min(MAX_TICKS, Math.round(n)));
        if (n > MAX_TICKS) model.ticksAsked = n;
      } else if (name === "max") model.max = n;
      else model.min = n;
    }
  }
}
