/**
 * How a timeline looks in draw.io: Mermaid's default colour scale (a pastel per section, or per
 * period when there are no sections), boxes with wrapped labels, the axis arrow, and dashed
 * connectors from each period down through its events.
 */
import type { Theme } from "../../layout/spec.ts";
import { COLOUR_SCALE_HUES, hsl } from "../colours.ts";

/** The colours of one section (or period). */
export interface TimelineColours {
  fill: string;
  stroke: string;
  font: string;
}

/** The theme's own colour scale (`themeVariables.cScale0`, `cScaleLabel0`, …), by index. */
export type ColourScale = ReadonlyMap<number, { fill?: string; font?: string }>;

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;

/**
 * The `cScaleN` / `cScaleLabelN` theme variables of a diagram's settings, as Mermaid lets a
 * timeline's colours be chosen.
 *
 * @example
 * colourScale({ themeVariables: { cScale0: "#ff0000" } }).get(0); // { fill: "#ff0000" }
 */
export function colourScale(config: Record<string, unknown>): ColourScale {
  const scale = new Map<number, { fill?: string; font?: string }>();
  const vars = config.themeVariables;
  if (typeof vars !== "object" || vars === null) return scale;
  for (const [key, value] of Object.entries(vars)) {
    const m = /^cScale(Label)?(\d{1,2})$/.exec(key);
    if (!m || typeof value !== "string" || !COLOUR.test(value.trim())) continue;
    const entry = scale.get(Number(m[2])) ?? {};
    if (m[1]) entry.font = value.trim();
    else entry.fill = value.trim();
    scale.set(Number(m[2]), entry);
  }
  return scale;
}

/**
 * The colours of the `index`th section or period (-1: the periods before the first section),
 * the theme's own scale first.
 *
 * @example
 * timelineColours(0, "default").fill; // "#b8b8ff"
 */
export function timelineColours(index: number, theme: Theme, scale?: ColourScale): TimelineColours {
  const own = index < 0 ? undefined : scale?.get(index % COLOUR_SCALE_HUES.length);
  const base = themeColours(index, theme);
  if (own?.fill === undefined) return own?.font === undefined ? base : { ...base, font: own.font };
  return { fill: own.fill, stroke: own.fill, font: own.font ?? base.font };
}

function themeColours(index: number, theme: Theme): TimelineColours {
  const dark = theme === "dark";
  if (index < 0) {
    return dark
      ? { fill: "#3a3a3a", stroke: "#8a8a8a", font: "#f5f5f5" }
      : { fill: "#eeeeee", stroke: "#9e9e9e", font: "#333333" };
  }
  const hue = COLOUR_SCALE_HUES[index % COLOUR_SCALE_HUES.length] ?? 0;
  return dark
    ? { fill: hsl(hue, 45, 32), stroke: hsl(hue, 55, 55), font: "#f5f5f5" }
    : { fill: hsl(hue, 100, 86), stroke: hsl(hue, 60, 60), font: "#333333" };
}

const BOX =
  "rounded=1;arcSize=12;whiteSpace=wrap;html=1;align=center;verticalAlign=middle;spacing=6;";

/** A section header: bold, a shade deeper than its periods. */
export function sectionStyle(c: TimelineColours): string {
  return `${BOX}fontStyle=1;fontSize=13;fillColor=${c.stroke};strokeColor=${c.stroke};fontColor=${c.font};`;
}

/** A time period: bold label on its section's colour. */
export function periodStyle(c: TimelineColours): string {
  return `${BOX}fontStyle=1;fontSize=13;fillColor=${c.fill};strokeColor=${c.stroke};fontColor=${c.font};`;
}

/** An event under a period. */
export function eventStyle(c: TimelineColours): string {
  return `${BOX}fontSize=12;fillColor=${c.fill};strokeColor=${c.stroke};fontColor=${c.font};`;
}

/**
 * The dashed line from a period to its first event, or from an event to the next: across the
 * axis when `across`, else down the stack.
 */
export function connectorStyle(c: TimelineColours, across: boolean): string {
  const [exit, entry] = across
    ? ["exitX=1;exitY=0.5;", "entryX=0;entryY=0.5;"]
    : ["exitX=0.5;exitY=1;", "entryX=0.5;entryY=0;"];
  return `endArrow=none;html=1;dashed=1;strokeWidth=2;strokeColor=${c.stroke};${exit}exitDx=0;exitDy=0;${entry}entryDx=0;entryDy=0;`;
}

/** The time axis: a thick arrow along the periods. */
export function axisStyle(theme: Theme): string {
  const ink = theme === "dark" ? "#d0d0d0" : "#333333";
  return `endArrow=block;endFill=1;html=1;strokeWidth=3;strokeColor=${ink};`;
}
