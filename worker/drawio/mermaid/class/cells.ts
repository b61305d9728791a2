/**
 * Turns the laid-out boxes of a class diagram into draw.io's UML class shapes: each class node
 * becomes the sidebar's "Class" swimlane (same id, place and edges) with one text row per
 * member and a line between attributes and methods; each relation gets its arrowheads and its
 * cardinalities as labels at its ends.
 */
import type { Theme } from "../../layout/spec.ts";
import { nodeStyle } from "../../layout/themes.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import type { DiagramPage } from "../../model/document.ts";
import { getStyleValue, mergeStyle } from "../../model/style.ts";
import { createElement, type XmlElement } from "../../xml/nodes.ts";
import { touch, vertexCell } from "../cell-edits.ts";
import type { CellIds } from "../cell-ids.ts";
import { type ClassDefs, withCss } from "../class-defs.ts";
import { DIVIDER, headerHeight, ROW, SPACER } from "./members.ts";
import type { ClassNode, Relation } from "./model.ts";
import { relationStyle } from "./relations.ts";

/** draw.io's UML sidebar "Class" container (`Sidebar.js`, addUmlPalette), as draw.io saves it. */
const CLASS_STYLE =
  "swimlane;fontStyle=1;align=center;verticalAlign=top;childLayout=stackLayout;horizontal=1;startSize=26;horizontalStack=0;resizeParent=1;resizeParentMax=0;resizeLast=0;collapsible=1;marginBottom=0;whiteSpace=wrap;html=1;";
/** Its member rows and the line between compartments. */
const ROW_STYLE =
  "text;strokeColor=none;fillColor=none;align=left;verticalAlign=top;spacingLeft=4;spacingRight=4;overflow=hidden;rotatable=0;points=[[0,0.5],[1,0.5]];portConstraint=eastwest;whiteSpace=wrap;html=1;";
const SPACER_STYLE =
  "text;strokeColor=none;fillColor=none;align=left;verticalAlign=middle;spacingTop=-1;spacingLeft=4;spacingRight=4;rotatable=0;labelPosition=right;points=[];portConstraint=eastwest;";
const DIVIDER_STYLE =
  "line;strokeWidth=1;fillColor=none;align=left;verticalAlign=middle;spacingTop=-1;spacingLeft=3;spacingRight=3;rotatable=0;labelPosition=right;points=[];portConstraint=eastwest;strokeColor=inherit;";
/** The body of a class box under its header, per theme. */
const BODY: Record<Theme, string> = { default: "#ffffff", minimal: "#ffffff", dark: "#1a202c" };

interface Context {
  theme: Theme;
  ids: CellIds;
  classDefs: ClassDefs;
}

/**
 * Rewrites the laid-out page in place: class boxes, lollipop circles, relation ends. `edges`
 * are the relations in the order their edges were handed to the layout (they come first).
 *
 * @example
 * drawClasses(laid.document.pages[0], diagram.nodes, diagram.relations, context);
 */
export function drawClasses(
  page: DiagramPage,
  nodes: readonly ClassNode[],
  relations: readonly Relation[],
  context: Context,
): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: XmlElement[] = [];
  let edgeIndex = 0;
  for (const cell of page.cells) {
    out.push(cell);
    const node = byId.get(cell.attrs.id ?? "");
    if (node && cell.attrs.vertex === "1") {
      touch(cell);
      out.push(...classBox(cell, node, context));
    } else if (cell.attrs.edge === "1") {
      const relation = relations[edgeIndex++];
      if (!relation) continue;
      if (cell.attrs.source !== relation.from.id || cell.attrs.target !== relation.to.id) {
        throw new Error(`edge ${cell.attrs.id} is not the relation of line ${relation.at.line}`);
      }
      touch(cell);
      cell.attrs.style = mergeStyle(cell.attrs.style, relationStyle(relation));
      out.push(...endLabels(cell, relation, context.ids));
    }
  }
  page.cells = out;
}

