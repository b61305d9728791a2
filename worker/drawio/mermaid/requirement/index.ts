/**
 * Mermaid requirement diagrams (`requirementDiagram`) as editable draw.io: the requirement
 * folder's front door, `convertRequirementDiagram`.
 */
import type { WorkBudget } from "../../budget.ts";
import { layoutGraph } from "../../layout/index.ts";
import type { GraphSpecInput, Theme } from "../../layout/spec.ts";
import type { DiagramPage } from "../../model/document.ts";
import { mergeStyle } from "../../model/style.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { touch, vertexCell } from "../cell-edits.ts";
import { withCss } from "../class-defs.ts";
import { drawPageTitle, pageTitleColour } from "../page-title.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import {
  BODY_STYLE,
  bodyLabel,
  boxLabel,
  boxSize,
  boxStyle,
  relationshipStyle,
  relationshipText,
} from "./look.ts";
import type { RequirementDiagram } from "./model.ts";
import { parseRequirementDiagram } from "./parse.ts";

/**
 * Converts a Mermaid requirement diagram: each requirement (`requirement`,
 * `functionalRequirement` … `designConstraint`) and `element` as a titled draw.io box, its
 * header `<<Functional Requirement>>` over the bold name, its body the fields Mermaid shows
 * (ID, Text, Risk, Verification; Type, Doc Ref); relationships as connectors labelled
 * `<<satisfies>>`, `contains` with a circle-plus at the container, the others dashed arrows.
 * Placed by the layout engine in the diagram's `direction`; `classDef`, `class`, `:::` and
 * `style` applied as draw.io styles; markdown `**bold**` and `*italic*` kept.
 *
 * Counted: `nodes` are the requirements and elements, `edges` the relationships. `counts`:
 * `{ requirements, elements, relationships }`.
 *
 * @example
 * const { document } = await convertRequirementDiagram(readMermaid("requirementDiagram\nelement e {\n}"), {});
 */
export async function convertRequirementDiagram(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseRequirementDiagram(source);
  if (diagram.nodes.length === 0) {
    throw mermaidSyntax(
      source.header,
      "the requirement diagram declares nothing: add a requirement or an element block",
    );
  }
  const theme = options.theme ?? "default";
  const laid = await layoutGraph(specOf(diagram, options), budget ? { budget } : {});
  const page = laid.document.pages[0];
  if (!page) throw new Error("the layout returned no page");
  restyle(page, diagram, theme);
  if (diagram.title) {
    drawPageTitle(page, diagram.title, laid.width, pageTitleColour(theme), "diagram-title");
  }
  const notes = [...diagram.remarks];
  for (const node of diagram.nodes) {
    for (const name of node.classes) {
      if (!diagram.classDefs.has(name))
        notes.push(`class ${name} is used on ${node.name} but never defined with classDef`);
    }
  }
  const elements = diagram.nodes.filter((n) => n.isElement).length;
  return {
    document: laid.document,
    notes,
    nodes: diagram.nodes.length,
    edges: diagram.relationships.length,
    counts: {
      requirements: diagram.nodes.length - elements,
      elements,
      relationships: diagram.relationships.length,
    },
    ...(diagram.title ? { title: diagram.title } : {}),
  };
}

/** The graph spec: boxes sized for their text, relationships in the order written. */
function specOf(diagram: RequirementDiagram, options: MermaidOptions): GraphSpecInput {
  return {
    direction: options.direction ?? diagram.direction ?? "down",
    theme: options.theme ?? "default",
    ...(diagram.title ? { title: diagram.title } : {}),
    nodes: diagram.nodes.map((node) => {
      const size = boxSize(node);
      return { id: node.id, label: node.name, width: size.width, height: size.header + size.body };
    }),
    edges: diagram.relationships.map((r) => ({
      from: r.from.id,
      to: r.to.id,
      label: relationshipText(r),
    })),
  };
}

/** Redraws the laid-out boxes as titled boxes with their fields, and the relationships' ends. */
function restyle(page: DiagramPage, diagram: RequirementDiagram, theme: Theme): void {
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const out: XmlElement[] = [];
  let edgeIndex = 0;
  for (const cell of page.cells) {
    out.push(cell);
    const id = cell.attrs.id ?? "";
    const node = byId.get(id);
    if (node && cell.attrs.vertex === "1") {
      touch(cell);
      const size = boxSize(node);
      const css = diagram.classDefs.styleOf(node.classes, node.css);
      cell.attrs.style = withCss(boxStyle(size.header, theme), css);
      cell.attrs.value = boxLabel(node);
      if (node.fields.length > 0) {
        const font = css.keys.fontColor ? `fontColor=${css.keys.fontColor};` : "";
        out.push(
          vertexCell(diagram.ids.next(`${id}-body`), bodyLabel(node), BODY_STYLE + font, id, {
            x: 0,
            y: size.header,
            width: size.width,
            height: size.body,
          }),
        );
      }
    } else if (cell.attrs.edge === "1") {
      const relationship = diagram.relationships[edgeIndex++];
      if (!relationship) continue;
      if (cell.attrs.source !== relationship.from.id || cell.attrs.target !== relationship.to.id) {
        throw new Error(`edge ${id} is not the relationship of line ${relationship.at.line}`);
      }
      touch(cell);
      cell.attrs.style = mergeStyle(cell.attrs.style, relationshipStyle(relationship));
    }
  }
  page.cells = out;
}
