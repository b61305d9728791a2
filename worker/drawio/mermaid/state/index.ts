/**
 * Mermaid state diagrams (`stateDiagram`, `stateDiagram-v2`) as editable draw.io cells: the state
 * folder's front door, `convertStateDiagram` (and the note size the class converter shares).
 */
import type { WorkBudget } from "../../budget.ts";
import type { Theme } from "../../layout/spec.ts";
import type { DiagramDocument } from "../../model/document.ts";
import { touch } from "../cell-edits.ts";
import { withCss } from "../class-defs.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { layoutStates } from "./layout.ts";
import type { StateDiagram, StateNode } from "./model.ts";
import { parseStateDiagram } from "./parse.ts";

export { noteSize } from "./notes.ts";

/**
 * Converts a Mermaid state diagram: states (`s1`, `state "Long name" as s1`, `s1 : text`, each
 * description a line), transitions with labels, `[*]` as a start (filled circle) and an end
 * (circled dot) per scope, composite states as containers with their own `[*]` and
 * `direction`, concurrent regions (`--`) as dashed boxes inside them, `<<choice>>` as a
 * diamond, `<<fork>>`/`<<join>>` as black bars, notes (`note left of`/`right of`, one line or
 * up to `end note`) joined to their state by a dashed line, and `classDef`/`class`/`:::`/`style`
 * as draw.io styles. `hide empty description`, `scale`, `click` and accessibility lines are
 * read and noted. Direction: `options.direction`, else the diagram's `direction`, else down.
 *
 * Counted: `nodes` are the states drawn — states, composite states, choices, forks, joins and
 * each start and end (one per scope that uses `[*]` that way); notes are not counted. `edges`
 * are the transitions; a note's dashed line is not counted.
 *
 * @example
 * const { document } = await convertStateDiagram(readMermaid("stateDiagram-v2\n  [*] --> Still"), {});
 */
export async function convertStateDiagram(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseStateDiagram(source);
  if (diagram.nodes.length === 0) {
    throw mermaidSyntax(
      source.header,
      "the state diagram has no states: add one, such as [*] --> Still",
    );
  }
  const theme = options.theme ?? "default";
  const direction = options.direction ?? diagram.root.direction ?? "down";
  const document = await layoutStates(diagram, direction, theme, source.title, budget);
  const notes = [...diagram.notes, ...styleNodes(document, diagram, theme)];
  return {
    document,
    notes,
    nodes: diagram.nodeCount,
    edges: diagram.edges.filter((e) => !e.note).length,
  };
}

/** draw.io's UML state shapes for the pseudo-states, then each node's classes and styles. */
function styleNodes(document: DiagramDocument, diagram: StateDiagram, theme: Theme): string[] {
  const notes = new Set<string>();
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const ink = theme === "dark" ? "#f7fafc" : "#000000";
  for (const cell of document.pages[0]?.cells ?? []) {
    const node = byId.get(cell.attrs.id ?? "");
    if (!node || cell.attrs.vertex !== "1") continue;
    for (const name of node.classes) {
      if (!diagram.classDefs.has(name))
        notes.add(`class ${name} is used but never defined with classDef`);
    }
    const own = pseudoStyle(node, ink) ?? cell.attrs.style ?? "";
    const css = diagram.classDefs.styleOf(node.classes, node.css);
    const style = withCss(own, css);
    if (style === cell.attrs.style) continue;
    touch(cell);
    cell.attrs.style = style;
  }
  return [...notes];
}

/** The style draw.io's UML 2.5 sidebar gives a pseudo-state. */
function pseudoStyle(node: StateNode, ink: string): string | undefined {
  switch (node.kind) {
    case "start":
      return `ellipse;html=1;fillColor=${ink};strokeColor=none;`;
    case "end":
      return `ellipse;html=1;shape=endState;fillColor=${ink};strokeColor=${ink};`;
    case "fork":
    case "join":
      return `html=1;points=[];perimeter=orthogonalPerimeter;fillColor=${ink};strokeColor=none;`;
    default:
      return undefined;
  }
}
