/**
 * Reading a Mermaid quadrant chart: title, axis labels, the four quadrant labels, points with
 * their styles and classes, and `classDef` point styles.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";

/** How one point is drawn: any of Mermaid's four point properties. */
export interface PointStyle {
  radius?: number;
  color?: string;
  strokeColor?: string;
  strokeWidth?: number;
}

/** One point: its name and position (0..1 on each axis) and how it is drawn. */
export interface QuadrantPoint {
  name: string;
  x: number;
  y: number;
  classes: string[];
  style: PointStyle;
}

/** A quadrant chart read from its source. */
export interface QuadrantModel {
  title?: string;
  /** `x-axis left --> right`, `y-axis bottom --> top`; a side not given is undefined. */
  xAxis: { low?: string; high?: string };
  yAxis: { low?: string; high?: string };
  /** The labels of quadrants 1 (top right) to 4 (bottom right), by Mermaid's numbering. */
  quadrants: (string | undefined)[];
  points: QuadrantPoint[];
  classes: Map<string, PointStyle>;
}

const POINT = /^(.+?)(?::::(\w+))?\s*:\s*\[\s*([^,\]]*?)\s*,\s*([^\]]*?)\s*\]\s*(.*)$/;

/**
 * Reads every statement of a quadrant chart. A point outside 0..1, a style that is not one of
 * `radius`, `color`, `stroke-color`, `stroke-width`, and any line that is none of the
 * statements, are refused with their column.
 *
 * @example
 * parseQuadrant(readMermaid("quadrantChart\n  A: [0.3, 0.6]")).points; // [{ name: "A", x: 0.3, y: 0.6 … }]
 */
export function parseQuadrant(source: MermaidSource): QuadrantModel {
  const model: QuadrantModel = {
    xAxis: {},
    yAxis: {},
    quadrants: [undefined, undefined, undefined, undefined],
    points: [],
    classes: new Map(),
  };
  for (const at of source.lines) {
    const text = at.text;
    const keyword = /^(title|x-axis|y-axis|quadrant-([1-4])|classDef)(?:\s+(.*))?$/i.exec(text);
    if (keyword) {
      statement(model, at, keyword);
      continue;
    }
    const point = POINT.exec(text);
    if (!point)
      throw mermaidSyntax(at, "expected a point such as Name: [0.3, 0.6], or a statement");
    if (model.points.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    const styleText = point[5] ?? "";
    model.points.push({
      name: unquote((point[1] as string).trim()),
      x: coordinate(point[3] as string, at, text.indexOf("[")),
      y: coordinate(point[4] as string, at, text.indexOf(",", text.indexOf("["))),
      classes: point[2] === undefined ? [] : [point[2]],
      style: readPointStyle(styleText, at, text.length - styleText.length),
    });
  }
  return model;
}

/** Runs one keyword statement (`title`, `x-axis`, `quadrant-2`, `classDef`). */
function statement(model: QuadrantModel, at: SourceLine, m: RegExpExecArray): void {
  const word = (m[1] as string).toLowerCase();
  const rest = (m[3] ?? "").trim();
  if (word === "title") model.title = rest;
  else if (word === "x-axis") model.xAxis = axis(rest);
  else if (word === "y-axis") model.yAxis = axis(rest);
  else if (word === "classdef") {
    const def = /^(\w+)\s*(.*)$/.exec(rest);
    if (!def) throw mermaidSyntax(at, "classDef needs a name: classDef hot color: #f00");
    const css = def[2] as string;
    model.classes.set(def[1] as string, readPointStyle(css, at, at.text.length - css.length));
  } else model.quadrants[Number(m[2]) - 1] = unquote(rest);
}

/** An axis' two labels, `low --> high` (or only `low`). */
function axis(text: string): { low?: string; high?: string } {
  const [low, high] = text.split(/\s*-{2,}>\s*/);
  const out: { low?: string; high?: string } = {};
  if (low) out.low = unquote(low.trim());
  if (high) out.high = unquote(high.trim());
  return out;
}

function unquote(text: string): string {
  return /^"[^"]*"$/.test(text) ? text.slice(1, -1) : text.replace(/^"`|`"$/g, "");
}

/** A coordinate from 0 to 1, refused at its column otherwise. */
function coordinate(text: string, at: SourceLine, from: number): number {
  const value = Number(text);
  const column = at.text.indexOf(text, from);
  if (text === "" || !Number.isFinite(value)) {
    throw mermaidSyntax(at, `"${text}" is not a number`, Math.max(0, column));
  }
  if (value < 0 || value > 1) {
    throw mermaidSyntax(at, `${text} is outside the chart: coordinates run from 0 to 1`, column);
  }
  return value;
}

/**
 * Point properties (`radius: 12, color: #ff3300, stroke-color: #10f0f0, stroke-width: 5px`),
 * refused at the column of one that is not among them.
 */
export function readPointStyle(text: string, at: SourceLine, column: number): PointStyle {
  const style: PointStyle = {};
  let offset = 0;
  for (const part of text.split(",")) {
    const here = column + offset + (part.length - part.trimStart().length);
    offset += part.length + 1;
    const item = part.trim();
    if (item === "") continue;
    const m =
      /^(radius|color|stroke-color|stroke-width)\s*:\s*(#[0-9a-f]{3,8}|\d+(?:\.\d+)?(?:px)?)$/i.exec(
        item,
      );
    if (!m) {
      throw mermaidSyntax(
        at,
        `"${item}" is not a point style: radius, color, stroke-color or stroke-width`,
        here,
      );
    }
    const value = m[2] as string;
    const key = (m[1] as string).toLowerCase();
    if (key === "radius") style.radius = Number.parseFloat(value);
    else if (key === "stroke-width") style.strokeWidth = Number.parseFloat(value);
    else if (key === "color") style.color = value;
    else style.strokeColor = value;
  }
  return style;
}