/** Restyles a class node as the UML class container and returns its rows. */
function classBox(cell: XmlElement, node: ClassNode, context: Context): XmlElement[] {
  const css = context.classDefs.styleOf(node.classes, node.css);
  const own = cell.attrs.style ?? "";
  if (node.interface) {
    cell.attrs.style = withCss(`ellipse;${own}`, css);
    return [];
  }
  const themed = nodeStyle("process", context.theme, undefined, undefined);
  const colours = ["fillColor", "strokeColor", "fontColor"].map(
    (k) => `${k}=${getStyleValue(themed, k)};`,
  );
  const start = headerHeight(node.annotations.length);
  let style = `${CLASS_STYLE.replace("startSize=26;", `startSize=${start};`)}${colours.join("")}swimlaneFillColor=${BODY[context.theme]};`;
  const title = htmlLabel(node.title);
  if (node.annotations.length > 0) {
    style = style.replace("fontStyle=1;", "fontStyle=0;");
    cell.attrs.value = `${node.annotations.map((a) => htmlLabel(`«${a}»`)).join("<br>")}<br><b>${title}</b>`;
  } else cell.attrs.value = title;
  cell.attrs.style = withCss(style, css);
  const geometry = cell.children.find((c) => "name" in c && c.name === "mxGeometry") as
    | XmlElement
    | undefined;
  const width = Number(geometry?.attrs.width ?? 160);
  const font = css.keys.fontColor ?? getStyleValue(themed, "fontColor");
  const rows: XmlElement[] = [];
  let y = start;
  const row = (text: string, fontStyle: number) => {
    const rowStyle = `${ROW_STYLE}fontColor=${font};${fontStyle ? `fontStyle=${fontStyle};` : ""}`;
    rows.push(
      vertexCell(context.ids.next(`${node.id}-row`), htmlLabel(text), rowStyle, node.id, {
        x: 0,
        y,
        width,
        height: ROW,
      }),
    );
    y += ROW;
  };
  const fixed = (kind: string, style: string, height: number) => {
    rows.push(
      vertexCell(context.ids.next(`${node.id}-${kind}`), "", style, node.id, {
        x: 0,
        y,
        width,
        height,
      }),
    );
    y += height;
  };
  // An empty compartment keeps a little room, as UML draws it.
  for (const m of node.attributes) row(m.text, m.fontStyle);
  if (node.attributes.length === 0) fixed("space", SPACER_STYLE, SPACER);
  fixed("line", DIVIDER_STYLE, DIVIDER);
  for (const m of node.methods) row(m.text, m.fontStyle);
  if (node.methods.length === 0) fixed("space", SPACER_STYLE, SPACER);
  return rows;
}

/**
 * The cardinalities of a relation as labels at its ends (children of the edge, as draw.io's
 * "Relation" entries hold them): beside the line, away from the class, the source's on one
 * side and the target's on the other so that a short line keeps them apart.
 */
function endLabels(edge: XmlElement, relation: Relation, ids: CellIds): XmlElement[] {
  const style = edge.attrs.style ?? "";
  const labels: XmlElement[] = [];
  const ends = [
    ["exit", -1, relation.startText, relation.start],
    ["entry", 1, relation.endText, relation.end],
  ] as const;
  for (const [prefix, x, text, marker] of ends) {
    if (!text) continue;
    const side = sideOf(
      Number(getStyleValue(style, `${prefix}X`)),
      Number(getStyleValue(style, `${prefix}Y`)),
    );
    // The source's on one side of the line, the target's on the other, clear of arrowheads.
    const across = (marker === "none" || marker === "lollipop" ? 6 : 9) * (x < 0 ? 1 : -1);
    const place = {
      bottom: { align: across > 0 ? "left" : "right", valign: "top", dx: across, dy: 4 },
      top: { align: across > 0 ? "left" : "right", valign: "bottom", dx: across, dy: -4 },
      right: { align: "left", valign: across > 0 ? "bottom" : "top", dx: 4, dy: -across },
      left: { align: "right", valign: across > 0 ? "bottom" : "top", dx: -4, dy: -across },
    }[side];
    const colours = ["fontColor", "labelBackgroundColor"].map(
      (k) => `${k}=${getStyleValue(style, k) ?? "none"};`,
    );
    labels.push(
      createElement(
        "mxCell",
        {
          id: ids.next("cardinality"),
          value: htmlLabel(text),
          style: `edgeLabel;resizable=0;html=1;align=${place.align};verticalAlign=${place.valign};fontSize=11;${colours.join("")}`,
          vertex: "1",
          connectable: "0",
          parent: edge.attrs.id ?? "",
        },
        [
          createElement("mxGeometry", { x: String(x), relative: "1", as: "geometry" }, [
            createElement("mxPoint", { x: String(place.dx), y: String(place.dy), as: "offset" }),
          ]),
        ],
      ),
    );
  }
  return labels;
}

/** Which side of its shape an edge end is pinned to (`exitX=0.5;exitY=1` is the bottom). */
function sideOf(x: number, y: number): "top" | "bottom" | "left" | "right" {
  if (y >= 1) return "bottom";
  if (y <= 0) return "top";
  return x <= 0 ? "left" : "right";
}
