/**
 * How C4 shapes look in draw.io: the C4 library's person, box, database and queue shapes in
 * the C4 model's colours, their labels (bold name, `[Container: Java]` type line, description)
 * and the sizes those labels need; boundaries as dashed boxes; relationships as thin arrows.
 */
import type { Theme } from "../../layout/spec.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import { mergeStyle } from "../../model/style.ts";
import { measureText } from "../../text/estimate.ts";
import type { C4Boundary, C4Element, C4Relation } from "./model.ts";

/** Fill, stroke and text colours of each kind, inside and outside (`_Ext`) the system. */
const COLOURS: Record<string, readonly [fill: string, stroke: string, font: string]> = {
  person: ["#08427B", "#073B6F", "#FFFFFF"],
  "person-ext": ["#686868", "#8A8A8A", "#FFFFFF"],
  system: ["#1168BD", "#3C7FC0", "#FFFFFF"],
  "system-ext": ["#999999", "#8A8A8A", "#FFFFFF"],
  container: ["#438DD5", "#3C7FC0", "#FFFFFF"],
  "container-ext": ["#B3B3B3", "#A6A6A6", "#000000"],
  component: ["#85BBF0", "#78A8D8", "#000000"],
  "component-ext": ["#CCCCCC", "#BFBFBF", "#000000"],
};

/** The shapes, as draw.io's C4 library and flowchart palette draw them. */
const SHAPES: Record<C4Element["shape"], string> = {
  // `person` rather than the newer `person2`: draw.io 14 and later both draw it.
  person: "shape=mxgraph.c4.person;",
  box: "rounded=1;arcSize=10;",
  db: "shape=cylinder3;size=15;boundedLbl=1;",
  // A horizontal pipe that is not rotated, so that pinned edge ends stay where they were put.
  queue: "shape=mxgraph.flowchart.direct_data;",
};

const TYPE_WORD: Record<C4Element["kind"], string> = {
  person: "Person",
  system: "Software System",
  container: "Container",
  component: "Component",
};

/** The type line of an element: `[Person]`, `[Container: Java]`. */
export function typeLine(element: C4Element): string {
  // As draw.io's C4 library and Mermaid write it: the colour, not the type line, says external.
  const word = TYPE_WORD[element.kind];
  return element.technology ? `[${word}: ${element.technology}]` : `[${word}]`;
}

/** The draw.io style of an element, with its `UpdateElementStyle` colours. */
export function elementStyle(element: C4Element): string {
  const [fill, stroke, font] = COLOURS[
    `${element.kind}${element.external ? "-ext" : ""}`
  ] as readonly string[];
  const own = `${SHAPES[element.shape]}whiteSpace=wrap;html=1;align=center;verticalAlign=middle;fontSize=12;labelBackgroundColor=none;fillColor=${fill};strokeColor=${stroke};fontColor=${font};`;
  const arc = element.kind === "component" ? mergeStyle(own, { arcSize: "6" }) : own;
  return mergeStyle(arc, element.style);
}

/** The HTML label of an element: bold name, type line, then its description in small text. */
export function elementLabel(element: C4Element): string {
  let html = `<font style="font-size: 16px"><b>${htmlLabel(element.name)}</b></font><div>${htmlLabel(typeLine(element))}</div>`;
  if (element.description) {
    html += `<br><div><font style="font-size: 11px">${htmlLabel(element.description)}</font></div>`;
  }
  return html;
}

const MIN_WIDTH = 200;
const MAX_WIDTH = 280;
const PAD = 12;

/** The box an element needs for its label, and its shape's own room (a head, cylinder caps). */
export function elementSize(element: C4Element): { width: number; height: number } {
  const natural = measureText(element.name, Number.POSITIVE_INFINITY).width * (16 / 12);
  let width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, natural + 2 * PAD)));
  const inner = width - 2 * PAD;
  const name = measureText(element.name, inner * (12 / 16)).lines * 20;
  const type = measureText(typeLine(element), inner).height;
  const description = element.description
    ? 15 + measureText(element.description, inner * (12 / 11)).lines * 14
    : 0;
  let height = name + type + description + 2 * PAD;
  // The person's head takes 0.8 of min(width / 2, height / 3) above its label.
  if (element.shape === "person") height = Math.ceil(height / (1 - 0.8 / 3));
  if (element.shape === "db") height += 30;
  if (element.shape === "queue") width += 30;
  return { width, height: Math.max(60, height) };
}

