/**
 * Mermaid C4 diagrams (`C4Context`, `C4Container`, `C4Component`, `C4Dynamic`,
 * `C4Deployment`) as editable draw.io: the c4 folder's front door, `convertC4`.
 */
import type { WorkBudget } from "../../budget.ts";
import { layoutGraph } from "../../layout/index.ts";
import type { Direction, GraphSpecInput, Theme } from "../../layout/spec.ts";
import type { DiagramPage } from "../../model/document.ts";
import { mergeStyle } from "../../model/style.ts";
import { touch } from "../cell-edits.ts";
import { drawPageTitle, pageTitleColour } from "../page-title.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import {
  boundaryLabel,
  boundaryStyle,
  boundaryText,
  elementLabel,
  elementSize,
  elementStyle,
  relationStyle,
  relationText,
} from "./look.ts";
import type { C4Diagram } from "./model.ts";
import { parseC4 } from "./parse.ts";
import { acrossFlow, laidBackwards, turnAround } from "./turn.ts";

/**
 * Converts a Mermaid C4 diagram: people, software systems, containers and components (and
 * their `_Ext`, `Db` and `Queue` variants) as draw.io's C4 shapes in the C4 colours, each with
 * its bold name, `[Container: Java]` type line and description; boundaries and deployment
 * nodes as dashed boxes holding their elements; relationships as connectors labelled with
 * their text and `[technology]`, both ways for `BiRel`, backwards for `Rel_Back`. Placed by
 * the layout engine; `UpdateElementStyle`/`UpdateRelStyle` colours applied; label offsets,
 * `UpdateLayoutConfig`, `Rel_U/D/L/R` directions, sprites, tags and links noted.
 *
 * Counted: `nodes` are the elements (people, systems, containers, components); boundaries
 * and deployment nodes are containers, counted as `boundaries`, not nodes. `edges` are the
 * relationships drawn. `counts`: `{ elements, boundaries, relationships }`.
 *
 * @example
 * const { document } = await convertC4(readMermaid('C4Context\nPerson(a, "Alice")'), {});
 */
export async function convertC4(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseC4(source);
  if (diagram.elements.length === 0) {
    throw mermaidSyntax(
      source.header,
      'the C4 diagram declares no element: add one, such as Person(customer, "Customer")',
    );
  }
  const theme = options.theme ?? "default";
  const direction = options.direction ?? diagram.direction ?? "down";
  const laid = await layoutGraph(specOf(diagram, direction, theme), budget ? { budget } : {});
  const page = laid.document.pages[0];
  if (!page) throw new Error("the layout returned no page");
  restyle(page, diagram, direction, theme);
  if (diagram.title)
    drawPageTitle(page, diagram.title, laid.width, pageTitleColour(theme), "c4-title");
  const notes = [...diagram.remarks];
  const across = diagram.relations.filter((r) => acrossFlow(r, direction));
  if (across.length > 0) {
    notes.push(
      `${across.map((r) => `line ${r.at.line}`).join(", ")}: a relationship across the diagram's flow (Rel_L or Rel_R in a top-down diagram) is placed by the layout engine like Rel`,
    );
  }
  return {
    document: laid.document,
    notes,
    nodes: diagram.elements.length,
    edges: diagram.relations.length,
    counts: {
      elements: diagram.elements.length,
      boundaries: diagram.boundaries.length,
      relationships: diagram.relations.length,
    },
    ...(diagram.title ? { title: diagram.title } : {}),
  };
}

/**
 * The graph spec: sized elements in their boundaries, relationships in the order written
 * (those that ask to run against the flow, such as `Rel_U`, from target to source).
 */
function specOf(diagram: C4Diagram, direction: Direction, theme: Theme): GraphSpecInput {
  const boundaryId = new Map(diagram.boundaries.map((b) => [b.alias, b.id]));
  return {
    direction,
    theme,
    ...(diagram.title ? { title: diagram.title } : {}),
    nodes: diagram.elements.map((element) => {
      const group = element.boundary === undefined ? undefined : boundaryId.get(element.boundary);
      return {
        id: element.id,
        label: element.name,
        ...elementSize(element),
        ...(group === undefined ? {} : { group }),
      };
    }),
    edges: diagram.relations.map((relation) => {
      const back = laidBackwards(relation, direction);
      return {
        from: back ? relation.to.id : relation.from.id,
        to: back ? relation.from.id : relation.to.id,
        label: relationText(relation),
      };
    }),
    groups: diagram.boundaries.map((boundary) => {
      const parent = boundary.parent === undefined ? undefined : boundaryId.get(boundary.parent);
      return {
        id: boundary.id,
        label: boundaryText(boundary),
        kind: "zone" as const,
        ...(parent === undefined ? {} : { parent }),
      };
    }),
  };
}

/** Redraws the laid-out page's cells as C4 shapes, boundaries and relationships. */
function restyle(page: DiagramPage, diagram: C4Diagram, direction: Direction, theme: Theme): void {
  const elements = new Map(diagram.elements.map((e) => [e.id, e]));
  const boundaries = new Map(diagram.boundaries.map((b) => [b.id, b]));
  let edgeIndex = 0;
  for (const cell of page.cells) {
    const id = cell.attrs.id ?? "";
    if (cell.attrs.vertex === "1") {
      const element = elements.get(id);
      const boundary = boundaries.get(id);
      if (element) {
        touch(cell);
        cell.attrs.style = elementStyle(element);
        cell.attrs.value = elementLabel(element);
      } else if (boundary) {
        touch(cell);
        cell.attrs.style = boundaryStyle(boundary, theme);
        cell.attrs.value = boundaryLabel(boundary);
      }
    } else if (cell.attrs.edge === "1") {
      const relation = diagram.relations[edgeIndex++];
      if (!relation) continue;
      if (laidBackwards(relation, direction)) turnAround(cell);
      if (cell.attrs.source !== relation.from.id || cell.attrs.target !== relation.to.id) {
        throw new Error(`edge ${id} is not the relationship of line ${relation.at.line}`);
      }
      touch(cell);
      cell.attrs.style = mergeStyle(cell.attrs.style, relationStyle(relation, theme));
    }
  }
}
