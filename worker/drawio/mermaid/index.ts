/**
 * Mermaid in, editable draw.io out: flowcharts, state, class and sequence diagrams become real
 * draw.io cells (shapes, edges, groups), placed by the layout engine (sequence diagrams by
 * their own columns and rows). Text a parser does not understand is refused with its line and
 * column (`mermaid_syntax`); other diagram types with `mermaid_unsupported`.
 */
import { WorkBudget } from "../budget.ts";
import { DrawioError } from "../errors.ts";
import { LAYOUT_LIMITS } from "../layout/cost.ts";
import { convertClassDiagram } from "./class/index.ts";
import { convertFlowchart } from "./flowchart/index.ts";
import { convertSequenceDiagram } from "./sequence/index.ts";
import { type MermaidType, readMermaid } from "./source.ts";
import { convertStateDiagram } from "./state/index.ts";
import type { ConvertedDiagram, MermaidOptions } from "./types.ts";

export {
  MAX_MERMAID_CHARS,
  MAX_MERMAID_DEPTH,
  MAX_MERMAID_NODES,
  type MermaidType,
} from "./source.ts";
export type { ConvertedDiagram, MermaidOptions } from "./types.ts";

/** A converted Mermaid diagram: its draw.io document, its type and what could not be carried over. */
export interface MermaidConversion extends ConvertedDiagram {
  type: MermaidType;
  /** The title of the text's front matter, when it has one. */
  title?: string;
}

/**
 * Converts Mermaid text to a draw.io document (`serializeDiagram` writes it as a file).
 *
 * @example
 * const { document, notes } = await convertMermaid("flowchart LR\n  A[Cart] --> B{Paid?}");
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
  // One diagram, one layout's worth of work, however many layouts its converter runs.
  const budget = new WorkBudget(
    LAYOUT_LIMITS.units,
    () =>
      new DrawioError(
        "mermaid_too_large",
        `laying the diagram out would cost over ${LAYOUT_LIMITS.units.toLocaleString("en-US")} units of the layout engine's work (nodes, links, the layers long links cross, subgraph borders they cross); split it, or link nodes in fewer and shorter steps`,
      ),
  );
  const converted = await convert(source, options, budget).catch((error: unknown) => {
    // The layout's own refusal, in the words of a Mermaid limit.
    if (error instanceof DrawioError && error.code === "layout_too_expensive") {
      throw new DrawioError("mermaid_too_large", error.message);
    }
    throw error;
  });
  return {
    ...converted,
    notes: [...source.notes, ...converted.notes],
    type: source.type,
    ...(source.title === undefined ? {} : { title: source.title }),
  };
}