/**
 * The type word of a boundary: its own type, or the kind's (`Software System`), on one line:
 * a boundary's title room holds two lines, so its line breaks become spaces.
 */
function boundaryType(boundary: C4Boundary): string {
  if (boundary.type) return oneLine(boundary.type);
  return boundary.kind === "node" ? "Deployment Node" : "";
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}

/** The plain label of a boundary, whose widest line sets the boundary's least width. */
export function boundaryText(boundary: C4Boundary): string {
  const type = boundaryType(boundary);
  const head = type ? `${oneLine(boundary.name)} [${type}]` : oneLine(boundary.name);
  return boundary.description ? `${head}\n${oneLine(boundary.description)}` : head;
}

/**
 * The HTML label of a boundary: bold name over `[type]`; a deployment node with a description
 * has its name and type on one line and the description under them, as its title room holds
 * two lines.
 */
export function boundaryLabel(boundary: C4Boundary): string {
  const type = boundaryType(boundary);
  const small = (text: string) => `<font style="font-size: 11px">${htmlLabel(text)}</font>`;
  const name = `<b>${htmlLabel(oneLine(boundary.name))}</b>`;
  if (boundary.description) {
    return `${name}${type ? ` ${small(`[${type}]`)}` : ""}<br>${small(oneLine(boundary.description))}`;
  }
  return type ? `${name}<br>${small(`[${type}]`)}` : name;
}

/** Text colours of boundaries and relationships on each theme's page. */
const INK: Record<Theme, { text: string; line: string; boundary: string }> = {
  default: { text: "#404040", line: "#828282", boundary: "#444444" },
  minimal: { text: "#404040", line: "#828282", boundary: "#444444" },
  dark: { text: "#E0E0E0", line: "#A0A0A0", boundary: "#C0C0C0" },
};

/** The style of a boundary: draw.io's C4 scope boundary, a dashed box, its label at the top. */
export function boundaryStyle(boundary: C4Boundary, theme: Theme): string {
  const ink = INK[theme];
  const node = boundary.kind === "node";
  return `rounded=1;arcSize=${node ? 2 : 20};absoluteArcSize=1;whiteSpace=wrap;html=1;container=1;collapsible=0;recursiveResize=0;fillColor=none;${node ? "dashed=0;" : "dashed=1;dashPattern=8 4;"}strokeColor=${ink.boundary};fontColor=${ink.boundary};fontSize=12;align=left;verticalAlign=top;spacingLeft=10;spacingTop=2;labelBackgroundColor=none;`;
}

/**
 * The style of a relationship: draw.io's C4 relationship (thin grey line, thin block arrow),
 * arrows at both ends for `BiRel`, at the start for `Rel_Back`, with its `UpdateRelStyle`.
 */
export function relationStyle(relation: C4Relation, theme: Theme): Record<string, string> {
  const ink = INK[theme];
  const style: Record<string, string> = {
    strokeColor: ink.line,
    fontColor: ink.text,
    fontSize: "11",
    endArrow: "blockThin",
    endFill: "1",
    endSize: "10",
    startSize: "10",
  };
  if (relation.kind === "birel") Object.assign(style, { startArrow: "blockThin", startFill: "1" });
  if (relation.kind === "back") {
    Object.assign(style, { startArrow: "blockThin", startFill: "1", endArrow: "none" });
  }
  return { ...style, ...relation.style };
}

/** The plain label of a relationship: `index: label`, then `[technology]` and description. */
export function relationText(relation: C4Relation): string {
  const label = relation.index ? `${relation.index}: ${relation.label}` : relation.label;
  const lines = [label];
  if (relation.technology) lines.push(`[${relation.technology}]`);
  if (relation.description) lines.push(relation.description);
  return lines.filter((l) => l !== "").join("\n");
}
