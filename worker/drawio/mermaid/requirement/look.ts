/**
 * How requirement diagrams look in draw.io: each requirement or element a titled box (a
 * swimlane whose header holds `<<Requirement>>` and the bold name, its body the fields), sized
 * for its text; relationships as `<<satisfies>>` connectors, `contains` with draw.io's
 * circle-plus at the container's end, the others dashed with an open arrow.
 */
import type { Theme } from "../../layout/spec.ts";
import { nodeStyle } from "../../layout/themes.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import { getStyleValue } from "../../model/style.ts";
import { measureText } from "../../text/estimate.ts";
import { markdownHtml, markdownPlain } from "../markdown.ts";
import { orderFields } from "./fields.ts";
import type { Relationship, RequirementNode } from "./model.ts";

const MIN_WIDTH = 180;
const MAX_WIDTH = 300;
const PAD = 12;
const LINE = 15;

/** A field's shown line: `Risk: High`. */
export function fieldLine(label: string, value: string): string {
  return `${label}: ${value}`;
}

/** The header's height, the body's height and the box's width, for a node's text. */
export function boxSize(node: RequirementNode): { width: number; header: number; body: number } {
  const name = markdownPlain(node.name);
  const lines = orderFields(node.fields, node.isElement).map((f) =>
    markdownPlain(fieldLine(f.label, f.value)),
  );
  const natural = Math.max(
    measureText(`<<${node.stereotype}>>`, Number.POSITIVE_INFINITY).width,
    measureText(name, Number.POSITIVE_INFINITY).width * 1.1,
    ...lines.map((l) => Math.min(measureText(l, Number.POSITIVE_INFINITY).width, 260)),
  );
  const width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, natural + 2 * PAD)));
  const header = LINE + measureText(name, (width - 2 * PAD) / 1.1).lines * LINE + 12;
  const rows = lines.reduce((n, l) => n + measureText(l, width - 2 * PAD).lines, 0);
  return { width, header, body: rows === 0 ? 8 : rows * LINE + 10 };
}

/** draw.io's titled box: a swimlane whose header is the stereotype and name. */
export function boxStyle(header: number, theme: Theme): string {
  const themed = nodeStyle("process", theme, undefined, undefined);
  const colour = (key: string) => `${key}=${getStyleValue(themed, key)};`;
  const body = theme === "dark" ? "#1a202c" : "#ffffff";
  return `swimlane;fontStyle=0;align=center;verticalAlign=top;spacingTop=2;childLayout=stackLayout;horizontal=1;startSize=${header};horizontalStack=0;resizeParent=1;resizeParentMax=0;resizeLast=0;collapsible=0;marginBottom=0;whiteSpace=wrap;html=1;${colour("fillColor")}${colour("strokeColor")}${colour("fontColor")}swimlaneFillColor=${body};`;
}

/** The header label: `<<Requirement>>`, then the name in bold. */
export function boxLabel(node: RequirementNode): string {
  return `${htmlLabel(`<<${node.stereotype}>>`)}<br><b>${markdownHtml(node.name)}</b>`;
}

/** The body's text cell style. */
export const BODY_STYLE =
  "text;strokeColor=none;fillColor=none;align=left;verticalAlign=top;spacingLeft=8;spacingRight=8;spacingTop=2;overflow=hidden;rotatable=0;whiteSpace=wrap;html=1;";

/** The body label: one line per field, in Mermaid's order. */
export function bodyLabel(node: RequirementNode): string {
  return orderFields(node.fields, node.isElement)
    .map((f) => `${htmlLabel(`${f.label}: `)}${markdownHtml(f.value)}`)
    .join("<br>");
}

/** The label of a relationship: `<<satisfies>>`. */
export function relationshipText(relationship: Relationship): string {
  return `<<${relationship.type}>>`;
}

/** A relationship's line and ends: `contains` solid with a circle-plus, others dashed arrows. */
export function relationshipStyle(relationship: Relationship): Record<string, string> {
  if (relationship.type === "contains") {
    return { startArrow: "circlePlus", startFill: "0", startSize: "10", endArrow: "none" };
  }
  return { dashed: "1", endArrow: "open", endFill: "0", endSize: "10" };
}
