/**
 * Mermaid flowcharts (`flowchart` and `graph`) as editable draw.io diagrams: parsed statement
 * by statement, mapped to the layout engine's graph spec and placed by it.
 */
import type { WorkBudget } from "../../budget.ts";
import { layoutGraph } from "../../layout/index.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { parseFlowchart } from "./parse.ts";
import { flowchartGraph } from "./spec.ts";

/**
 * Converts a flowchart read by `readMermaid` to a draw.io document. Throws `mermaid_syntax` (with
 * line and column) for text it does not understand and `mermaid_too_large` past the limits.
 *
 * @example
 * const { document, nodes, edges } = await convertFlowchart(readMermaid("flowchart LR\n  A[Cart] --> B{Paid?}"), {});
 * // nodes 2, edges 1
 */
export async function convertFlowchart(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const { model, direction } = parseFlowchart(source);
  if (model.nodes.size === 0 && model.groups.size === 0) {
    throw mermaidSyntax(source.header, "the flowchart declares no nodes: add one, such as A --> B");
  }
  const { spec, options: layout } = flowchartGraph(
    model,
    options.direction ?? direction,
    options.theme ?? "default",
  );
  const title = source.title ?? model.title;
  if (title !== undefined && title !== "") spec.title = title.slice(0, 200);
  const { document, notes } = await layoutGraph(spec, budget ? { ...layout, budget } : layout);
  return {
    document,
    notes: [...model.notes.list(), ...notes.map((n) => n.message)],
    nodes: model.nodes.size,
    edges: model.edges.length,
  };
}
