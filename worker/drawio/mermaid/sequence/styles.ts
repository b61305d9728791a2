/**
 * The draw.io styles of a sequence diagram's cells, as draw.io's UML sidebar writes them:
 * lifelines (with a figure for actors and the like), activation bars, messages, notes,
 * frames and their separators.
 */
import type { Arrow, Colour, Marker, Participant } from "./model.ts";
import { FIGURES } from "./sizes.ts";

const LIFELINE =
  "perimeter=lifelinePerimeter;html=1;container=1;collapsible=0;recursiveResize=0;outlineConnect=0;";

/**
 * A participant's lifeline: draw.io's "Lifeline" (a box header `size` high), or its "Actor
 * Lifeline" and kin (the figure as `participant`, the name under it, not wrapped), a cylinder
 * header for a database.
 *
 * @example
 * lifelineStyle({ kind: "actor", … }, 40); // "shape=umlLifeline;participant=umlActor;…"
 */
export function lifelineStyle(p: Participant, size: number): string {
  const figure = FIGURES[p.kind];
  if (figure) {
    return `shape=umlLifeline;participant=${figure.shape};${LIFELINE}verticalAlign=top;spacingTop=40;`;
  }
  // A cylinder's top takes the first 10 px or so of the header; its name sits below that.
  const participant = p.kind === "database" ? "participant=cylinder;spacingTop=10;" : "";
  return `shape=umlLifeline;${participant}${LIFELINE.replace("html=1;", "whiteSpace=wrap;html=1;")}${size === 40 ? "" : `size=${size};`}`;
}

/** An activation bar: draw.io's "Activation". */
export const BAR_STYLE = "html=1;points=[];perimeter=orthogonalPerimeter;";

/** The cross that ends a destroyed lifeline. */
export const DESTROY_STYLE = "shape=umlDestroy;html=1;strokeWidth=2;";

/** A note (yellow, as in draw.io's palette and Mermaid's). */
export const NOTE_STYLE =
  "shape=note;whiteSpace=wrap;html=1;backgroundOutline=1;darkOpacity=0.05;size=10;fillColor=#fff2cc;strokeColor=#d6b656;";

const MARKERS: Record<Marker, string> = {
  none: "none;",
  block: "block;#Fill=1;",
  cross: "cross;",
  open: "open;#Size=8;",
  async: "async;#Fill=1;",
  openAsync: "openAsync;",
};

/**
 * A message: draw.io's "Message" (`endArrow=block`, the label above the line), dashed when
 * dotted; a self message with its label beside the loop. `pins` places both ends.
 *
 * @example
 * messageStyle({ dashed: true, start: "none", end: "open" }, false, "");
 * // "html=1;verticalAlign=bottom;endArrow=open;endSize=8;dashed=1;rounded=0;"
 */
export function messageStyle(arrow: Arrow, self: boolean, pins: string): string {
  let style = self
    ? "html=1;align=left;spacingLeft=4;verticalAlign=middle;"
    : "html=1;verticalAlign=bottom;";
  style += `endArrow=${MARKERS[arrow.end].replaceAll("#", "end")}`;
  if (arrow.start !== "none")
    style += `startArrow=${MARKERS[arrow.start].replaceAll("#", "start")}`;
  if (arrow.dashed) style += "dashed=1;";
  return `${style}rounded=0;${pins}`;
}

/**
 * A frame (`loop`, `alt`, …): draw.io's UML frame with the keyword in its tab. `pointerEvents=0`
 * lets clicks inside reach the lifelines and messages it surrounds.
 */
export function frameStyle(tab: number): string {
  return `shape=umlFrame;whiteSpace=wrap;html=1;pointerEvents=0;width=${tab};height=20;`;
}

/** A frame's condition, written beside its tab. */
export const CONDITION_STYLE =
  "text;html=1;strokeColor=none;fillColor=none;align=left;verticalAlign=middle;whiteSpace=nowrap;";

/**
 * An `else`/`and`/`option` line across a frame, its text under it starting `left` px in (draw.io's
 * UML 2.5 sidebar).
 */
export function sectionStyle(left: number): string {
  return `line;strokeWidth=1;dashed=1;html=1;labelPosition=center;verticalLabelPosition=bottom;align=left;verticalAlign=top;spacingLeft=${Math.round(left - 2)};spacingTop=-4;`;
}

/** A colour as a fill: `fillColor`, and `fillOpacity` when not opaque. */
function fillOf(fill: Colour | undefined): string {
  if (!fill) return "fillColor=none;";
  return `fillColor=${fill.color};${fill.opacity === undefined ? "" : `fillOpacity=${fill.opacity};`}`;
}

/** A `rect` highlight: a borderless coloured band behind the lifelines. */
export function highlightStyle(fill: Colour | undefined): string {
  return `rounded=0;whiteSpace=wrap;html=1;strokeColor=none;${fillOf(fill)}`;
}

/** A `box` of participants: a titled band behind their lifelines, its title light on a dark fill. */
export function boxStyle(fill: Colour | undefined): string {
  const font = fill && dark(fill) ? "fontColor=#ffffff;" : "";
  return `rounded=0;whiteSpace=wrap;html=1;strokeColor=#999999;verticalAlign=top;fontStyle=1;${fillOf(fill)}${font}`;
}

/** Whether black text would be hard to read on a fill (its luminance, opacity counted, is low). */
function dark(fill: Colour): boolean {
  const hex = /^#([0-9a-f]{6})$/.exec(fill.color)?.[1];
  if (!hex) return false;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map(
    (i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255,
  );
  const alpha = (fill.opacity ?? 100) / 100;
  return 1 - alpha * (1 - (0.299 * r + 0.587 * g + 0.114 * b)) < 0.5;
}

/** The diagram's title above it. */
export const TITLE_STYLE =
  "text;html=1;strokeColor=none;fillColor=none;align=center;verticalAlign=middle;fontSize=16;fontStyle=1;";
