/**
 * Mermaid class diagrams (`classDiagram`) as editable draw.io UML class shapes: the class
 * folder's front door, `convertClassDiagram`.
 */
import type { WorkBudget } from "../../budget.ts";
import { layoutGraph } from "../../layout/index.ts";
import type { GraphSpecInput } from "../../layout/spec.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import { noteSize } from "../state/index.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { drawClasses } from "./cells.ts";
import { classBoxSize } from "./members.ts";
import type { ClassDiagram } from "./model.ts";
import { parseClassDiagram } from "./parse.ts";

/**
 * Converts a Mermaid class diagram: classes (`class A { … }` blocks and `A : member` lines)
 * as draw.io's UML class swimlanes with a row per member (visibility as written, `$` static
 * underlined, `*` abstract italic, `~T~` generics as `<T>`, methods as `name(args) : type`)
 * and a line between attributes and methods; `<<annotations>>` above the name; `["labels"]`;
 * namespaces (nested by blocks or dots) as groups; relations with UML arrowheads at either or
 * both ends (`<|--` `*--` `o--` `-->` `--` `..>` `..|>` `..`, lollipops `()--` as a circle),
 * cardinalities as labels at the ends and `: labels` on the line; notes (`note for A "…"`
 * joined by a dashed line, `note "…"`); `classDef`/`cssClass`/`:::`/`style` as draw.io
 * styles. `link`, `click` and `callback` lines and accessibility text are read and noted.
 * Direction: `options.direction`, else the diagram's `direction`, else down.
 *
 * Counted: `nodes` are the classes (and each lollipop interface's circle); notes are not
 * counted. `edges` are the relations; a note's dashed line is not counted.
 *
 * @example
 * const { document } = await convertClassDiagram(readMermaid("classDiagram\n  Animal <|-- Duck"), {});
 */
export async function convertClassDiagram(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseClassDiagram(source);
  if (diagram.nodes.length === 0 && diagram.notes.length === 0) {
    throw mermaidSyntax(
      source.header,
      "the class diagram has no classes: add one, such as class Animal",
    );
  }
  const theme = options.theme ?? "default";
  const laid = await layoutGraph(specOf(diagram, options, source.title), budget ? { budget } : {});
  const page = laid.document.pages[0];
  if (!page) throw new Error("the layout returned no page");
  drawClasses(page, diagram.nodes, diagram.relations, {
    theme,
    ids: diagram.ids,
    classDefs: diagram.classDefs,
  });
  const notes = [...diagram.remarks];
  for (const node of diagram.nodes) {
    for (const name of node.classes) {
      if (!diagram.classDefs.has(name))
        notes.push(`class ${name} is used on ${node.name} but never defined with classDef`);
    }
  }
  return {
    document: laid.document,
    notes,
    nodes: diagram.nodes.length,
    edges: diagram.relations.length,
  };
}

/** The graph spec: boxes sized for their members, namespaces as groups, relations first. */
function specOf(
  diagram: ClassDiagram,
  options: MermaidOptions,
  title: string | undefined,
): GraphSpecInput {
  const nodes: GraphSpecInput["nodes"] = diagram.nodes.map((node) => ({
    id: node.id,
    label: node.interface ? node.name : "",
    kind: node.interface ? "icon" : "process",
    ...(node.interface
      ? { width: 20, height: 20 }
      : classBoxSize(node.title, node.annotations, [...node.attributes, ...node.methods])),
    ...(node.group === undefined ? {} : { group: node.group }),
  }));
  const edges: NonNullable<GraphSpecInput["edges"]> = diagram.relations.map((r) => ({
    from: r.from.id,
    to: r.to.id,
    ...(r.label ? { label: r.label } : {}),
    kind: r.dashed ? "dashed" : "solid",
    arrow: "none",
  }));
  for (const note of diagram.notes) {
    nodes.push({
      id: note.id,
      label: note.text,
      kind: "note",
      ...noteSize(note.text),
      ...(note.group === undefined ? {} : { group: note.group }),
    });
    if (note.target)
      edges.push({ from: note.id, to: note.target.id, kind: "dashed", arrow: "none" });
  }
  return {
    direction: options.direction ?? diagram.direction ?? "down",
    theme: options.theme ?? "default",
    ...(title === undefined ? {} : { title }),
    nodes,
    edges,
    groups: [...diagram.namespaces.values()].map((ns) => ({
      id: ns.id,
      label: ns.label,
      kind: "container",
      ...(ns.parent === undefined ? {} : { parent: ns.parent }),
    })),
  };
}
