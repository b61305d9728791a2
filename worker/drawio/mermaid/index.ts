/**
 * Mermaid in, editable draw.io out: flowcharts, state, class and sequence diagrams become real
 * draw.io cells (shapes, edges, groups), placed by the layout engine (sequence diagrams by
 * their own columns and rows). Text a parser does not understand is refused with its line and
 * column (`mermaid_syntax`); other diagram types with `mermaid_unsupported`.
 */
import { convertClassDiagram } from "./class.ts";
import { convertFlowchart } from "./flowchart.ts";
import { convertSequenceDiagram } from "./sequence.ts";
import { type MermaidType, readMermaid } from "./source.ts";
import { convertStateDiagram } from "./state.ts";
import type { ConvertedDiagram, MermaidOptions } from "./types.ts";

export { MAX_MERMAID_CHARS, MAX_MERMAID_NODES, type MermaidType } from "./source.ts";
export type { ConvertedDiagram, MermaidOptions } from "./types.ts";

/** A converted Mermaid diagram: its draw.io file, its type and what could not be carried over. */
export interface MermaidConversion extends ConvertedDiagram {
  type: MermaidType;
  /** The title of the text's front matter, when it has one. */
  title?: string;
}

/**
 * Converts Mermaid text to a draw.io file.
 *
 * @example
 * const { xml, notes } = await convertMermaid("flowchart LR\n  A[Cart] --> B{Paid?}");
 */
export async function convertMermaid(
  text: string,
  options: MermaidOptions = {},
): Promise<MermaidConversion> {
  const source = readMermaid(text);
  const convert = {
    flowchart: convertFlowchart,
    state: convertStateDiagram,
    class: convertClassDiagram,
    sequence: convertSequenceDiagram,
  }[source.type];
  const converted = await convert(source, options);
  return {
    ...converted,
    type: source.type,
    ...(source.title === undefined ? {} : { title: source.title }),
  };
}
