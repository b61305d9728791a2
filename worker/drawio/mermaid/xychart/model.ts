/**
 * The XY chart as read from Mermaid: its orientation, title, two axes and the bar and line
 * series with their values.
 */
import type { SourceLine } from "../source.ts";

/** A numeric range `min --> max`. */
export interface Range {
  min: number;
  max: number;
}

/** One axis as the text declares it. */
export interface AxisSpec {
  title?: string;
  /** Category names (`[jan, feb]`); x-axis only. */
  categories?: string[];
  range?: Range;
}

/** One `bar [..]` or `line [..]` statement. */
export interface Series {
  kind: "bar" | "line";
  name?: string;
  values: number[];
  at: SourceLine;
}

/** An XY chart. */
export interface XyChart {
  horizontal: boolean;
  title?: string;
  x: AxisSpec;
  y: AxisSpec;
  series: Series[];
  notes: string[];
}
